"""Movement orders: jump (DN-MOV-2..4, DN-NEB-1), sublight (DN-MOV-1), end-move (tankers,
DN-MOV-4) and leave-box (lift-off in a movement phase, DN-MOV-6), with events and appliers.
Landing and lift-off in the combat sub-phases belong to the combat rules (``interact``,
``lift-off``).

A stack moves as one: its cargo rides along because cargo is located *on* its carrier. Disrupted
ships roll once per movement phase (DN-MOV-9); those that fail stay behind, leave the stack and
are finished for the phase. Dice are rolled only after the whole order has been checked.
"""

from typing import Literal

from campaign.rules.base import Event, Order
from campaign.rules.dice import Dice
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import Side, SystemType, UnitFlag
from campaign.rules.movement import book
from campaign.rules.movement.groups import (
    MOVEMENT_PHASES,
    Group,
    acting_side,
    check_may_move,
    check_reaction,
    check_self_propelled,
    disrupted_rolls,
    explorers_of,
    resolve,
)
from campaign.rules.movement.paths import Arrival, Mover, Terrain
from campaign.rules.movement.presence import is_tanker
from campaign.rules.phases import Phase
from campaign.rules.registry import applies, decides, event_type, order_type
from campaign.rules.ruleset import Ruleset, StarMap
from campaign.rules.state import CampaignState, Location, Where
from campaign.rules.upcast import AddedField, VersionedEvent

COMBAT_PHASES = (Phase.FIRST_COMBAT, Phase.REACTION_COMBAT, Phase.SECOND_COMBAT)

#: Exploration succeeds on a modified 1d6 of at least this (DN-NEB-1).
EXPLORE_TARGET = 4


# --- orders --------------------------------------------------------------------------------------


@order_type(
    phases=MOVEMENT_PHASES,
    rule="DN-MOV-2",
    summary="jump a stack (or lone ship) along printed routes; PATH lists the systems entered",
    template="jump STACK PATH",
)
class Jump(Order, frozen=True, kw_only=True):
    """``aslan jump s1 ftahr,khtaoi``."""

    type: Literal["jump"] = "jump"
    what: str
    path: list[str]


@order_type(
    phases=MOVEMENT_PHASES,
    rule="DN-MOV-1",
    summary="move a stack one hex to an adjacent system (First Movement only)",
    template="sublight STACK SYSTEM",
)
class Sublight(Order, frozen=True, kw_only=True):
    """``aslan sublight s1 fissure``."""

    type: Literal["sublight"] = "sublight"
    what: str
    system: str


@order_type(
    phases=MOVEMENT_PHASES,
    rule="DN-MOV-4",
    summary="end the movement of a stack; a tanker ending in a type 3 system refuels it",
    template="end-move STACK",
)
class EndMove(Order, frozen=True, kw_only=True):
    """``aslan end-move A-AO-1``."""

    type: Literal["end-move"] = "end-move"
    what: str


@order_type(
    phases=MOVEMENT_PHASES,
    rule="DN-MOV-6",
    summary="lift a stack off from its surface box to the stellar hex (then it may jump)",
    template="leave-box STACK",
)
class LeaveBox(Order, frozen=True, kw_only=True):
    """``aslan leave-box s1`` (lift-off in a movement phase; in the combat sub-phases the
    combat rules' ``lift-off`` order does it)."""

    type: Literal["leave-box"] = "leave-box"
    what: str


# --- events --------------------------------------------------------------------------------------


@event_type
class StackMoved(VersionedEvent, frozen=True, kw_only=True):
    """A jump or sublight move: ``units`` went along ``path`` and ``arrival`` says whether they
    are finished or halted for fuel; ``stayed`` failed their DN-MOV-9 roll. Exploration
    (DN-NEB-1): ``explored`` is the route opened, or ``explore_failed`` the route that was not,
    in which case ``disrupted`` names the explorer. ``refuelled``: a tanker among the units
    ended its move in this type 3 system (DN-MOV-4). ``hidden_stop``: the system where a
    face-down neutral counter that blocks ended the move short of the ordered path (DN-MOV-2,
    DN-NEU-1: the path is not refused for it)."""

    type: Literal["stack-moved"] = "stack-moved"
    added_fields = {
        "hidden_stop": AddedField(
            2, None, "0.1.0 refused a path through a face-down blocker instead of ending the move"
        )
    }
    side: Side
    mode: Literal["jump", "sublight"]
    stack: str | None = None
    units: list[str]
    stayed: list[str] = []
    start: str
    path: list[str]
    arrival: Arrival
    move_rolls: dict[str, int] = {}
    explored: list[str] | None = None
    explore_failed: list[str] | None = None
    disrupted: list[str] = []
    reaction: bool = False
    refuelled: str | None = None
    hidden_stop: str | None = None


@event_type
class MovementEnded(VersionedEvent, frozen=True, kw_only=True):
    """``units`` end their movement; a tanker among them in a type 3 system refuelled it
    (``refuelled``), releasing the halted friendly ships there (DN-MOV-4). ``reaction``: that
    refuel was the one stack's move of Reaction Movement (DN-MOV-8)."""

    type: Literal["movement-ended"] = "movement-ended"
    added_fields = {
        "reaction": AddedField(
            2, False, "0.1.0 did not count a tanker's refuel as the reacting stack's move"
        )
    }
    side: Side
    units: list[str]
    refuelled: str | None = None
    reaction: bool = False


@event_type
class UnitsLifted(Event, frozen=True, kw_only=True):
    """Ships moved from the surface box to the stellar hex of ``system`` (DN-MOV-6)."""

    type: Literal["units-lifted"] = "units-lifted"
    side: Side
    units: list[str]
    stayed: list[str] = []
    system: str
    move_rolls: dict[str, int] = {}
    reaction: bool = False


# --- handlers ------------------------------------------------------------------------------------


def _moving_group(
    state: CampaignState, ruleset: Ruleset, side: Side, what: str, rule: str
) -> Group:
    """The named group, checked for movement: own, self-propelled, unfinished, reaction."""
    group = resolve(state, side, what, ruleset)
    check_self_propelled(ruleset, group)
    check_may_move(state, ruleset, group, rule)
    return group


def _adjacent_text(star_map: StarMap, system_id: str) -> str:
    """The systems a sublight move from ``system_id`` may reach, by name (DN-MOV-1)."""
    names = sorted(star_map.system(s).name for s in star_map.hex_neighbours(system_id))
    return f"adjacent: {', '.join(names)}" if names else "no system lies in an adjacent hex"


def _require_hex(group: Group, ruleset: Ruleset) -> None:
    if group.location.where is Where.BOX:
        name = ruleset.star_map.system(group.system).name
        raise IllegalOrderError(
            "DN-MOV-6",
            f"{group.label} is in the surface box of {name}: lift off to the stellar hex first",
        )


def tanker_refuels(
    state: CampaignState, ruleset: Ruleset, unit_ids: list[str], system_id: str | None
) -> str | None:
    """``system_id`` when it is type 3 and a tanker among ``unit_ids`` ends its movement in its
    stellar hex there: the tanker refuels every friendly ship in it (DN-MOV-4)."""
    if system_id is None or ruleset.star_map.system(system_id).type is not SystemType.TERTIARY:
        return None
    if any(is_tanker(ruleset.unit_type(state.units[u].kind)) for u in unit_ids):
        return system_id
    return None


def _without_fuel(mover: Mover) -> Mover:
    """``mover`` without the tankers it brought along (they stayed behind)."""
    return Mover(mover.side, mover.label, mover.start, mover.explorers, mover.scouts)


def _is_reaction(state: CampaignState) -> bool:
    return state.phase is Phase.REACTION_MOVEMENT


@decides(Jump)
def decide_jump(state: CampaignState, order: Jump, ruleset: Ruleset, dice: Dice) -> list[Event]:
    """Check the whole path, then roll DN-MOV-9 and DN-NEB-1 dice, then move."""
    side = acting_side(state, order.side, order.type)
    group = _moving_group(state, ruleset, side, order.what, "DN-MOV-2")
    _require_hex(group, ruleset)
    for unit in group.units:
        if ruleset.unit_type(unit.kind).has(UnitFlag.NO_JUMP):
            raise IllegalOrderError("DN-DATA-3", f"{unit.id} is a monitor: monitors cannot jump")
    terrain = Terrain(state, ruleset, side)
    mover = terrain.mover(group)
    plan = terrain.check(mover, order.path)
    # --- everything is legal: dice from here on -------------------------------------------------
    rolls, stayed = disrupted_rolls(state, ruleset, dice, group)
    going = [u for u in group.units if u.id not in stayed]
    path = list(plan.path)
    arrival = plan.arrival
    explored = failed = None
    disrupted: list[str] = []
    fuel_stayed = mover.has_own_fuel and all(t in stayed for t in mover.tankers)
    if not going or (fuel_stayed and terrain.leave_obstacle(_without_fuel(mover)) is not None):
        # nobody moves, or the tanker that carried the fuel failed its DN-MOV-9 roll (DN-MOV-4)
        path, arrival = [], Arrival.FINISHED
    elif plan.explore is not None:
        g_explorers, g_scouts = explorers_of(ruleset, going)
        if not (g_explorers or g_scouts):  # the explorer stayed behind: stop short (DN-NEB-1)
            path = path[:-1]
            arrival = terrain.arrival(path[-1]) if path else Arrival.FINISHED
        else:
            value = dice.roll(f"explore {plan.explore[0]}-{plan.explore[1]} {going[0].id}")
            modified = value if g_explorers else value - 1
            if modified >= EXPLORE_TARGET:
                explored = list(plan.explore)
            else:
                failed = list(plan.explore)
                path = path[:-1]
                disrupted = [(g_explorers or g_scouts)[0]]
    going_ids = [u.id for u in going]
    end = path[-1] if path else group.system
    finishing = going_ids if arrival is Arrival.FINISHED else []
    return [
        StackMoved(
            side=side,
            mode="jump",
            stack=group.stack,
            units=going_ids,
            stayed=stayed,
            start=group.system,
            path=path,
            arrival=arrival,
            move_rolls=rolls,
            explored=explored,
            explore_failed=failed,
            disrupted=disrupted,
            reaction=_is_reaction(state),
            refuelled=tanker_refuels(state, ruleset, finishing, end),
            hidden_stop=plan.hidden_stop if path and path[-1] == plan.hidden_stop else None,
            rolls=tuple(dice.take()),
        )
    ]


@decides(Sublight)
def decide_sublight(
    state: CampaignState, order: Sublight, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    """DN-MOV-1: one hex to an adjacent system, First Movement only, as the whole move."""
    side = acting_side(state, order.side, order.type)
    if state.phase is not Phase.FIRST_MOVEMENT:
        raise IllegalOrderError(
            "DN-MOV-1", f"sublight movement is allowed in First Movement only, not {state.phase}"
        )
    group = _moving_group(state, ruleset, side, order.what, "DN-MOV-1")
    _require_hex(group, ruleset)
    star_map = ruleset.star_map
    if not star_map.has_system(order.system):
        raise InvalidOrderError(f"unknown system {order.system!r}")
    moved = book.moved(state)
    already = [u.id for u in group.units if u.id in moved]
    if already:
        raise IllegalOrderError(
            "DN-MOV-1", f"{', '.join(already)} already moved this phase: sublight is a whole move"
        )
    here, there = star_map.system(group.system), star_map.system(order.system)
    if not star_map.hex_adjacent(here.id, there.id):
        raise IllegalOrderError(
            "DN-MOV-1",
            f"{group.label} can move sublight only to an adjacent hex; {there.name} is not "
            f"next to {here.name} ({_adjacent_text(star_map, here.id)})",
        )
    rolls, stayed = disrupted_rolls(state, ruleset, dice, group)
    going = [u.id for u in group.units if u.id not in stayed]
    return [
        StackMoved(
            side=side,
            mode="sublight",
            stack=group.stack,
            units=going,
            stayed=stayed,
            start=group.system,
            path=[there.id] if going else [],
            arrival=Arrival.FINISHED,
            move_rolls=rolls,
            reaction=_is_reaction(state),
            refuelled=tanker_refuels(state, ruleset, going, there.id),
            rolls=tuple(dice.take()),
        )
    ]


@decides(EndMove)
def decide_end_move(
    state: CampaignState, order: EndMove, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    """End the group's movement; a tanker ending in a type 3 stellar hex refuels (DN-MOV-4)."""
    side = acting_side(state, order.side, order.type)
    group = resolve(state, side, order.what, ruleset)
    done = book.finished(state)
    if all(u.id in done for u in group.units):
        raise IllegalOrderError("DN-MOV-4", f"{group.label} has already finished its movement")
    in_hex = group.location.where is Where.HEX
    refuel = tanker_refuels(state, ruleset, group.ids, group.location.system) if in_hex else None
    reaction = refuel is not None and _is_reaction(state)
    if reaction:
        check_reaction(state, group, refuel=True)
    return [MovementEnded(side=side, units=group.ids, refuelled=refuel, reaction=reaction)]


@decides(LeaveBox)
def decide_leave_box(
    state: CampaignState, order: LeaveBox, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    """DN-MOV-6: a ship in a surface box lifts off in the movement phase and may then jump."""
    side = acting_side(state, order.side, order.type)
    group = _moving_group(state, ruleset, side, order.what, "DN-MOV-6")
    if group.location.where is not Where.BOX:
        raise IllegalOrderError("DN-MOV-6", f"{group.label} is not in a surface box")
    rolls, stayed = disrupted_rolls(state, ruleset, dice, group)
    return [
        UnitsLifted(
            side=side,
            units=[u.id for u in group.units if u.id not in stayed],
            stayed=stayed,
            system=group.system,
            move_rolls=rolls,
            reaction=_is_reaction(state),
            rolls=tuple(dice.take()),
        )
    ]


# --- appliers ------------------------------------------------------------------------------------


def _leave_stack(state: CampaignState, unit_ids: list[str]) -> None:
    for unit_id in unit_ids:
        state.units[unit_id].stack = None


def _record_reaction(state: CampaignState, reaction: bool, unit_ids: list[str]) -> None:
    if reaction and book.reaction_stack(state) is None:
        book.set_reaction_stack(state, unit_ids)


@applies(StackMoved)
def apply_stack_moved(state: CampaignState, event: StackMoved) -> None:
    """Move the units (cargo rides along), update the phase bookkeeping and the nebula."""
    for unit_id, value in event.move_rolls.items():
        book.record_roll(state, unit_id, value)
    if event.path:
        for unit_id in event.units:
            state.units[unit_id].location = Location.hex(event.path[-1])
    book.mark_moved(state, event.units)
    if event.arrival is Arrival.HALTED and event.path:
        book.mark_halted(state, event.units)
    else:
        book.mark_finished(state, event.units)
    book.mark_finished(state, event.stayed)
    _leave_stack(state, event.stayed)
    for unit_id in event.disrupted:
        state.units[unit_id].disrupted = True
    if event.explored:
        book.mark_explored(state, event.explored[0], event.explored[1])
    _record_reaction(state, event.reaction, [*event.units, *event.stayed])
    if event.refuelled is not None:
        _refuel(state, event.side, event.refuelled)


def _refuel(state: CampaignState, side: Side, system_id: str) -> None:
    """A friendly tanker ended its move in type 3 ``system_id``: release the halted ships."""
    book.mark_refuelled(state, side, system_id)
    here = [
        unit_id
        for unit_id in book.halted(state)
        if state.units[unit_id].location == Location.hex(system_id)
        and state.units[unit_id].owner is side
    ]
    book.release_halted(state, here)


@applies(MovementEnded)
def apply_movement_ended(state: CampaignState, event: MovementEnded) -> None:
    """Finish the units; refuel a type 3 system and release the halted ships there."""
    book.mark_finished(state, event.units)
    _record_reaction(state, event.reaction, event.units)
    if event.refuelled is not None:
        _refuel(state, event.side, event.refuelled)


@applies(UnitsLifted)
def apply_lifted(state: CampaignState, event: UnitsLifted) -> None:
    """Put the ships in the stellar hex; record DN-MOV-9 rolls and the reaction stack."""
    for unit_id, value in event.move_rolls.items():
        book.record_roll(state, unit_id, value)
    for unit_id in event.units:
        state.units[unit_id].location = Location.hex(event.system)
    book.mark_finished(state, event.stayed)
    _leave_stack(state, event.stayed)
    _record_reaction(state, event.reaction, [*event.units, *event.stayed])
