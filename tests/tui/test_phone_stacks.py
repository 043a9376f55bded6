"""The Map tab's stacks on a phone held upright (docs/table.md; found by use, December 7,
night): at a 390-pixel-wide page (43 columns, 26 to 37 rows) the stacks' panel had 17 columns
beside the map, and each stack (``main @ Hlirakh hex (4)``) took three lines, each
destination two. Under ``NARROW`` columns, on a screen tall enough, the panel goes under the
map at the whole width: one line per stack and per destination, with everything a wide
screen's row says; the map keeps the whole width. Wide screens are laid out as before."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import OptionList

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.tui.screens.campaign import NARROW, TALL
from tests.tui.pilot_helpers import campaign_shown, screen_lines, screen_of
from tests.waiting import until


def rows_shown(pilot, list_id: str) -> tuple[list[str], list[str]]:
    """The prompts of list ``list_id`` and the lines the terminal shows in its region."""
    screen = screen_of(pilot)
    options = screen.query_one(list_id, OptionList)
    prompts = [
        str(options.get_option_at_index(index).prompt) for index in range(options.option_count)
    ]
    return prompts, [line.strip() for line in screen_lines(pilot.app, options.region)]


@pytest.mark.parametrize("size", [(43, 37), (43, 26), (60, 40), (80, 24), (160, 48)])
def test_each_stack_and_destination_is_one_whole_line(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """DN-MOV-2 (the stacks a player moves): every stack row, and every destination row the
    list shows, reads whole on one line of the screen, on a phone's page and on wide
    screens alike; on a phone the map keeps the whole width above the panel."""
    width, _height = size

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=size, side=Side.ASLAN) as pilot:
            screen = screen_of(pilot)
            stacks = screen.query_one("#stack-list", OptionList)
            await until(
                pilot,
                lambda: stacks.option_count > 1 and stacks.region.height > 0,
                "the stacks are listed",
            )
            prompts, lines = rows_shown(pilot, "#stack-list")
            shown = min(len(prompts), stacks.region.height)
            assert lines[:shown] == prompts[:shown], (prompts, lines)
            prompts, lines = rows_shown(pilot, "#dest-list")
            assert prompts and lines[0] == prompts[0], (prompts, lines)
            scroll, side = screen.query_one("#map-scroll"), screen.query_one("#map-side")
            assert scroll.region.width > width // 2, (scroll.region, side.region)
            if width < NARROW and size[1] >= TALL:
                assert side.region.y >= scroll.region.bottom, (scroll.region, side.region)
            else:
                assert side.region.x >= scroll.region.right, (scroll.region, side.region)

    asyncio.run(scenario())


def test_the_map_keeps_rows_above_the_panel_on_the_shortest_upright_page(
    service: CampaignService, no_keymap: Path
):
    """docs/table.md: at ``TALL`` rows, the fewest that put the panel under the map, the map
    still shows some rows and the panel its three stacks."""

    async def scenario() -> None:
        async with campaign_shown(
            service, no_keymap, "demo", size=(43, TALL), side=Side.ASLAN
        ) as pilot:
            screen = screen_of(pilot)
            scroll, stacks = screen.query_one("#map-scroll"), screen.query_one("#stack-list")
            await until(pilot, lambda: stacks.region.height > 0, "laid out")
            assert scroll.region.height >= 5 and stacks.region.height >= 3, (
                scroll.region,
                stacks.region,
            )

    asyncio.run(scenario())


@pytest.mark.parametrize("size", [(43, 22), (60, 20), (69, TALL - 1)])
def test_on_a_short_phone_page_each_stack_and_destination_keeps_one_line(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """DN-MOV-2 (found by use, December 7, late night): under ``TALL`` rows and ``NARROW``
    columns the panel stays beside the map (too few rows under it), and there each stack
    took three lines (``main @`` / ``Hlirakh hex`` / ``(4)``) and each destination two, so
    the lists showed one or two of them. Each is one line now, cut with "…" where the panel
    is narrower than it; the map keeps more than half the width."""
    width, _height = size

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=size, side=Side.ASLAN) as pilot:
            screen = screen_of(pilot)
            stacks = screen.query_one("#stack-list", OptionList)
            await until(
                pilot,
                lambda: stacks.option_count > 1 and stacks.region.height > 0,
                "the stacks are listed",
            )
            for list_id in ("#stack-list", "#dest-list"):
                options = screen.query_one(list_id, OptionList)
                assert options.virtual_size.height == options.option_count, list_id
                prompts, lines = rows_shown(pilot, list_id)
                shown = min(len(prompts), options.region.height)
                assert shown >= 2, (list_id, options.region)
                for prompt, line in zip(prompts[:shown], lines[:shown], strict=True):
                    cut = line.removesuffix("…")
                    assert line == prompt or (cut != line and prompt.startswith(cut)), (
                        prompt,
                        line,
                    )
            scroll, side = screen.query_one("#map-scroll"), screen.query_one("#map-side")
            assert scroll.region.width > width // 2, (scroll.region, side.region)
            assert side.region.x >= scroll.region.right, (scroll.region, side.region)

    asyncio.run(scenario())
