"""The palette's "Maximize" (Textual's own command) on the campaign screen (found by use,
December 7, night).

"Maximize" shows the focused part of the screen alone (the tabs, the map's lists): the order
line, the dice field and the status line are hidden. ``o`` then gave the focus to the hidden
order line: the footer went blank but for `f1 Help`, what was typed did not show, and Enter
sent it (a form's order too had its outcome in the hidden status line). A key that moves the
focus out of the maximized part now restores the whole screen first (docs/tui.md, "Footer").
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input

from campaign.app import CampaignService
from tests.tui.pilot_helpers import campaign_shown, screen_of
from tests.waiting import until

SIZES = [(80, 24), (160, 48)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("key", ["o", "d"])
def test_a_key_for_a_hidden_field_restores_the_maximized_screen(
    service: CampaignService, no_keymap: Path, size: tuple[int, int], key: str
):
    """DN-SEQ-2 (docs/tui.md, "Footer"): after "Maximize", ``o`` (the order line) or ``d``
    (the dice field) shows the whole screen again, the field on screen with the focus, so
    what is typed is seen before Enter sends it."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=size) as pilot:
            screen = screen_of(pilot)
            screen.action_maximize()
            await until(pilot, lambda: screen.maximized is not None, "the maximized view")
            await pilot.press(key)
            field = screen.query_one("#order" if key == "o" else "#dice", Input)
            await until(pilot, lambda: field.has_focus, "the field focused")
            await until(pilot, lambda: screen.maximized is None, "the whole screen again")
            await until(pilot, lambda: field.region.height > 0, "the field on screen")
            await pilot.press(*"aslan")
            assert field.value.endswith("aslan")

    asyncio.run(scenario())


def test_moving_within_the_maximized_part_keeps_it(service: CampaignService, no_keymap: Path):
    """DN-SEQ-2: a tab key (``2``) inside the maximized tabs keeps the maximized view."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            screen.action_maximize()
            await until(pilot, lambda: screen.maximized is not None, "the maximized view")
            maximized = screen.maximized
            await pilot.press("2")
            await until(pilot, lambda: screen.query_one("#forces").display, "the Forces tab")
            assert screen.maximized is maximized

    asyncio.run(scenario())


def test_a_focus_heard_after_its_widget_left_is_ignored(service: CampaignService, no_keymap: Path):
    """DN-SEQ-2 (keys typed at once, ADR 0054): ``q n`` typed at once on a campaign opened
    directly ended the program now and then with "NoScreen: node has no screen" (found by use,
    December 7, late night, as a flaky ``test_type_ahead_screens`` run): the app's check for
    a maximized view read the screen of a focused widget that had left its screen by the
    time the focus message came. Such a message is ignored; the app runs on."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            gone = Input()  # a widget on no screen, as a removed one is
            pilot.app.on_descendant_focus(events.DescendantFocus(gone))
            await pilot.press("2")
            screen = screen_of(pilot)
            await until(pilot, lambda: screen.query_one("#forces").display, "the app runs on")

    asyncio.run(scenario())
