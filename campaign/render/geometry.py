"""Where things go on the picture: flat-topped hexes in "odd-q" offset coordinates.

The map's hexes (docs/data-formats.md) have vertical columns, odd columns (0-based) half a hex
lower. Drawn flat-topped, a hex of radius ``R`` (centre to corner) is ``2R`` wide and ``√3·R``
tall; columns are ``1.5R`` apart. Everything here is a pure function of hex coordinates, so the
layout is tested without drawing anything. Coordinates are rounded to 0.01 px: the SVG text is
then the same on every machine (byte-for-byte determinism).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from msgspec import Struct

from campaign.rules.ruleset import StarMap, adjacent_hexes

#: Centre-to-corner radius of a hex, in SVG pixels.
HEX_RADIUS = 36.0
SQRT3 = math.sqrt(3.0)

Point = tuple[float, float]
Hex = tuple[int, int]


def rounded(value: float) -> float:
    """``value`` rounded to 0.01 (the precision written to the file)."""
    return round(value + 0.0, 2) + 0.0  # + 0.0 turns -0.0 into 0.0


def _exact_centre(col: int, row: int, radius: float) -> Point:
    x = radius + col * 1.5 * radius
    y = SQRT3 * radius * (row + 0.5 * (col & 1)) + SQRT3 * radius / 2
    return x, y


def hex_centre(col: int, row: int, radius: float = HEX_RADIUS) -> Point:
    """Centre of hex (col, row) relative to the map origin (hex 0,0 touches the origin)."""
    x, y = _exact_centre(col, row, radius)
    return rounded(x), rounded(y)


def _corner_offsets(radius: float) -> tuple[Point, ...]:
    return tuple(
        (radius * math.cos(math.radians(60 * i)), radius * math.sin(math.radians(60 * i)))
        for i in range(6)
    )


_CORNERS = _corner_offsets(HEX_RADIUS)


def hex_corners(col: int, row: int, radius: float = HEX_RADIUS) -> list[Point]:
    """The six corners of hex (col, row), starting east and going clockwise (SVG y grows down).

    Edge ``i`` runs from corner ``i`` to corner ``i + 1``; ``EDGE_NEIGHBOUR[i]`` says which
    neighbour lies beyond it.
    """
    x, y = _exact_centre(col, row, radius)
    offsets = _CORNERS if radius == HEX_RADIUS else _corner_offsets(radius)
    # ``rounded`` written out: this runs for every hex of the grid and of each border, tens of
    # thousands of times on a large map, where the calls alone cost a noticeable share.
    return [(round(x + dx, 2) + 0.0, round(y + dy, 2) + 0.0) for dx, dy in offsets]


def hexes_path_data(hexes: Iterable[Hex]) -> str:
    """SVG path data outlining each of ``hexes`` as a closed subpath, ``M x,y L x,y ... Z``, with
    the corners of ``hex_corners`` (the grid or the nebula of a whole map as one ``<path>``).

    A corner's x depends only on the column and its y only on the row and the column's parity,
    so each is rounded and formatted once per column or row rather than six times per hex: on a
    10,000-hex map that is most of the work of the hex grid.
    """
    column_xs: dict[int, list[str]] = {}
    row_ys: dict[tuple[int, int], list[str]] = {}
    subpaths: list[str] = []
    for col, row in hexes:
        xs = column_xs.get(col)
        if xs is None:
            x, _ = _exact_centre(col, 0, HEX_RADIUS)
            xs = column_xs[col] = [str(round(x + dx, 2) + 0.0) for dx, _ in _CORNERS]
        ys = row_ys.get((row, col & 1))
        if ys is None:
            _, y = _exact_centre(col & 1, row, HEX_RADIUS)
            ys = row_ys[row, col & 1] = [str(round(y + dy, 2) + 0.0) for _, dy in _CORNERS]
        subpaths.append(
            f"M{xs[0]},{ys[0]} L{xs[1]},{ys[1]} L{xs[2]},{ys[2]} "
            f"L{xs[3]},{ys[3]} L{xs[4]},{ys[4]} L{xs[5]},{ys[5]} Z"
        )
    return " ".join(subpaths)


#: Index into ``adjacent_hexes(col, row)`` of the neighbour beyond edge i of ``hex_corners``:
#: edges face south-east, south, south-west, north-west, north, north-east.
EDGE_NEIGHBOUR = (5, 1, 3, 2, 0, 4)


def border_edges(hexes: Iterable[Hex]) -> list[tuple[Point, Point]]:
    """The edges of ``hexes`` whose neighbour is not one of them, as point pairs.

    For the hexes of one section this is the section's border (section edges interlock like
    the hexes themselves, so a border is a zig-zag, not a rectangle).
    """
    inside = set(hexes)
    found: list[tuple[Point, Point]] = []
    for col, row in sorted(inside):
        neighbours = adjacent_hexes(col, row)
        outside = [
            edge
            for edge, neighbour_index in enumerate(EDGE_NEIGHBOUR)
            if neighbours[neighbour_index] not in inside
        ]
        if outside:  # the corners only of hexes on the border
            corners = hex_corners(col, row)
            found += [(corners[edge], corners[(edge + 1) % 6]) for edge in outside]
    return found


class SectionArea(Struct, frozen=True):
    """The hexes one placed section covers, with its name and slot."""

    name: str
    key: str
    slot: tuple[int, int]
    hexes: tuple[Hex, ...]


def section_areas(star_map: StarMap) -> list[SectionArea]:
    """Every placed section with all of its hexes (empty space included), in placement order.

    A hand-built map without placements (tests, benchmarks) gets one area per section name
    holding just its system hexes.
    """
    width, height = star_map.section_width, star_map.section_height
    if width and height and star_map.placements:
        names = dict(zip((p.section for p in star_map.placements), star_map.sections, strict=True))
        return [
            SectionArea(
                name=names[p.section],
                key=p.section,
                slot=(p.slot_col, p.slot_row),
                hexes=tuple(
                    (p.slot_col * width + c, p.slot_row * height + r)
                    for c in range(width)
                    for r in range(height)
                ),
            )
            for p in star_map.placements
        ]
    by_section: dict[str, list[Hex]] = {}
    for system in star_map.systems:
        by_section.setdefault(system.section, []).append((system.hex.col, system.hex.row))
    return [
        SectionArea(name=name, key=name, slot=(0, 0), hexes=tuple(by_section.get(name, ())))
        for name in star_map.sections
    ]


def map_extent(areas: Iterable[SectionArea], radius: float = HEX_RADIUS) -> Point:
    """Width and height in pixels of the drawn hexes (from the origin)."""
    cols = rows = 0
    for area in areas:
        for col, row in area.hexes:
            cols = max(cols, col + 1)
            rows = max(rows, row + 1)
    width = radius * (1.5 * cols + 0.5)
    height = SQRT3 * radius * (rows + 0.5)
    return rounded(width), rounded(height)


def local_hex_number(col: int, row: int, width: int, height: int) -> str:
    """The ``CCRR`` number a hex has on its printed section (1-based, as in the data files)."""
    return f"{col % width + 1:02d}{row % height + 1:02d}"
