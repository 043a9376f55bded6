"""Issue 31 item 12: ``Ctrl+Q`` asks when a typed order would be lost, as ``q`` does; the
launcher shows which pane has the keys; turn files go to the folder chosen last (remembered)
and messages name them in full; the order line takes at most ``MAX_ORDER_CHARS`` characters
typed as well as pasted (a 48 KB paste typed as keystrokes kept the app busy 2 minutes)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input, Static

from campaign.app import CampaignService
from campaign.rules.notation import MAX_ORDER_CHARS
from campaign.tui.screens.forms import Confirm, OrderForm
from campaign.tui.widgets.choice_field import ChoiceField
from tests.tui.pilot_helpers import (
    SIZE,
    app_for,
    campaign_on_top,
    campaign_shown,
    export_recording_the_side,
    screen_of,
    send,
)
from tests.waiting import until


def test_ctrl_q_asks_when_an_order_is_typed(service: CampaignService, no_keymap: Path):
    """DN-ERR-1 (nothing lost without asking): ``Ctrl+Q`` with a typed order asks; ``n``
    goes back with the order kept; with nothing typed it quits at once."""

    async def scenario() -> None:
        app = app_for(service, no_keymap, "demo")
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            await pilot.press("o", *"aslan end")
            await pilot.press("ctrl+q")
            await until(pilot, lambda: isinstance(app.screen, Confirm), "the question")
            await pilot.press("n")
            await until(pilot, lambda: app.screen is screen, "the question answered")
            assert screen.query_one("#order", Input).value == "aslan end"
            await pilot.press("ctrl+q")
            await until(pilot, lambda: isinstance(app.screen, Confirm), "the question again")
            await pilot.press("y")
            await until(pilot, lambda: not app.is_running, "the app ends")
            assert app.return_code == 0

    asyncio.run(scenario())


def test_ctrl_q_quits_at_once_when_nothing_is_typed(service: CampaignService, no_keymap: Path):
    async def scenario() -> None:
        app = app_for(service, no_keymap, "demo")
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            await pilot.press("ctrl+q")
            await until(pilot, lambda: not app.is_running, "the app ends")

    asyncio.run(scenario())


def test_the_order_line_stops_at_its_limit_when_typed(service: CampaignService, no_keymap: Path):
    """DN-ERR-1 (bounded input): characters typed past ``MAX_ORDER_CHARS`` are not taken."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            order = screen.query_one("#order", Input)
            await pilot.press("o")
            order.value = "a" * (MAX_ORDER_CHARS - 3)
            order.cursor_position = len(order.value)
            await pilot.press(*"bcdefgh")
            await pilot.pause()
            assert len(order.value) == MAX_ORDER_CHARS
            assert order.value.endswith("bcd")

    asyncio.run(scenario())


def _form_with_path(app) -> bool:
    """An order form on top with its path field (#field-1) composed."""
    return isinstance(app.screen, OrderForm) and bool(app.screen.query("#field-1"))


def test_the_launcher_shows_which_pane_has_the_keys(service: CampaignService, no_keymap: Path):
    """The focused pane of the launcher has a heavy accent border; Tab moves it."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=SIZE) as pilot:
            await pilot.pause()
            campaigns = pilot.app.screen.query_one("#campaign-pane")
            scenarios = pilot.app.screen.query_one("#scenario-pane")
            await until(
                pilot, lambda: campaigns.styles.border_top[0] == "heavy", "the campaigns' border"
            )
            assert scenarios.styles.border_top[0] != "heavy"
            await pilot.press("tab")
            await until(
                pilot, lambda: scenarios.styles.border_top[0] == "heavy", "the scenarios' border"
            )
            assert campaigns.styles.border_top[0] != "heavy"

    asyncio.run(scenario())


def test_turn_files_go_to_the_folder_chosen_last(tmp_path: Path, no_keymap: Path):
    """DN-SET-2 (a turn file mailed): the export form offers the folder of the last turn file
    written, and the status line names the file by its full path."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'mail.db'}")
    service.create("mail", seed=11)
    folder = tmp_path / "turns"
    folder.mkdir()

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "mail", size=SIZE) as pilot:
            screen = screen_of(pilot)
            assert "✓" in await send(pilot, "solomani place-neutral lantern")
            await pilot.press("escape", "x")
            await until(pilot, lambda: _form_with_path(pilot.app), "the export form")
            form = pilot.app.screen
            form.query_one("#field-0", ChoiceField).value = "solomani"
            form.query_one("#field-1", Input).value = str(folder / "t1.txt")
            await export_recording_the_side(pilot, form)
            await until(pilot, lambda: pilot.app.screen is screen, "the form closed")
            status_line = screen.query_one("#status-line", Static)
            await until(  # the tab's Exchanged message reaches the screen
                pilot, lambda: str(folder / "t1.txt") in str(status_line.render()), "the path"
            )
            await pilot.press("x")
            await until(pilot, lambda: _form_with_path(pilot.app), "the export form again")
            offered = pilot.app.screen.query_one("#field-1", Input).value
            assert offered.startswith(str(folder)), offered
            await pilot.press("escape")

    asyncio.run(scenario())
