"""The Battle tab's forecast comes into view at 80x24 (found by use, December 7, late night).

``f`` wrote the forecast under the battle's lines, below the tab's edge at 80x24: its first
line showed on the tab's last row, the chances of winning and the losses (what ``f`` is for)
were hidden until the tab was scrolled; the loading indicator shown meanwhile was below the
edge too. The tab now scrolls to them; the forecast's lines are wrapped at the tab's width
with their indent, as the battle's are."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from campaign.app import CampaignService
from campaign.tui.session import CampaignSession
from campaign.tui.widgets.battle_tab import BattleTab
from tests.tui.pilot_helpers import campaign_shown, screen_lines, screen_of, tab_ready
from tests.waiting import until


def test_the_forecast_is_on_screen_at_80x24(service: CampaignService, no_keymap: Path):
    """DN-CBT-4 (the forecast of a battle as it stands): at Halden after the fire of round 1
    (the withdrawal stage: the battle's lines fill the tab), ``f`` shows the forecast's
    lines on the terminal, each within the tab's width."""
    session = CampaignSession(service, "demo")
    session.order(session.move_order("main", "halden"))
    for order in (
        "aslan end-phase",
        "aslan range b1",
        "solomani choose-range b1 short",
        "solomani target b1 S-CA-1",
        "aslan target b1 A-B1-1",
        "solomani target b1 S-CA-2",
        "aslan target b1 A-B2-1",
        "solomani target b1 S-TR-2",
        "aslan target b1 A-TR-1",
        "aslan target b1 A-AO-1 1",
        "aslan fire b1",
    ):
        session.order(order)

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            await pilot.press("4")
            await until(pilot, lambda: tab_ready(screen, "tab-battle"), "the Battle tab")
            tab = screen.query_one(BattleTab)
            assert tab.max_scroll_y == 0 or tab.scroll_y == 0
            await pilot.press("f")
            forecast = screen.query_one("#forecast", Static)
            await until(pilot, lambda: "rounds" in str(forecast.render()), "the forecast")

            def on_screen() -> list[str]:
                return screen_lines(pilot.app, tab.region)

            await until(
                pilot,
                lambda: (
                    any("wins" in line for line in on_screen())
                    and any("rounds" in line for line in on_screen())
                ),
                "the forecast's lines on the terminal",
            )
            for line in str(forecast.render()).splitlines():
                assert len(line) < tab.region.width, line

    asyncio.run(scenario())
