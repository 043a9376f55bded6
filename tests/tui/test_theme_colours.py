"""Issue 31 item 8: the map and its text follow the Textual theme. In ``textual-light`` the
neutral names were grey 248 on a background of grey 253 (contrast about 1.1:1): every colour of
the map keeps at least WCAG AA contrast (4.5:1 for names and counters) on the theme's
background, and switching the theme redraws the map in the new palette."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from rich.style import Style as RichStyle
from textual.widgets import Static

from campaign.app import CampaignService
from tests.tui.pilot_helpers import SIZE, app_for, campaign_on_top, screen_of
from tests.waiting import until

THEMES = ["textual-dark", "textual-light", "nord", "gruvbox", "solarized-light"]


def wcag_contrast(one: str, other: str) -> float:
    """The WCAG 2 contrast ratio of two ``#rrggbb`` colours, worked out here on its own."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def colour_of(style) -> str:
    triplet = style.color.get_truecolor()
    return f"#{triplet.red:02x}{triplet.green:02x}{triplet.blue:02x}"


@pytest.mark.parametrize("theme", THEMES)
def test_map_colours_read_on_every_theme(service: CampaignService, no_keymap: Path, theme: str):
    """DN-MAP-4: names, side counters and the cut-off mark read on the theme's background."""

    async def scenario() -> None:
        app = app_for(service, no_keymap, "demo")
        async with app.run_test(size=SIZE) as pilot:
            app.theme = theme
            await pilot.pause()
            from campaign.tui.widgets.map_palette import map_palette

            palette = map_palette(app.get_css_variables())
            background = app.get_css_variables()["background"][:7].lower()
            for style in (palette.label, *palette.side.values(), palette.cut_off):
                assert wcag_contrast(colour_of(style), background) >= 4.5, (theme, style)

    asyncio.run(scenario())


def test_switching_the_theme_redraws_the_map(service: CampaignService, no_keymap: Path):
    """The neutral counters on the map read on the light theme's background once the theme
    changes (grey on near-white before)."""

    async def scenario() -> None:
        app = app_for(service, no_keymap, "demo")
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)

            def neutral_colours() -> set[str]:
                text = screen.query_one("#map", Static).render()
                spans = getattr(text, "spans", None)
                if spans is None:  # Textual's Content
                    spans = text._spans
                plain = str(text)
                return {
                    colour_of(RichStyle.parse(str(span.style)))
                    for span in spans
                    if plain[span.start : span.end].startswith("n")
                    and plain[span.start + 1 : span.end].isdigit()
                }

            await until(pilot, lambda: bool(neutral_colours()), "the map drawn")
            dark = neutral_colours()
            app.theme = "textual-light"
            await until(pilot, lambda: neutral_colours() != dark, "the map redrawn")
            background = app.get_css_variables()["background"][:7].lower()
            drawn = neutral_colours()
            assert drawn and all(wcag_contrast(c, background) >= 4.5 for c in drawn), drawn

    asyncio.run(scenario())
