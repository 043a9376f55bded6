"""Conscription (徴用) and rebuilding of neutral units (DN-NEU-2, DN-NEU-3).

DN-NEU-2 [HOUSE]: in his Maintenance & Production phase a player may conscript the neutral units
of a system by paying their conscription costs (Table 2), if his ground forces control that
surface box, or his ships hold its stellar hex with no enemy warship present. From then on they
act as his units (``Unit.owner`` becomes the player; they are revealed).

Our readings where the text is silent (docs/rules-economy.md):

- "the neutral units of a system" are all unconscripted neutral units in it (hex, box, aboard
  neutral transports). A neutral PD has no conscription cost (Table 2 "-"): it cannot be
  conscripted and stays neutral; the event lists it as left behind.
- "enemy warship" is a warship of the other player (not an auxiliary: tankers, transports,
  motherships do not count); the neutral monitors being conscripted do not prevent it.
- Conscripting means turning the system's counters face up to see what they cost (DN-NEU-1
  keeps them face down until then). So an attempt by a side that holds the right, in a system
  with neutral counters, is never refused for what the counters are: they are all turned face
  up; those with a conscription cost join if the side can pay for all of them, otherwise none
  joins; counters without a cost (PD) stay neutral. A refusal never depends on a face-down
  counter's kind, so refusals cannot be used to find out what lies where (issue 28).

DN-NEU-3 [X]: a conscripted neutral unit that was destroyed may be rebuilt by its ally at its
build cost and is placed in its original system (the counter returns; ``Unit.home_system``). A
neutral destroyed while still neutral is gone for good. The seed says such a unit is produced
"like a normal unit" (普通のユニットと同じように生産できる) but fixes the place, so the
connection condition of DN-ECO-8 is not required.
"""

from typing import Literal

from campaign.rules.base import Event, Order
from campaign.rules.dice import Dice
from campaign.rules.economy.adapter import occupancy_of
from campaign.rules.economy.control import box_controller
from campaign.rules.economy.maintenance import maintenance_before
from campaign.rules.economy.occupancy import Occupancy
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import Side, UnitCategory, UnitFlag
from campaign.rules.offers import accepted
from campaign.rules.phases import Phase
from campaign.rules.registry import applies, decides, event_type, offered_when, order_type
from campaign.rules.ruleset import Ruleset, UnitType
from campaign.rules.setup_rules import find_system
from campaign.rules.state import CampaignState, Location, Unit, Where
from campaign.rules.upcast import AddedField, VersionedEvent


def is_warship(unit_type: UnitType) -> bool:
    """A ship that is not an auxiliary (DN-MOV-3 list), or a monitor."""
    if unit_type.category is UnitCategory.MONITOR:
        return True
    return unit_type.category is UnitCategory.SHIP and not unit_type.has(UnitFlag.AUXILIARY)


def neutrals_in(state: CampaignState, system_id: str) -> list[Unit]:
    """Unconscripted neutral units in ``system_id`` (hex, box, or aboard something there)."""
    found = []
    for unit in state.units.values():
        if unit.owner is not Side.NEUTRAL or unit.location.where is Where.ELIMINATED:
            continue
        position = state.position_of(unit.id)
        if position.on_map and position.system == system_id:
            found.append(unit)
    return sorted(found, key=lambda u: u.id)


def conscription_right(
    state: CampaignState,
    ruleset: Ruleset,
    side: Side,
    system_id: str,
    occupancy: Occupancy | None = None,
) -> str | None:
    """Why ``side`` may conscript in ``system_id`` (a sentence), or ``None`` if it may not.
    ``occupancy``: the state's (``occupancy_of``), when the caller asks for several systems."""
    system = ruleset.star_map.system(system_id)
    occupancy = occupancy if occupancy is not None else occupancy_of(state, ruleset)
    if box_controller(system, occupancy.ground_sides(system_id)) == side:
        return f"{side.value} ground forces control the surface box"
    own_ships = enemy_warships = False
    for unit in state.units.values():
        position = state.position_of(unit.id)
        if not position.on_map or position.system != system_id or unit.owner is Side.NEUTRAL:
            continue  # a neutral counter is neither the side's ship nor an enemy warship
        unit_type = ruleset.unit_type(unit.kind)
        if (
            unit.owner is side
            and position.where is Where.HEX
            and unit_type.category in (UnitCategory.SHIP, UnitCategory.MONITOR)
        ):
            own_ships = True
        if unit.owner is side.enemy and is_warship(unit_type):
            enemy_warships = True
    if own_ships and not enemy_warships:
        return f"{side.value} ships hold the stellar hex with no enemy warship present"
    return None


@event_type
class NeutralsConscripted(VersionedEvent, frozen=True, kw_only=True):
    """``side`` paid ``cost`` RU and the neutral ``unit_ids`` of ``system`` now act for it.

    ``revealed``: every neutral counter of the system, turned face up by the attempt (empty in
    logs written before it: then ``unit_ids`` were the ones revealed). ``unpaid``: the cost the
    side could not pay, when none joined for lack of RU."""

    type: Literal["neutrals-conscripted"] = "neutrals-conscripted"
    added_fields = {
        "revealed": AddedField(2, [], "0.1.0 revealed only the units that joined (unit_ids)"),
        "unpaid": AddedField(2, None, "0.1.0 refused a conscription the side could not pay"),
    }
    side: Side
    system: str
    unit_ids: list[str]
    left_neutral: list[str]  # units that stay neutral: no conscription cost (PD), or unpaid
    cost: int
    revealed: list[str] = []
    unpaid: int | None = None


@order_type(
    phases=[Phase.PRODUCTION],
    rule="DN-NEU-2",
    summary="conscript the neutral units of a system you hold, paying their conscription costs",
    template="conscript SYSTEM",
)
class Conscript(Order, frozen=True, kw_only=True):
    """``aslan conscript lantern``."""

    type: Literal["conscript"] = "conscript"
    system: str


@decides(Conscript)
def _decide_conscript(
    state: CampaignState, order: Conscript, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    side = order.side
    assert side is not None
    system = find_system(ruleset, order.system)
    if conscription_right(state, ruleset, side, system.id) is None:
        raise IllegalOrderError(
            "DN-NEU-2",
            f"to conscript in {system.name}, {side.value} ground forces must control its "
            "surface box, or its ships must hold the stellar hex with no enemy warship there",
        )
    units = neutrals_in(state, system.id)
    if not units:
        raise IllegalOrderError("DN-NEU-2", f"{system.name} has no neutral units to conscript")
    first = maintenance_before(state, ruleset, side, "conscripting")
    takeable = [u for u in units if ruleset.unit_type(u.kind).conscription_cost is not None]
    cost = sum(ruleset.unit_type(u.kind).conscription_cost or 0 for u in takeable)
    paid = cost <= state.ru[side]
    joining = takeable if paid else []
    return [
        *first,
        NeutralsConscripted(
            side=side,
            system=system.id,
            unit_ids=[u.id for u in joining],
            left_neutral=[u.id for u in units if u not in joining],
            cost=cost if paid else 0,
            revealed=[u.id for u in units],
            unpaid=None if paid else cost,
        ),
    ]


@applies(NeutralsConscripted)
def _apply_conscripted(state: CampaignState, event: NeutralsConscripted) -> None:
    state.ru[event.side] -= event.cost
    for unit_id in event.revealed or event.unit_ids:
        state.units[unit_id].face_down = False
    for unit_id in event.unit_ids:
        state.units[unit_id].owner = event.side


@event_type
class NeutralRebuilt(Event, frozen=True, kw_only=True):
    """``side`` paid the build cost and a destroyed conscripted neutral returns home."""

    type: Literal["neutral-rebuilt"] = "neutral-rebuilt"
    side: Side
    unit_id: str
    cost: int
    location: Location


@order_type(
    phases=[Phase.PRODUCTION],
    rule="DN-NEU-3",
    summary="rebuild a destroyed conscripted neutral unit in its original system (build cost)",
    template="rebuild UNIT",
)
class Rebuild(Order, frozen=True, kw_only=True):
    """``solomani rebuild N-M-2``."""

    type: Literal["rebuild"] = "rebuild"
    unit: str


def home_location(unit_type: UnitType, system_id: str) -> Location:
    """Where a rebuilt neutral goes: ground units and PD to the box, ships to the hex."""
    if unit_type.category in (UnitCategory.GROUND, UnitCategory.PD):
        return Location.box(system_id)
    return Location.hex(system_id)


@decides(Rebuild)
def _decide_rebuild(
    state: CampaignState, order: Rebuild, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    side = order.side
    assert side is not None
    unit = state.units.get(order.unit)
    if unit is None:
        raise InvalidOrderError(f"unknown unit {order.unit!r}")
    unit_type = ruleset.unit_type(unit.kind)
    if unit_type.side is not Side.NEUTRAL:
        raise IllegalOrderError("DN-NEU-3", f"{unit.id} is not a neutral unit; use `produce`")
    if unit.location.where is not Where.ELIMINATED:
        raise IllegalOrderError("DN-NEU-3", f"{unit.id} has not been destroyed")
    if unit.owner is Side.NEUTRAL:
        raise IllegalOrderError(
            "DN-NEU-3", f"{unit.id} was destroyed while still neutral: it is gone for good"
        )
    if unit.owner is not side:
        raise IllegalOrderError("DN-NEU-3", f"{unit.id} was conscripted by {unit.owner.value}")
    if unit.home_system is None:
        raise IllegalOrderError("DN-NEU-3", f"{unit.id} has no recorded original system")
    first = maintenance_before(state, ruleset, side, "rebuilding")
    if unit_type.cost > state.ru[side]:
        raise IllegalOrderError(
            "DN-NEU-3",
            f"rebuilding {unit.id} costs {unit_type.cost} RU; {side.value} has {state.ru[side]} RU",
        )
    location = home_location(unit_type, unit.home_system)
    return [
        *first,
        NeutralRebuilt(side=side, unit_id=unit.id, cost=unit_type.cost, location=location),
    ]


@applies(NeutralRebuilt)
def _apply_rebuilt(state: CampaignState, event: NeutralRebuilt) -> None:
    state.ru[event.side] -= event.cost
    unit = state.units[event.unit_id]
    unit.location = event.location
    unit.disrupted = False
    unit.stack = None  # back alone in its original system, not in a stack it left (DN-MOV-2)


@offered_when(Conscript)
def _offer_conscript(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Some system's neutrals may be conscripted by ``side`` now (DN-NEU-2)."""
    if side is None or side is not state.acting:
        return False
    systems = sorted(
        {
            u.location.system
            for u in state.units.values()
            if u.owner is Side.NEUTRAL and u.location.on_map and u.location.system
        }
    )
    occupancy = occupancy_of(state, ruleset)  # the handler's first check, for every system
    held = [s for s in systems if conscription_right(state, ruleset, side, s, occupancy)]
    return accepted(state, ruleset, (Conscript(side=side, system=s) for s in held))


@offered_when(Rebuild)
def _offer_rebuild(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """``side`` has a destroyed conscript it can afford to rebuild (DN-NEU-3)."""
    if side is None or side is not state.acting:
        return False
    lost = (
        u
        for u in state.units.values()
        if u.owner is side and u.location.where is Where.ELIMINATED and u.home_system
    )
    return accepted(state, ruleset, (Rebuild(side=side, unit=u.id) for u in lost))
