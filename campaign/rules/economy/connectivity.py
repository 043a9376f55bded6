"""Connection of surface boxes to the capital (DN-ECO-3), with explanations.

A box is *connected* when a path of jump routes runs from its system to the own capital system and
no system strictly between them holds enemy starships other than tankers and transports (in the
stellar hex or the surface box). The box's own system and the capital are endpoints, never
"between". With the switch ``connection_needs_tanker_in_type3`` (default on) a type 3 system on the
path also needs a friendly tanker.

Algorithm (linear in systems + routes): a system is *passable* for a side when it may stand
strictly between. One breadth-first search from the capital expands only passable systems; every
system it reaches is connected, and its parent pointers give a shortest usable path. A second,
multi-source search from the side's controlled type 1 systems gives the type 2 fallback of
Table 3 (DN-ECO-4). Explanations are computed only for boxes that are not connected.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Sequence
from itertools import compress

from msgspec import Struct, field

from campaign.rules.economy.graph import MapGraph, graph_of
from campaign.rules.economy.occupancy import FACE_DOWN_PIECE, Occupancy, Piece
from campaign.rules.ids import Side, SystemType
from campaign.rules.ruleset import Ruleset

UNREACHED = -1


class Blockage(Struct, frozen=True):
    """Why one system may not stand between a box and its capital (DN-ECO-3)."""

    system_id: str
    enemy_units: tuple[Piece, ...]
    needs_tanker: bool

    def sentence(self, system_name: str) -> str:
        """Plain-language reason, e.g. ``Kuzu: aslan CR#4 (stellar hex) there``."""
        parts: list[str] = []
        if self.enemy_units:
            units = ", ".join(piece.describe() for piece in self.enemy_units)
            if any(piece.label == FACE_DOWN_PIECE for piece in self.enemy_units):
                # found by use (December 7, evening): a face-down transport listed among the
                # "starships other than tankers/transports" read as a mistake to the referee
                units += (
                    " (a face-down counter counts as a warship until it is turned face up, "
                    "DN-NEU-1)"
                )
            parts.append(f"enemy starships other than tankers/transports there: {units}")
        if self.needs_tanker:
            parts.append("type 3 system with no friendly tanker")
        return f"{system_name}: " + "; ".join(parts)


def _search(
    adjacency: Sequence[Sequence[int]], blocked: Sequence[bool], sources: Iterable[int]
) -> tuple[list[int], list[int]]:
    """Breadth-first search that always expands ``sources`` and otherwise only passable systems.

    Returns parent pointers (``UNREACHED`` for systems not reached, the system itself for a
    source) and the systems reached, in the order reached (every system after its parent).
    """
    parent = [UNREACHED] * len(adjacency)
    queue: list[int] = []
    for source in sources:
        if parent[source] == UNREACHED:
            parent[source] = source
            queue.append(source)
    append = queue.append
    for here in queue:  # the list grows while we walk it: a FIFO queue without pops
        if blocked[here] and parent[here] != here:
            continue  # reached, so an endpoint is fine, but nothing passes through it
        for there in adjacency[here]:
            if parent[there] == UNREACHED:
                parent[there] = here
                append(there)
    return parent, queue


def _path(parent: Sequence[int], start: int) -> list[int]:
    """Follow parent pointers from ``start`` back to its source."""
    path = [start]
    while parent[path[-1]] != path[-1]:
        path.append(parent[path[-1]])
    return path


#: No wanted system's route names this system (yet).
NOBODY = -1


def _routes(
    parent: Sequence[int],
    order: Sequence[int],
    wanted: Iterable[int],
    names: Sequence[str],
    capital: int,
) -> tuple[dict[int, list[str]], dict[int, int]]:
    """The path of every reached system in ``wanted``; together they name each system once.

    Returns the paths (names from the system towards the capital: up to the capital, or up to
    the first system already given on the route of a box nearer the capital) and, for the paths
    that stop at another box's route, that box, both keyed by system index.
    The wanted systems are taken in search order, so a box nearer the capital is given first and
    every later route stops where it meets one already given. Each system stands between two
    ends at most once, so the routes of all boxes hold at most one name per system plus two per
    box: the report grows with the map, where full paths grow with boxes x path length (issue 47
    item 3: x17.8 from 1,000 to 10,000 systems).
    """
    # Flags and owners in arrays by system, not a set and a dict: the walk reads them at random
    # places, and at 10,000 systems hashed containers no longer fit in the cache (issue 47 item 3)
    is_wanted = bytearray(len(parent))
    # system -> the wanted system whose route names it; a wanted system names itself, so one
    # read tells a walk it met another box or another box's route (one random read a step
    # fewer, and the capital told by its index, not by reading its parent: round 11)
    given_by = [NOBODY] * len(parent)
    for system in wanted:
        is_wanted[system] = 1
        given_by[system] = system
    paths: dict[int, list[str]] = {}
    joins: dict[int, int] = {}  # only the paths that stop at another box's route
    # the wanted systems in search order, picked in C: the search reaches every system of the
    # map, the wanted ones are a third of them (issue 47 item 3, round 5)
    for start in compress(order, map(is_wanted.__getitem__, order)):
        route = [names[start]]
        here = start
        while here != capital:
            here = parent[here]
            route.append(names[here])
            if here == capital:
                break  # the path is whole
            owner = given_by[here]
            if owner != NOBODY:
                joins[start] = owner
                break
            given_by[here] = start
        paths[start] = route
    return paths, joins


def capital_paths(
    connectivity: SideConnectivity, systems: Iterable[int]
) -> tuple[dict[int, list[str]], dict[int, int]]:
    """The paths (and joined boxes) of ``_routes`` for the connected ones of ``systems``.

    By system index, one list of names per box and a dict of the joins (issue 47 item 3).
    """
    return _routes(
        connectivity.capital_parent,
        connectivity.capital_order,
        systems,
        connectivity.graph.names,
        connectivity.capital,
    )


class SideConnectivity(Struct):
    """Connection of every system to one side's capital and to its controlled type 1 boxes."""

    side: Side
    graph: MapGraph
    occupancy: Occupancy
    adjacency: list[tuple[int, ...]]
    blocked: list[bool]
    needs_tanker: list[bool]
    capital: int
    capital_parent: list[int]
    type1_parent: list[int]
    capital_order: list[int]  # systems in the order the capital search reached them
    # cut sets found so far, shared by every system of the same unconnected region
    _region_cuts: dict[int, list[int]] = field(default_factory=dict)

    def connected(self, system_id: str) -> bool:
        """True when a box in ``system_id`` is connected to the capital (DN-ECO-3)."""
        return self.capital_parent[self.graph.index[system_id]] != UNREACHED

    def connected_to_type1(self, system_id: str) -> bool:
        """True when ``system_id`` is connected (same path rule) to a controlled type 1 box."""
        return self.type1_parent[self.graph.index[system_id]] != UNREACHED

    def capital_path(self, system_id: str) -> list[str] | None:
        """A shortest usable path from ``system_id`` to the capital (ids), or ``None``."""
        start = self.graph.index[system_id]
        if self.capital_parent[start] == UNREACHED:
            return None
        return [self.graph.systems[i].id for i in _path(self.capital_parent, start)]

    def type1_path(self, system_id: str) -> list[str] | None:
        """A shortest usable path from ``system_id`` to the nearest controlled type 1 box."""
        start = self.graph.index[system_id]
        if self.type1_parent[start] == UNREACHED:
            return None
        return [self.graph.systems[i].id for i in _path(self.type1_parent, start)]

    def blockage(self, system_id: str) -> Blockage | None:
        """Why ``system_id`` cannot stand between (``None`` when it can)."""
        i = self.graph.index[system_id]
        if not self.blocked[i]:
            return None
        return Blockage(
            system_id,
            tuple(self.occupancy.hostile_cutters(system_id, self.side)),
            self.needs_tanker[i],
        )

    def cut_set(self, system_id: str) -> list[str]:
        """The first blocked system on every jump-route path from ``system_id`` to the capital.

        The box's *region* is what it reaches through passable systems; the blocked systems next
        to it are the front line. Only those from which the capital can be reached without going
        back through the region are listed, so a blocked dead end is never blamed. Together they
        cut every path; each of them is where some path is cut first. Empty when the box is
        connected, or when no route at all leads to the capital (see ``has_route_at_all``).
        Boxes in the same passable region share one computation.
        """
        start = self.graph.index[system_id]
        if self.capital_parent[start] != UNREACHED:
            return []
        cached = self._region_cuts.get(start)
        if cached is None:
            cached = self._region_cut(start)
        return [self.graph.systems[i].id for i in cached if i != start]

    def _region_cut(self, start: int) -> list[int]:
        """Find the cut set of ``start``'s region and remember it for the whole region.

        A blocked ``start`` is a region of its own. Only the regions of unconnected boxes are
        walked, never the rest of the map (issue 47 item 3: labelling every passable region of
        the map first cost a pass over all systems for each side).
        """
        interior = {start}
        frontier: set[int] = set()
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.adjacency[here]:
                if there in interior or there in frontier:
                    continue
                if self.blocked[there]:
                    frontier.add(there)
                else:
                    interior.add(there)
                    queue.append(there)
        cut = [b for b in sorted(frontier) if self._leads_to_capital(b, interior)]
        if self.blocked[start]:
            self._region_cuts[start] = cut
        else:
            for member in interior:
                self._region_cuts[member] = cut
        return cut

    def _leads_to_capital(self, start: int, interior: set[int]) -> bool:
        """True when the capital can be reached from ``start`` without entering ``interior``.

        Any system the capital search reached leads to the capital along its parent pointers,
        which never enter an unconnected region, so the search stops at the first such system.
        """
        if self.capital_parent[start] != UNREACHED:
            return True
        seen = {start}
        queue = [start]
        for here in queue:
            for there in self.adjacency[here]:
                if there in seen or there in interior:
                    continue
                if self.capital_parent[there] != UNREACHED:
                    return True
                seen.add(there)
                queue.append(there)
        return False

    def has_route_at_all(self, system_id: str) -> bool:
        """True when some chain of usable routes links ``system_id`` to the capital at all."""
        start = self.graph.index[system_id]
        seen = {start}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == self.capital:
                return True
            for there in self.adjacency[here]:
                if there not in seen:
                    seen.add(there)
                    queue.append(there)
        return False


def blocked_systems(
    graph: MapGraph, occupancy: Occupancy, side: Side, tanker_rule: bool
) -> tuple[list[bool], list[bool]]:
    """Which systems may not stand between for ``side``, and which of them lack a tanker.

    A system is blocked when other sides' starships other than tankers and transports are in
    its stellar hex or surface box, or (switch on) it is type 3 without a friendly tanker.
    """
    n = len(graph)
    blocked = [False] * n
    needs_tanker = [False] * n
    index = graph.index
    for system_id, presence in occupancy.by_system.items():
        if presence.cutters and any(other != side for other in presence.cutters):
            i = index.get(system_id)
            if i is not None:
                blocked[i] = True
    if tanker_rule:
        by_system = occupancy.by_system
        for i in graph.tertiary:
            tertiary = by_system.get(graph.systems[i].id)
            if tertiary is None or side not in tertiary.tanker_sides:
                blocked[i] = True
                needs_tanker[i] = True
    return blocked, needs_tanker


def side_connectivity(
    ruleset: Ruleset,
    occupancy: Occupancy,
    side: Side,
    controlled_type1: Collection[str],
    explored_routes: Collection[frozenset[str]] = (),
) -> SideConnectivity:
    """Run both searches of DN-ECO-3 for ``side``.

    ``controlled_type1`` are the ids of type 1 systems whose box ``side`` controls (sources of the
    Table 3 type 2 fallback); ``explored_routes`` are unexplored routes opened by DN-NEB-1.
    """
    graph = graph_of(ruleset.star_map)
    rules = ruleset.house_rules
    adjacency = graph.neighbours(explored_routes, all_routes=not rules.nebula_exploration)
    blocked, needs_tanker = blocked_systems(
        graph, occupancy, side, rules.connection_needs_tanker_in_type3
    )
    capital = graph.index[ruleset.star_map.capital_of(side).id]
    capital_parent, capital_order = _search(adjacency, blocked, (capital,))
    sources = []
    for system_id in controlled_type1:
        i = graph.index[system_id]
        if graph.systems[i].type != SystemType.PRIMARY:
            raise ValueError(f"DN-ECO-4: {system_id} is not a type 1 system")
        sources.append(i)
    type1_parent, _ = _search(adjacency, blocked, sources)
    return SideConnectivity(
        side=side,
        graph=graph,
        occupancy=occupancy,
        adjacency=adjacency,
        blocked=blocked,
        needs_tanker=needs_tanker,
        capital=capital,
        capital_parent=capital_parent,
        type1_parent=type1_parent,
        capital_order=capital_order,
    )
