"""Draw the assembled star map as coloured text: systems at their hex positions, jump routes as
lines, controllers' colours, stack markers, the selection, legal destinations and (as an overlay)
which boxes are connected to their capital.

Pure drawing (no Textual): ``render_map`` returns a Rich ``Text`` so it can be tested and reused.
Geometry: odd-q offset hexes (odd columns half a hex lower, docs/data-formats.md). Each hex column
is ``CELL_W`` characters wide and each row ``CELL_H`` lines tall; a system is drawn as
``<glyph><name>`` centred on its hex, routes as dotted lines between centres (unexplored routes
with ``?`` marks), highlighted routes in bold.

Three lines per hex row leave every third text line free of names (even columns' names on
``3r+1``, odd columns' on ``3r+2``): a system's stack counter goes on the free line beside its
own name (above an even column's, below an odd column's), so no counter ever stands on the line
of another system's name (issue 44 item 2: with two lines per row, Marrow's ``S1`` stood on
Redoubt's line and was read as Redoubt's).
"""

from __future__ import annotations

from msgspec import Struct, field
from rich.style import Style
from rich.text import Text

from campaign.app import StarMap, StarSystem
from campaign.rules.ids import Side, SystemType
from campaign.tui.widgets.map_palette import DEFAULT_PALETTE, MapPalette

#: Five characters per hex column: the standard map (24 columns) is 125 wide, so it fits beside
#: the side panel at 160 columns. Systems on one text line are two columns (10 characters) apart.
#: Three lines per hex row: one line in three holds no name, for the counters (module docstring).
CELL_W = 5
CELL_H = 3
#: Longest name drawn after the glyph; longer names keep the first word and initials.
LABEL_LEN = 8

SIDE_LETTER = {Side.ASLAN: "A", Side.SOLOMANI: "S", Side.NEUTRAL: "n"}
TYPE_GLYPH = {SystemType.PRIMARY: "●", SystemType.SECONDARY: "○", SystemType.TERTIARY: "·"}
CAPITAL_GLYPH = "★"
#: The side styles of the default (dark) theme; the map tab draws with the theme's palette.
SIDE_STYLE = DEFAULT_PALETTE.side
DESTINATION_STYLE = DEFAULT_PALETTE.destination


class SystemMarks(Struct, frozen=True):
    """What the map shows on one system besides its geography."""

    controller: Side | None = None
    stacks: dict[Side, int] = field(default_factory=dict)  # stacks (or units) per side in hex+box
    connected: bool | None = None  # overlay: the controller's box reaches its capital


class MapView(Struct, frozen=True):
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
    """Width and height in characters needed to draw ``star_map``: down to the counter line
    under the last odd column's names (``rows * CELL_H``), no more — four lines more made the
    standard map scroll at 160x48, hiding Quillon's name above its counter, which then stood
    right above Drossel's (issue 44 item 2)."""
    cols = max(s.hex.col for s in star_map.systems) + 1
    rows = max(s.hex.row for s in star_map.systems) + 1
    return cols * CELL_W + CELL_W, rows * CELL_H + 1


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


class Placed(Struct, frozen=True):
    """Text put on the canvas: its row and first and last column."""

    row: int
    first: int
    last: int


def label_of(system: StarSystem) -> str:
    """What the map writes for ``system``: its glyph and (short) name."""
    glyph = CAPITAL_GLYPH if system.capital else TYPE_GLYPH[system.type]
    return glyph + short_name(system.name)


def counter_text(marks: SystemMarks) -> list[tuple[Side, str]]:
    """The stack counter of a system, one piece per side (``A4``, ``n1``)."""
    return [
        (side, f"{SIDE_LETTER[side]}{count}")
        for side, count in sorted(marks.stacks.items())
        if count
    ]


def layout(star_map: StarMap, view: MapView) -> tuple[dict[str, Placed], dict[str, Placed]]:
    """Where every system label and every stack counter goes: labels centred on their hex,
    counters next to their own label, touching no other text (``TextCells``). A counter with
    no such place is left out (the system panel lists the units)."""
    width, height = canvas_size(star_map)
    labels: dict[str, Placed] = {}
    for system in star_map.systems:
        x, y = hex_centre(system.hex.col, system.hex.row)
        text = label_of(system)
        first = max(0, x - len(text) // 2)
        labels[system.id] = Placed(y, first, min(width, first + len(text)) - 1)
    cells = TextCells(height, width, labels)
    counters: dict[str, Placed] = {}
    for system in star_map.systems:
        pieces = counter_text(view.marks.get(system.id, SystemMarks()))
        if not pieces:
            continue
        size = sum(len(text) for _, text in pieces) + len(pieces) - 1
        x, _ = hex_centre(system.hex.col, system.hex.row)
        place = cells.place(size, system.id, x)
        if place is not None:
            counters[system.id] = place
    return labels, counters


def render_map(
    star_map: StarMap, view: MapView | None = None, palette: MapPalette = DEFAULT_PALETTE
) -> Text:
    """The map as styled text, in ``palette``'s colours."""
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
        style = (
            palette.route_highlight
            if highlighted
            else palette.unexplored
            if unexplored
            else palette.route
        )
        if frozenset((route.a, route.b)) in path_legs:
            style = palette.path
        points = _line(x0, y0, x1, y1)
        for index in range(1, len(points) - 1):
            (px, py), (x, y) = points[index - 1], points[index]
            chars[y][x] = "?" if unexplored and index % 3 == 1 else _step_char(x - px, y - py)
            styles[y][x] = style

    labels, counters = layout(star_map, view)
    for system in star_map.systems:
        marks = view.marks.get(system.id, SystemMarks())
        style = palette.side[marks.controller] if marks.controller else palette.label
        if view.show_connections and marks.connected is False:
            style = style + palette.cut_off
        if system.id in view.destinations:
            style = palette.destination
        if system.id == view.selected:
            style = style + palette.selected
        placed = labels[system.id]
        for column, char in enumerate(
            label_of(system)[: placed.last - placed.first + 1], placed.first
        ):
            chars[placed.row][column] = char
            styles[placed.row][column] = style
        spot = counters.get(system.id)
        if spot is None:
            continue
        column = spot.first
        for side, text in counter_text(marks):  # each side's counter in its colour
            for char in text:
                chars[spot.row][column] = char
                styles[spot.row][column] = palette.side[side]
                column += 1
            if column <= spot.last:
                chars[spot.row][column] = " "  # between two sides' counters
                styles[spot.row][column] = None
            column += 1

    picture = Text(no_wrap=True, overflow="crop")
    for row_chars, row_styles in zip(chars, styles, strict=True):
        start = 0
        for index in range(1, width + 1):  # one span per run of equally styled characters
            if index == width or row_styles[index] != row_styles[start]:
                picture.append("".join(row_chars[start:index]), row_styles[start])
                start = index
        picture.append("\n")
    return picture


class TextCells:
    """The cells of the canvas that hold text (system labels, stack counters), to place each
    counter next to its own label and touching no other text. A counter written right after
    another system's label read as part of that name (``●BulwarkS6`` was Halden's counter,
    issue 31 item 2): a counter goes only where its own label is nearer than any other."""

    def __init__(self, height: int, width: int, labels: dict[str, Placed]) -> None:
        self.width = width
        self.height = height
        self.labels = labels
        self.name_rows = {label.row for label in labels.values()}
        self.rows: list[list[bool]] = [[False] * width for _ in range(height)]
        self.counter_cells: list[list[bool]] = [[False] * width for _ in range(height)]
        for label in labels.values():
            self._take(label.row, label.first, label.last)

    def _take(self, row: int, first: int, last: int) -> None:
        for column in range(first, last + 1):
            self.rows[row][column] = True

    def free(self, row: int, first: int, last: int) -> bool:
        """True when ``first..last`` of ``row`` holds no text, with one blank cell on either
        side before a name and two before another counter (one space between two systems'
        counters read as one counter, ``A12 S3 A12 S3``)."""
        if not 0 <= row < self.height or first < 0 or last >= self.width:
            return False
        near = self.rows[row][max(0, first - 1) : min(self.width, last + 2)]
        counters = self.counter_cells[row][max(0, first - 2) : min(self.width, last + 3)]
        return not any(near) and not any(counters)

    def place(self, size: int, system: str, x: int) -> Placed | None:
        """Where to write ``size`` characters for ``system`` (centred on column ``x``): on the
        line next to its label that holds no name (above or below), else after its label on
        its own line, wherever its own label is the nearest one by a clear margin; ``None``
        when no such place is free. Never on the line of another system's name, where it would
        read as that system's (issue 44 item 2). The place found is taken."""
        label = self.labels[system]
        y, label_last = label.row, label.last
        centred = x - size // 2
        shifts = sorted(range(-LABEL_LEN // 2, LABEL_LEN // 2 + 1), key=abs)
        candidates = [
            (row, centred + shift)
            for row in (y - 1, y + 1)
            if row not in self.name_rows
            for shift in shifts
        ]
        candidates += [(y, label_last + 2)]
        best: tuple[int, int, int] | None = None
        for row, first in candidates:
            last = first + size - 1
            if not self.free(row, first, last):
                continue
            margin = self._margin(system, row, first, last)
            if margin >= CLEAR_MARGIN:
                best = (margin, row, first)
                break
            if margin > 0 and (best is None or margin > best[0]):
                best = (margin, row, first)
        if best is None:
            return None
        _, row, first = best
        self._take(row, first, first + size - 1)
        for column in range(first, first + size):
            self.counter_cells[row][column] = True
        return Placed(row, first, first + size - 1)

    def _margin(self, system: str, row: int, first: int, last: int) -> int:
        """How much nearer ``system``'s label is to the span than any other label."""
        own = label_distance(self.labels[system], row, first, last)
        others = [
            label_distance(label, row, first, last)
            for other, label in self.labels.items()
            if other != system and abs(label.row - row) <= 2
        ]
        return min(others, default=own + CLEAR_MARGIN) - own


#: A counter's own label must be this much nearer than any other (``label_distance``).
CLEAR_MARGIN = 3


def label_distance(label: Placed, row: int, first: int, last: int) -> int:
    """How far the span ``first..last`` of ``row`` is from ``label``, a row counting as two
    columns (a text cell is about twice as tall as it is wide)."""
    gap = max(0, first - label.last, label.first - last)
    return gap + 2 * abs(label.row - row)


def short_name(name: str) -> str:
    """A system name as the map draws it: whole up to ``LABEL_LEN`` characters, else the first
    word and the initials of the others ("Hollow Star" → "Hollow S"), cut to ``LABEL_LEN``."""
    if len(name) <= LABEL_LEN:
        return name
    first, *others = name.split()
    return (first + (" " + "".join(word[0] for word in others) if others else ""))[:LABEL_LEN]


def legend(palette: MapPalette = DEFAULT_PALETTE) -> Text:
    """The map's symbols, each side's name written in its own colour."""
    text = Text(  # one line of the 125 the standard map is wide (two made it scroll at 160x48)
        f"{CAPITAL_GLYPH} capital  {TYPE_GLYPH[SystemType.PRIMARY]}"
        f"{TYPE_GLYPH[SystemType.SECONDARY]}{TYPE_GLYPH[SystemType.TERTIARY]} type 1/2/3  "
        "? unexplored route  units: "
    )
    for side, label in (
        (Side.ASLAN, "A Aslan (orange)"),
        (Side.SOLOMANI, "S Solomani (blue)"),
        (Side.NEUTRAL, "n neutral"),
    ):
        text.append(label, palette.side[side])
        text.append("  ")
    text.append("underlined: cut off", palette.cut_off)
    return text


#: How far from a system's centre a click still selects it (columns; half a label and a row).
CLICK_REACH = 7


def nearest_system(star_map: StarMap, x: int, y: int) -> str | None:
    """The system whose hex centre is nearest to column ``x``, row ``y`` (a row counting as
    two columns), if one is within a label's half width."""
    best: tuple[int, str] | None = None
    for system in star_map.systems:
        cx, cy = hex_centre(system.hex.col, system.hex.row)
        distance = abs(cx - x) + 2 * abs(cy - y)
        if best is None or distance < best[0]:
            best = (distance, system.id)
    return best[1] if best is not None and best[0] <= CLICK_REACH else None
