"""What may go in one field of an order now, given the fields already chosen (DN-SEQ-2;
issue 44 item 1).

An area that can list the concrete forms of one of its orders (every cargo with every carrier,
every unit of a battle, every ship over a box) registers a generator with ``candidates_for``.
``allowed_values`` keeps the candidates that agree with what the user has chosen so far, asks
the order's own handler which of them it accepts (``offers.accepted``: nothing is applied), and
answers with the values the asked-for field takes in those. So a form's list, the palette's
offer (``offered_when`` uses the same candidates) and the handler's verdict cannot disagree: a
form cannot offer a unit at another system for a battle, a unit already assigned, a dreadnought
as cargo, or a ship of another system for a landing.

A field is named as in the order's model (``cargo``, ``units``, ``system``); a list field's
value is one element (a candidate names one unit per list). Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from campaign.rules.base import Order
from campaign.rules.ids import Side
from campaign.rules.offers import accepted
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState

#: ``fn(state, side, ruleset)`` → the concrete orders of one type ``side`` might give now.
CandidateSource = Callable[[CampaignState, Side, Ruleset], Iterable[Order]]

CANDIDATES: dict[str, CandidateSource] = {}


def candidates_for(verb: str) -> Callable[[CandidateSource], CandidateSource]:
    """Decorator: ``fn`` lists the concrete ``verb`` orders worth probing for a side."""

    def register(fn: CandidateSource) -> CandidateSource:
        CANDIDATES[verb] = fn
        return fn

    return register


def _values(order: Order, field: str) -> tuple[str, ...]:
    """What ``field`` of ``order`` holds, as text: one value, or each element of a list."""
    value = getattr(order, field, None)
    if value is None:
        return ()
    if isinstance(value, (list, tuple)):
        return tuple(str(item) for item in value)
    return (str(value),)


def _agrees(order: Order, chosen: Mapping[str, str]) -> bool:
    """Every chosen field the candidate fills holds one of the values chosen for it (a list
    field is chosen as comma-joined text; the candidate names one of them)."""
    for field, text in chosen.items():
        if not text:
            continue
        wanted = {part.strip() for part in text.split(",") if part.strip()}
        held = set(_values(order, field))
        if held and not held & wanted:
            return False
    return True


def allowed_values(
    state: CampaignState,
    ruleset: Ruleset,
    side: Side,
    verb: str,
    field: str,
    chosen: Mapping[str, str],
) -> list[str] | None:
    """The values ``field`` (a model field: ``cargo``, ``units``) of ``side``'s ``verb`` may
    take now, in first-seen order, given the fields already ``chosen`` (field → text as typed;
    ``field`` itself is ignored there). ``None`` when the verb has no candidate generator (the
    caller keeps its own list); a generator's answer is the whole answer, empty when nothing
    may go there now."""
    source = CANDIDATES.get(verb)
    if source is None:
        return None
    others = {name: text for name, text in chosen.items() if name != field}
    found: dict[str, None] = {}
    for order in source(state, side, ruleset):
        values = [v for v in _values(order, field) if v not in found]
        if values and _agrees(order, others) and accepted(state, ruleset, [order]):
            found.update(dict.fromkeys(values))
    return list(found)
