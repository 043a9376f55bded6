"""The Log tab: one row per order with its event numbers, game turn, what happened and the
dice; a filter; the highlighted entry written out below the table; Enter opens it whole."""

from __future__ import annotations

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import DataTable, Input, Static

from campaign.tui.session import CampaignSession, LogRow
from campaign.tui.widgets.tables import CursorInViewTable


class LogTab(Vertical):
    """The filtered log; ``EntryOpened`` asks the screen to show one entry in full."""

    class EntryOpened(Message):
        """Enter on a row: ``title`` and ``text`` (markup) of the whole entry."""

        def __init__(self, title: str, text: str) -> None:
            super().__init__()
            self.title = title
            self.text = text

    def __init__(self, session: CampaignSession, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self.session = session
        self.shown: list[LogRow] = []  # the rows on screen, in table order

    def compose(self) -> ComposeResult:
        yield Input(placeholder="filter: turn:1 side:aslan type:stack-moved words",
                    id="log-filter", compact=True)
        yield CursorInViewTable(id="log", cursor_type="row", zebra_stripes=True)
        yield Static(id="log-detail")

    def on_mount(self) -> None:
        self.query_one("#log", DataTable).add_columns("#", "turn", "order", "what happened",
                                                      "dice")

    def show(self) -> None:
        """Refill the table with the rows the filter keeps; the cursor on the newest."""
        table = self.query_one("#log", DataTable)
        table.clear()
        query = self.query_one("#log-filter", Input).value
        self.shown = [row for row in self.session.log_rows() if row.matches(query)]
        for row in self.shown:
            told = " · ".join(row.sentences) or ", ".join(row.events)
            table.add_row(row.numbers, str(row.turn), row.order, told, ", ".join(row.rolls))
        if not self.shown:
            self.query_one("#log-detail", Static).update("no order matches the filter")
        # the cursor now (the table scrolls to it once its size is known: CursorInViewTable)
        table.move_cursor(row=table.row_count - 1)

    def entry(self, index: int) -> tuple[str, str] | None:
        """Title and full text (markup) of the row ``index`` on screen."""
        if not 0 <= index < len(self.shown):
            return None
        row = self.shown[index]
        told = "\n".join(escape(line) for line in row.sentences) or ", ".join(row.events)
        dice = f"\n[dim]dice: {escape(', '.join(row.rolls))}[/dim]" if row.rolls else ""
        return f"{row.numbers} {escape(row.order)}", f"{told}{dice}"

    @on(Input.Changed, "#log-filter")
    def _filter_changed(self) -> None:
        self.show()

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
