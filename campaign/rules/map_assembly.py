"""Map sections and their assembly into a ``StarMap`` (DN-MAP-1, DN-MAP-4, DN-MAP-5).

A *section* is a rectangular hex grid with its own systems, the jump routes printed inside it and
*edge connectors*: route stubs that leave one of its four edges at a numbered position. When two
sections touch, the stubs on the touching edges must line up position by position; each matched
pair becomes one jump route between the two systems the stubs start from.

Everything here is pure: sections arrive as validated models, randomness as a
``random.Random`` instance. ``campaign.content.maps`` reads the files and turns an
``AssemblyError`` into a ``file:line`` message.
"""

import random
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Annotated

from msgspec import Meta

from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.ruleset import (
    Frozen,
    HexCoord,
    JumpRoute,
    SectionPlacement,
    StarMap,
    StarSystem,
)


class Edge(StrEnum):
    """The four edges of a rectangular section."""

    NORTH = "north"
    SOUTH = "south"
    EAST = "east"
    WEST = "west"

    @property
    def opposite(self) -> "Edge":
        """The edge of a neighbouring section that touches this one."""
        return _OPPOSITE[self]


_OPPOSITE = {
    Edge.NORTH: Edge.SOUTH,
    Edge.SOUTH: Edge.NORTH,
    Edge.EAST: Edge.WEST,
    Edge.WEST: Edge.EAST,
}

#: Slot offset of the neighbour beyond each edge (columns grow east, rows grow south).
_EDGE_STEP = {
    Edge.NORTH: (0, -1),
    Edge.SOUTH: (0, 1),
    Edge.EAST: (1, 0),
    Edge.WEST: (-1, 0),
}


class EdgeConnector(Frozen, frozen=True, kw_only=True):
    """A route stub leaving ``edge`` at 1-based position ``at`` from ``system``.

    ``at`` counts rows along the east and west edges and columns along the north and south edges.
    """

    edge: Edge
    at: Annotated[int, Meta(ge=1)]
    system: str
    unexplored: bool = False


class Section(Frozen, frozen=True, kw_only=True):
    """One map section (DN-MAP-1): ``home`` is set on the two home sections, ``nebula`` on the
    Dark Nebula section.

    ``systems`` are the section's ``StarSystem``s with *section-local* 0-based hexes; ``routes``
    the jump routes printed inside the section. Assembly moves the hexes to map coordinates.
    """

    key: str
    name: str
    width: Annotated[int, Meta(ge=1)]
    height: Annotated[int, Meta(ge=1)]
    home: Side | None = None
    nebula: bool = False
    systems: tuple[StarSystem, ...]
    routes: tuple[JumpRoute, ...] = ()
    connectors: tuple[EdgeConnector, ...] = ()

    def ports(self, edge: Edge) -> dict[int, EdgeConnector]:
        """The connectors on ``edge`` keyed by position."""
        return {c.at: c for c in self.connectors if c.edge is edge}


class AssemblyError(ValueError):
    """A set of sections that cannot form a legal map (DN-MAP-5).

    ``placement`` is the 0-based index of the offending placement in the layout when one is to
    blame (so the loader can point at its line), ``None`` for a problem of the layout as a whole.
    """

    def __init__(self, reason: str, placement: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.placement = placement


def edge_mismatch(first: Section, edge: Edge, second: Section) -> str | None:
    """Why ``second``, placed beyond ``edge`` of ``first``, does not line up; ``None`` if it does.

    The stub positions on the two touching edges must be identical (DN-MAP-5).
    """
    mine, theirs = set(first.ports(edge)), set(second.ports(edge.opposite))
    if mine == theirs:
        return None
    only_mine = sorted(mine - theirs)
    only_theirs = sorted(theirs - mine)
    parts = []
    if only_mine:
        parts.append(f"{first.name} {edge.value} edge has stubs at {_positions(only_mine)}")
    if only_theirs:
        parts.append(
            f"{second.name} {edge.opposite.value} edge has stubs at {_positions(only_theirs)}"
        )
    return (
        f"edge routes do not line up between {first.name} and {second.name}: "
        + "; ".join(parts)
        + " with no partner"
    )


def _positions(values: Iterable[int]) -> str:
    return ", ".join(str(v) for v in values)


def check_roles(sections: Iterable[Section]) -> None:
    """Require both home sections and the Dark Nebula section (DN-MAP-1/5)."""
    chosen = list(sections)
    for side in PLAYER_SIDES:
        homes = [s for s in chosen if s.home == side]
        if not homes:
            raise AssemblyError(f"the layout has no home section for {side.value}")
        if len(homes) > 1:
            raise AssemblyError(f"the layout has {len(homes)} home sections for {side.value}")
    nebulae = [s for s in chosen if s.nebula]
    if not nebulae:
        raise AssemblyError("the layout has no Dark Nebula section")
    if len(nebulae) > 1:
        raise AssemblyError("the layout has more than one Dark Nebula section")


def assemble(
    catalog: dict[str, Section],
    placements: Sequence[SectionPlacement],
    *,
    layout: str,
    seed: int | None = None,
) -> StarMap:
    """Build the ``StarMap`` for ``placements`` of sections from ``catalog`` (keyed by ``key``).

    Raises ``AssemblyError`` for an unknown or repeated section, an occupied slot, sections of
    different sizes, edge routes that do not line up, or a missing home / Dark Nebula section.
    """
    slots: dict[tuple[int, int], Section] = {}
    for index, placement in enumerate(placements):
        section = catalog.get(placement.section)
        if section is None:
            raise AssemblyError(f"unknown section {placement.section!r}", index)
        if any(s.key == section.key for s in slots.values()):
            raise AssemblyError(f"section {section.name} is placed twice", index)
        slot = (placement.slot_col, placement.slot_row)
        if slot in slots:
            raise AssemblyError(f"slot {slot} already holds {slots[slot].name}", index)
        first = next(iter(slots.values()), None)
        if first is not None and (first.width, first.height) != (section.width, section.height):
            raise AssemblyError(
                f"section {section.name} is {section.width}x{section.height}, "
                f"the layout's sections are {first.width}x{first.height}",
                index,
            )
        for edge, (dc, dr) in _EDGE_STEP.items():
            neighbour = slots.get((slot[0] + dc, slot[1] + dr))
            if neighbour is not None:
                problem = edge_mismatch(section, edge, neighbour)
                if problem is not None:
                    raise AssemblyError(problem, index)
        slots[slot] = section
    check_roles(slots.values())
    _check_contiguous(placements)
    return _build_map(slots, placements, layout=layout, seed=seed)


def _check_contiguous(placements: Sequence[SectionPlacement]) -> None:
    """Every section must touch the others edge to edge: the map is one piece."""
    slots = [(p.slot_col, p.slot_row) for p in placements]
    reached = {slots[0]}
    frontier = [slots[0]]
    while frontier:
        col, row = frontier.pop()
        for dc, dr in _EDGE_STEP.values():
            slot = (col + dc, row + dr)
            if slot in slots and slot not in reached:
                reached.add(slot)
                frontier.append(slot)
    for index, slot in enumerate(slots):
        if slot not in reached:
            raise AssemblyError(
                f"section {placements[index].section} at slot {slot} touches no other section",
                index,
            )


def _build_map(
    slots: dict[tuple[int, int], Section],
    placements: Sequence[SectionPlacement],
    *,
    layout: str,
    seed: int | None,
) -> StarMap:
    """Translate section-local hexes into assembled ones and join the lined-up stubs."""
    systems: list[StarSystem] = []
    routes: list[JumpRoute] = []
    for placement in placements:
        slot = (placement.slot_col, placement.slot_row)
        section = slots[slot]
        base_col, base_row = slot[0] * section.width, slot[1] * section.height
        for local in section.systems:
            placed = HexCoord(col=base_col + local.hex.col, row=base_row + local.hex.row)
            systems.append(local.model_copy(update={"hex": placed, "section": section.name}))
        routes.extend(section.routes)
        for edge in (Edge.EAST, Edge.SOUTH):  # each touching pair once
            dc, dr = _EDGE_STEP[edge]
            neighbour = slots.get((slot[0] + dc, slot[1] + dr))
            if neighbour is None:
                continue
            theirs = neighbour.ports(edge.opposite)
            for at, stub in sorted(section.ports(edge).items()):
                partner = theirs[at]
                crossing = JumpRoute(
                    a=stub.system,
                    b=partner.system,
                    unexplored=stub.unexplored or partner.unexplored,
                )
                _add_crossing(routes, crossing)
    homes = {s.home: s.name for s in slots.values() if s.home is not None}
    nebula = next((s.name for s in slots.values() if s.nebula), "")
    first = next(iter(slots.values()))
    try:
        return StarMap(
            sections=tuple(slots[(p.slot_col, p.slot_row)].name for p in placements),
            systems=tuple(systems),
            routes=tuple(routes),
            homes=homes,
            placements=tuple(placements),
            layout=layout,
            seed=seed,
            section_width=first.width,
            section_height=first.height,
            nebula=nebula,
        )
    except ValueError as error:  # the map's own checks, e.g. a system id used in two sections
        raise AssemblyError(f"the sections do not form a valid map: {error}") from None


def single_section_map(section: Section) -> StarMap:
    """``section`` alone as a map at slot (0, 0), e.g. to draw a transcribed section before any
    layout uses it. No role checks: a lone section need not hold homes or the Dark Nebula."""
    placement = SectionPlacement(section=section.key, slot_col=0, slot_row=0)
    return _build_map({(0, 0): section}, [placement], layout=f"section:{section.key}", seed=None)


def _add_crossing(routes: list[JumpRoute], crossing: JumpRoute) -> None:
    """Add a route formed across an edge; two stub pairs joining the same two systems are one
    route (explored if either pair is)."""
    pair = {crossing.a, crossing.b}
    for index, route in enumerate(routes):
        if {route.a, route.b} == pair:
            if route.unexplored and not crossing.unexplored:
                routes[index] = route.model_copy(update={"unexplored": False})
            return
    routes.append(crossing)


def _is_done(placed: Iterable[Section]) -> bool:
    placed = list(placed)
    homes = {s.home for s in placed if s.home is not None}
    return all(side in homes for side in PLAYER_SIDES) and any(s.nebula for s in placed)


def _candidate_slots(
    slots: dict[tuple[int, int], Section], section: Section
) -> list[tuple[int, int]]:
    """Empty slots next to the placed sections where ``section`` lines up on every touching edge
    and is joined by at least one route (so the map stays connected)."""
    if not slots:
        return [(0, 0)]
    empty = {
        (col + dc, row + dr)
        for (col, row) in slots
        for dc, dr in _EDGE_STEP.values()
        if (col + dc, row + dr) not in slots
    }
    found = []
    for slot in sorted(empty, key=lambda s: (s[1], s[0])):
        joined = 0
        fits = True
        for edge, (dc, dr) in _EDGE_STEP.items():
            neighbour = slots.get((slot[0] + dc, slot[1] + dr))
            if neighbour is None:
                continue
            if edge_mismatch(section, edge, neighbour) is not None:
                fits = False
                break
            joined += len(section.ports(edge))
        if fits and joined:
            found.append(slot)
    return found


def random_placements(
    catalog: dict[str, Section], rng: random.Random
) -> tuple[SectionPlacement, ...]:
    """Seeded random assembly (DN-MAP-5); returns the placement record to log.

    The sections (sorted by key, so the result depends only on the seed) are shuffled into a
    deck. Aslan draws first, then the players alternate; the drawing player places the section
    on a slot where it lines up with every touching section and joins the map by at least one
    route (the choice among such slots is made with ``rng``). A section that fits nowhere yet is
    put back at the bottom of the deck. Drawing stops as soon as the Dark Nebula section and
    both home sections are on the map. Slots are finally shifted so the smallest is (0, 0).
    """
    check_roles(catalog.values())
    sizes = {(s.width, s.height) for s in catalog.values()}
    if len(sizes) != 1:
        raise AssemblyError("random assembly needs sections of one size")
    deck = sorted(catalog)
    rng.shuffle(deck)
    slots: dict[tuple[int, int], Section] = {}
    record: list[tuple[int, Side, str, tuple[int, int]]] = []
    drawer_index = 0
    misses = 0
    while not _is_done(slots.values()):
        if not deck or misses > len(deck):
            raise AssemblyError("random assembly: the remaining sections fit nowhere")
        key = deck.pop(0)
        drawer = (Side.ASLAN, Side.SOLOMANI)[drawer_index % 2]
        drawer_index += 1
        candidates = _candidate_slots(slots, catalog[key])
        if not candidates:
            deck.append(key)
            misses += 1
            continue
        misses = 0
        slot = rng.choice(candidates)
        slots[slot] = catalog[key]
        record.append((drawer_index, drawer, key, slot))
    min_col = min(col for col, _ in slots)
    min_row = min(row for _, row in slots)
    return tuple(
        SectionPlacement(
            section=key,
            slot_col=col - min_col,
            slot_row=row - min_row,
            draw=draw,
            drawn_by=drawer,
        )
        for draw, drawer, key, (col, row) in record
    )


def assemble_random(catalog: dict[str, Section], seed: int) -> StarMap:
    """Random assembly with ``random.Random(seed)``; the map records seed and placements."""
    placements = random_placements(catalog, random.Random(seed))
    return assemble(catalog, placements, layout="random", seed=seed)
