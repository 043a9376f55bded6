"""The footer names only keys that do what it says (found by use, December 7, evening).

The footer is the screen's promise of what a key does now. Two places broke it: the key help
(F1) kept the campaign screen's footer under it ("o Order m Move e Form u Undo q Close"), keys
the help ignores; and in the map's destination list, where letters find a system, the footer
went on naming the single keys the list types into its filter (``o`` typed "o", not the order
line)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.command import CommandPalette
from textual.geometry import Region
from textual.widgets._footer import FooterKey

from campaign.app import CampaignService
from campaign.tui.screens.help import HelpScreen
from campaign.tui.screens.launcher import LauncherScreen
from tests.tui.pilot_helpers import (
    app_for,
    campaign_shown,
    screen_lines,
    screen_of,
    screen_on_top,
)
from tests.waiting import until

BOTTOM = Region(0, 23, 80, 1)


def footer(app) -> str:
    """The bottom row of an 80x24 screen: the footer."""
    return screen_lines(app, BOTTOM)[0]


def test_the_help_footer_names_the_help_keys(service: CampaignService, no_keymap: Path):
    """DN-ERR-1: under F1's key list the footer named the campaign screen's keys, which do
    nothing there; it names the help's own key (Esc closes) now, and on the launcher too."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            app = pilot.app
            await pilot.press("f1")
            await until(pilot, lambda: screen_on_top(app, HelpScreen), "the help")
            await until(pilot, lambda: "Close help" in footer(app), "the help's footer")
            assert "Order" not in footer(app) and "Move" not in footer(app), footer(app)
            await pilot.press("escape")
            await until(pilot, lambda: not screen_on_top(app, HelpScreen), "help closed")
            await until(pilot, lambda: "Move" in footer(app), "the campaign's footer again")

    asyncio.run(scenario())


def test_the_launcher_help_footer_names_the_help_keys(service: CampaignService, no_keymap: Path):
    """DN-ERR-1: the launcher's help showed the launcher's footer ("n New campaign x Delete")
    under it."""

    async def scenario() -> None:
        app = app_for(service, no_keymap, None)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: screen_on_top(app, LauncherScreen), "the launcher")
            await pilot.press("f1")
            await until(pilot, lambda: screen_on_top(app, HelpScreen), "the help")
            await until(pilot, lambda: "Close help" in footer(app), "the help's footer")
            assert "New campaign" not in footer(app), footer(app)

    asyncio.run(scenario())


def test_the_destination_list_footer_names_no_key_it_types(
    service: CampaignService, no_keymap: Path
):
    """DN-MOV-2: in the destination list letters find a system, so ``o`` ``m`` ``e`` ``u``
    ``q`` are typed there; the footer named them as Order, Move, Form, Undo and Close. It
    names none of them while the list has the keys, and all again once Esc leaves it."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            app = pilot.app
            screen = screen_of(pilot)
            await until(pilot, lambda: "Move" in footer(app), "the campaign's footer")
            await pilot.press("m", "enter")
            destinations = screen.query_one("#dest-list")
            await until(pilot, lambda: destinations.has_focus, "the destinations focused")
            await until(pilot, lambda: "Move" not in footer(app), "the list's footer")
            for word in ("Order", "Form", "Undo", "Close"):
                assert word not in footer(app), footer(app)
            assert "Help" in footer(app), footer(app)
            await pilot.press("o")  # typed into the filter, as the footer now lets it be
            await until(pilot, lambda: destinations.typed == "o", "o typed in the list")
            await pilot.press("escape")
            await until(pilot, lambda: not destinations.has_focus, "the list left")
            await until(pilot, lambda: "Move" in footer(app), "the screen's keys again")

    asyncio.run(scenario())


def test_the_command_palette_footer_names_its_own_key(service: CampaignService, no_keymap: Path):
    """DN-ERR-1: under the command palette (Ctrl+P) the footer named the campaign screen's
    keys ("o Order m Move …"), which the palette types into its search; it names the
    palette's own key (Esc closes it) now, and the screen's keys again once it is closed."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            app = pilot.app
            await until(pilot, lambda: "Move" in footer(app), "the campaign's footer")
            await pilot.press("ctrl+p")
            await until(pilot, lambda: screen_on_top(app, CommandPalette), "the palette")
            await until(pilot, lambda: "esc" in footer(app), "the palette's footer")
            assert "Order" not in footer(app) and "Move" not in footer(app), footer(app)
            await pilot.press("escape")
            await until(pilot, lambda: not screen_on_top(app, CommandPalette), "closed")
            await until(pilot, lambda: "Move" in footer(app), "the campaign's footer again")
            # the palette's "Theme" opens Textual's theme chooser, a palette of its own
            await pilot.press("ctrl+p", *"theme")
            await until(pilot, lambda: screen_on_top(app, CommandPalette), "the palette")
            first = app.screen
            await pilot.press("enter")
            await until(
                pilot,
                lambda: screen_on_top(app, CommandPalette) and app.screen is not first,
                "the theme chooser",
            )
            await until(pilot, lambda: "esc" in footer(app), "the theme chooser's footer")
            assert "Move" not in footer(app), footer(app)

    asyncio.run(scenario())


def footer_row(app) -> str:
    """The bottom row of the screen, whatever its width: the footer."""
    width, height = app.size
    return screen_lines(app, Region(0, height - 1, width, 1))[0]


def shown_keys(app) -> list[str]:
    """The descriptions of the footer keys drawn (not hidden), palette key included."""
    return [key.description for key in app.screen.query(FooterKey) if key.display]


def test_a_narrow_footer_shows_whole_keys_only(service: CampaignService, no_keymap: Path):
    """DN-ERR-1: at 43 columns the palette key was drawn over ``q Close`` and ``f1 Help``,
    and the last letter of Help showed after it (``u Undo q▏^p Commandsl``). The keys that do
    not fit are hidden whole, the palette key ends at the edge, and a wider terminal shows
    them all again."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(43, 24)) as pilot:
            app = pilot.app
            await until(pilot, lambda: "Commands" in footer_row(app), "the footer")
            await until(pilot, lambda: "Close" not in shown_keys(app), "the keys fitted")
            row = footer_row(app)
            assert row.endswith("▏^p Commands"), row
            assert row.startswith("o Order m Move e Form u Undo "), row
            for description in shown_keys(app):
                assert description in row, (description, row)
            await pilot.resize_terminal(80, 24)
            await until(pilot, lambda: "Help" in shown_keys(app), "every key shown again")
            await until(pilot, lambda: "f1 Help" in footer_row(app), "Help drawn")
            assert "q Close" in footer_row(app), footer_row(app)

    asyncio.run(scenario())
