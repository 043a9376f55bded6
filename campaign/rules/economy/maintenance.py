"""Maintenance in the Maintenance & Production phase, from game turn 2 (DN-ECO-7).

Every own spacecraft (starships, fighters, conscripted monitors: everything printed with a
maintenance number) is maintained once per own Maintenance & Production phase:

- *civilised* (in a type 1 system whose surface box the side controls): pay RU equal to the
  maintenance number, or leave it unpaid and the ship becomes disrupted. The Solomani refit B2
  (3-10-9[6], flag ``refit``) pays half its face value, 3 RU (seed: 額面通りの整備値の50%).
- *frontier* (anywhere else): roll 1d6; at least the maintenance number succeeds, otherwise the
  ship becomes disrupted. The refit B2 rolls against its face value 6. A maintenance number of
  1 cannot fail: with dice typed at the table no die is asked for it (``roll_can_fail``; the
  tool's own dice still roll it, so games and turn files made before keep their dice).
- *recovery*: a disrupted ship in civilised space recovers by paying maintenance + 1 (refit B2:
  7 RU). A disrupted ship that is not recovered stays disrupted; a disrupted ship in frontier
  space makes no roll (it can neither recover there nor get worse) -- our reading, see
  docs/rules-economy.md.

One ``maintain`` order resolves all of it: the player lists the civilised ships left unpaid and
the disrupted ships to recover; everything else in civilised space is paid and every frontier
ship rolls (purpose ``frontier maintenance UNIT``). The phase cannot end before maintenance is
resolved. ``pass`` resolves it by default (``maintain`` with no lists: pay, roll, recover
nobody) when the RU pay every civilised ship; otherwise which ships go unpaid is a real choice
and the pass waits for ``maintain`` (``on_pass``, issue 29). The disrupted flag it sets is
what combat (fire at -1, DN-CBT-4) and movement (roll to move, DN-MOV-9) read.
"""

from enum import StrEnum
from typing import Literal

from msgspec import Struct

from campaign.rules.base import Event, Order
from campaign.rules.dice import Dice
from campaign.rules.economy.adapter import occupancy_of
from campaign.rules.economy.control import box_controller
from campaign.rules.economy.occupancy import Occupancy, is_spacecraft
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side, SystemType, UnitFlag
from campaign.rules.model import FrozenModel
from campaign.rules.phases import Phase
from campaign.rules.registry import (
    applies,
    decides,
    end_check,
    event_type,
    offered_when,
    on_pass,
    order_type,
)
from campaign.rules.ruleset import Ruleset, UnitType
from campaign.rules.setup_rules import find_unit
from campaign.rules.state import CampaignState, Where

#: ``state.slots`` key of this module's per-step bookkeeping.
SLOT = "maintenance"
#: The first game turn with maintenance (DN-SEQ-1: none on game turn 1).
FIRST_MAINTENANCE_TURN = 2


def civilised_cost(unit_type: UnitType) -> int:
    """RU to maintain a ship in civilised space: its maintenance number; refit B2 half (3 RU)."""
    if unit_type.has(UnitFlag.REFIT):
        return unit_type.maintenance // 2
    return unit_type.maintenance


def roll_can_fail(maintenance: int) -> bool:
    """Whether a frontier roll against ``maintenance`` can fail: 1d6 always reaches 1 or
    less, so such a ship keeps its maintenance whatever the die (DN-ECO-7)."""
    return maintenance > 1


def recovery_cost(unit_type: UnitType) -> int:
    """RU to recover a disrupted ship in civilised space: maintenance + 1 (refit B2: 7 RU)."""
    return unit_type.maintenance + 1


def is_civilised(ruleset: Ruleset, occupancy: Occupancy, side: Side, system_id: str) -> bool:
    """True in a type 1 system whose surface box ``side`` controls (DN-ECO-7, DN-ECO-1/2)."""
    system = ruleset.star_map.system(system_id)
    if system.type != SystemType.PRIMARY:
        return False
    return box_controller(system, occupancy.ground_sides(system_id)) == side


class Upkeep(Struct, frozen=True):
    """What one ship needs this phase."""

    unit_id: str
    code: str
    system_id: str
    civilised: bool
    disrupted: bool
    maintenance: int  # face value: the frontier target number
    cost: int  # civilised payment
    recovery: int  # civilised recovery payment


def upkeep_list(state: CampaignState, ruleset: Ruleset, side: Side) -> list[Upkeep]:
    """Every own spacecraft on the map with its maintenance situation, in unit-id order."""
    occupancy = occupancy_of(state, ruleset)
    found: list[Upkeep] = []
    for unit in sorted(state.units_of(side), key=lambda u: u.id):
        unit_type = ruleset.unit_type(unit.kind)
        if not is_spacecraft(unit_type):
            continue
        location = state.position_of(unit.id)
        if location.where not in (Where.HEX, Where.BOX) or location.system is None:
            continue
        found.append(
            Upkeep(
                unit_id=unit.id,
                code=unit_type.code,
                system_id=location.system,
                civilised=is_civilised(ruleset, occupancy, side, location.system),
                disrupted=unit.disrupted,
                maintenance=unit_type.maintenance,
                cost=civilised_cost(unit_type),
                recovery=recovery_cost(unit_type),
            )
        )
    return found


def maintenance_due(state: CampaignState) -> bool:
    """True when this Maintenance & Production phase has maintenance (game turn 2 on)."""
    return state.phase is Phase.PRODUCTION and state.turn >= FIRST_MAINTENANCE_TURN


class Outcome(StrEnum):
    """What happened to one ship in maintenance."""

    PAID = "paid"  # civilised, maintenance paid
    UNPAID = "unpaid"  # civilised, left unpaid: disrupted
    RECOVERED = "recovered"  # civilised, disrupted, recovery paid
    STAYS_DISRUPTED = "stays-disrupted"  # disrupted and not recovered (or in frontier space)
    ROLL_PASSED = "roll-passed"  # frontier roll >= maintenance
    ROLL_FAILED = "roll-failed"  # frontier roll < maintenance: disrupted


class ShipUpkeep(FrozenModel, frozen=True, kw_only=True):
    """The maintenance result of one ship (inside ``MaintenanceResolved``)."""

    unit_id: str
    system: str
    outcome: Outcome
    cost: int = 0
    # frontier: the die; None with a target every face reaches (1), when the dice are typed
    # at the table and so not asked for (``Dice.roll_to_reach``, ``roll_can_fail``)
    roll: int | None = None
    target: int | None = None  # frontier: the number to reach
    disrupted: bool  # the flag after maintenance


@event_type
class MaintenanceResolved(Event, frozen=True, kw_only=True):
    """All of ``side``'s maintenance for this phase; dice of frontier rolls in ``rolls``."""

    type: Literal["maintenance-resolved"] = "maintenance-resolved"
    side: Side
    ships: list[ShipUpkeep]
    cost: int


@order_type(
    phases=[Phase.PRODUCTION],
    rule="DN-ECO-7",
    summary="resolve maintenance: pay civilised ships (except UNPAID), recover RECOVER, "
    "roll for frontier ships",
    template="maintain [UNPAID|-] [RECOVER|-]",
)
class Maintain(Order, frozen=True, kw_only=True):
    """``solomani maintain S-DD-2 S-CR-1``: leave S-DD-2 unpaid, recover S-CR-1."""

    type: Literal["maintain"] = "maintain"
    unpaid: list[str] = []
    recover: list[str] = []


def _check_choices(
    order: Maintain, state: CampaignState, ruleset: Ruleset, side: Side, by_id: dict[str, Upkeep]
) -> None:
    for unit_id in [*order.unpaid, *order.recover]:
        unit = find_unit(state, unit_id)
        if unit.owner is not side or unit_id not in by_id:
            raise IllegalOrderError(
                "DN-ECO-7", f"{unit_id} is not one of {side.value}'s ships on the map"
            )
    for listed in (order.unpaid, order.recover):  # a typo, as in form-stack (found by use)
        twice = sorted({uid for uid in listed if listed.count(uid) > 1})
        if twice:
            raise IllegalOrderError("DN-ECO-7", f"{', '.join(twice)} is named twice")
    doubled = set(order.unpaid) & set(order.recover)
    if doubled:
        raise IllegalOrderError(
            "DN-ECO-7", f"{', '.join(sorted(doubled))} cannot be both unpaid and recovered"
        )
    for unit_id in order.unpaid:
        upkeep = by_id[unit_id]
        where = ruleset.star_map.system(upkeep.system_id).name
        if not upkeep.civilised and upkeep.disrupted:  # found by use, December 7: "it rolls"
            raise IllegalOrderError(
                "DN-ECO-7",
                f"{unit_id} is disrupted in frontier space ({where}): it neither rolls nor "
                "pays, there is nothing to leave unpaid",
            )
        if not upkeep.civilised:
            raise IllegalOrderError(
                "DN-ECO-7",
                f"{unit_id} is in frontier space ({where}): it rolls, there is nothing to "
                "leave unpaid",
            )
        if upkeep.disrupted:
            raise IllegalOrderError(
                "DN-ECO-7", f"{unit_id} is already disrupted: recover it or leave it as it is"
            )
    for unit_id in order.recover:
        upkeep = by_id[unit_id]
        if not upkeep.disrupted:
            raise IllegalOrderError("DN-ECO-7", f"{unit_id} is not disrupted")
        if not upkeep.civilised:
            where = ruleset.star_map.system(upkeep.system_id).name
            raise IllegalOrderError(
                "DN-ECO-7",
                f"{unit_id} can only recover in a friendly controlled type 1 system, not in "
                f"{where}",
            )


def plan_cost(upkeep: list[Upkeep], unpaid: set[str], recover: set[str]) -> int:
    """RU the civilised payments and recoveries of a ``maintain`` order cost."""
    total = 0
    for ship in upkeep:
        if not ship.civilised:
            continue
        if ship.disrupted:
            total += ship.recovery if ship.unit_id in recover else 0
        elif ship.unit_id not in unpaid:
            total += ship.cost
    return total


@offered_when(Maintain)
def _maintain_offered(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Offered only while this phase's maintenance is still to resolve (none on game turn 1,
    DN-SEQ-1; once per phase)."""
    return maintenance_due(state) and not state.slot(SLOT, {}).get("done")


@decides(Maintain)
def _decide_maintain(
    state: CampaignState, order: Maintain, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    side = order.side
    assert side is not None
    if state.turn < FIRST_MAINTENANCE_TURN:
        raise IllegalOrderError("DN-ECO-7", "there is no maintenance on game turn 1 (DN-SEQ-1)")
    if state.slot(SLOT, {}).get("done"):
        raise IllegalOrderError("DN-ECO-7", "maintenance is already resolved for this phase")
    upkeep = upkeep_list(state, ruleset, side)
    by_id = {ship.unit_id: ship for ship in upkeep}
    _check_choices(order, state, ruleset, side, by_id)
    unpaid, recover = set(order.unpaid), set(order.recover)
    cost = plan_cost(upkeep, unpaid, recover)
    if cost > state.ru[side]:
        raise IllegalOrderError(
            "DN-ECO-7",
            f"maintenance costs {cost} RU but {side.value} has {state.ru[side]} RU; "
            "leave some ships unpaid or recover fewer",
        )
    results: list[ShipUpkeep] = []
    for ship in upkeep:  # all checks passed: only now roll
        results.append(_resolve(ship, unpaid, recover, dice))
    return [MaintenanceResolved(side=side, ships=results, cost=cost, rolls=tuple(dice.take()))]


def _resolve(ship: Upkeep, unpaid: set[str], recover: set[str], dice: Dice) -> ShipUpkeep:
    uid, system = ship.unit_id, ship.system_id
    if ship.disrupted:
        if ship.unit_id in recover:
            return ShipUpkeep(
                unit_id=uid,
                system=system,
                outcome=Outcome.RECOVERED,
                cost=ship.recovery,
                disrupted=False,
            )
        return ShipUpkeep(
            unit_id=uid, system=system, outcome=Outcome.STAYS_DISRUPTED, disrupted=True
        )
    if ship.civilised:
        if ship.unit_id in unpaid:
            return ShipUpkeep(unit_id=uid, system=system, outcome=Outcome.UNPAID, disrupted=True)
        return ShipUpkeep(
            unit_id=uid, system=system, outcome=Outcome.PAID, cost=ship.cost, disrupted=False
        )
    roll = dice.roll_to_reach(f"frontier maintenance {ship.unit_id}", ship.maintenance)
    passed = roll is None or roll >= ship.maintenance
    return ShipUpkeep(
        unit_id=uid,
        system=system,
        outcome=Outcome.ROLL_PASSED if passed else Outcome.ROLL_FAILED,
        roll=roll,
        target=ship.maintenance,
        disrupted=not passed,
    )


@applies(MaintenanceResolved)
def _apply_maintenance(state: CampaignState, event: MaintenanceResolved) -> None:
    for ship in event.ships:
        unit = state.units.get(ship.unit_id)
        if unit is not None:
            unit.disrupted = ship.disrupted
    state.ru[event.side] -= event.cost
    state.slots.setdefault(SLOT, {})["done"] = True


def default_cost(state: CampaignState, ruleset: Ruleset, side: Side) -> int | None:
    """RU that paying every civilised ship of ``side`` costs now (``maintain`` with no lists,
    what ``pass`` does), or None when there is no maintenance left to resolve in this step."""
    if not maintenance_due(state) or state.slot(SLOT, {}).get("done"):
        return None
    upkeep = upkeep_list(state, ruleset, side)
    return plan_cost(upkeep, set(), set()) if upkeep else None


def maintenance_before(
    state: CampaignState, ruleset: Ruleset, side: Side, what: str
) -> list[Event]:
    """The events that come before ``what`` (producing, rebuilding, conscripting: a
    conscription changes who controls a box, hence which ships are civilised) in ``side``'s
    step: none
    when this step's maintenance is resolved or not due; a ``MaintenanceResolved`` with no
    ship when ``side`` has none to maintain, so that the step's maintenance is done and a ship
    built now is not maintained in it; and a refusal while ships wait for it (DN-ECO-7).

    The rules name the step "Maintenance & Production" (DN-SEQ-1) and say no more; our
    reading (docs/rules-economy.md, found by use, December 7): the ships in play when the step
    begins are maintained first, so a unit built in the step is never maintained in it
    (``produce`` before ``maintain`` used to be accepted, and the new ship was then charged)."""
    if not maintenance_due(state) or state.slot(SLOT, {}).get("done"):
        return []
    if not upkeep_list(state, ruleset, side):
        return [MaintenanceResolved(side=side, ships=[], cost=0)]
    raise IllegalOrderError(
        "DN-ECO-7",
        f"maintenance comes first in Maintenance & Production (DN-SEQ-1): resolve it with "
        f"`{side.value} maintain` (`campaign upkeep` previews it) before {what}; a unit "
        "built in this step is not maintained in it",
    )


def maintained_first(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Whether ``side`` may produce as far as maintenance goes: nothing left to maintain first
    (an offer check; ``maintenance_before`` refuses otherwise)."""
    return side is None or default_cost(state, ruleset, side) is None


@on_pass(Phase.PRODUCTION)
def _maintain_on_pass(
    state: CampaignState, ruleset: Ruleset, dice: Dice, side: Side
) -> list[Event] | None:
    """A pass maintains by default when the RU pay every civilised ship; otherwise leaving
    ships unpaid is a real choice and the pass waits for ``maintain`` (DN-ECO-7, DN-SEQ-2)."""
    cost = default_cost(state, ruleset, side)
    if cost is None:
        return []
    if cost > state.ru[side]:
        return None
    return _decide_maintain(state, Maintain(side=side), ruleset, dice)


@end_check(Phase.PRODUCTION)
def _maintenance_before_end(state: CampaignState, ruleset: Ruleset) -> None:
    side = state.acting
    cost = default_cost(state, ruleset, side)
    if cost is None:
        return
    if cost > state.ru[side]:
        raise IllegalOrderError(
            "DN-ECO-7",
            f"maintenance needs a choice: paying every civilised ship costs {cost} RU and "
            f"{side.value} has {state.ru[side]} RU; leave some unpaid with `maintain UNPAID` "
            "(`campaign upkeep` lists the ships)",
        )
    raise IllegalOrderError(
        "DN-ECO-7",
        "resolve maintenance first: `maintain [UNPAID] [RECOVER]` (pays civilised ships, "
        "rolls for frontier ships), or `pass`, which pays and rolls by default",
    )
