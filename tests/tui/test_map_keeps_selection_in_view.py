"""The map brings the selected stack's system into view whatever the pane's size (found by
use, December 7, late night).

The map scrolled to the selection only when it was drawn again, with the pane's size of that
moment: on a phone held upright (43x30) the panel of stacks goes under the map after the
first layout, and the map, centred for the taller pane it had before, showed the selected
stack's Concord one row below its edge; at 160x48 (the whole map on screen) a stack chosen
far from the top left, then the terminal made 80x24, left the map at its top left and the
stack off-screen. The map now keeps the selection in view when its pane changes size too."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.containers import ScrollableContainer
from textual.pilot import Pilot

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.tui.widgets.map_tab import MapTab
from tests.tui.pilot_helpers import campaign_shown, screen_lines, screen_of
from tests.waiting import until


def on_the_map(pilot: Pilot, name: str) -> bool:
    """Whether the map's pane shows ``name`` on the terminal (the side panel not counted)."""
    scroller = screen_of(pilot).query_one("#map-scroll", ScrollableContainer)
    region = scroller.scrollable_content_region
    return region.height > 0 and any(name in line for line in screen_lines(pilot.app, region))


@pytest.fixture
def solomani_reacting(service: CampaignService) -> CampaignService:
    """The demo with the Aslan passed: the Solomani react, their stacks far from the map's top
    left (Concord, Halden, Vantage)."""
    service.order("demo", "aslan pass")
    return service


@pytest.mark.parametrize("size", [(43, 30), (43, 37), (80, 24)])
def test_the_first_stack_is_in_view_when_the_screen_opens(
    solomani_reacting: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """DN-MOV-2 (the stacks a player moves): the screen opens on the first stack, S-B1-1 at
    Concord, and the map shows Concord, on a phone held upright as at 80x24."""

    async def scenario() -> None:
        async with campaign_shown(
            solomani_reacting, no_keymap, "demo", size=size, side=Side.SOLOMANI
        ) as pilot:
            tab = screen_of(pilot).query_one(MapTab)
            await until(pilot, lambda: tab.selected_stack == "S-B1-1", "the first stack")
            await until(pilot, lambda: on_the_map(pilot, "Concord"), "Concord on the map")

    asyncio.run(scenario())


def test_the_selected_stack_stays_in_view_when_the_terminal_shrinks(
    solomani_reacting: CampaignService, no_keymap: Path
):
    """DN-MOV-2: a stack chosen at 160x48 (S-CL-1 at Vantage, the map's east), the terminal
    made 80x24: the map scrolls to Vantage; made large again, the whole map shows."""

    async def scenario() -> None:
        async with campaign_shown(
            solomani_reacting, no_keymap, "demo", size=(160, 48), side=Side.SOLOMANI
        ) as pilot:
            tab = screen_of(pilot).query_one(MapTab)
            await until(pilot, lambda: "S-CL-1" in tab.stack_ids, "the stacks listed")
            tab.stack_list.focus()
            tab.stack_list.highlighted = tab.stack_ids.index("S-CL-1")
            await until(pilot, lambda: tab.selected_stack == "S-CL-1", "S-CL-1 chosen")
            await until(pilot, lambda: on_the_map(pilot, "Vantage"), "Vantage on the map")
            await pilot.resize_terminal(80, 24)
            await until(pilot, lambda: on_the_map(pilot, "Vantage"), "Vantage at 80x24")
            await pilot.resize_terminal(160, 48)
            await until(
                pilot,
                lambda: on_the_map(pilot, "Vantage") and on_the_map(pilot, "Wahtoi"),
                "the whole map at 160x48 again",
            )

    asyncio.run(scenario())
