"""Draw a ``MapScene`` as SVG with drawsvg (docs/maps.md explains every symbol).

The file is meant to be read by people *and* by programs: every system is one ``<text
class="system">`` (its name) carrying ``data-id``, ``data-type``, ``data-controller`` and
friends, every jump route one ``<path class="route">``, every counter (its label), battle and
overlay mark one element with its ``data-`` attributes. Elements are emitted in a fixed order (map
order, then sorted ids) and coordinates are rounded, so the same scene always gives the same
bytes.

Layers, bottom to top: nebula shading, hex grid, section borders and names, routes, system
symbols, system names, counters, battles, overlay, title block, legend.

drawsvg's time goes per element, so a 10,000-system map is drawn with few of them (about 34,000;
docs/maps.md, "Large maps"): shapes repeated thousands of times (hex grid, system circles, counter
boxes) are one ``<path>`` per layer and colour, a system or a counter is a single element, and
attributes shared by a layer sit once on its ``<g>``.
"""

from __future__ import annotations

import gc
import math
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from xml.sax.saxutils import escape

import drawsvg as dw

from campaign.render import palette as pal
from campaign.render.geometry import (
    HEX_RADIUS,
    Point,
    SectionArea,
    border_edges,
    hex_centre,
    hexes_path_data,
    local_hex_number,
    map_extent,
    rounded,
    section_areas,
)
from campaign.rules.ids import Mark, Side, SystemType
from campaign.rules.ruleset import StarSystem
from campaign.views.scene import Counter, MapScene, Overlay
from campaign.views.words import plural

#: Above this many systems the picture leaves out tooltips and the halos behind names, so a
#: 10,000-system map stays fast to write and to open (docs/maps.md).
DETAIL_LIMIT = 2_000
MARGIN = 16.0
TITLE_LINE = 16.0
LEGEND_CELL_W = 150.0
LEGEND_CELL_H = 22.0
SYMBOL_RADIUS = {SystemType.PRIMARY: 7.0, SystemType.SECONDARY: 5.0, SystemType.TERTIARY: 3.2}
CAPITAL_RING = 10.0
COUNTER_W, COUNTER_H = 15.0, 10.0
COUNTER_RX = 1.5  # rounded corners
SYMBOL_DY = -5.0  # the system symbol sits a little above the hex centre, the name below it
NAME_DY = 13.0
COUNTER_DY = 16.0


def scene_svg(scene: MapScene) -> str:
    """The SVG text of ``scene`` (UTF-8 when encoded; ends with a newline); well-formed XML
    whatever the names hold (``xml_text``)."""
    with cycle_collector_paused():
        return xml_text(draw_scene(scene).as_svg()) + "\n"


#: Characters XML 1.0 cannot hold at all, not even as a character reference.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(svg: str) -> str:
    """``svg`` with every character XML cannot hold replaced by U+FFFD. Data files refuse
    control characters in names (DN-DATA-5), but a name from anywhere else (a stack label of
    an older log, a changed data file) must still give a picture, not an ill-formed one that
    makes the PNG export crash (issue 33 item 6)."""
    return _NOT_XML.sub("\ufffd", svg)


@contextmanager
def cycle_collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while the element tree is built and written.

    Drawing a large map allocates hundreds of thousands of small, long-lived objects (drawsvg
    elements, their attribute dicts); each of them triggers the collector's generational scans,
    which then walk every object of the loaded campaign again and again: about a third of the
    drawing time of a 10,000-system map. Reference counting still frees everything; the
    collector runs again (as it was) as soon as the picture is written.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def draw_scene(scene: MapScene) -> dw.Drawing:
    """The drawsvg ``Drawing`` of ``scene``."""
    areas = section_areas(scene.star_map)
    map_w, map_h = map_extent(areas)
    width = max(map_w + 2 * MARGIN, 4 * LEGEND_CELL_W + 2 * MARGIN)
    title_h = MARGIN + TITLE_LINE * (len(scene.title) + 0.5)
    legend = _legend_items(scene)
    columns = max(1, int((width - 2 * MARGIN) // LEGEND_CELL_W))
    legend_h = LEGEND_CELL_H * math.ceil(len(legend) / columns) + MARGIN
    height = title_h + map_h + MARGIN + legend_h
    drawing = dw.Drawing(
        rounded(width),
        rounded(height),
        id_prefix="map",
        data_view=scene.view,
        data_overlay=scene.overlay.value,
        font_family=pal.FONT,
    )
    drawing.append(dw.Rectangle(0, 0, rounded(width), rounded(height), fill=pal.BACKGROUND))
    board = dw.Group(id="board", transform=f"translate({MARGIN},{rounded(title_h)})")
    board.append(_hex_layer(scene, areas))
    points = {system.id: _symbol_point(system) for system in scene.star_map.systems}
    board.append(_section_layer(areas, _NameBoxes(scene, points)))
    board.append(_route_layer(scene, points))
    detailed = len(scene.star_map.systems) <= DETAIL_LIMIT
    board.append(_system_layer(scene, points))
    board.extend(_name_layers(scene, points, detailed))
    board.append(_counter_layer(scene, points, detailed))
    board.append(_battle_layer(scene, points))
    board.append(_overlay_layer(scene, points, detailed))
    drawing.append(board)
    drawing.append(_title_block(scene))
    drawing.append(_legend(legend, columns, rounded(title_h + map_h + MARGIN)))
    return drawing


# --- map layers ------------------------------------------------------------------------------


def _polylines_data(polylines: Iterable[Iterable[Point]]) -> str:
    """SVG path data for open polylines (``M x,y L x,y ...``), built in one join: drawsvg's
    ``Path.M``/``L`` append to a growing string, quadratic for a long border."""
    return " ".join("M" + " L".join(f"{x},{y}" for x, y in points) for points in polylines)


def _hex_layer(scene: MapScene, areas: list[SectionArea]) -> dw.Group:
    layer = dw.Group(id="hexes")
    nebula = [hex_ for area in areas if area.name == scene.star_map.nebula for hex_ in area.hexes]
    if nebula:
        layer.append(
            dw.Path(
                d=hexes_path_data(sorted(nebula)),
                fill=pal.NEBULA_FILL,
                stroke="none",
                class_="nebula",
                data_section=_escaped(scene.star_map.nebula),
            )
        )
    every = sorted({hex_ for area in areas for hex_ in area.hexes})
    layer.append(
        dw.Path(
            d=hexes_path_data(every),
            fill="none",
            stroke=pal.HEX_LINE,
            stroke_width=0.8,
            class_="grid",
        )
    )
    star_map = scene.star_map
    if scene.hex_numbers and star_map.section_width and star_map.section_height:
        numbers = dw.Group(
            class_="hex-numbers",
            font_size=pal.SMALL_SIZE,
            fill=pal.MUTED_TEXT,
            text_anchor="middle",
        )
        for col, row in every:
            x, y = hex_centre(col, row)
            number = local_hex_number(col, row, star_map.section_width, star_map.section_height)
            numbers.append(dw.Text(number, pal.SMALL_SIZE, x, rounded(y - HEX_RADIUS * 0.62)))
        layer.append(numbers)
    return layer


#: A character of the map's font is about this share of the font size wide (for placing text).
CHAR_WIDTH = 0.62
SECTION_TITLE_SIZE = 10.0
Box = tuple[float, float, float, float]  # left, top, right, bottom


def _text_box(text: str, x: float, baseline: float, size: float, anchor: str) -> Box:
    """The rough extent of ``text`` drawn at (x, baseline): enough to tell overlaps apart."""
    width = len(text) * size * CHAR_WIDTH
    left = x - width / 2 if anchor == "middle" else x
    return left, baseline - size, left + width, baseline + size * 0.25


class _NameBoxes:
    """Where the system names are drawn, bucketed by area of the board, so a section title can
    look for a free place among the names near it only (a 10,000-system map stays fast)."""

    CELL = 4 * HEX_RADIUS

    def __init__(self, scene: MapScene, points: dict[str, Point]) -> None:
        self._cells: dict[tuple[int, int], list[Box]] = {}
        for system in scene.star_map.systems:
            x, y = points[system.id]
            box = _text_box(system.name, x, y - SYMBOL_DY + NAME_DY, pal.NAME_SIZE, "middle")
            for cell in self._cells_of(box):
                self._cells.setdefault(cell, []).append(box)

    def _cells_of(self, box: Box) -> Iterator[tuple[int, int]]:
        left, top, right, bottom = box
        for cx in range(int(left // self.CELL), int(right // self.CELL) + 1):
            for cy in range(int(top // self.CELL), int(bottom // self.CELL) + 1):
                yield cx, cy

    def overlaps(self, box: Box) -> bool:
        """True when ``box`` overlaps a system name."""
        left, top, right, bottom = box
        return any(
            left < other[2] and other[0] < right and top < other[3] and other[1] < bottom
            for cell in self._cells_of(box)
            for other in self._cells.get(cell, ())
        )


def _section_title_place(area: SectionArea, names: _NameBoxes) -> Point:
    """Where a section's title goes: the top-left corner of the section, or, when a system name
    of the section above hangs over it there ("Aokhtel" over "Bright Star"), moved right along
    the section's top in quarter-hex steps to the first place clear of names."""
    col, row = min(area.hexes)
    x, y = hex_centre(col, row)
    x, y = rounded(x - HEX_RADIUS * 0.45), rounded(y - HEX_RADIUS * 0.55)
    for step in range(12):
        shifted = rounded(x + step * HEX_RADIUS * 0.5)
        if not names.overlaps(_text_box(area.name, shifted, y, SECTION_TITLE_SIZE, "start")):
            return shifted, y
    return x, y


def _section_layer(areas: list[SectionArea], names: _NameBoxes) -> dw.Group:
    layer = dw.Group(id="sections")
    for area in areas:
        group = dw.Group(
            class_="section", data_section=_escaped(area.key), data_name=_escaped(area.name)
        )
        group.append(
            dw.Path(
                d=_polylines_data(border_edges(area.hexes)),
                fill="none",
                stroke=pal.SECTION_LINE,
                stroke_width=2.2,
                stroke_linecap="round",
            )
        )
        if area.hexes:
            x, y = _section_title_place(area, names)
            group.extend(
                _label(
                    area.name,
                    x,
                    y,
                    size=SECTION_TITLE_SIZE,
                    anchor="start",
                    weight="bold",
                    fill=pal.SECTION_LINE,
                )
            )
        layer.append(group)
    return layer


def _route_layer(scene: MapScene, points: dict[str, Point]) -> dw.Group:
    layer = dw.Group(id="routes", stroke=pal.ROUTE, stroke_width=1.6)
    ends = {system: f"{x},{y}" for system, (x, y) in points.items()}  # formatted once each
    for route in scene.star_map.routes:
        explored = route.unexplored and frozenset((route.a, route.b)) in scene.explored
        dashed = {"stroke_dasharray": "5,4"} if route.unexplored and not explored else {}
        layer.append(
            dw.Path(
                d=f"M{ends[route.a]} L{ends[route.b]}",
                class_="route",
                data_a=route.a,
                data_b=route.b,
                data_unexplored=_flag(route.unexplored),
                data_explored=_flag(explored),
                **dashed,
            )
        )
    return layer


def _system_layer(scene: MapScene, points: dict[str, Point]) -> dw.Group:
    """The systems' symbols: a capital's ring, then the circles of all systems (one path per
    size and fill: thousands of circles as a handful of elements), then the surface-box marks.
    The element carrying a system's data is its name (``_name_layers``)."""
    layer = dw.Group(id="systems", stroke=pal.SYSTEM_LINE, stroke_width=1.2)
    circles: dict[tuple[SystemType, str], list[str]] = {}
    marks: list[dw.DrawingElement] = []
    for system in scene.star_map.systems:
        x, y = points[system.id]
        if system.capital:
            layer.append(dw.Circle(x, y, CAPITAL_RING, fill=pal.BACKGROUND, class_="capital"))
        radius = SYMBOL_RADIUS[system.type]
        circles.setdefault(
            (system.type, _control_fill(scene.controllers.get(system.id))), []
        ).append(f"M{rounded(x - radius)},{y}{_CIRCLE_ARCS[system.type]}")
        if system.mark is not None:
            owner = system.original_owner
            colour = pal.SIDE_COLOUR[owner] if owner else pal.UNCONTROLLED_FILL
            marks.append(_mark_symbol(system.mark, rounded(x - 17), rounded(y - 9), colour))
    for (_, fill), subpaths in circles.items():
        layer.append(dw.Path(d=" ".join(subpaths), fill=fill, class_="symbols"))
    layer.extend(marks)
    return layer


#: Path data drawing a circle of each symbol's radius from its leftmost point (two arcs).
_CIRCLE_ARCS = {
    system_type: f" a{radius},{radius} 0 1,0 {2 * radius},0 a{radius},{radius} 0 1,0 "
    f"{-2 * radius},0 Z"
    for system_type, radius in SYMBOL_RADIUS.items()
}


def _control_fill(controller: Side | None) -> str:
    """Fill of a system's circle: the colour of the side controlling its box (DN-ECO-1/2)."""
    return pal.SIDE_COLOUR[controller] if controller else pal.UNCONTROLLED_FILL


def _system_data(scene: MapScene, system: StarSystem, controller: Side | None) -> dict[str, str]:
    """The ``data-`` attributes of a system's element (docs/maps.md lists them)."""
    data = {
        "data_id": system.id,
        "data_name": _escaped(system.name),
        "data_type": str(int(system.type)),
        "data_capital": _flag(system.capital),
    }
    if system.mark is not None:
        data["data_mark"] = system.mark.value
    if system.original_owner is not None:
        data["data_owner"] = system.original_owner.value
    data["data_controller"] = controller.value if controller else "none"
    data["data_section"] = _escaped(system.section)
    hex_number = _hex_number(scene, system)
    if hex_number is not None:
        data["data_hex"] = hex_number
    return data


def _name_layers(scene: MapScene, points: dict[str, Point], detailed: bool) -> list[dw.Group]:
    """Every system's name below its symbol, over all symbols: the one element per system,
    carrying its ``data-`` attributes (and, on a detailed map, its tooltip). On a detailed map a
    white halo layer under the names keeps them readable where routes cross them."""
    names = dw.Group(
        id="names", font_size=pal.NAME_SIZE, text_anchor="middle", fill=pal.TEXT, stroke="none"
    )
    halos = dw.Group(
        id="name-halos",
        class_="halo",
        font_size=pal.NAME_SIZE,
        text_anchor="middle",
        fill=pal.BACKGROUND,
        stroke=pal.BACKGROUND,
        stroke_width=2.5,
        stroke_linejoin="round",
    )
    for system in scene.star_map.systems:
        controller = scene.controllers.get(system.id)
        x, y = points[system.id]
        y = rounded(y - SYMBOL_DY + NAME_DY)
        name = dw.Text(
            system.name,
            None,
            x,
            y,
            id=f"system-{system.id}",
            class_="system",
            **_system_data(scene, system, controller),
        )
        if detailed:
            name.append_title(_system_tooltip(system, controller))
            halos.append(dw.Text(system.name, None, x, y))
        names.append(name)
    return [halos, names] if detailed else [names]


def _counter_layer(scene: MapScene, points: dict[str, Point], detailed: bool) -> dw.Group:
    """Per side, its counter boxes as one path, then their labels (letter and unit count): the
    label is the counter's element, carrying its data (and its tooltip on a detailed map)."""
    boxes: dict[Side, list[str]] = {side: [] for side in pal.SIDE_COLOUR}
    labels = {
        side: dw.Group(class_="counter-labels", data_side=side.value, fill=pal.COUNTER_TEXT[side])
        for side in pal.SIDE_COLOUR
    }
    for system in scene.star_map.systems:
        counters = scene.counters.get(system.id, ())
        if not counters:
            continue
        x, y = points[system.id]
        top = rounded(y - SYMBOL_DY + COUNTER_DY)
        left = x - len(counters) * (COUNTER_W + 1) / 2
        for index, counter in enumerate(counters):
            box_x = rounded(left + index * (COUNTER_W + 1))
            boxes[counter.side].append(f"M{rounded(box_x + COUNTER_RX)},{top}{_COUNTER_OUTLINE}")
            labels[counter.side].append(_counter_label(system.id, counter, box_x, top, detailed))
    layer = dw.Group(
        id="counters", font_size=pal.SMALL_SIZE, text_anchor="middle", stroke_width=0.6
    )
    for side, outlines in boxes.items():
        if outlines:
            layer.append(
                dw.Path(
                    d=" ".join(outlines),
                    fill=pal.SIDE_COLOUR[side],
                    stroke=pal.SYSTEM_LINE,
                    class_="counter-boxes",
                    data_side=side.value,
                )
            )
            layer.append(labels[side])
    return layer


#: Path data of a counter's box with rounded corners, from the top edge's first point.
_COUNTER_OUTLINE = (
    f" h{COUNTER_W - 2 * COUNTER_RX} a{COUNTER_RX},{COUNTER_RX} 0 0,1 {COUNTER_RX},{COUNTER_RX}"
    f" v{COUNTER_H - 2 * COUNTER_RX} a{COUNTER_RX},{COUNTER_RX} 0 0,1 {-COUNTER_RX},{COUNTER_RX}"
    f" h{2 * COUNTER_RX - COUNTER_W} a{COUNTER_RX},{COUNTER_RX} 0 0,1 {-COUNTER_RX},{-COUNTER_RX}"
    f" v{2 * COUNTER_RX - COUNTER_H} a{COUNTER_RX},{COUNTER_RX} 0 0,1 {COUNTER_RX},{-COUNTER_RX} Z"
)


def _counter_label(system_id: str, counter: Counter, x: float, y: float, detailed: bool) -> dw.Text:
    """A side's counter in a system: side letter and unit count on the box at (x, y)."""
    label = dw.Text(
        f"{pal.SIDE_LETTER[counter.side]}{counter.units}",
        None,
        rounded(x + COUNTER_W / 2),
        rounded(y + COUNTER_H - 2.5),
        class_="counter",
        data_system=system_id,
        data_side=counter.side.value,
        data_units=str(counter.units),
        data_stacks=str(counter.stacks),
    )
    if detailed:
        stacked = f" in {plural(counter.stacks, 'stack')}" if counter.stacks else ""
        label.append_title(
            f"{counter.side.value}: {plural(counter.units, 'unit')}{stacked} "
            f"({', '.join(counter.labels)})"
        )
    return label


def _battle_layer(scene: MapScene, points: dict[str, Point]) -> dw.Group:
    layer = dw.Group(id="battles", fill="none", stroke=pal.BATTLE)
    star_map = scene.star_map
    for system_id in sorted(scene.open_battles):
        x, y = points[system_id]
        circle = dw.Circle(
            x, y, 15, class_="battle", data_system=system_id, data_battle="open", stroke_width=3
        )
        circle.append_title(f"open battle at {star_map.system(system_id).name}")
        layer.append(circle)
    if scene.last_battle and star_map.has_system(scene.last_battle):
        x, y = points[scene.last_battle]
        circle = dw.Circle(
            x,
            y,
            18,
            class_="battle",
            data_system=scene.last_battle,
            data_battle="last",
            stroke_width=1.5,
            stroke_dasharray="2,2",
        )
        circle.append_title(f"last battle: {star_map.system(scene.last_battle).name}")
        layer.append(circle)
    return layer


def _overlay_layer(scene: MapScene, points: dict[str, Point], detailed: bool) -> dw.Group:
    layer = dw.Group(id="overlay", data_overlay=scene.overlay.value, fill="none")
    star_map = scene.star_map
    if scene.supply is not None:
        for box in scene.supply.boxes:
            x, y = points[box.system]
            group = dw.Group(
                class_="supply-box",
                data_side=box.side.value,
                data_system=box.system,
                data_connected=_flag(box.connected),
                data_ru=str(box.ru),
            )
            if detailed:
                group.append_title(
                    f"{box.side.value} box {star_map.system(box.system).name}: {box.explanation}"
                )
            if not box.connected:
                group.append(
                    dw.Circle(
                        x, y, 12, stroke=pal.CUT_OFF, stroke_width=2.2, stroke_dasharray="3,2"
                    )
                )
            layer.append(group)
        for cut in scene.supply.cuts:
            x, y = points[cut.system]
            mark = dw.Group(
                class_="supply-cut",
                data_side=cut.side.value,
                data_system=cut.system,
                data_boxes=_escaped(" ".join(cut.boxes)),
                data_units=_escaped("; ".join(cut.units)),
                data_needs_tanker=_flag(cut.needs_tanker),
                stroke=pal.CUT_OFF,
                stroke_width=2.6,
                stroke_linecap="round",
            )
            mark.append_title("; ".join(cut.reasons))
            mark.append(dw.Line(x - 9, y - 9, x + 9, y + 9))
            mark.append(dw.Line(x - 9, y + 9, x + 9, y - 9))
            layer.append(mark)
    if scene.moves is not None:
        for system_id, groups in scene.moves.starts.items():
            x, y = points[system_id]
            start = dw.Rectangle(
                x - 12,
                y - 12,
                24,
                24,
                class_="move-start",
                data_system=system_id,
                data_groups=_escaped(" ".join(groups)),
                stroke=pal.DESTINATION,
                stroke_width=1.5,
            )
            start.append_title(f"{scene.moves.side.value} may move: {', '.join(groups)}")
            layer.append(start)
        for destination in scene.moves.destinations:
            x, y = points[destination.system]
            ring = dw.Circle(
                x,
                y,
                12,
                class_="move-destination",
                data_system=destination.system,
                data_groups=_escaped(" ".join(destination.groups)),
                data_modes=" ".join(destination.modes),
                data_explore=_flag(destination.explore),
                stroke=pal.DESTINATION,
                stroke_width=2.6,
                stroke_dasharray="6,2" if destination.explore else None,
            )
            ring.append_title(
                f"{', '.join(destination.groups)} may go here ({', '.join(destination.modes)})"
            )
            layer.append(ring)
    return layer


# --- title block and legend ------------------------------------------------------------------


def _title_block(scene: MapScene) -> dw.Group:
    block = dw.Group(id="title-block", fill=pal.TEXT)
    for index, line in enumerate(scene.title):
        first = index == 0
        block.append(
            dw.Text(
                line,
                pal.TITLE_SIZE if first else 11.0,
                MARGIN,
                rounded(MARGIN + 12 + index * TITLE_LINE),
                font_weight="bold" if first else None,
            )
        )
    return block


def _legend_items(scene: MapScene) -> list[tuple[str, str]]:
    """(symbol key, text) of every legend entry; the overlay's entries only when it is drawn."""
    items = [
        ("capital", "capital"),
        ("type1", "type 1 system"),
        ("type2", "type 2 system"),
        ("type3", "type 3 system"),
        ("star", "star box (orig. owner)"),
        ("circle", "circle box"),
        ("triangle", "triangle box"),
        ("route", "jump route"),
        ("unexplored", "unexplored route"),
        ("nebula", "Dark Nebula hex"),
        ("aslan", "Aslan: fill / units"),
        ("solomani", "Solomani: fill / units"),
        ("neutral", "neutral: fill / units"),
        ("open-battle", "open battle"),
        ("last-battle", "last battle"),
    ]
    if scene.overlay is Overlay.SUPPLY:
        items += [("cut-off", "box cut off (DN-ECO-3)"), ("cutter", "cuts the supply")]
    if scene.overlay is Overlay.MOVES:
        items += [("move-start", "stack may move"), ("destination", "legal destination")]
    return items


def _legend(items: list[tuple[str, str]], columns: int, top: float) -> dw.Group:
    legend = dw.Group(id="legend", transform=f"translate({MARGIN},{top})")
    for index, (key, text) in enumerate(items):
        x = rounded((index % columns) * LEGEND_CELL_W + 12)
        y = rounded((index // columns) * LEGEND_CELL_H + 10)
        entry = dw.Group(class_="legend-entry", data_symbol=key)
        entry.append(_legend_symbol(key, x, y))
        entry.append(dw.Text(text, pal.NAME_SIZE, rounded(x + 18), rounded(y + 3), fill=pal.TEXT))
        legend.append(entry)
    return legend


def _legend_symbol(key: str, x: float, y: float) -> dw.DrawingElement:
    line = {"stroke": pal.SYSTEM_LINE, "stroke_width": 1.2}
    if key == "capital":
        group = dw.Group()
        group.append(dw.Circle(x, y, CAPITAL_RING, fill=pal.BACKGROUND, **line))
        group.append(
            dw.Circle(x, y, SYMBOL_RADIUS[SystemType.PRIMARY], fill=pal.BACKGROUND, **line)
        )
        return group
    if key in ("type1", "type2", "type3"):
        radius = SYMBOL_RADIUS[SystemType(int(key[-1]))]
        return dw.Circle(x, y, radius, fill=pal.BACKGROUND, **line)
    if key in ("star", "circle", "triangle"):
        return _mark_symbol(Mark(key), x, y, pal.BACKGROUND)
    if key in ("route", "unexplored"):
        return dw.Line(
            x - 10,
            y,
            x + 10,
            y,
            stroke=pal.ROUTE,
            stroke_width=1.6,
            stroke_dasharray="5,4" if key == "unexplored" else None,
        )
    if key == "nebula":
        return dw.Rectangle(x - 8, y - 6, 16, 12, fill=pal.NEBULA_FILL, stroke=pal.HEX_LINE)
    if key in ("aslan", "solomani", "neutral"):
        return _counter_glyph(Side(key), x - 8, y - 5)
    if key in ("open-battle", "last-battle"):
        last = key == "last-battle"
        return dw.Circle(
            x,
            y,
            7,
            fill="none",
            stroke=pal.BATTLE,
            stroke_width=1.5 if last else 3,
            stroke_dasharray="2,2" if last else None,
        )
    if key == "cut-off":
        return dw.Circle(
            x, y, 7, fill="none", stroke=pal.CUT_OFF, stroke_width=2.2, stroke_dasharray="3,2"
        )
    if key == "cutter":
        group = dw.Group(stroke=pal.CUT_OFF, stroke_width=2.6, stroke_linecap="round")
        group.append(dw.Line(x - 6, y - 6, x + 6, y + 6))
        group.append(dw.Line(x - 6, y + 6, x + 6, y - 6))
        return group
    if key == "move-start":
        return dw.Rectangle(
            x - 7, y - 7, 14, 14, fill="none", stroke=pal.DESTINATION, stroke_width=1.5
        )
    return dw.Circle(x, y, 7, fill="none", stroke=pal.DESTINATION, stroke_width=2.6)


def _counter_glyph(side: Side, x: float, y: float) -> dw.Group:
    group = dw.Group()
    group.append(
        dw.Rectangle(
            x,
            y,
            COUNTER_W,
            COUNTER_H,
            rx=COUNTER_RX,
            fill=pal.SIDE_COLOUR[side],
            stroke=pal.SYSTEM_LINE,
            stroke_width=0.6,
        )
    )
    group.append(
        dw.Text(
            pal.SIDE_LETTER[side],
            pal.SMALL_SIZE,
            rounded(x + COUNTER_W / 2),
            rounded(y + COUNTER_H - 2.5),
            fill=pal.COUNTER_TEXT[side],
            text_anchor="middle",
        )
    )
    return group


# --- small shapes ----------------------------------------------------------------------------


def _symbol_point(system: StarSystem) -> Point:
    x, y = hex_centre(system.hex.col, system.hex.row)
    return x, rounded(y + SYMBOL_DY)


def _mark_symbol(mark: Mark, x: float, y: float, fill: str) -> dw.DrawingElement:
    """The surface-box mark (DN-MAP-3) centred on (x, y), filled with the original owner's
    colour."""
    style = {
        "fill": fill,
        "stroke": pal.SYSTEM_LINE,
        "stroke_width": 0.9,
        "class_": "mark",
        "data_mark": mark.value,
    }
    if mark is Mark.CIRCLE:
        return dw.Circle(x, y, 4.5, **style)
    if mark is Mark.TRIANGLE:
        return dw.Lines(x, y - 5.5, x + 5.2, y + 3.5, x - 5.2, y + 3.5, close=True, **style)
    points: list[float] = []
    for i in range(10):  # a five-pointed star: outer and inner corners alternate
        radius = 6.0 if i % 2 == 0 else 2.5
        angle = math.radians(-90 + 36 * i)
        points += [rounded(x + radius * math.cos(angle)), rounded(y + radius * math.sin(angle))]
    return dw.Lines(*points, close=True, **style)


def _label(
    text: str,
    x: float,
    y: float,
    *,
    size: float = pal.NAME_SIZE,
    anchor: str = "middle",
    weight: str | None = None,
    fill: str = pal.TEXT,
) -> list[dw.Text]:
    """Text with a white halo so routes crossing it stay readable. The halo is a second copy
    under the text (``paint-order`` would do it in one, but not every renderer knows it)."""
    style = {"text_anchor": anchor, "font_weight": weight, "stroke_width": 2.5}
    return [
        dw.Text(
            text,
            size,
            x,
            y,
            fill=pal.BACKGROUND,
            stroke=pal.BACKGROUND,
            stroke_linejoin="round",
            class_="halo",
            **style,
        ),
        dw.Text(text, size, x, y, fill=fill, stroke="none", **style),
    ]


def _hex_number(scene: MapScene, system: StarSystem) -> str | None:
    star_map = scene.star_map
    if not (star_map.section_width and star_map.section_height):
        return None
    return local_hex_number(
        system.hex.col, system.hex.row, star_map.section_width, star_map.section_height
    )


def _system_tooltip(system: StarSystem, controller: Side | None) -> str:
    parts = [f"{system.name} ({system.id}): type {int(system.type)}"]
    if system.capital:
        parts.append("capital")
    if system.mark is not None:
        owner = system.original_owner.value if system.original_owner else "?"
        parts.append(f"{system.mark.value} box of {owner}")
    parts.append(f"box controlled by {controller.value}" if controller else "box uncontrolled")
    return ", ".join(parts)


#: What ``_escaped`` replaces besides ``&``, ``<`` and ``>``: the attribute's quote and the
#: whitespace an XML parser would otherwise turn into spaces.
_ATTRIBUTE_ENTITIES = {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def _escaped(value: str) -> str:
    """``value`` as an attribute value. drawsvg escapes text content and titles but writes
    attribute values as given, so every attribute that can hold a name from the data files or
    the position (system and section names, unit descriptions, stack labels) goes through
    here; ids, numbers and the renderer's own words need not."""
    return escape(value, _ATTRIBUTE_ENTITIES)


def _flag(value: bool) -> str:
    return "true" if value else "false"
