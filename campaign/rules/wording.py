"""Small wording helpers of the rules' sentences and refusals, shared by every front end
(``campaign.views.words`` passes them on to the screens)."""

from __future__ import annotations

from campaign.rules.ids import Side


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``1 step``, ``2 steps``, ``2 boxes``, ``2 losses``; ``nouns`` when the plural is not
    ``noun + s`` or ``+ es`` (``1 die``, ``3 dice``). A count is never written ``unit(s)``
    (found by use, December 7, late night: "after 2 more step change(s)")."""
    if count == 1:
        return f"{count} {noun}"
    if nouns is not None:
        return f"{count} {nouns}"
    return f"{count} {noun}es" if noun.endswith(("s", "x")) else f"{count} {noun}s"


def side_name(side: Side | str | None) -> str:
    """A side as a sentence names its people: "the Aslan", "the Solomani", "the neutrals"; "the
    referee" for None. They take a plural verb ("the Aslan collect"; found by use, December 7,
    late night: the income report read "aslan collect this total")."""
    if side is None:
        return "the referee"
    value = side.value if isinstance(side, Side) else str(side)
    return "the neutrals" if value == Side.NEUTRAL.value else f"the {value.capitalize()}"
