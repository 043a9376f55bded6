"""What the game suggests to ships halted for fuel (DN-MOV-4): the order that lets them go on.

A ship that enters a type 3 system stops there (it is *halted*) unless a friendly tanker ended
its own move in that system this phase; once one does, the halted ships may jump on. A stack
that carries its own tanker halts with it, and ``end-move STACK`` would end the whole stack's
move: the tanker has to be split off first and end its move alone. ``refuel_advice`` names
that order for the status line's duty (``acting``), checked by the order's own handler, so the
line never suggests an order that would be refused. Found by use (December 7, late night): the
line suggested ``end-move STACK`` after such a halt.
"""

from __future__ import annotations

from msgspec import Struct

from campaign.rules.base import Order
from campaign.rules.ids import Side
from campaign.rules.movement import book
from campaign.rules.movement.moves import EndMove
from campaign.rules.movement.presence import Presence, is_tanker
from campaign.rules.movement.stacks import SplitStack
from campaign.rules.offers import refusal
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Unit, Where


class RefuelAdvice(Struct, frozen=True):
    """The order that refuels halted ships (``order``, in notation) and why (``reason``)."""

    order: str
    reason: str


def refuel_advice(state: CampaignState, ruleset: Ruleset) -> RefuelAdvice | None:
    """For the acting side in a movement step: the first group halted for fuel (in the order
    they stopped) that a friendly tanker in the same stellar hex can still refuel by ending its
    move (DN-MOV-4), with the order that does it: ``split-stack STACK - TANKER`` when the tanker
    shares a stack with other ships, else ``end-move TANKER`` (or its all-tanker stack). None
    when no halted ship can be refuelled so, or the handler would refuse the order (e.g. a
    tanker outside the one reacting stack, DN-MOV-8)."""
    side = state.acting
    if not state.phase.is_movement or not book.halted(state):
        return None
    presence = Presence.of(state, ruleset)
    finished = book.finished(state)
    for system_id in _halted_systems(state, side):
        tankers = [p.unit for p in presence.tankers(side, system_id) if p.unit.id not in finished]
        if not tankers:
            continue
        order = _refuelling_order(state, ruleset, side, tankers[0])
        if refusal(state, ruleset, order) is None:
            return RefuelAdvice(
                order.to_notation(), _reason(state, ruleset, side, system_id, tankers[0], order)
            )
    return None


def _halted_systems(state: CampaignState, side: Side) -> list[str]:
    """The systems where ships of ``side`` wait for fuel, in the order they stopped."""
    found: list[str] = []
    for unit_id in book.halted(state):
        unit = state.units.get(unit_id)
        if unit is None or unit.owner is not side or unit.location.where is not Where.HEX:
            continue
        system_id = unit.location.system
        if system_id is not None and system_id not in found:
            found.append(system_id)
    return found


def _refuelling_order(state: CampaignState, ruleset: Ruleset, side: Side, tanker: Unit) -> Order:
    """``split-stack`` of the tanker when its stack holds other ships (ending the stack's move
    would end theirs too), else ``end-move`` of the tanker (or of its stack of tankers)."""
    if tanker.stack is None:
        return EndMove(side=side, what=tanker.id)
    members = [u for u in state.units_of(side) if u.stack == tanker.stack]
    if all(is_tanker(ruleset.unit_type(u.kind)) for u in members):
        return EndMove(side=side, what=tanker.stack)
    return SplitStack(side=side, stack=tanker.stack, label=None, units=[tanker.id])


def _reason(
    state: CampaignState,
    ruleset: Ruleset,
    side: Side,
    system_id: str,
    tanker: Unit,
    order: Order,
) -> str:
    """Why the order is suggested: who waits for fuel where, and what the tanker does."""
    name = ruleset.star_map.system(system_id).name
    waiting = [
        unit_id
        for unit_id in book.halted(state)
        if unit_id != tanker.id
        and state.units[unit_id].owner is side
        and state.units[unit_id].location.system == system_id
    ]
    if isinstance(order, SplitStack):
        return (
            f"stack {tanker.stack} halted for fuel at {name} (type 3): split its tanker "
            f"{tanker.id} off, then end-move {tanker.id} refuels the rest"
        )
    who = ", ".join(waiting) if waiting else "ships"
    return f"{who} halted for fuel at {name} (type 3): end-move {tanker.id} refuels them"
