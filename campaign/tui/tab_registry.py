"""The campaign screen's tabs, in one table (issue 48 item 2).

Each tab is one row: its pane id, its name in the strip (after its key), the widget that fills
it, the id that widget carries (the tests and the keymap's users find it by it), the key that
shows it, and what gets the focus when it is shown (a part the widget itself names: the screen
never looks inside a tab's widget by id). A new tab is one new row here and one widget module;
the screen reads nothing else (its key bindings, strip titles, lazy mounting and focus all come
from this table).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec import Struct
from textual.binding import Binding
from textual.widget import Widget

from campaign.tui.widgets.battle_tab import BattleTab
from campaign.tui.widgets.economy_tab import EconomyTab
from campaign.tui.widgets.forces_tab import ForcesTab
from campaign.tui.widgets.log_tab import LogTab
from campaign.tui.widgets.mail_tab import MailTab
from campaign.tui.widgets.map_tab import MapTab

TabWidget = MapTab | ForcesTab | EconomyTab | BattleTab | LogTab | MailTab
#: What gets the focus in a tab's widget: a function of the widget, which names its own parts.
Focus = Callable[[Any], Widget]


def itself(widget: Any) -> Widget:
    """A tab whose widget takes the focus itself (a table, a scrolled text)."""
    focused: Widget = widget
    return focused


class Tab(Struct, frozen=True):
    """One tab of the campaign screen (see the module)."""

    id: str
    name: str
    widget: type[TabWidget]
    key: str
    #: The part of the tab's widget that gets the focus when the tab is shown.
    focus: Focus = itself
    #: The id the tab's widget carries (None: found by its type only).
    widget_id: str | None = None

    @property
    def title(self) -> str:
        """The tab's title in the strip: its key, then its name (``1 Map``)."""
        return f"{self.key} {self.name}"

    def binding(self, index: int) -> Binding:
        """The key that shows the tab (its id is the keymap's name for it)."""
        return Binding(
            self.key,
            f"show_tab({index})",
            self.name,
            show=False,
            id=f"campaign.tab_{self.name.lower()}",
        )


TABS: tuple[Tab, ...] = (
    Tab("tab-map", "Map", MapTab, "1", focus=lambda tab: tab.stack_list),
    Tab("tab-forces", "Forces", ForcesTab, "2", widget_id="forces"),
    Tab("tab-economy", "Economy", EconomyTab, "3", widget_id="economy-scroll"),
    Tab("tab-battle", "Battle", BattleTab, "4", widget_id="battle-scroll"),
    Tab("tab-log", "Log", LogTab, "5", focus=lambda tab: tab.table),
    Tab("tab-mail", "Mail", MailTab, "6", widget_id="mail-scroll"),
)
#: Each tab by its pane id.
BY_ID = {tab.id: tab for tab in TABS}
