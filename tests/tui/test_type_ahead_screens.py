"""Keys typed ahead across a change of screen go to the screen the key before them opened or
went back to (found by use, December 7; ADR 0054 addendum "keys typed ahead across a change of
screen"; ``campaign.tui.settle``).

Each burst is posted to the app's queue back to back (``post_at_once``: ``Pilot.press`` minus
its waits between keys), as a terminal delivers keys sent in one write (``tmux send-keys Enter
q``): the app takes them one after another before the screen the first one opens is on top.
``Pilot.press("enter", "q")`` waits for the app to go idle between the keys, so it never shows
the defect. Each test then waits for a condition (the screen on top, the tab shown), never for
a time, and checks what the same keys typed slowly do."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, ListView, TabbedContent

from campaign.app import CampaignService
from campaign.tui.screens.campaign import CampaignScreen
from campaign.tui.screens.forms import NewCampaignForm, OrderForm
from campaign.tui.screens.launcher import LauncherScreen
from scenarios.imperium_shogi.screen import ShogiScreen
from tests.tui.pilot_helpers import app_for, post_at_once, screen_on_top
from tests.waiting import until

SIZES = [(80, 24), (160, 48)]


async def focus_scenario_list(pilot: Pilot) -> ListView:
    """From the launcher, the scenario list focused on its first game (Imperium Shogi)."""
    await until(pilot, lambda: screen_on_top(pilot.app, LauncherScreen, focused=True), "launcher")
    scenarios = pilot.app.screen.query_one("#scenario-list", ListView)
    await pilot.press("tab")
    await until(pilot, lambda: scenarios.has_focus, "the scenario list focused")
    return scenarios


def screens_shown(pilot: Pilot) -> list[object]:
    """The screens brought on top from now on, in order (a screen a burst opens and closes
    again may never be on top when the test looks)."""
    shown: list[object] = []
    pilot.app.screen_change_signal.subscribe(pilot.app, shown.append)
    return shown


async def back_on(pilot: Pilot, launcher: LauncherScreen) -> None:
    """Wait until the launcher is on top again and focused; fail if the app quit instead."""
    app = pilot.app
    await until(
        pilot,
        lambda: not app.is_running or (app.screen is launcher and launcher.focused is not None),
        "back on the launcher",
    )
    assert app.is_running, "the app quit"


def test_q_typed_right_after_enter_on_a_game_leaves_the_game_not_the_app(
    service: CampaignService, no_keymap: Path
):
    """Found by use under tmux at 80x24: on the launcher's scenario list, ``Enter q`` sent in
    one write quit the whole app. The ``q`` was handed to the launcher (whose ``q`` quits)
    before the Imperium Shogi screen the Enter opens was on top: the Enter's ``ListView.Selected``
    was on its way up to the launcher, taken out of a widget's queue by Textual's look-ahead for
    messages to combine, where the hold's "nothing queued" did not see it. Now ``q`` goes to the
    game, which goes back to the launcher, as when typed slowly; ``Enter Tab q`` too."""

    async def scenario(size: tuple[int, int], keys: list[str]) -> None:
        async with app_for(service, no_keymap, None).run_test(size=size) as pilot:
            await focus_scenario_list(pilot)
            launcher = pilot.app.screen
            assert isinstance(launcher, LauncherScreen)
            shown = screens_shown(pilot)
            post_at_once(pilot.app, keys)
            await until(
                pilot,
                lambda: any(isinstance(s, ShogiScreen) for s in shown) or not pilot.app.is_running,
                "the game",
            )
            await back_on(pilot, launcher)
            assert isinstance(launcher.focused, ListView)

    for size in SIZES:
        asyncio.run(scenario(size, ["enter", "q"]))
    asyncio.run(scenario((80, 24), ["enter", "tab", "q"]))


def test_keys_typed_right_after_enter_on_a_campaign_go_to_the_campaign_screen(
    service: CampaignService, no_keymap: Path
):
    """Found with the defect above: on the launcher's campaign table, ``Enter 2`` typed at once
    opened the campaign on the map (the ``2`` that shows the Forces tab was handed to the
    launcher), and ``Enter q`` quit the app instead of closing the campaign again."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=(80, 24)) as pilot:
            await until(
                pilot, lambda: screen_on_top(pilot.app, LauncherScreen, focused=True), "launcher"
            )
            launcher = pilot.app.screen
            assert isinstance(launcher, LauncherScreen)
            assert isinstance(launcher.focused, DataTable)
            post_at_once(pilot.app, ["enter", "2"])
            await until(
                pilot, lambda: screen_on_top(pilot.app, CampaignScreen, focused=True), "campaign"
            )
            tabs = pilot.app.screen.query_one("#tabs", TabbedContent)
            await until(pilot, lambda: tabs.active == "tab-forces", "the Forces tab")
            await pilot.press("q")
            await back_on(pilot, launcher)
            shown = screens_shown(pilot)
            post_at_once(pilot.app, ["enter", "q"])
            await until(
                pilot,
                lambda: (
                    any(isinstance(s, CampaignScreen) for s in shown) or not pilot.app.is_running
                ),
                "the campaign opened",
            )
            await back_on(pilot, launcher)

    asyncio.run(scenario())


def test_keys_typed_right_after_leaving_a_screen_go_to_the_screen_below(
    service: CampaignService, no_keymap: Path
):
    """Found with the defect above: ``q n`` typed at once on a campaign opened directly
    (``campaign tui demo``) closed it for the launcher, but the ``n`` was lost instead of
    opening the new-campaign dialog; ``e Escape 2`` closed the order form but the ``2`` did
    not show the Forces tab."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=(80, 24)) as pilot:
            await until(
                pilot, lambda: screen_on_top(pilot.app, CampaignScreen, focused=True), "campaign"
            )
            campaign = pilot.app.screen
            post_at_once(pilot.app, ["e", "escape", "2"])
            tabs = campaign.query_one("#tabs", TabbedContent)
            await until(pilot, lambda: tabs.active == "tab-forces", "the Forces tab")
            assert pilot.app.screen is campaign
            post_at_once(pilot.app, ["q", "n"])
            await until(
                pilot, lambda: screen_on_top(pilot.app, NewCampaignForm, focused=True), "dialog"
            )
            assert isinstance(pilot.app.screen_stack[-2], LauncherScreen)
            assert isinstance(pilot.app.focused, Input)

    asyncio.run(scenario())


def test_letters_typed_right_after_a_key_that_opens_a_form_go_into_it(
    service: CampaignService, no_keymap: Path
):
    """The same hold with a form pushed over the campaign screen: ``e`` and the stack's name
    typed at once put the name in the form's first field (the existing safe-input rule, here
    checked across the push that the fix above now also waits for)."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=(80, 24)) as pilot:
            await until(
                pilot, lambda: screen_on_top(pilot.app, CampaignScreen, focused=True), "campaign"
            )
            post_at_once(pilot.app, ["e", *"main"])
            await until(pilot, lambda: screen_on_top(pilot.app, OrderForm, focused=True), "form")
            field = pilot.app.focused
            assert isinstance(field, Input)
            await until(pilot, lambda: field.value == "main", "the name typed in the form")

    asyncio.run(scenario())
