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
from campaign.tui.screens.forms import Confirm
from campaign.tui.widgets.choice_field import ChoiceField
from tests.tui.pilot_helpers import SIZE, app_for, screen_of, send


def test_ctrl_q_asks_when_an_order_is_typed(service: CampaignService, no_keymap: Path):
    """DN-ERR-1 (nothing lost without asking): ``Ctrl+Q`` with a typed order asks; ``n``
    goes back with the order kept; with nothing typed it quits at once."""

    async def scenario() -> None:
        app = app_for(service, no_keymap, "demo")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = screen_of(pilot)
            await pilot.press("o", *"aslan end")
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert isinstance(app.screen, Confirm)
            await pilot.press("n")
            await pilot.pause()
            assert app.screen is screen
            assert screen.query_one("#order", Input).value == "aslan end"
            await pilot.press("ctrl+q")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert app.return_code == 0 and not app.is_running

    asyncio.run(scenario())


def test_ctrl_q_quits_at_once_when_nothing_is_typed(service: CampaignService, no_keymap: Path):
    async def scenario() -> None:
        app = app_for(service, no_keymap, "demo")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(scenario())


def test_the_order_line_stops_at_its_limit_when_typed(service: CampaignService, no_keymap: Path):
    """DN-ERR-1 (bounded input): characters typed past ``MAX_ORDER_CHARS`` are not taken."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            await pilot.pause()
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


def test_the_launcher_shows_which_pane_has_the_keys(service: CampaignService, no_keymap: Path):
    """The focused pane of the launcher has a heavy accent border; Tab moves it."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=SIZE) as pilot:
            await pilot.pause()
            campaigns = pilot.app.screen.query_one("#campaign-pane")
            scenarios = pilot.app.screen.query_one("#scenario-pane")
            assert campaigns.styles.border_top[0] == "heavy"
            assert scenarios.styles.border_top[0] != "heavy"
            await pilot.press("tab")
            await pilot.pause()
            assert scenarios.styles.border_top[0] == "heavy"
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
        async with app_for(service, no_keymap, "mail").run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = screen_of(pilot)
            assert "✓" in await send(pilot, "solomani place-neutral lantern")
            await pilot.press("escape", "x")
            await pilot.pause()
            form = pilot.app.screen
            form.query_one("#field-0", ChoiceField).value = "solomani"
            form.query_one("#field-1", Input).value = str(folder / "t1.txt")
            form.query_one("#form-ok").press()
            await pilot.pause()
            assert pilot.app.screen is screen
            await pilot.pause()  # the tab's Exchanged message reaches the screen
            status = str(screen.query_one("#status-line", Static).render())
            assert str(folder / "t1.txt") in status
            await pilot.press("x")
            await pilot.pause()
            offered = pilot.app.screen.query_one("#field-1", Input).value
            assert offered.startswith(str(folder)), offered
            await pilot.press("escape")

    asyncio.run(scenario())
