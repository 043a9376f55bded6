"""Marks this folder as the resource package ``campaign.seeds`` (see ``campaign/bundled.py``).

No code lives here: the folder holds the seed games (``*.json``) replayed by the tests and by
``campaign demo``.
"""
