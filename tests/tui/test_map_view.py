"""The map as people read it (issue 17 item 12): whole system names, the whole standard map at
160 columns, side colours that match the legend, on the stack counters and in the forces table."""

from __future__ import annotations

import asyncio
from pathlib import Path

from rich.text import Text
from textual.containers import ScrollableContainer
from textual.widgets import DataTable

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.tui.session import CampaignSession
from campaign.tui.widgets.map_render import SIDE_STYLE, legend, render_map, short_name
from tests.tui.pilot_helpers import campaign_shown, screen_of, tab_ready
from tests.waiting import until


def _style_at(text: Text, word: str):
    """The style of the first character of ``word`` in ``text``."""
    start = text.plain.index(word)
    styles = [span.style for span in text.spans if span.start <= start < span.end]
    return styles[-1] if styles else None


def test_system_names_are_whole_or_clearly_shortened(service: CampaignService):
    """DN-MAP-4: names were cut to five letters ("Hlirakh" → "Hlira", "Keystone" → "Keyst")."""
    session = CampaignSession(service, "demo")
    plain = render_map(session.ruleset.star_map).plain
    for system in session.ruleset.star_map.systems:
        assert short_name(system.name) in plain, system.name
    for name in ("Hlirakh", "Keystone", "Concord", "Vantage", "Corredor"):
        assert name in plain
    assert short_name("Hollow Star") == "Hollow S"


def test_legend_and_counters_use_the_side_colours(service: CampaignService):
    """The legend said "blue Solomani" over a violet colour and every counter was cyan: the
    legend's side names and each side's counters are drawn in that side's map colour."""
    shown = legend()
    assert _style_at(shown, "Aslan") == SIDE_STYLE[Side.ASLAN]
    assert _style_at(shown, "Solomani") == SIDE_STYLE[Side.SOLOMANI]
    assert SIDE_STYLE[Side.SOLOMANI].color.name != "bright_blue"  # drawn violet by many themes
    session = CampaignSession(service, "full")
    text = render_map(session.ruleset.star_map, session.map_view())
    counters = {side: [] for side in (Side.ASLAN, Side.SOLOMANI)}
    for span in text.spans:
        piece = text.plain[span.start : span.end]
        for side, letter in ((Side.ASLAN, "A"), (Side.SOLOMANI, "S")):
            if piece[:1] == letter and piece[1:].isdigit():
                counters[side].append(span.style)
    assert counters[Side.ASLAN] and counters[Side.SOLOMANI]
    assert set(counters[Side.ASLAN]) == {SIDE_STYLE[Side.ASLAN]}
    assert set(counters[Side.SOLOMANI]) == {SIDE_STYLE[Side.SOLOMANI]}


def test_whole_map_fits_at_160_columns_and_forces_show_side_colours(
    service: CampaignService, no_keymap: Path
):
    """At 160 columns the east of the map (Concord, Vantage) was off-screen; the forces table
    had no side colours."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(160, 48)) as pilot:
            screen = screen_of(pilot)
            scroller = screen.query_one("#map-scroll", ScrollableContainer)
            await until(  # laid out: before that no scrolling is possible whatever the map
                pilot,
                lambda: scroller.region.width > 0 and scroller.virtual_size.width > 0,
                "the map laid out",
            )
            assert scroller.max_scroll_x == 0, scroller.max_scroll_x
            # issue 44 item 2: nor down — a name scrolled off the top left its counter on
            # screen above another system's name (Quillon's n1 over Drossel)
            assert scroller.max_scroll_y == 0, scroller.max_scroll_y
            await pilot.press("2")
            await until(pilot, lambda: tab_ready(screen, "tab-forces"), "the Forces tab")
            forces = screen.query_one("#forces", DataTable)
            sides = {str(cell): cell for cell in forces.get_column("side")}
            assert sides["aslan"].style == SIDE_STYLE[Side.ASLAN]
            assert sides["solomani"].style == SIDE_STYLE[Side.SOLOMANI]

    asyncio.run(scenario())
