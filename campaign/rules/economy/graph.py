"""An index-based adjacency view of a ``StarMap``, built once per map.

``StarMap.routes_from`` scans every route; the connection rules (DN-ECO-3) walk the whole map for
each side every Maintenance & Production phase, so they use this integer graph instead. Graphs are
cached per map object (the map is frozen, so a graph never goes stale).
"""

from __future__ import annotations

from collections.abc import Collection

from msgspec import Struct

from campaign.rules.ids import SystemType
from campaign.rules.ruleset import StarMap, StarSystem


class MapGraph(Struct, frozen=True):
    """Systems numbered 0..n-1 with neighbour lists for open and for unexplored routes."""

    systems: tuple[StarSystem, ...]
    index: dict[str, int]
    open_adjacency: tuple[tuple[int, ...], ...]
    unexplored_adjacency: tuple[tuple[int, ...], ...]
    tertiary: tuple[int, ...]  # indices of type 3 systems (DN-ECO-3 tanker switch)
    marked: tuple[int, ...]  # indices of systems with a marked box (DN-ECO-2)
    names: tuple[str, ...]  # the systems' names, by index (paths in reports)
    # what the income report prints of each system, by index: id, name, section, type number
    # and mark. One tuple read per box instead of five attributes of a model: at 10,000
    # systems those reads went out of the cache (issue 47 item 3, round 6)
    facts: tuple[tuple[str, str, str, int, str | None], ...]

    def __len__(self) -> int:
        return len(self.systems)

    def neighbours(
        self, explored: Collection[frozenset[str]] | None, all_routes: bool
    ) -> list[tuple[int, ...]]:
        """Neighbour lists usable this turn.

        ``all_routes`` opens every route (the DN-NEB-1 house rule is off). Otherwise an unexplored
        route is usable only once explored; ``explored`` holds such routes as frozensets of the two
        system ids.
        """
        if all_routes:
            pairs = zip(self.open_adjacency, self.unexplored_adjacency, strict=True)
            return [a + b for a, b in pairs]
        adjacency = list(self.open_adjacency)
        for route in explored or ():
            ends = tuple(route)
            if len(ends) != 2 or ends[0] not in self.index or ends[1] not in self.index:
                continue
            i, j = self.index[ends[0]], self.index[ends[1]]
            if j in self.unexplored_adjacency[i]:
                adjacency[i] = adjacency[i] + (j,)
                adjacency[j] = adjacency[j] + (i,)
        return adjacency


_CACHE: dict[int, tuple[StarMap, MapGraph]] = {}
_CACHE_LIMIT = 8


def graph_of(star_map: StarMap) -> MapGraph:
    """The ``MapGraph`` of ``star_map`` (cached by identity; the map is immutable)."""
    hit = _CACHE.get(id(star_map))
    if hit is not None and hit[0] is star_map:
        return hit[1]
    systems = star_map.systems
    index = {system.id: i for i, system in enumerate(systems)}
    open_adj: list[list[int]] = [[] for _ in systems]
    unexplored_adj: list[list[int]] = [[] for _ in systems]
    for route in star_map.routes:
        i, j = index[route.a], index[route.b]
        target = unexplored_adj if route.unexplored else open_adj
        target[i].append(j)
        target[j].append(i)
    graph = MapGraph(
        systems=systems,
        index=index,
        open_adjacency=tuple(tuple(n) for n in open_adj),
        unexplored_adjacency=tuple(tuple(n) for n in unexplored_adj),
        tertiary=tuple(i for i, s in enumerate(systems) if s.type == SystemType.TERTIARY),
        marked=tuple(
            i for i, s in enumerate(systems) if s.mark is not None and s.original_owner is not None
        ),
        names=tuple(system.name for system in systems),
        facts=tuple(
            (s.id, s.name, s.section, int(s.type), s.mark.value if s.mark else None)
            for s in systems
        ),
    )
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[id(star_map)] = (star_map, graph)
    return graph
