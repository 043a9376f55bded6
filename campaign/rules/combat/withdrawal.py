"""Where a side may withdraw to after a round (DN-CBT-7).

One jump along a route to a system without enemy warships the side can see (a face-down
counter never closes a way out, DN-NEU-1), or into the own surface box
(``"box"``). A route still unexplored (DN-NEB-1) is no way out: a withdrawal never explores
(exploring takes a roll that may fail and leave the group where it is; docs/rules-combat.md).
The own surface box is one the side controls (DN-ECO-1/2: its ground forces or PD alone
there, or its marked box not held by enemy ground forces or PD alone); an enemy's box,
marked or held, never is. [HOUSE] switch ``withdraw_into_empty_box``: also a box nobody
controls and holding no hostile ground forces or PD. Leaving a type 3 system by jump needs a
friendly tanker withdrawing with the group (DN-MOV-4, ``movement.can_retreat_from``): when it
cannot go, no jump destination is offered.
"""

from __future__ import annotations

from msgspec import Struct

from campaign.rules.combat.detect import box_holders
from campaign.rules.combat.model import Battle
from campaign.rules.economy.control import box_controller
from campaign.rules.ids import Side, UnitCategory, UnitFlag
from campaign.rules.movement.book import explored_routes
from campaign.rules.movement.fuel import RetreatVerdict, can_retreat_from
from campaign.rules.movement.paths import route_needs_exploring
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Where

BOX = "box"


class WithdrawalOptions(Struct, frozen=True):
    """Where ``units`` may withdraw: ``destinations`` (systems and/or ``"box"``), the systems
    one explored route away free of enemy warships (``open_jumps``), the fuel ``verdict`` that
    decides whether those may be used, and the systems behind unexplored routes
    (``unexplored``, never a destination, DN-NEB-1)."""

    units: tuple[str, ...]
    destinations: tuple[str, ...]
    open_jumps: tuple[str, ...]
    verdict: RetreatVerdict
    unexplored: tuple[str, ...] = ()


def _enemy_warships_at(state: CampaignState, ruleset: Ruleset, side: Side, system: str) -> bool:
    """True when a hostile warship (not an auxiliary) that ``side`` can see is in the stellar
    hex of ``system``. A face-down counter is not one: the side sees that it is there, never
    what it is, so it cannot close a way out (DN-NEU-1; nor may its kind be asked in fair
    mode); the group meets it as any unit entering its system does (DN-NEU-2)."""
    for unit in state.units.values():
        if unit.owner is side or unit.face_down:
            continue
        place = unit.location
        if place.where is not Where.HEX or place.system != system:
            continue
        unit_type = ruleset.unit_type(unit.kind)
        if unit_type.category in (UnitCategory.SHIP, UnitCategory.MONITOR) and not unit_type.has(
            UnitFlag.AUXILIARY
        ):
            return True
    return False


def own_box(state: CampaignState, ruleset: Ruleset, side: Side, system: str) -> bool:
    """True when the surface box of ``system`` is ``side``'s own to withdraw into (DN-CBT-7).
    A face-down counter there holds it for the neutrals whatever it is (``box_holders``): the
    side sees that it is there, not what it is, and the answer never depends on its kind."""
    grounded = box_holders(state, ruleset, system)
    controller = box_controller(ruleset.star_map.system(system), grounded)
    if controller is side:
        return True
    return (
        ruleset.house_rules.withdraw_into_empty_box
        and controller is None
        and not (grounded - {side})
    )


def withdrawing_units(state: CampaignState, battle: Battle, side: Side) -> tuple[str, ...]:
    """The ships of ``side`` in the stellar hex that would withdraw (cargo and fighters aboard
    go with their carrier)."""
    return tuple(
        u.uid for u in battle.side_units(side) if state.units[u.uid].location.where is Where.HEX
    )


def withdrawal_options(
    state: CampaignState, ruleset: Ruleset, side: Side, battle: Battle
) -> WithdrawalOptions:
    """Every destination the rules accept for ``side`` withdrawing from ``battle``."""
    units = withdrawing_units(state, battle, side)
    system = battle.system
    open_jumps = []
    unexplored = []
    explored = explored_routes(state)
    for route in ruleset.star_map.routes_from(system):
        other = route.b if route.a == system else route.a
        if route_needs_exploring(ruleset, explored, system, other):
            unexplored.append(other)
        elif not _enemy_warships_at(state, ruleset, side, other):
            open_jumps.append(other)
    verdict = can_retreat_from(state, ruleset, side, units, system)
    destinations = sorted(open_jumps) if verdict.allowed else []
    if own_box(state, ruleset, side, system):
        destinations.append(BOX)
    return WithdrawalOptions(
        units, tuple(destinations), tuple(sorted(open_jumps)), verdict, tuple(sorted(unexplored))
    )
