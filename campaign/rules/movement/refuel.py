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
    for system_id, waiting in _halted_ships(state, ruleset, side).items():
        tankers = [p.unit for p in presence.tankers(side, system_id) if p.unit.id not in finished]
        if not tankers:
            continue
        order = _refuelling_order(state, ruleset, side, tankers[0])
        if refusal(state, ruleset, order) is None:
            name = ruleset.star_map.system(system_id).name
            return RefuelAdvice(order.to_notation(), _reason(name, waiting, tankers[0], order))
    return None


def _halted_ships(state: CampaignState, ruleset: Ruleset, side: Side) -> dict[str, list[str]]:
    """The ships of ``side`` other than tankers that wait for fuel, by system, in the order
    they stopped (halted tankers alone wait for nothing: their ``end-move`` is theirs to give)."""
    found: dict[str, list[str]] = {}
    for unit_id in book.halted(state):
        unit = state.units.get(unit_id)
        if unit is None or unit.owner is not side or unit.location.where is not Where.HEX:
            continue
        if unit.location.system is not None and not is_tanker(ruleset.unit_type(unit.kind)):
            found.setdefault(unit.location.system, []).append(unit_id)
    return found


def refuel_steps(state: CampaignState, ruleset: Ruleset, side: Side, tanker: Unit) -> str:
    """The orders, without the side, by which ``tanker`` refuels the ships in its stellar hex:
    ``end-move A-AO-1``, or ``split-stack fleet - A-AO-1, then end-move A-AO-1`` when its stack
    holds other ships (``move_options``' hint; DN-MOV-4)."""
    order = _refuelling_order(state, ruleset, side, tanker)
    if isinstance(order, SplitStack):
        return f"split-stack {order.stack} - {tanker.id}, then end-move {tanker.id}"
    return f"end-move {order.what}" if isinstance(order, EndMove) else order.to_notation()


def _refuelling_order(state: CampaignState, ruleset: Ruleset, side: Side, tanker: Unit) -> Order:
    """``split-stack`` of the tanker when its stack holds other ships (ending the stack's move
    would end theirs too), else ``end-move`` of the tanker (or of its stack of tankers)."""
    if tanker.stack is None:
        return EndMove(side=side, what=tanker.id)
    members = [u for u in state.units_of(side) if u.stack == tanker.stack]
    if all(is_tanker(ruleset.unit_type(u.kind)) for u in members):
        return EndMove(side=side, what=tanker.stack)
    return SplitStack(side=side, stack=tanker.stack, label=None, units=[tanker.id])


def _reason(name: str, waiting: list[str], tanker: Unit, order: Order) -> str:
    """Why the order is suggested: who waits for fuel at ``name``, and what the tanker does."""
    if isinstance(order, SplitStack):
        return (
            f"stack {tanker.stack} halted for fuel at {name} (type 3): split its tanker "
            f"{tanker.id} off, then end-move {tanker.id} refuels the rest"
        )
    them = "it" if len(waiting) == 1 else "them"
    return (
        f"{', '.join(waiting)} halted for fuel at {name} (type 3): end-move {tanker.id} "
        f"refuels {them}"
    )
