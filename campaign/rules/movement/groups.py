"""Resolving "what moves" (a stack label or a lone unit) and the checks every moving group
passes: ownership, same place, self-propelled (DN-MOV-7), not finished, reaction (DN-MOV-8),
disrupted ships (DN-MOV-9).
"""

from __future__ import annotations

from collections.abc import Iterable

from msgspec import Struct

from campaign.rules.dice import Dice
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import Side, UnitCategory, UnitFlag
from campaign.rules.movement import book
from campaign.rules.movement.presence import SELF_PROPELLED
from campaign.rules.phases import Phase
from campaign.rules.ruleset import Ruleset, UnitType
from campaign.rules.state import CampaignState, Location, Unit, Where
from campaign.rules.suggest import did_you_mean

#: Phases in which the movement orders are given.
MOVEMENT_PHASES: tuple[Phase, ...] = (
    Phase.FIRST_MOVEMENT,
    Phase.REACTION_MOVEMENT,
    Phase.SECOND_MOVEMENT,
)


class Group(Struct, frozen=True):
    """The units named by an order, all standing at ``location``."""

    label: str  # for messages: "stack s1 (A-CL-1, A-DD-2)" or "A-CL-1"
    stack: str | None  # the stack label when a whole stack was named
    units: tuple[Unit, ...]
    location: Location

    @property
    def ids(self) -> list[str]:
        """Unit ids in order."""
        return [u.id for u in self.units]

    @property
    def system(self) -> str:
        """The system the group is in."""
        assert self.location.system is not None
        return self.location.system


def in_play(unit: Unit) -> bool:
    """True for units not eliminated."""
    return unit.location.where is not Where.ELIMINATED


def stack_units(state: CampaignState, side: Side, label: str) -> list[Unit]:
    """``side``'s units in play carrying stack label ``label`` (labels are per side)."""
    return [u for u in state.stack_members(side, label) if in_play(u)]


def stacks_of(state: CampaignState, side: Side) -> dict[str, list[str]]:
    """Every stack label of ``side`` with its units in play (for the UI)."""
    found: dict[str, list[str]] = {}
    for unit in state.units_of(side):
        if unit.stack:
            found.setdefault(unit.stack, []).append(unit.id)
    return found


def describe(units: list[Unit] | tuple[Unit, ...], stack: str | None) -> str:
    """``stack s1 (A-CL-1, A-DD-2)`` or ``A-CL-1``."""
    ids = ", ".join(u.id for u in units)
    return f"stack {stack} ({ids})" if stack else ids


def unknown_group(state: CampaignState, side: Side, what: str) -> InvalidOrderError:
    """The refusal of ``what``, which names no stack of ``side`` and no unit in play: one of
    ``side``'s own units that was destroyed is said so (found by use, December 7, evening: it
    read "unknown stack or unit 'A-CL-5'; did you mean …", as if mistyped); anything else is
    unknown, with the closest names."""
    unit = state.units.get(what)
    if unit is not None and unit.owner is side and not in_play(unit):
        return InvalidOrderError(f"{what} was destroyed: it is out of play")
    first, *others = what.split(",")
    stacks = stacks_of(state, side)
    if others and all(n in stacks or n in state.units for n in (first, *others)):
        # a list where one stack goes (found by use, December 7, late night: "aslan jump
        # A-CS-1,A-CS-2 aokhtel" read "unknown stack or unit 'A-CS-1,A-CS-2'")
        joined = ",".join(others)
        how = f"merge-stacks {first} {joined}" if first in stacks else f"form-stack LABEL {what}"
        return InvalidOrderError(
            f"{what} names {len(others) + 1} stacks or ships, and an order moves one: make "
            f"them one stack first ({how})",
            "DN-MOV-2",
        )
    names = [*stacks_of(state, side), *(u.id for u in state.units_of(side))]
    return InvalidOrderError(f"unknown stack or unit {what!r}{did_you_mean(what, names)}")


def standing(units: Iterable[Unit], ruleset: Ruleset) -> str:
    """Where ``units`` stand, each place once, as sentences name places: "A-CL-1, A-CL-2 in
    the stellar hex of Wahtoi; A-CL-3 in the surface box of Wahtoi" (found by use, December 7,
    late night: a refusal read "A-CL-1 at hex:wahtoi", the log's notation)."""
    by_place: dict[Location, list[str]] = {}
    for unit in units:
        by_place.setdefault(unit.location, []).append(unit.id)

    def name(system_id: str) -> str:
        return ruleset.star_map.system(system_id).name

    return "; ".join(f"{', '.join(ids)} {place.in_words(name)}" for place, ids in by_place.items())


def resolve(state: CampaignState, side: Side, what: str, ruleset: Ruleset) -> Group:
    """The group named ``what``: a stack label of ``side`` or the id of a unit not in a stack.

    ``InvalidOrderError`` for unknown names; ``IllegalOrderError`` (DN-SEQ-2) for another side's
    units; a unit that belongs to a stack must be moved with it or split off first.
    """
    members = stack_units(state, side, what)
    if members:
        units, stack = members, what
    else:
        unit = state.units.get(what)
        if unit is None or not in_play(unit):
            raise unknown_group(state, side, what)
        if unit.owner is not side:
            raise IllegalOrderError("DN-SEQ-2", f"{unit.id} is not one of {side.value}'s units")
        if unit.stack and len(stack_units(state, side, unit.stack)) > 1:
            raise IllegalOrderError(
                "DN-MOV-2",
                f"{unit.id} belongs to stack {unit.stack}, which moves as one: name "
                f"the stack, or split it off first (split-stack {unit.stack} - {unit.id})",
            )
        units, stack = [unit], None
    places = {u.location for u in units}
    if len(places) != 1:
        raise IllegalOrderError(
            "DN-MOV-2", f"stack {what} is not in one place: {standing(units, ruleset)}"
        )
    return Group(describe(units, stack), stack, tuple(units), units[0].location)


def types_of(ruleset: Ruleset, units: tuple[Unit, ...] | list[Unit]) -> dict[str, UnitType]:
    """The unit type of each unit, by id."""
    return {u.id: ruleset.unit_type(u.kind) for u in units}


def check_self_propelled(ruleset: Ruleset, group: Group) -> None:
    """DN-MOV-7: fighters, ground units and PD never move on their own (only as cargo)."""
    for unit in group.units:
        unit_type = ruleset.unit_type(unit.kind)
        if unit_type.category not in SELF_PROPELLED:
            what = {
                UnitCategory.FIGHTER: "a fighter moves only aboard a mothership",
                UnitCategory.PD: "a PD marker moves only aboard a transport",
            }.get(unit_type.category, "a ground unit moves only aboard a transport")
            raise IllegalOrderError("DN-MOV-7", f"{unit.id} cannot move on its own: {what}")
    if group.location.where not in (Where.HEX, Where.BOX):
        raise IllegalOrderError("DN-MOV-2", f"{group.label} is not on the map")


def check_may_move(state: CampaignState, ruleset: Ruleset, group: Group, rule: str) -> None:
    """Not finished this phase (``rule`` cited), no failed DN-MOV-9 roll, DN-MOV-8 in reaction."""
    check_reaction(state, group)
    step = book.movement_step(state)
    for unit in group.units:
        value = step.roll_of(unit.id)
        maintenance = ruleset.unit_type(unit.kind).maintenance
        if value is not None and value < maintenance:
            raise IllegalOrderError(
                "DN-MOV-9",
                f"{unit.id} is disrupted and rolled {value} this phase, below its maintenance "
                f"number {maintenance}: it cannot move until the next movement phase",
            )
    finished = [unit.id for unit in group.units if unit.id in step.finished]
    if finished:  # the stack by its name when it moved whole (found by use, December 7, late
        # night: "aslan jump main sirehk" after main's jump read "A-B1-1 has finished …")
        if len(finished) == len(group.units):
            raise IllegalOrderError(rule, f"{group.label} has finished its movement this phase")
        verb = "has" if len(finished) == 1 else "have"
        raise IllegalOrderError(
            rule, f"{', '.join(finished)} of {group.label} {verb} finished moving this phase"
        )


def check_reaction(state: CampaignState, group: Group, *, refuel: bool = False) -> None:
    """DN-MOV-8: in Reaction Movement the reacting player moves one stack only. ``refuel``:
    ``group`` ends its move to refuel, which is a move too: a tanker refuels by ending its own
    move (DN-MOV-4; decided from the seed, docs/rules-movement.md)."""
    if state.phase is not Phase.REACTION_MOVEMENT:
        return
    chosen = book.reaction_stack(state)
    if chosen is None:
        return
    others = [u.id for u in group.units if u.id not in chosen]
    if not others:
        return
    moved = book.moved(state)
    how = (
        "already moved"
        if any(uid in moved for uid in chosen)
        else "ended its move to refuel, which is that stack's move (DN-MOV-4)"
    )
    act = (
        "end its move to refuel it (a tanker refuels by ending its own move, DN-MOV-4: the "
        "reacting stack refuels from a tanker that moved with it)"
        if refuel
        else "move"
    )
    raise IllegalOrderError(
        "DN-MOV-8",
        f"only one stack moves in Reaction Movement and {', '.join(chosen)} {how}; "
        f"{', '.join(others)} may not {act}",
    )


def disrupted_rolls(
    state: CampaignState, ruleset: Ruleset, dice: Dice, group: Group
) -> tuple[dict[str, int], list[str]]:
    """DN-MOV-9: each disrupted ship not yet checked this phase rolls 1d6; it moves on at least
    its maintenance number. Returns (new rolls by unit id, ids of ships that stay behind).

    Call only after every other check has passed (DN-ERR-1: no dice for a rejected order).
    """
    rolls: dict[str, int] = {}
    stay: list[str] = []
    step = book.movement_step(state)
    for unit in group.units:
        if not unit.disrupted:
            continue
        maintenance = ruleset.unit_type(unit.kind).maintenance
        value = step.roll_of(unit.id)
        if value is None:
            value = dice.roll(f"disrupted move {unit.id}")
            rolls[unit.id] = value
        if value < maintenance:
            stay.append(unit.id)
    return rolls, stay


def explorers_of(
    ruleset: Ruleset, units: list[Unit] | tuple[Unit, ...]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(explorer ids, scout ids) among ``units`` (DN-NEB-1)."""
    explorers = tuple(u.id for u in units if ruleset.unit_type(u.kind).has(UnitFlag.EXPLORER))
    scouts = tuple(u.id for u in units if ruleset.unit_type(u.kind).has(UnitFlag.SCOUT))
    return explorers, scouts


def acting_side(state: CampaignState, side: Side | None, verb: str) -> Side:
    """The issuing side, which must be the acting side outside combat phases (DN-SEQ-2)."""
    if side is None:
        raise IllegalOrderError("DN-SEQ-2", f"'{verb}' must be given by a player side")
    if not state.phase.is_combat and side is not state.acting:
        raise IllegalOrderError(
            "DN-SEQ-2", f"it is {state.acting.value}'s turn to act, not {side.value}'s"
        )
    return side
