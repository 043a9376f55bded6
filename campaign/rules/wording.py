"""Small wording helpers of the rules' sentences and refusals, shared by every front end
(``campaign.views.words`` passes them on to the screens)."""

from __future__ import annotations


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``1 step``, ``2 steps``, ``2 boxes``, ``2 losses``; ``nouns`` when the plural is not
    ``noun + s`` or ``+ es`` (``1 die``, ``3 dice``). A count is never written ``unit(s)``
    (found by use, December 7, late night: "after 2 more step change(s)")."""
    if count == 1:
        return f"{count} {noun}"
    if nouns is not None:
        return f"{count} {nouns}"
    return f"{count} {noun}es" if noun.endswith(("s", "x")) else f"{count} {noun}s"
