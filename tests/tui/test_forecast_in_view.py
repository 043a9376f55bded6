"""The Battle tab's forecast comes into view at 80x24 (found by use, December 7, late night).

``f`` wrote the forecast under the battle's lines, below the tab's edge at 80x24: its first
line showed on the tab's last row, the chances of winning and the losses (what ``f`` is for)
were hidden until the tab was scrolled; the loading indicator shown meanwhile was below the
edge too. The tab now scrolls to them; the forecast's lines are wrapped at the tab's width
with their indent, as the battle's are. After the next order the tab stayed scrolled down,
the battle's first line (which battle, round and stage) above its edge: it starts at the top
again."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from campaign.app import CampaignService
from campaign.tui.session import CampaignSession
from campaign.tui.widgets.battle_tab import BattleTab
from tests.tui.pilot_helpers import campaign_shown, screen_lines, screen_of, send, tab_ready
from tests.waiting import until


def fired_at_halden(service: CampaignService) -> None:
    """The demo's battle at Halden after the fire of round 1 (the withdrawal stage: the
    battle's lines fill the Battle tab at 80x24)."""
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


def test_the_forecast_is_on_screen_at_80x24(service: CampaignService, no_keymap: Path):
    """DN-CBT-4 (the forecast of a battle as it stands): at Halden in the withdrawal stage,
    ``f`` shows the forecast's lines on the terminal, each within the tab's width."""
    fired_at_halden(service)

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


def test_the_next_order_shows_the_battle_from_its_first_line(
    service: CampaignService, no_keymap: Path
):
    """DN-CBT-7 (the withdrawal stage, the defender first): after ``f`` scrolled the Battle
    tab to the forecast, the Solomani's ``stay`` shows the battle from its first line (the
    battle, its round and stage), the forecast of the old position gone. At 80x20, where
    the battle's lines alone are taller than the tab."""
    fired_at_halden(service)

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 20)) as pilot:
            screen = screen_of(pilot)
            await pilot.press("4")
            await until(pilot, lambda: tab_ready(screen, "tab-battle"), "the Battle tab")
            tab = screen.query_one(BattleTab)
            await pilot.press("f")
            await until(pilot, lambda: tab.scroll_y > 0, "the tab scrolled to the forecast")
            await send(pilot, "solomani stay b1")
            await until(
                pilot,
                lambda: (
                    "aslan stay b1" in str(screen.query_one("#battle", Static).render())
                    and screen_lines(pilot.app, tab.region)[0].startswith("b1 at Halden  round 1")
                ),
                "the battle from its first line",
            )
            assert tab.max_scroll_y > 0  # the lines are taller than the tab
            assert not str(screen.query_one("#forecast", Static).render())

    asyncio.run(scenario())
