"""Small wording helpers shared by every front end's sentences."""

from __future__ import annotations


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``1 step``, ``2 steps``, ``0 rounds``; ``nouns`` when the plural is not ``noun + s``
    (``1 die``, ``3 dice``)."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"
