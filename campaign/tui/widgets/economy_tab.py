"""The Economy tab: both sides' income reports, treasuries and maintenance lists."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from campaign.rules.ids import PLAYER_SIDES
from campaign.rules.phases import Phase
from campaign.tui.session import CampaignSession
from campaign.tui.views import income_lines, upkeep_lines
from campaign.tui.widgets.wrapped_tab import WrappedTab


class EconomyTab(WrappedTab):
    """The income report of the engine per side (DN-ECO-3/4) and the upkeep (DN-ECO-7),
    wrapped at the tab's width (it wrapped at 76 columns at 160x48 too: found by use)."""

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

    def compose(self) -> ComposeResult:
        yield Static(id="economy")

    def show(self) -> None:
        """Rewrite both sides' reports from the session's campaign: a player's own side first
        (found by use: Solomani's tab opened on a screenful of Aslan's income and upkeep),
        the referee's in the order of the sides."""
        self.redraw()

    def draw(self, width: int) -> None:
        """Write both sides' reports wrapped at ``width``."""
        lines: list[str] = []
        viewer = self.session.viewer
        over = self.session.state.phase is Phase.GAME_OVER  # no next income (DN-VIC-1)
        for side in sorted(PLAYER_SIDES, key=lambda side: side is not viewer):
            lines.extend(income_lines(self.session.income(side), over, width))
            upkeep, note = self.session.upkeep(side), self.session.upkeep_note(side)
            lines.extend(upkeep_lines(upkeep, note, self.session.system_name, width))
            lines.append("")
        self.query_one("#economy", Static).update("\n".join(lines))
