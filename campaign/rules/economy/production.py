"""Production in the Maintenance & Production phase (DN-ECO-8, DN-ECO-9).

``produce KIND [COUNT] [LOCATION]`` buys new units at their build cost and places them:

- in the own capital system, or in a type 1 or type 2 system whose surface box the side controls
  and that is connected to the capital (DN-ECO-3). Enemy units there do not prevent placement.
- ships in the stellar hex or the surface box (one order per place; "both" = two orders);
  every other unit in the surface box.
- PD markers are produced *unplaced* (DN-ECO-9) and moved to their box later (DN-MOV-10), so a PD
  order takes no location.
- the counter mix (Table 1 counts) limits how many counters of a kind are in play; destroyed
  counters are back in the pool (``CampaignState.count_in_mix`` ignores eliminated units).

The set-up restrictions (no BB, B2 only after a B1) are DN-SET-1 and do not apply here.
"""

from typing import Annotated, Literal

from msgspec import Meta

from campaign.rules.base import Event, Order
from campaign.rules.dice import Dice
from campaign.rules.economy.adapter import explored_routes_of, occupancy_of
from campaign.rules.economy.connectivity import side_connectivity
from campaign.rules.economy.control import box_controller
from campaign.rules.economy.income import all_box_control
from campaign.rules.economy.maintenance import maintained_first, maintenance_before
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side, SystemType, UnitCategory, kind_code
from campaign.rules.phases import Phase
from campaign.rules.registry import applies, decides, event_type, offered_when, order_type
from campaign.rules.ruleset import Ruleset, StarSystem, UnitType
from campaign.rules.setup_rules import check_affordable, find_system, unit_kind
from campaign.rules.state import CampaignState, Location, Unit, Where
from campaign.rules.wording import plural


@event_type
class UnitsProduced(Event, frozen=True, kw_only=True):
    """``side`` paid ``cost`` RU for new units placed at ``location`` (unplaced for PD)."""

    type: Literal["units-produced"] = "units-produced"
    side: Side
    kind: str
    unit_ids: list[str]
    cost: int
    location: Location


@order_type(
    phases=[Phase.PRODUCTION],
    rule="DN-ECO-8",
    summary="build units: in the capital or a friendly type 1/2 system connected to it "
    "(PD: no location, produced unplaced)",
    template="produce KIND [COUNT] [LOCATION]",
)
class Produce(Order, frozen=True, kw_only=True):
    """``solomani produce CL 2 hex:concord`` / ``aslan produce RT-5 1 box:eawyo`` /
    ``aslan produce PD``."""

    type: Literal["produce"] = "produce"
    kind: str
    count: Annotated[int, Meta(ge=1, le=99)] = 1
    location: Location | None = None


def check_pool(state: CampaignState, unit_type: UnitType, count: int) -> None:
    """DN-ECO-8: the counter mix limits the counters of a kind in play."""
    in_play = state.count_in_mix(unit_type.kind)
    if in_play + count > unit_type.count:
        # the kind as the order names it (``RT-5``, not the code ``RT`` of every strength:
        # found by use, December 7) and how many may still be built
        name = kind_code(unit_type.kind)
        left = unit_type.count - in_play
        can = f"only {left} more can be built" if left > 0 else "none can be built now"
        raise IllegalOrderError(
            "DN-ECO-8",
            f"the counter mix has {plural(unit_type.count, f'{name} ({unit_type.name}) counter')} "
            f"and {in_play} {'is' if in_play == 1 else 'are'} in play: {can}, not {count} "
            "(destroyed counters return to the pool)",
        )


def placement_problem(
    state: CampaignState, ruleset: Ruleset, side: Side, system: StarSystem
) -> str | None:
    """Why ``side`` may not place new units in ``system`` (``None`` when it may, DN-ECO-8)."""
    if system.capital and system.original_owner == side:
        return None
    if system.type == SystemType.TERTIARY:
        return f"{system.name} is a type 3 system; new units go to the capital or a type 1/2 system"
    occupancy = occupancy_of(state, ruleset)
    if box_controller(system, occupancy.ground_sides(system.id)) != side:
        return f"{side.value} does not control the surface box of {system.name} (DN-ECO-1/2)"
    control = all_box_control(ruleset, occupancy)
    type1 = [
        s.id
        for s in ruleset.star_map.systems
        if s.type == SystemType.PRIMARY and s.id in control and control[s.id].controller == side
    ]
    connectivity = side_connectivity(ruleset, occupancy, side, type1, explored_routes_of(state))
    if connectivity.connected(system.id):
        return None
    cuts = [connectivity.blockage(cut) for cut in connectivity.cut_set(system.id)]
    names = {s.id: s.name for s in ruleset.star_map.systems}
    why = "; ".join(b.sentence(names[b.system_id]) for b in cuts if b is not None)
    return f"{system.name} is not connected to the capital (DN-ECO-3): " + (
        why or "no usable jump route leads there"
    )


def production_systems(state: CampaignState, ruleset: Ruleset, side: Side) -> list[str]:
    """Ids of the systems where ``side`` may place new units now (DN-ECO-8), in map order; for
    the UI. Same rule as ``placement_problem``, computed with one connection search."""
    occupancy = occupancy_of(state, ruleset)
    control = all_box_control(ruleset, occupancy)
    owned = [c.system for c in control.values() if c.controller is side]
    type1 = [s.id for s in owned if s.type == SystemType.PRIMARY]
    connectivity = side_connectivity(ruleset, occupancy, side, type1, explored_routes_of(state))
    allowed = {ruleset.star_map.capital_of(side).id}
    allowed.update(
        s.id for s in owned if s.type != SystemType.TERTIARY and connectivity.connected(s.id)
    )
    return [s.id for s in ruleset.star_map.systems if s.id in allowed]


def _target_location(
    order: Produce, unit_type: UnitType, ruleset: Ruleset, state: CampaignState, side: Side
) -> Location:
    if unit_type.category is UnitCategory.PD:
        if order.location is not None and order.location.where is not Where.UNPLACED:
            raise IllegalOrderError(
                "DN-ECO-9", "a PD marker is produced unplaced: give no location"
            )
        return Location.unplaced()
    location = order.location
    if location is None or location.where not in (Where.HEX, Where.BOX):
        # a ship may go to either; any other unit to the surface box only (found by use,
        # December 7, night: troops were offered hex:, then refused it)
        places = (
            "hex:SYSTEM or box:SYSTEM"
            if unit_type.category is UnitCategory.SHIP
            else "box:SYSTEM (only ships go to the stellar hex)"
        )
        raise IllegalOrderError(
            "DN-ECO-8",
            f"say where the new {kind_code(unit_type.kind)} {'goes' if order.count == 1 else 'go'}"
            f": {places}",
        )
    if location.where is Where.HEX and unit_type.category is not UnitCategory.SHIP:
        raise IllegalOrderError(
            "DN-ECO-8",
            f"only ships may be placed in the stellar hex; {unit_type.code} "
            f"({unit_type.name}) goes to the surface box",
        )
    system = find_system(ruleset, location.system or "")
    problem = placement_problem(state, ruleset, side, system)
    if problem is not None:
        raise IllegalOrderError("DN-ECO-8", problem)
    return location


@decides(Produce)
def _decide_produce(
    state: CampaignState, order: Produce, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    side = order.side
    assert side is not None
    first = maintenance_before(state, ruleset, side, "producing")
    unit_type = unit_kind(ruleset, side, order.kind)
    location = _target_location(order, unit_type, ruleset, state, side)
    check_pool(state, unit_type, order.count)
    cost = check_affordable(state, side, unit_type, order.count, "DN-ECO-8")
    ids = state.new_unit_ids(side, unit_type.code, order.count)
    return [
        *first,
        UnitsProduced(side=side, kind=unit_type.kind, unit_ids=ids, cost=cost, location=location),
    ]


offered_when(Produce)(maintained_first)  # maintenance first (DN-ECO-7, DN-SEQ-1)


@applies(UnitsProduced)
def _apply_produced(state: CampaignState, event: UnitsProduced) -> None:
    state.ru[event.side] -= event.cost
    for unit_id in event.unit_ids:
        state.add_unit(Unit(id=unit_id, kind=event.kind, owner=event.side, location=event.location))
