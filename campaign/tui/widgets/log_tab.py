"""The Log tab: one row per order with its event numbers, game turn, what happened and the
dice; a filter; the highlighted entry written out below the table; Enter opens it whole."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import DataTable, Input, Static

from campaign.tui.markup import escape
from campaign.tui.session import CampaignSession
from campaign.tui.session_log import LogRow, filter_mistake
from campaign.tui.widgets.tables import CursorInViewTable
from scenarios.type_ahead import TypeAheadInput

#: The filter's hint: clearly a hint, not a filter in force (issue 31 item 7).
FILTER_HINT = "type to filter (all orders shown) — e.g. turn:1 side:aslan type:stack-moved"
#: The longest filter typed.
MAX_FILTER = 100
COLUMNS = ("#", "turn", "order", "dice", "what happened")
#: The widest the order and dice columns get (a 12-jump path took 106 columns).
ORDER_WIDTH = 32
DICE_WIDTH = 12


def column_widths(total: int) -> tuple[int, ...]:
    """Widths of the log's columns in ``total`` columns: event numbers, turn, order (up to
    ``ORDER_WIDTH``), dice values (up to ``DICE_WIDTH``), what happened (the rest, at least
    20). DataTable pads each column by one cell on either side."""
    room = max(60, total - 4) - 2 * len(COLUMNS)
    numbers, turn = 7, 4
    order = min(ORDER_WIDTH, max(16, room // 4))
    dice = min(DICE_WIDTH, max(5, room // 10))
    told = max(20, room - numbers - turn - order - dice)
    return numbers, turn, order, dice, told


def dice_values(rolls: tuple[str, ...]) -> str:
    """The values of an order's dice (``3 5 1``): their purposes are in the entry below."""
    return " ".join(roll.rpartition("=")[2] for roll in rolls)


def cut(text: str, width: int) -> str:
    """``text`` on one line of at most ``width`` characters (``…`` where cut)."""
    line = " ".join(text.split())
    return line if len(line) <= width else line[: width - 1] + "…"


class LogTab(Vertical):
    """The filtered log; ``EntryOpened`` asks the screen to show one entry in full."""

    class EntryOpened(Message):
        """Enter on a row: ``title`` and ``text`` (markup) of the whole entry."""

        def __init__(self, title: str, text: str) -> None:
            super().__init__()
            self.title = title
            self.text = text

    def __init__(
        self,
        session: CampaignSession,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.session = session
        self.shown: list[LogRow] = []  # the rows on screen, in table order
        self._widths: tuple[int, ...] = ()  # the columns' widths now

    def compose(self) -> ComposeResult:
        yield TypeAheadInput(
            placeholder=FILTER_HINT, id="log-filter", compact=True, max_length=MAX_FILTER
        )
        yield CursorInViewTable(id="log", cursor_type="row", zebra_stripes=True)
        yield Static(id="log-detail")

    @property
    def table(self) -> DataTable[Text]:
        """The log's table (the focus when the tab is shown)."""
        return self.query_one("#log", DataTable)

    @property
    def filter_input(self) -> Input:
        """The filter line (``/`` puts the cursor there)."""
        return self.query_one("#log-filter", Input)

    def show(self) -> None:
        """Refill the table with the rows the filter keeps; the cursor on the newest. The
        columns share the width: the order and the dice are cut to their share (the whole
        entry is below the table and behind Enter), what happened takes the rest."""
        query = self.filter_input.value
        rows = [row for row in self.session.log_rows() if row.matches(query)]
        kept = len(self.shown)
        if (
            self.shown
            and rows[:kept] == self.shown
            and self.table.row_count == kept
            and self._widths == self._column_widths()
        ):
            # the same rows and more (orders given since: the live table): the new ones are
            # added below, the table is not made again
            if len(rows) > kept:
                self.shown = rows
                self._add_rows(rows[kept:])
                self.table.move_cursor(row=self.table.row_count - 1)
            return
        self.shown = rows
        self._fill()

    def _column_widths(self) -> tuple[int, ...]:
        return column_widths(self.size.width or self.screen.size.width)

    def _fill(self) -> None:
        table = self.table
        widths = self._column_widths()
        self._widths = widths
        table.clear(columns=True)
        for label, width in zip(COLUMNS, widths, strict=True):
            table.add_column(label, width=width, key=label)
        self._add_rows(self.shown)
        if not self.shown:
            mistake = filter_mistake(self.filter_input.value)
            self.query_one("#log-detail", Static).update(
                "no order matches the filter"
                + (f" ({escape(mistake)})" if mistake else "")
                + "; Ctrl+U in the filter (/) clears it"
            )
        # the cursor now (the table scrolls to it once its size is known: CursorInViewTable)
        table.move_cursor(row=table.row_count - 1)

    def _add_rows(self, rows: list[LogRow]) -> None:
        """One row per order, each cell plain text: a ``str`` cell is read as markup, and a
        referee's reason "[fix] count" showed as "( count)" (found by use)."""
        for row in rows:
            told = " · ".join(row.sentences) or ", ".join(row.events)
            cells = (row.numbers, str(row.turn), row.order, dice_values(row.rolls), told)
            self.table.add_row(
                *(Text(cut(cell, width)) for cell, width in zip(cells, self._widths, strict=True))
            )

    def entry(self, index: int) -> tuple[str, str] | None:
        """Title and full text (markup) of the row ``index`` on screen."""
        if not 0 <= index < len(self.shown):
            return None
        row = self.shown[index]
        told = "\n".join(escape(line) for line in row.sentences) or ", ".join(row.events)
        dice = f"\n[dim]dice: {escape(', '.join(row.rolls))}[/dim]" if row.rolls else ""
        return f"{row.numbers} {escape(row.order)}", f"{told}{dice}"

    def on_resize(self) -> None:
        """The columns' shares follow the width of the tab."""
        if self.size.width and column_widths(self.size.width) != self._widths:
            self._fill()

    @on(Input.Changed, "#log-filter")
    def _filter_changed(self) -> None:
        self.show()

    @on(Input.Submitted, "#log-filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        """Enter in the filter: the cursor goes to the rows it keeps, the filter stays (found
        by use: Enter did nothing, and the ``2`` typed next went into the filter)."""
        event.stop()
        self.table.focus()

    @on(DataTable.RowHighlighted, "#log")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The highlighted order below the table (the columns cut long sentences); the detail
        keeps one height, so the table does not shrink under its cursor."""
        entry = self.entry(event.cursor_row)
        if entry is None:
            return
        title, text = entry
        lines = text.splitlines()
        shown = "\n".join(lines[:2])
        if len(lines) > 2 or len(text) > 2 * max(20, self.screen.size.width - 4):
            shown += "\n[dim]… Enter: the whole entry[/dim]"
        self.query_one("#log-detail", Static).update(f"[b]{title}[/b]\n{shown}")

    @on(DataTable.RowSelected, "#log")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a row: the whole entry, every sentence and die, in a window."""
        entry = self.entry(event.cursor_row)
        if entry is not None:
            self.post_message(self.EntryOpened(*entry))
