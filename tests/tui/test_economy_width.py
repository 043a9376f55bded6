"""The Economy tab uses the width it has (found by use, December 7: at 160x48 its sentences
were wrapped at about 80 columns, half the screen left empty). A Pilot test at both sizes;
it failed on the code before the change."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Static

from campaign.app import CampaignService
from campaign.tui.widgets.economy_tab import EconomyTab
from tests.tui.pilot_helpers import campaign_shown, screen_of, tab_ready
from tests.waiting import until


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_the_economy_tab_wraps_at_its_own_width(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """DN-ECO-4 DN-ECO-7: every row of the income and upkeep text fits the tab, and a
    sentence longer than 80 columns stays on one row where the tab is wider (160x48)."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=size) as pilot:
            screen = screen_of(pilot)
            await pilot.press("escape", "3")
            await until(pilot, lambda: tab_ready(screen, "tab-economy"), "the Economy tab")
            tab = screen.query_one(EconomyTab)
            text = screen.query_one("#economy", Static)
            await until(pilot, lambda: "DN-ECO-7" in str(text.render()), "the reports")
            await pilot.pause()
            rows = [row.rstrip() for row in str(text.render()).splitlines()]
            room = tab.region.width - tab.styles.gutter.width - tab.styles.scrollbar_size_vertical
            assert rows and max(map(len, rows)) <= room
            if size[0] == 160:
                assert max(map(len, rows)) > 80, rows

    asyncio.run(scenario())
