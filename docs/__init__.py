"""Marks this folder as the resource package ``campaign.docs`` (see ``campaign/bundled.py``).

No code lives here: the folder holds the documentation, which ``campaign docs NAME`` shows from
an installed wheel as well as from the source.
"""
