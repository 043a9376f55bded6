"""Jump paths along printed routes (DN-MAP-4, DN-MOV-2..4, DN-NEB-1): checking one path,
listing every legal destination, and explaining why a destination is out of reach.

One ``Terrain`` (the map as one side sees it this phase) answers the three questions a step of a
path asks: may the stack leave its start (fuel), may it pass through a system (blocking, fuel),
may it use a route (printed, explored). The order handler, the UI query and the explanation all
use these same three predicates, so they cannot disagree.
"""

from __future__ import annotations

from collections import deque
from enum import StrEnum

from msgspec import Struct

from campaign.rules import errors
from campaign.rules.ids import Side, SystemType
from campaign.rules.movement import book
from campaign.rules.movement.groups import Group, explorers_of
from campaign.rules.movement.presence import Placed, Presence, is_tanker
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState


class Obstacle(Struct, frozen=True):
    """Why a move is not allowed: the rule id and a sentence naming units and systems."""

    rule: str
    message: str

    def error(self) -> errors.IllegalOrderError:
        """The matching ``IllegalOrderError`` (DN-ERR-1)."""
        return errors.IllegalOrderError(self.rule, self.message)

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


class Arrival(StrEnum):
    """How a move ends at its last system."""

    FINISHED = "finished"  # the units' movement is over for the phase
    HALTED = "halted"  # stopped for fuel in a type 3 system; may move on if refuelled (DN-MOV-4)


class Mover(Struct, frozen=True):
    """A group about to jump: who (for messages), which side, from where, with what explorers."""

    side: Side
    label: str
    start: str
    explorers: tuple[str, ...] = ()
    scouts: tuple[str, ...] = ()
    tankers: tuple[str, ...] = ()  # own tankers that began the phase in the start hex
    stack: str | None = None  # the stack's label (for the orders a refusal suggests)
    aboard_tankers: tuple[str, ...] = ()  # every tanker in the group
    others: bool = False  # ships other than tankers in the group

    @property
    def has_own_fuel(self) -> bool:
        """True when a tanker that ended its move in the start hex earlier travels with the
        group: the tanker is the fuel (DN-MOV-4)."""
        return bool(self.tankers)

    @property
    def can_explore(self) -> bool:
        """True with an explorer, or a scout (at -1), aboard (DN-NEB-1)."""
        return bool(self.explorers or self.scouts)


class JumpPlan(Struct, frozen=True):
    """A checked jump path. ``explore`` is the unexplored route of the last step, if any.
    ``hidden_stop``: the system where a face-down neutral counter stopped the move short of
    the ordered path (the path then ends there)."""

    path: tuple[str, ...]
    arrival: Arrival
    explore: tuple[str, str] | None = None
    hidden_stop: str | None = None


class Terrain:
    """The map as ``side`` sees it in the current phase (blockers, refuelled systems, nebula)."""

    def __init__(
        self,
        state: CampaignState,
        ruleset: Ruleset,
        side: Side,
        presence: Presence | None = None,
    ) -> None:
        self.state = state
        self.ruleset = ruleset
        self.star_map = ruleset.star_map
        self.side = side
        self.presence = presence if presence is not None else Presence.of(state, ruleset)
        self.explored = book.explored_routes(state)

    def mover(self, group: Group) -> Mover:
        """The ``Mover`` for a resolved group: its explorers, scouts and the tankers that began
        the phase with it in its start hex."""
        explorers, scouts = explorers_of(self.ruleset, group.units)
        standing = set(self.standing_tankers(group.system))
        tankers = tuple(u.id for u in group.units if u.id in standing)
        aboard = tuple(u.id for u in group.units if is_tanker(self.ruleset.unit_type(u.kind)))
        return Mover(
            self.side,
            group.label,
            group.system,
            explorers,
            scouts,
            tankers,
            stack=group.stack,
            aboard_tankers=aboard,
            others=len(aboard) < len(group.units),
        )

    def name(self, system_id: str) -> str:
        """The printed name of a system, for messages."""
        return self.star_map.system(system_id).name

    def fuelled(self, system_id: str) -> bool:
        """True unless the system is type 3 with no friendly tanker ended there (DN-MOV-4)."""
        system = self.star_map.system(system_id)
        return system.type is not SystemType.TERTIARY or book.refuelled(
            self.state, self.side, system_id
        )

    def standing_tankers(self, system_id: str) -> list[str]:
        """Friendly tankers in the stellar hex of ``system_id`` that have not moved this phase:
        they ended their movement there in an earlier phase (DN-MOV-4)."""
        moved = book.moved(self.state)
        return [
            p.unit.id for p in self.presence.tankers(self.side, system_id) if p.unit.id not in moved
        ]

    def leave_obstacle(self, mover: Mover) -> Obstacle | None:
        """Fuel at the start (DN-MOV-4): a type 3 system is left after a friendly tanker ended
        its move there this phase, or together with a tanker that ended its move there in an
        earlier phase (the tanker carries the fuel; the same reading as retreat, DN-CBT-7).
        House switch ``type3_standing_tanker_refuels_all``: such a tanker refuels every friendly
        ship in the hex, which may then leave without it."""
        if self.fuelled(mover.start) or mover.has_own_fuel:
            return None
        standing = self.standing_tankers(mover.start)
        if standing and self.ruleset.house_rules.type3_standing_tanker_refuels_all:
            return None
        if standing:
            return Obstacle(
                "DN-MOV-4",
                f"{mover.label} can leave {self.name(mover.start)} (type 3) only together with "
                f"tanker {' or '.join(standing)}, or after a friendly tanker ended its move "
                "there this phase",
            )
        return Obstacle(
            "DN-MOV-4",
            f"{mover.label} cannot leave {self.name(mover.start)} (type 3): no friendly tanker "
            "ended its move there this phase",
        )

    def pass_obstacle(self, mover: Mover, system_id: str) -> Obstacle | None:
        """May the group go on after entering ``system_id``, as far as the moving side can
        tell? (DN-MOV-2/3 blocking by the units it sees, DN-MOV-4). A face-down counter that
        blocks ends the move there instead (``check``, ``hidden_blocker``)."""
        blockers = self.visible_blockers(system_id)
        if blockers:
            who, seen = blockers[0].unit, blockers[0].unit_type
            kind = "neutral" if who.owner is Side.NEUTRAL else "enemy"
            what = f"{kind} {seen.code if seen is not None else 'counter'} {who.id}"
            return Obstacle(
                "DN-MOV-2",
                f"{mover.label} must stop at {self.name(system_id)}: {what} there blocks "
                "jump movement",
            )
        if not self.fuelled(system_id):
            return Obstacle(
                "DN-MOV-4",
                f"{mover.label} must stop at {self.name(system_id)} (type 3): no friendly tanker "
                f"ended its move there this phase{self._own_fuel_advice(mover, system_id)}",
            )
        return None

    def _starts_here(self, mover: Mover, path: list[str]) -> Obstacle:
        """A path whose first system is the one the group stands in: PATH lists the systems
        entered (found by use, December 7, night: it read "cannot jump from Halden to Halden:
        no printed route joins them"); the refusal gives the path without it."""
        name = self.name(mover.start)
        rest = path[1:]
        fix = (
            f": give jump {mover.stack or mover.label} {','.join(rest)}"
            if rest
            else ", so there is nowhere to jump"
        )
        return Obstacle(
            "DN-MOV-2",
            f"{mover.label} is already at {name}; the jump path lists the systems entered, "
            f"without the one it stands in{fix}",
        )

    def _own_fuel_advice(self, mover: Mover, system_id: str) -> str:
        """How a group that carries a tanker gets through type 3 ``system_id`` (DN-MOV-4: the
        tanker refuels by ending its own move there), as the orders that do it; found by use
        (December 7, night): the bare refusal read as if the stack had no tanker."""
        if not mover.aboard_tankers:
            return ""
        tanker, there = mover.aboard_tankers[0], self.name(system_id)
        if not mover.others:
            return f"; {tanker} refuels the ships there once it ends its move: jump to {there}"
        split = f"split-stack {mover.stack} - {tanker}, " if mover.stack else ""
        return (
            f"; its tanker {tanker} refuels it there once it ends its move: jump to {there}, "
            f"then {split}end-move {tanker}, and the rest jumps on"
        )

    def unexplored(self, a: str, b: str) -> bool:
        """True when the route a-b still needs exploring under DN-NEB-1 (switch on)."""
        return route_needs_exploring(self.ruleset, self.explored, a, b)

    def route_list(self, system_id: str) -> str:
        """The systems one printed route away from ``system_id``, by name (for refusals)."""
        names = sorted(self.name(other) for other in self.star_map.neighbours(system_id))
        return ", ".join(names) or "none"

    def route_obstacle(self, mover: Mover, a: str, b: str, *, last: bool) -> Obstacle | None:
        """May the group jump from ``a`` to ``b``? (DN-MAP-4 printed routes, DN-NEB-1)."""
        if self.star_map.route_between(a, b) is None:
            return Obstacle(
                "DN-MAP-4",
                f"{mover.label} cannot jump from {self.name(a)} to {self.name(b)}: "
                "no printed route joins them (routes from "
                f"{self.name(a)}: {self.route_list(a)})",
            )
        if not self.unexplored(a, b):
            return None
        if not mover.can_explore:
            return Obstacle(
                "DN-NEB-1",
                f"the route {self.name(a)}-{self.name(b)} is unexplored: only a stack with an "
                f"explorer (or a scout) may jump it, and {mover.label} has none",
            )
        if not last:
            return Obstacle(
                "DN-NEB-1",
                f"exploring the route {self.name(a)}-{self.name(b)} ends the move of "
                f"{mover.label}: it cannot continue beyond {self.name(b)}",
            )
        return None

    def arrival(self, system_id: str, *, seen: bool = False) -> Arrival:
        """How a move ending in ``system_id`` ends (halted for fuel or finished). ``seen``:
        as the moving side can tell beforehand, face-down counters left out (DN-NEU-1)."""
        if self.visible_blockers(system_id) or self.fuelled(system_id):
            return Arrival.FINISHED
        if not seen and self.hidden_blocker(system_id):
            return Arrival.FINISHED
        return Arrival.HALTED

    def visible_blockers(self, system_id: str) -> list[Placed]:
        """The enemy units in ``system_id`` that stop jump movement and that the moving side
        can see (DN-MOV-2/3): face-down neutral counters are not among them."""
        return self.presence.blockers(self.side, system_id, face_down=False)

    def hidden_blocker(self, system_id: str) -> bool:
        """True when a face-down neutral counter in ``system_id`` stops jump movement. The
        moving side learns it only by entering the system: a path through it is not refused
        (the refusal would tell what the counter is, DN-NEU-1) but ends there."""
        return bool(self.presence.blockers(self.side, system_id, face_down=True))

    # --- one path ----------------------------------------------------------------------------

    def check(self, mover: Mover, path: list[str] | tuple[str, ...]) -> JumpPlan:
        """The plan for jumping ``mover`` along ``path`` (systems entered, in order);
        ``IllegalOrderError`` citing the first rule the path breaks."""
        if not path:
            raise errors.IllegalOrderError("DN-MOV-2", f"{mover.label}: the jump path is empty")
        for system_id in path:
            if not self.star_map.has_system(system_id):
                raise errors.InvalidOrderError(f"unknown system {system_id!r} in the jump path")
        if path[0] == mover.start:
            raise self._starts_here(mover, list(path)).error()
        obstacle = self.leave_obstacle(mover)
        here = mover.start
        explore: tuple[str, str] | None = None
        for index, there in enumerate(path):
            last = index == len(path) - 1
            obstacle = obstacle or self.route_obstacle(mover, here, there, last=last)
            if obstacle is None and not last:
                obstacle = self.pass_obstacle(mover, there)
            if obstacle is not None:
                raise obstacle.error()
            if self.unexplored(here, there):
                explore = (here, there)
            here = there
        for index, there in enumerate(path[:-1]):
            if self.hidden_blocker(there):  # checked whole as the side sees it: stop here
                return JumpPlan(tuple(path[: index + 1]), Arrival.FINISHED, None, there)
        arrival = Arrival.FINISHED if explore else self.arrival(here)
        return JumpPlan(tuple(path), arrival, explore)

    # --- every destination -------------------------------------------------------------------

    def reachable(self, mover: Mover) -> dict[str, JumpPlan]:
        """Every system ``mover`` may jump to now, each with a shortest legal path.

        A path's cost is the number of systems with face-down counters it passes through, then
        its number of jumps: a path avoids such systems wherever another path exists (a
        face-down counter may end the move, ``check``) and is the shortest of those that pass
        the fewest (what the side can see decides the path, never what the counters are).
        Uniform-cost search over explored/ordinary routes, cheapest first; systems where the
        group must stop are reached but not expanded; unexplored routes (DN-NEB-1) are added
        last, as final steps only, from the system that makes them cheapest. Ties go to the
        system reached first, in the order of the printed routes (deterministic).
        """
        if self.leave_obstacle(mover) is not None:
            return {}
        parent: dict[str, str | None] = {mover.start: None}
        cost: dict[str, tuple[int, int]] = {mover.start: (0, 0)}
        beyond: dict[str, tuple[int, int]] = {}  # cost of a path continuing past a system
        stops: set[str] = set()
        # One pass per number of face-down systems passed: ``level`` holds the systems reached
        # by passing one more (in the order of their jumps), ``queue`` those reached within
        # this pass; both stay in the order of jumps, so taking the lower head first expands
        # the systems cheapest first (a two-queue uniform-cost search, linear in the map).
        level: deque[tuple[int, str]] = deque([(0, mover.start)])
        faces = 0
        while level:
            queue: deque[tuple[int, str]] = deque()
            later: deque[tuple[int, str]] = deque()
            while level or queue:
                take = queue if queue and (not level or queue[0][0] < level[0][0]) else level
                jumps, here = take.popleft()
                if here in beyond or cost[here] != (faces, jumps):
                    continue  # expanded already, or reached more cheaply since
                hidden = here != mover.start and self.presence.face_down(here)
                through = beyond[here] = (faces + hidden, jumps + 1)
                for there in self.star_map.neighbours(here):
                    if there in beyond or self.unexplored(here, there):
                        continue
                    if there in cost and cost[there] <= through:
                        continue
                    if there not in cost and self.pass_obstacle(mover, there) is not None:
                        stops.add(there)  # reached, never passed through
                    parent[there], cost[there] = here, through
                    if there not in stops:
                        (later if hidden else queue).append((jumps + 1, there))
            level, faces = later, faces + 1
        plans = {
            target: JumpPlan(_walk(parent, target), self.arrival(target, seen=True))
            for target in parent
            if target != mover.start
        }
        if mover.can_explore:
            explore: dict[str, tuple[tuple[int, int], str]] = {}
            for here, through in beyond.items():  # in the order expanded: cheapest first
                for there in self.star_map.neighbours(here):
                    if there in parent or not self.unexplored(here, there):
                        continue
                    if there not in explore or through < explore[there][0]:
                        explore[there] = (through, here)
            for there, (_, here) in explore.items():
                path = (*_walk(parent, here), there)
                plans[there] = JumpPlan(path, Arrival.FINISHED, (here, there))
        return plans

    def may_jump(self, mover: Mover) -> bool:
        """True when ``reachable(mover)`` is not empty, without the search: the group may
        leave (DN-MOV-4) and some route from the start is explored or may be explored by it
        (DN-NEB-1). The system at the end of such a route is reached whatever stands there
        (a group stops in a blocked system; it is not refused)."""
        if self.leave_obstacle(mover) is not None:
            return False
        return any(
            mover.can_explore or not self.unexplored(mover.start, there)
            for there in self.star_map.neighbours(mover.start)
        )

    def explain_all(self, mover: Mover) -> dict[str, Obstacle]:
        """For every system other than the start, the first obstacle on a shortest
        printed-route path to it (``None`` entries are left out: those are reachable), or
        DN-MAP-4 when no chain of routes joins the two systems at all.

        One breadth-first search over all printed routes; the obstacles are carried down the
        search tree in the order ``check`` meets them (leave, route, pass through, route, ...),
        so the whole map is explained in linear time.
        """
        through: dict[str, Obstacle | None] = {mover.start: self.leave_obstacle(mover)}
        out: dict[str, Obstacle] = {}
        queue = deque([mover.start])
        while queue:
            here = queue.popleft()
            for there in self.star_map.neighbours(here):
                if there in through:
                    continue
                inherited = through[here]
                at = inherited or self.route_obstacle(mover, here, there, last=True)
                through[there] = (
                    inherited
                    or self.route_obstacle(mover, here, there, last=False)
                    or self.pass_obstacle(mover, there)
                )
                if at is not None:
                    out[there] = at
                queue.append(there)
        for system in self.star_map.systems:
            if system.id not in through:
                out[system.id] = Obstacle(
                    "DN-MAP-4",
                    f"no chain of printed routes leads from {self.name(mover.start)} to "
                    f"{system.name}",
                )
        return out

    def explain(self, mover: Mover, target: str) -> Obstacle:
        """Why ``target`` is not among ``reachable(mover)`` (see ``explain_all``)."""
        if target == mover.start:
            return Obstacle("DN-MOV-2", f"{mover.label} is already at {self.name(target)}")
        found = self.explain_all(mover).get(target)
        if found is None:
            return Obstacle("DN-MOV-2", f"{self.name(target)} is reachable by {mover.label}")
        return found


def _walk(parent: dict[str, str | None], target: str) -> tuple[str, ...]:
    """The path from the search root to ``target`` (root excluded)."""
    path: list[str] = []
    node: str | None = target
    while node is not None and parent[node] is not None:
        path.append(node)
        node = parent[node]
    return tuple(reversed(path))


def route_needs_exploring(ruleset: Ruleset, explored: set[frozenset[str]], a: str, b: str) -> bool:
    """True when the printed route a-b is marked unexplored and nobody has explored it yet
    (``explored``: ``book.explored_routes``), with the DN-NEB-1 house rule on. Movement and
    withdrawal (DN-CBT-7) read the same predicate."""
    route = ruleset.star_map.route_between(a, b)
    return (
        ruleset.house_rules.nebula_exploration
        and route is not None
        and route.unexplored
        and frozenset((a, b)) not in explored
    )
