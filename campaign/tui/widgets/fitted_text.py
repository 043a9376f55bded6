"""Texts of the campaign screen that never lose a part silently at the width of the moment.

**The status line** is at most ``max-height`` rows (3, ``campaign.tcss``) under the order line.
An order's outcome (a head row and the rules core's sentences) or a refusal is often longer
than those rows once wrapped at the terminal's width: the rows below the last were cut off with
no mark (found by use: "A-CL-1 removed, no ground" and the rest of the sentence gone at 80x24).
Here the text is wrapped at the width of the moment (again on every resize); when it needs more
rows than the line has, the last row shown ends with "…" and, for an outcome, with where the
whole text is (``more``: "+2 more lines: 5 shows the log"), kept visible however long the cut
sentence is.

**The phase tracker** has one row per line (turn, RU, who must act). The who-acts line ran past
80 columns and its end, the order awaited, was cut ("… — aslan range" without ``b1``). A line
too long for its row is cut in the middle now: its end after the last " — " (the order) stays
whole, the sentence before it ends with "…".

A word longer than a row (an order's PATH, "hlirakh,ftahr,…,bulwark,redoubt") breaks after
one of its commas (``wrap``): Textual folds it at the row's last cell, mid-name ("bulwar" on
one row, "k,redoubt" on the next; found by use, December 7, evening).

``str()`` of what ``render`` returns is the whole text (a form shows a refusal whole; the tests
read it).
"""

from __future__ import annotations

import re
from abc import abstractmethod

from rich.cells import cell_len
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import Static

from campaign.views.words import plural
from scenarios.changed_text import show_text

#: Rows of the status line when its style sets no ``max-height`` in cells.
ROWS = 3
#: Cells of a cut row's own text kept before what must stay whole (else cut at the end).
KEPT = 12
#: What a line keeps whole after it when it is cut: the order the who-acts line names.
TAIL = " — "


#: The pieces a line may break between: a word up to and with its next comma, with the spaces
#: after it; or a run of spaces.
PIECES = re.compile(r"[^\s,]*,\s*|[^\s,]+\s*|\s+")


def breaks_at_commas(line: Content, width: int) -> bool:
    """Whether ``line`` holds a word with a comma longer than ``width`` cells, which Textual
    would fold mid-name."""
    return any(len(word) > width and "," in word for word in line.plain.split())


def wrap(line: Content, width: int) -> list[Content]:
    """``line`` wrapped at ``width`` cells as Textual wraps it, except that a word longer than
    a row breaks after one of its commas; a piece longer than a row is folded."""
    if not breaks_at_commas(line, width):
        return line.wrap(width) or [line]
    plain = line.plain
    rows: list[Content] = []
    start = 0
    for piece in PIECES.finditer(plain):
        begin = piece.start()
        end = begin + len(piece.group().rstrip())
        if begin > start and cell_len(plain[start:end]) > width:
            rows.append(line[start:begin].rstrip())
            start = begin
    rows.append(line[start:].rstrip())
    folded = (row.fold(width) if row.cell_length > width else [row] for row in rows)
    return [part for parts in folded for part in parts]


class Fitted(Visual):
    """``content`` as drawn at a given width (``fit``), worked out once per width."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self._fitted: tuple[int, Content] | None = None

    def __str__(self) -> str:
        return str(self.content)  # the whole text, never the rows shown

    @abstractmethod
    def _fit(self, width: int) -> Content:
        """What is drawn at ``width``."""

    def fit(self, width: int) -> Content:
        """What is drawn at ``width`` (kept for the next call at that width)."""
        if self._fitted is None or self._fitted[0] != width:
            self._fitted = (width, self._fit(width) if width > 1 else self.content)
        return self._fitted[1]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return self.fit(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.content.get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.fit(width).get_height(rules, width)


def cut(line: Content, width: int, keep: Content | None = None) -> Content:
    """``line`` cut to ``width`` cells ending with "…", then ``keep`` whole when there is
    room for it and ``KEPT`` cells of the line."""
    if keep is None or keep.cell_length > width - 1 - KEPT:
        keep = Content("")
    return line.rstrip().truncate(width - 1 - keep.cell_length) + "…" + keep


class FittedRows(Fitted):
    """``content`` wrapped at the width it is drawn at, cut to ``rows`` rows with a mark."""

    def __init__(self, content: Content, rows: int, more: str) -> None:
        super().__init__(content)
        self.rows = rows
        self.more = more

    def _fit(self, width: int) -> Content:
        """The whole content when it fits in ``rows`` rows, else its first rows, the last
        ending with "…" and the pointer to the rest."""
        lines = self.content.split("\n", allow_blank=True)
        wrapped = [wrap(line, width) for line in lines]
        if sum(len(rows) for rows in wrapped) <= self.rows:
            if any(breaks_at_commas(line, width) for line in lines):
                return Content("\n").join([row for rows in wrapped for row in rows])
            return self.content
        shown = [(index, row) for index, rows in enumerate(wrapped) for row in rows][: self.rows]
        index, last = shown[-1]
        whole = last is wrapped[index][-1]  # the last row shown ends its line
        hidden = len(lines) - index - (1 if whole else 0)
        note = Content.styled(f" ({self._pointer(hidden)})", "dim") if self.more else None
        return Content("\n").join([row for _, row in shown[:-1]] + [cut(last, width, note)])

    def _pointer(self, hidden: int) -> str:
        return f"+{plural(hidden, 'more line')}: {self.more}" if hidden else self.more


class OneRowEach(Fitted):
    """Each line of ``content`` on one row: a longer one cut before its last " — " part (kept
    whole), or at its end, with "…"."""

    def _fit(self, width: int) -> Content:
        rows = []
        for line in self.content.split("\n", allow_blank=True):
            if line.cell_length <= width:
                rows.append(line)
                continue
            at = line.plain.rfind(TAIL)
            rows.append(cut(line[:at], width, line[at:]) if at > 0 else cut(line, width))
        return Content("\n").join(rows)


class StatusLine(Static):
    """The status line (see the module): ``show`` a message, with ``more`` saying where the
    whole of it is when it is cut (an outcome: "5 shows the log")."""

    more: str = ""
    _rows: FittedRows | None = None

    def show(self, message: str, more: str = "") -> None:
        """Show ``message`` (markup); when it does not fit, the last row shown ends with "…"
        and ``more``."""
        if more != self.more:
            self.more = more
            self.update(message)
        else:
            show_text(self, message)

    def render(self) -> Visual:
        visual = self.visual
        if not isinstance(visual, Content):
            return visual
        limit = self.styles.max_height
        rows = int(limit.value) if limit is not None and limit.is_cells else ROWS
        fitted = self._rows
        if (
            fitted is None
            or fitted.content is not visual
            or (fitted.rows, fitted.more) != (rows, self.more)
        ):
            fitted = self._rows = FittedRows(visual, rows, self.more)
        return fitted


class OneRowLines(Static):
    """A text whose every line keeps one row (the phase tracker, see the module)."""

    _rows: OneRowEach | None = None

    def render(self) -> Visual:
        visual = self.visual
        if not isinstance(visual, Content):
            return visual
        if self._rows is None or self._rows.content is not visual:
            self._rows = OneRowEach(visual)
        return self._rows
