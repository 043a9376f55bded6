"""Keys per common order (issue 44 item 3; the counts are in docs/tui.md, "Keys per order").

Each test gives an order with the keys a referee presses, counts them, and checks the order
was stored: a jump to a destination named by its first letter, ending the phase, the form's
Enter going on to the next empty field, the palette opening the order's form, the Log filter
reached by ``/`` (letters typed then filter, never run commands), and the dice reason prompt
offering the usual reason."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input

from campaign.app import CampaignService
from campaign.tui.screens.forms import Confirm, OrderForm, TextPrompt
from campaign.tui.widgets.choice_field import ChoiceField
from tests.tui.pilot_helpers import SIZE, app_for, screen_of
from tests.waiting import until


async def press_counted(pilot, *keys: str) -> int:
    """Press ``keys`` one by one (each handled before the next), return how many."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
    return len(keys)


def last_order(service: CampaignService) -> str:
    return service.log("demo")[-1].order_text


def test_a_jump_to_a_destination_named_by_its_first_letter_takes_four_keys(
        service: CampaignService, no_keymap: Path):
    """Issue 44 item 3 (DN-MOV-2): ``m``, Enter, ``k``, Enter jumps the main stack to Khtaoi:
    names beginning with what is typed come first (``k`` put Aokhtel first)."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            await pilot.pause()
            keys = await press_counted(pilot, "m", "enter", "k", "enter")
            assert keys <= 4
            await until(pilot, lambda: last_order(service).startswith("aslan jump main"),
                        "the jump stored")
            assert last_order(service).endswith("khtaoi"), last_order(service)

    asyncio.run(scenario())


def test_end_phase_takes_two_keys(service: CampaignService, no_keymap: Path):
    """Issue 44 item 3 (DN-SEQ-1): ``E`` asks how far the game goes, ``y`` sends (the palette
    took six keys and more)."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            await pilot.pause()
            await press_counted(pilot, "E")
            assert isinstance(pilot.app.screen, Confirm)
            await press_counted(pilot, "y")
            await until(pilot, lambda: last_order(service) == "aslan end-phase",
                        "end-phase stored")

    asyncio.run(scenario())


def test_enter_in_a_form_goes_on_to_the_next_empty_field_then_sends(
        service: CampaignService, no_keymap: Path):
    """Issue 44 item 3: Enter on a filtered match sent the whole form with PATH still empty
    (refused: "PATH is required") and the next key landed in PATH's filter; now Enter
    chooses the match and goes on to PATH, and Enter there sends."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            await pilot.pause()
            await press_counted(pilot, "escape", "e", *"main", "enter")
            form = pilot.app.screen
            assert isinstance(form, OrderForm)
            path = form.query_one("#field-1", ChoiceField)
            assert form.focused in path.query(Input)
            # not sent and refused ("PATH is required"): the choice made, on to the next field
            assert str(form.query_one("#form-error").render()) == ""
            await until(pilot, lambda: path._choices, "PATH's choices for main")
            await press_counted(pilot, "k", "h", "t", "enter")
            await until(pilot, lambda: not isinstance(pilot.app.screen, OrderForm),
                        "the form sent")
            assert last_order(service).startswith("aslan jump main")

    asyncio.run(scenario())


def test_slash_puts_the_cursor_in_the_log_filter(service: CampaignService, no_keymap: Path,
                                                 tmp_path: Path):
    """Issue 44 item 3: the Log filter was reached only by Shift+Tab; letters typed towards it
    ran commands (``p`` wrote a picture, ``c`` toggled an overlay)."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = screen_of(pilot)
            await press_counted(pilot, "slash", "p", "c")
            log_filter = screen.query_one("#log-filter", Input)
            assert log_filter.value == "pc"
            assert not screen.map_tab.show_connections
            assert "picture" not in str(screen.query_one("#status-line").render())

    asyncio.run(scenario())


def test_the_dice_reason_prompt_offers_the_usual_reason(service: CampaignService,
                                                        no_keymap: Path):
    """Issue 44 item 3 (DN-ERR-1): the reason for typed dice in a seeded campaign was typed
    whole (about ten keys); the prompt offers "dice rolled at the table", Enter keeps it."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = screen_of(pilot)
            screen.query_one("#order", Input).value = "aslan end-phase"
            screen.query_one("#dice", Input).value = "3"
            await press_counted(pilot, "d", "enter")
            prompt = pilot.app.screen
            assert isinstance(prompt, TextPrompt)
            assert prompt.query_one(Input).value == "dice rolled at the table"
            await press_counted(pilot, "enter")
            await until(pilot, lambda: screen.dice_reason == "dice rolled at the table",
                        "the reason kept")

    asyncio.run(scenario())
