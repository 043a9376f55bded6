"""The Forces tab: every unit in play with its printed factors, place, stack and cargo."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import DataTable

from campaign.tui.session import CampaignSession
from campaign.tui.widgets.map_palette import MapPalette, map_palette

#: The columns, those that matter first: at 80 columns the last is cut (found by use, December
#: 7: the cargo was "carg", a transport's load off the screen); the system, which the location
#: names too (``hex:eawyo``), comes last.
FORCE_COLUMNS = ("unit", "side", "type", "factors", "stack", "disr.", "cargo", "location", "system")


def side_style(side: str, palette: MapPalette) -> Style | str:
    """The map's colour of a side named ``side`` (plain text for anything else)."""
    return next((style for known, style in palette.side.items() if known.value == side), "")


class ForcesTab(DataTable):
    """One row per unit; a click on a header (or ``sort_next``) sorts by that column."""

    class Sorted(Message):
        """The table was sorted by ``column`` (a key, not a click on a header)."""

        def __init__(self, column: str) -> None:
            super().__init__()
            self.column = column

    def __init__(
        self,
        session: CampaignSession,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, name=name, id=id, classes=classes)
        self.session = session
        self.sort_column = 0

    def on_mount(self) -> None:
        for label in FORCE_COLUMNS:
            self.add_column(label, key=label)

    def show(self) -> None:
        """Refill the table from the session's campaign, the sides in the theme's colours."""
        self.clear()
        palette = map_palette(self.app.get_css_variables())
        for row in self.session.force_rows():
            cells = {  # by column: their order is FORCE_COLUMNS' alone
                "unit": row.unit_id,
                "side": Text(row.side, style=side_style(row.side, palette)),
                "type": row.code,
                "factors": row.factors,
                "stack": row.stack,
                "disr.": "D" if row.disrupted else "",
                "cargo": row.cargo,
                "location": row.location,
                "system": row.system,
            }
            self.add_row(*(cells[column] for column in FORCE_COLUMNS), key=row.unit_id)

    def sort_next(self) -> None:
        """Sort by the next column (cells may be coloured ``Text``: compared as strings)."""
        self.sort_column = (self.sort_column + 1) % len(FORCE_COLUMNS)
        self.sort(FORCE_COLUMNS[self.sort_column], key=str)
        self.post_message(self.Sorted(FORCE_COLUMNS[self.sort_column]))

    @on(DataTable.HeaderSelected)
    def _header_clicked(self, event: DataTable.HeaderSelected) -> None:
        self.sort(event.column_key, key=str)
