"""Draw the assembled star map as coloured text: systems at their hex positions, jump routes as
lines, controllers' colours, stack markers, the selection, legal destinations and (as an overlay)
which boxes are connected to their capital.

Pure drawing (no Textual): ``render_map`` returns a Rich ``Text`` so it can be tested and reused.
Geometry: odd-q offset hexes (odd columns half a hex lower, docs/data-formats.md). Each hex column
is ``CELL_W`` characters wide and each row ``CELL_H`` lines tall; a system is drawn as
``<glyph><name>`` centred on its hex, routes as dotted lines between centres (unexplored routes
with ``?`` marks), highlighted routes in bold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from campaign.rules.ids import Side, SystemType
from campaign.rules.ruleset import StarMap

#: Five characters per hex column: the standard map (24 columns) is 125 wide, so it fits beside
#: the side panel at 160 columns. Systems on one text line are two columns (10 characters) apart.
CELL_W = 5
CELL_H = 2
#: Longest name drawn after the glyph; longer names keep the first word and initials.
LABEL_LEN = 8

#: Side colours, also used by the legend and the forces table (gold Aslan, blue Solomani).
SIDE_COLOUR = {Side.ASLAN: "#e0b000", Side.SOLOMANI: "#3b82f6", Side.NEUTRAL: "#b0b0b0"}
SIDE_STYLE = {side: Style(color=colour, bold=side is not Side.NEUTRAL)
              for side, colour in SIDE_COLOUR.items()}
SIDE_LETTER = {Side.ASLAN: "A", Side.SOLOMANI: "S", Side.NEUTRAL: "n"}
TYPE_GLYPH = {SystemType.PRIMARY: "●", SystemType.SECONDARY: "○", SystemType.TERTIARY: "·"}
CAPITAL_GLYPH = "★"
ROUTE_STYLE = Style(color="grey42")
ROUTE_HIGHLIGHT = Style(color="bright_white", bold=True)
UNEXPLORED_STYLE = Style(color="magenta")
DESTINATION_STYLE = Style(color="black", bgcolor="green")
PATH_STYLE = Style(color="bright_green", bold=True)
SELECTED_STYLE = Style(reverse=True)
CUT_OFF_STYLE = Style(color="red", underline=True)


@dataclass(frozen=True)
class SystemMarks:
    """What the map shows on one system besides its geography."""

    controller: Side | None = None
    stacks: dict[Side, int] = field(default_factory=dict)  # stacks (or units) per side in hex+box
    connected: bool | None = None  # overlay: the controller's box reaches its capital


@dataclass(frozen=True)
class MapView:
    """Everything the map draws beyond the star map itself."""

    marks: dict[str, SystemMarks] = field(default_factory=dict)
    selected: str | None = None
    destinations: frozenset[str] = frozenset()
    show_connections: bool = False
    explored: frozenset[frozenset[str]] = frozenset()  # unexplored routes since explored
    path: tuple[str, ...] = ()  # the highlighted move's systems, start first (not sent yet)


def hex_centre(col: int, row: int) -> tuple[int, int]:
    """Character (x, y) of a hex centre on the canvas."""
    return col * CELL_W + CELL_W // 2, row * CELL_H + (CELL_H // 2 if col % 2 else 0) + 1


def canvas_size(star_map: StarMap) -> tuple[int, int]:
    """Width and height in characters needed to draw ``star_map``."""
    cols = max(s.hex.col for s in star_map.systems) + 1
    rows = max(s.hex.row for s in star_map.systems) + 1
    return cols * CELL_W + CELL_W, rows * CELL_H + CELL_H + 2


def _line(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """Integer points of a straight line (Bresenham), endpoints included."""
    points = []
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    error = dx + dy
    while True:
        points.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return points
        doubled = 2 * error
        if doubled >= dy:
            error += dy
            x0 += sx
        if doubled <= dx:
            error += dx
            y0 += sy


def _step_char(dx: int, dy: int) -> str:
    """Line character for one step of a route: horizontal, vertical or diagonal."""
    if dy == 0:
        return "─"
    if dx == 0:
        return "│"
    return "╲" if dx * dy > 0 else "╱"


def render_map(star_map: StarMap, view: MapView | None = None) -> Text:
    """The map as styled text."""
    view = view or MapView()
    width, height = canvas_size(star_map)
    chars = [[" "] * width for _ in range(height)]
    styles: list[list[Style | None]] = [[None] * width for _ in range(height)]
    by_id = {s.id: s for s in star_map.systems}
    path_legs = {frozenset(leg) for leg in zip(view.path, view.path[1:], strict=False)}

    for route in star_map.routes:
        a, b = by_id[route.a], by_id[route.b]
        (x0, y0), (x1, y1) = hex_centre(a.hex.col, a.hex.row), hex_centre(b.hex.col, b.hex.row)
        unexplored = route.unexplored and frozenset((route.a, route.b)) not in view.explored
        highlighted = view.selected in (route.a, route.b)
        style = ROUTE_HIGHLIGHT if highlighted else UNEXPLORED_STYLE if unexplored else ROUTE_STYLE
        if frozenset((route.a, route.b)) in path_legs:
            style = PATH_STYLE
        points = _line(x0, y0, x1, y1)
        for index in range(1, len(points) - 1):
            (px, py), (x, y) = points[index - 1], points[index]
            chars[y][x] = "?" if unexplored and index % 3 == 1 else _step_char(x - px, y - py)
            styles[y][x] = style

    for system in star_map.systems:
        marks = view.marks.get(system.id, SystemMarks())
        x, y = hex_centre(system.hex.col, system.hex.row)
        glyph = CAPITAL_GLYPH if system.capital else TYPE_GLYPH[system.type]
        label = glyph + short_name(system.name)
        style = SIDE_STYLE.get(marks.controller) if marks.controller else Style(color="grey70")
        if view.show_connections and marks.connected is False:
            style = (style or Style()) + CUT_OFF_STYLE
        if system.id in view.destinations:
            style = DESTINATION_STYLE
        if system.id == view.selected:
            style = (style or Style()) + SELECTED_STYLE
        start = max(0, x - len(label) // 2)
        for offset, char in enumerate(label):
            if start + offset < width:
                chars[y][start + offset] = char
                styles[y][start + offset] = style
        counters = [(f"{SIDE_LETTER[side]}{count}", SIDE_STYLE[side])
                    for side, count in sorted(marks.stacks.items()) if count]
        stack_width = sum(len(text) for text, _ in counters)
        if counters and y + 1 < height:
            column = max(0, x - stack_width // 2)
            for text, counter_style in counters:  # each side's counter in its colour
                for char in text:
                    if column < width:
                        chars[y + 1][column] = char
                        styles[y + 1][column] = counter_style
                    column += 1

    text = Text(no_wrap=True, overflow="crop")
    for row_chars, row_styles in zip(chars, styles, strict=True):
        start = 0
        for index in range(1, width + 1):  # one span per run of equally styled characters
            if index == width or row_styles[index] != row_styles[start]:
                text.append("".join(row_chars[start:index]), row_styles[start])
                start = index
        text.append("\n")
    return text


def short_name(name: str) -> str:
    """A system name as the map draws it: whole up to ``LABEL_LEN`` characters, else the first
    word and the initials of the others ("Hollow Star" → "Hollow S"), cut to ``LABEL_LEN``."""
    if len(name) <= LABEL_LEN:
        return name
    first, *others = name.split()
    return (first + (" " + "".join(word[0] for word in others) if others else ""))[:LABEL_LEN]


def legend() -> Text:
    """The map's symbols, each side's name written in its own colour."""
    text = Text(
        f"{CAPITAL_GLYPH} capital  {TYPE_GLYPH[SystemType.PRIMARY]} type 1  "
        f"{TYPE_GLYPH[SystemType.SECONDARY]} type 2  {TYPE_GLYPH[SystemType.TERTIARY]} type 3  "
        "? unexplored route  counters: units per side  "
    )
    for side, label in ((Side.ASLAN, "A Aslan (gold)"), (Side.SOLOMANI, "S Solomani (blue)"),
                        (Side.NEUTRAL, "n neutral")):
        text.append(label, SIDE_STYLE[side])
        text.append("  ")
    text.append("red underline: cut off", CUT_OFF_STYLE)
    return text
