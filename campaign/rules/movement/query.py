"""What the UI asks before an order is given: where may this stack go, and why not there?

``move_options(state, ruleset, side, what)`` lists every legal destination of a stack with the
path the ``jump`` (or ``sublight``) order would use, and for every other system the rule id and
sentence that forbids it ("DN-MOV-4: stack s1 (A-CR-7) must stop at Kuzu (type 3): ..."). It
also gives hints, such as moving tankers first (DN-MOV-4). It uses the same predicates as the
order handlers, so a destination listed here is accepted by ``jump`` and vice versa.
"""

from __future__ import annotations

from msgspec import Struct, field

from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side, SystemType, UnitFlag
from campaign.rules.movement import book
from campaign.rules.movement.groups import (
    Group,
    check_may_move,
    check_self_propelled,
    explorers_of,
    resolve,
)
from campaign.rules.movement.paths import Arrival, Mover, Obstacle, Terrain
from campaign.rules.movement.presence import Presence, is_tanker
from campaign.rules.movement.refuel import refuel_steps
from campaign.rules.phases import Phase
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Where


class Destination(Struct, frozen=True):
    """A legal destination: the order to give (``mode`` and ``path``) and what happens there."""

    system: str
    mode: str  # "jump" or "sublight"
    path: tuple[str, ...]
    arrival: Arrival
    explore: bool = False  # the last route is unexplored: a DN-NEB-1 roll decides
    note: str = ""


class MoveOptions(Struct, frozen=True):
    """Every destination of one stack: legal ones with paths, the rest with their reason."""

    what: str
    label: str
    start: str | None
    legal: dict[str, Destination] = field(default_factory=dict)
    refused: dict[str, Obstacle] = field(default_factory=dict)
    hints: tuple[str, ...] = ()

    def why_not(self, system_id: str) -> Obstacle | None:
        """The rule and sentence forbidding ``system_id``, or ``None`` when it is legal."""
        if system_id in self.legal:
            return None
        return self.refused.get(
            system_id, Obstacle("DN-MAP-4", f"{system_id!r} is not a system of this map")
        )


def tanker_hints(state: CampaignState, ruleset: Ruleset, side: Side) -> list[str]:
    """DN-MOV-4 advice: move tankers first (they refuel where they end their move)."""
    done = book.finished(state)
    waiting = [
        u
        for u in state.units_of(side)
        if u.location.where is Where.HEX
        and u.id not in done
        and is_tanker(ruleset.unit_type(u.kind))
    ]
    if not waiting:
        return []
    where = ", ".join(
        f"{u.id} at {ruleset.star_map.system(u.location.system or '').name}" for u in waiting
    )
    return [
        f"DN-MOV-4: move tankers first ({where}): a tanker that ends its move in a type 3 "
        "system refuels every friendly ship there"
    ]


def move_options(state: CampaignState, ruleset: Ruleset, side: Side, what: str) -> MoveOptions:
    """Legal destinations and refusals for the stack (or lone ship) ``what`` of ``side``.

    Raises ``InvalidOrderError`` only for a name that is no stack or unit at all.
    """
    group = resolve(state, side, what, ruleset)
    systems = [s.id for s in ruleset.star_map.systems]
    start = group.location.system
    hints = tanker_hints(state, ruleset, side)
    moving = _moving(state, ruleset, side, group)
    if isinstance(moving, Obstacle):
        everywhere = {s: moving for s in systems if s != start}
        return MoveOptions(what, group.label, start, {}, everywhere, tuple(hints))
    legal = _legal_destinations(state, ruleset, group, moving)
    terrain, mover, monitors = moving.terrain, moving.mover, moving.monitors
    refused: dict[str, Obstacle] = {}
    explained = terrain.explain_all(mover) if not monitors else {}
    for target in systems:
        if target in legal or target == start:
            continue
        if monitors:
            refused[target] = Obstacle(
                "DN-DATA-3", f"{monitors[0]} is a monitor: monitors cannot jump"
            )
            continue
        obstacle = explained.get(target) or Obstacle(
            "DN-MOV-2", f"{terrain.name(target)} is reached only by a longer path"
        )
        if obstacle.rule == "DN-MAP-4" and ruleset.star_map.hex_adjacent(group.system, target):
            obstacle = Obstacle(
                "DN-MOV-1",
                f"{terrain.name(target)} is one hex away but sublight movement is allowed only "
                "as the whole move of a First Movement phase",
            )
        refused[target] = obstacle
    stuck_here = ruleset.star_map.system(
        group.system
    ).type is SystemType.TERTIARY and not terrain.fuelled(group.system)
    finished = book.finished(state)
    local = [
        p.unit.id for p in moving.presence.tankers(side, group.system) if p.unit.id not in finished
    ]
    if stuck_here and local:
        # the tanker's own end-move: split off first when it shares a stack (found by use,
        # December 7, late night: "end-move A-AO-1" for a tanker of the stack was refused)
        steps = refuel_steps(state, ruleset, side, state.units[local[0]])
        hints.append(f"DN-MOV-4: {steps} here refuels {group.label} so it can jump on")
    return MoveOptions(what, group.label, start, legal, refused, tuple(hints))


def has_jump(state: CampaignState, ruleset: Ruleset, side: Side, what: str) -> bool:
    """True when ``move_options(...).legal`` holds a jump, without working out where to or
    why elsewhere is refused: what ``legal_orders`` asks (may this stack jump at all)."""
    group = resolve(state, side, what, ruleset)
    moving = _moving(state, ruleset, side, group)
    if isinstance(moving, Obstacle) or moving.monitors:
        return False
    return moving.terrain.may_jump(moving.mover)


class _Moving(Struct, frozen=True):
    """A stack that may move now, with the map as it sees it."""

    presence: Presence
    terrain: Terrain
    mover: Mover
    explorers: bool
    monitors: list[str]


def _moving(state: CampaignState, ruleset: Ruleset, side: Side, group: Group) -> _Moving | Obstacle:
    """The stack's view of the map, or the one reason it may not move at all now."""
    if not state.phase.is_movement:
        return Obstacle("DN-SEQ-2", f"no movement in the {state.phase} phase")
    if side is not state.acting:
        return Obstacle("DN-SEQ-2", f"it is {state.acting.value}'s turn to move")
    try:
        check_self_propelled(ruleset, group)
        check_may_move(state, ruleset, group, "DN-MOV-2")
    except IllegalOrderError as error:
        return Obstacle(error.rule_id, error.reason)
    if group.location.where is Where.BOX:
        name = ruleset.star_map.system(group.system).name
        return Obstacle(
            "DN-MOV-6", f"{group.label} is in the surface box of {name}: lift off first"
        )
    presence = Presence.of(state, ruleset)
    terrain = Terrain(state, ruleset, side, presence)
    explorers, _ = explorers_of(ruleset, group.units)
    monitors = [u.id for u in group.units if ruleset.unit_type(u.kind).has(UnitFlag.NO_JUMP)]
    return _Moving(presence, terrain, terrain.mover(group), bool(explorers), monitors)


def _legal_destinations(
    state: CampaignState, ruleset: Ruleset, group: Group, moving: _Moving
) -> dict[str, Destination]:
    """Every legal destination of a stack that may move: jumps (none for monitors), then the
    one-hex sublight moves of a First Movement phase."""
    legal: dict[str, Destination] = {}
    if not moving.monitors:
        for target, plan in moving.terrain.reachable(moving.mover).items():
            note = ""
            if plan.explore:
                note = "unexplored route: 1d6, 4-6 explores" + (
                    "" if moving.explorers else " (scout -1)"
                )
            elif plan.arrival is Arrival.HALTED:
                note = "type 3: halts for fuel unless a friendly tanker ends its move there"
            legal[target] = Destination(
                target, "jump", plan.path, plan.arrival, plan.explore is not None, note
            )
    moved = book.moved(state)
    sublight_ok = state.phase is Phase.FIRST_MOVEMENT and not any(
        u.id in moved for u in group.units
    )
    if sublight_ok:
        for target in ruleset.star_map.hex_neighbours(group.system):
            if target not in legal:
                legal[target] = Destination(
                    target, "sublight", (target,), Arrival.FINISHED, note="sublight, one hex"
                )
    return legal
