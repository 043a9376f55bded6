"""Marks this folder as the resource package ``campaign.data`` (see ``campaign/bundled.py``).

No code lives here: the folder holds the rules data (units, tables, map sections and layouts).
A referee's own copy of the folder does not need this file.
"""
