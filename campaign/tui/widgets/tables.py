"""A table whose cursor row stays in view when the table's size or scrollbars change.

Textual's ``DataTable`` scrolls its cursor into view when the cursor moves, with the viewport it
has at that moment. The Log tab moves the cursor to the newest order as soon as the rows are in,
which can be before the layout has settled: when the horizontal scrollbar appears afterwards (the
sentences are wider than the table) the viewport loses a row and the cursor row ends one line
below the visible rows, hidden. How soon the layout settles depends on how busy the machine is,
which made the Log tab's snapshot flaky (issue 32 item 10). This table scrolls its cursor into
view again whenever its size or its scrollbars change, and puts a scrollbar that appears at the
table's scroll position (Textual leaves its thumb where it was while it was hidden).
"""

from __future__ import annotations

from textual import events
from textual.widgets import DataTable


class CursorInViewTable(DataTable):
    """``DataTable`` that keeps its cursor row visible across resizes and scrollbar changes."""

    def on_resize(self, _event: events.Resize) -> None:
        """The viewport changed: bring the cursor back into it once the layout is done."""
        self._keep_cursor_in_view()

    def watch_show_horizontal_scrollbar(self, shown: bool) -> None:
        """A scrollbar took (or gave back) a row of the viewport."""
        if shown:
            self.horizontal_scrollbar.position = self.scroll_x
        self._keep_cursor_in_view()

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        """A scrollbar took (or gave back) a column of the viewport. A scrollbar that appears
        shows where the table is scrolled: Textual moves a scrollbar's thumb only while the
        scrollbar is shown, so a table scrolled to its newest row before its scrollbar appeared
        drew the thumb at the top (the Log snapshot at 80x24 on a busy machine)."""
        if shown:
            self.vertical_scrollbar.position = self.scroll_y
        self._keep_cursor_in_view()

    def _keep_cursor_in_view(self) -> None:
        if self.row_count:
            self.call_after_refresh(self.move_cursor, row=self.cursor_row)
