"""Interaction and surface combat as orders and events (DN-INT-1..5, DN-GND-1..2, DN-REA-1).

Interaction sub-phase (acting side): ``interact SYS LAND BOMBARD DROPS`` — land on a friendly
box, or bombard (``SHIP>TARGET``), take PD fire and land on a hostile or neutral one, dropping
jump troops from transports in orbit; ``lift-off SYS UNITS`` moves own ships from the box to the
stellar hex. Surface sub-phase: ground combat is resolved by itself in every box where hostile
sides meet (``ground-fought``), on entering the sub-phase.
"""

from __future__ import annotations

from typing import Literal

from campaign.rules.base import Event, Order
from campaign.rules.combat.detect import box_units, pair_order, reaction_participants
from campaign.rules.combat.ground import GroundResult, fights_in_box, resolve_ground
from campaign.rules.combat.interaction import (
    InteractionPlan,
    InteractionResult,
    check_lift_off,
    resolve_interaction,
)
from campaign.rules.combat.model import Combatant
from campaign.rules.combat.space_orders import COMBAT_PHASES, _eliminate
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import CombatResult, UnitCategory, UnitFlag
from campaign.rules.phases import Phase, SubPhase
from campaign.rules.registry import applies, decides, event_type, on_enter, order_type
from campaign.rules.ruleset import Ruleset
from campaign.rules.setup_rules import find_system
from campaign.rules.state import CampaignState, Location, Where


@event_type
class Interacted(Event):
    """What the acting side's ships did to one surface box (DN-INT-1..4)."""

    type: Literal["interacted"] = "interacted"
    system: str
    result: InteractionResult


@event_type
class LiftedOff(Event):
    """Ships moved from the surface box to the stellar hex (DN-INT-5)."""

    type: Literal["lifted-off"] = "lifted-off"
    system: str
    units: list[str]


@event_type
class GroundFought(Event):
    """Surface combat in one box (DN-GND-1/2); dice in ``rolls``."""

    type: Literal["ground-fought"] = "ground-fought"
    result: GroundResult


@order_type(phases=COMBAT_PHASES, sub_phases=[SubPhase.INTERACTION], rule="DN-INT-1",
            summary="land on a friendly box, or bombard / take PD fire / land on a hostile one",
            template="interact SYS LAND BOMBARD DROPS")
class Interact(Order):
    type: Literal["interact"] = "interact"
    system: str
    land: list[str] = []
    bombard: list[str] = []  # "SHIP>TARGET"
    drops: list[str] = []


@order_type(phases=COMBAT_PHASES, sub_phases=[SubPhase.INTERACTION], rule="DN-INT-5",
            summary="lift ships off from the surface box to the stellar hex",
            template="lift-off SYS UNITS")
class LiftOff(Order):
    type: Literal["lift-off"] = "lift-off"
    system: str
    units: list[str]


def _may_act(state: CampaignState, uid: str) -> bool:
    """In Reaction Combat only the reaction stack and friends in its system act (DN-REA-1)."""
    if state.phase is not Phase.REACTION_COMBAT:
        return True
    return uid in reaction_participants(state)[1]


def _orbit(state: CampaignState, ruleset: Ruleset, system: str) -> list[Combatant]:
    """The acting side's ships in the stellar hex that may act now."""
    ships = []
    for unit in state.units.values():
        place = unit.location
        unit_type = ruleset.unit_type(unit.kind)
        if (unit.owner is state.acting and place.where is Where.HEX and place.system == system
                and unit_type.category in (UnitCategory.SHIP, UnitCategory.MONITOR)
                and _may_act(state, unit.id)):
            ships.append(Combatant.from_unit_type(unit.id, unit_type, side=unit.owner,
                                                  disrupted=unit.disrupted))
    return ships


def _droppable(state: CampaignState, ruleset: Ruleset, orbit: list[Combatant]) -> dict[str, str]:
    """Jump troops aboard the acting side's transports in orbit -> their transport."""
    found = {}
    for ship in orbit:
        for cargo in state.cargo_of(ship.uid):
            if ruleset.unit_type(cargo.kind).has(UnitFlag.JUMP_TROOPS):
                found[cargo.id] = ship.uid
    return found


@decides(Interact)
def _decide_interact(state: CampaignState, order: Interact, ruleset: Ruleset, dice) -> list[Event]:
    star = find_system(ruleset, order.system)
    done = (state.slots.get("combat") or {}).get("interacted", [])
    if order.system in done:
        raise IllegalOrderError("DN-INT-1", f"the ships at {star.name} have already acted")
    bombard = {}
    for text in order.bombard:
        ship, sep, target = text.partition(">")
        if not sep:
            raise InvalidOrderError(f"bombardment {text!r}: expected SHIP>TARGET")
        if ship in bombard:
            raise IllegalOrderError("DN-INT-4", f"{ship} can bombard only once")
        bombard[ship] = target
    orbit = _orbit(state, ruleset, order.system)
    plan = InteractionPlan(side=state.acting, bombard=bombard, land=tuple(order.land),
                           drops=tuple(order.drops))
    result = resolve_interaction(star, orbit, box_units(state, ruleset, order.system),
                                 _droppable(state, ruleset, orbit), plan, ruleset.tables, dice)
    return [Interacted(system=order.system, result=result, rolls=tuple(dice.take()))]


@decides(LiftOff)
def _decide_lift_off(state: CampaignState, order: LiftOff, ruleset: Ruleset, dice) -> list[Event]:
    find_system(ruleset, order.system)
    box = [u for u in box_units(state, ruleset, order.system) if _may_act(state, u.uid)]
    check_lift_off(box, state.acting, order.units)
    return [LiftedOff(system=order.system, units=order.units)]


def _ground(state: CampaignState, ruleset: Ruleset, dice) -> list[Event]:
    """Resolve surface combat in every box where hostile sides meet (DN-GND-1/2)."""
    events: list[Event] = []
    systems = sorted({u.location.system for u in state.units.values()
                      if u.location.where is Where.BOX and u.location.system})
    limit = reaction_participants(state) if state.phase is Phase.REACTION_COMBAT else None
    for system in systems:
        if limit is not None and system != limit[0]:
            continue
        units = [u for u in box_units(state, ruleset, system)
                 if limit is None or u.side is not state.acting or u.uid in limit[1]]
        removed: set[str] = set()
        for first, second in pair_order(state.acting, {u.side for u in units}):
            alive = [u for u in units if u.uid not in removed]
            if not fights_in_box(alive, first, second):
                continue
            result = resolve_ground(system, alive, (first, second), ruleset.tables["ground_crt"],
                                    dice)
            removed |= set(result.removed)
            events.append(GroundFought(result=result, rolls=tuple(dice.take())))
    return events


for _phase in COMBAT_PHASES:
    on_enter(_phase, SubPhase.SURFACE)(_ground)


@applies(Interacted)
def _apply_interacted(state: CampaignState, event: Interacted) -> None:
    result = event.result
    for uid, effect in result.effects.items():
        if effect is CombatResult.DESTROYED:
            _eliminate(state, uid)
        else:
            state.units[uid].disrupted = True
    box = Location.box(event.system)
    for uid in result.landed:
        state.units[uid].location = box
        for cargo in state.cargo_of(uid):  # the transport lands and unloads (DN-MOV-5)
            state.units[cargo.id].location = box
    for uid in result.dropped:
        state.units[uid].location = box
    state.slots.setdefault("combat", {}).setdefault("interacted", []).append(event.system)


@applies(LiftedOff)
def _apply_lifted(state: CampaignState, event: LiftedOff) -> None:
    for uid in event.units:
        state.units[uid].location = Location.hex(event.system)


@applies(GroundFought)
def _apply_ground(state: CampaignState, event: GroundFought) -> None:
    for uid in event.result.removed:
        if state.units[uid].location.where is not Where.ELIMINATED:
            _eliminate(state, uid)
