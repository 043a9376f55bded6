"""Issue 44 item 4: screens that said too much or too little — a form's hint that stayed after
it was answered (``PATH — choose the stack first`` with the stack chosen), and the order line's
hint running into the dice field's at 80x24."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input, Label

from campaign.app import CampaignService
from campaign.tui.screens.forms import OrderForm
from campaign.tui.widgets.choice_field import ChoiceField
from tests.tui.pilot_helpers import SIZE, app_for, screen_of
from tests.waiting import until


def test_the_path_hint_follows_the_stack_chosen(service: CampaignService, no_keymap: Path):
    """Issue 44 item 4 (DN-MOV-2): after choosing the stack, PATH says where it may go."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("escape", "e")  # the order the game waits for: aslan jump
            form = pilot.app.screen
            assert isinstance(form, OrderForm) and form.head == "aslan jump"
            path = form.query_one("#label-1", Label)
            assert "choose the stack first" in str(path.render())
            await pilot.press(*"main")
            assert form.query_one("#field-0", ChoiceField).value == "main"
            await pilot.press("tab")  # to PATH: its choices and its hint follow the stack
            await until(
                pilot,
                lambda: "where main may go" in str(path.render()),
                "PATH's hint for the stack chosen",
            )
            assert "choose the stack first" not in str(path.render())
            assert form.query_one("#field-1", ChoiceField)._choices

    asyncio.run(scenario())


def test_the_order_hint_and_the_dice_hint_stay_apart_at_80x24(
    service: CampaignService, no_keymap: Path
):
    """Issue 44 item 4: "…aslan jump STACreferee's dice (d), empty:" — the two hints touched
    and the dice hint was cut. Now a column between them, the dice hint whole, the order
    line's example first."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = screen_of(pilot)
            order, dice = screen.query_one("#order", Input), screen.query_one("#dice", Input)
            assert order.region.right < dice.region.x  # at least one blank column between
            assert len(str(dice.placeholder)) < dice.region.width
            assert str(order.placeholder).startswith("order, e.g. aslan jump STACK PATH")

    asyncio.run(scenario())


def test_a_form_fits_a_50_column_terminal(service: CampaignService, no_keymap: Path):
    """Issue 44 item 4: a form kept 70 columns and was cut at 50x16; now it takes the width
    there is, and its fields are reachable (what does not fit in height scrolls)."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=(50, 16)) as pilot:
            await pilot.pause()
            await pilot.press("escape", "e")
            form = pilot.app.screen
            assert isinstance(form, OrderForm)
            box = form.query_one(".form-box")
            await until(pilot, lambda: box.region.width > 0, "the form laid out")
            assert box.region.x >= 0 and box.region.right <= 50, box.region
            assert box.region.bottom <= 16, box.region
            field = form.query_one("#field-1", ChoiceField)
            field.focus()
            await until(
                pilot,
                lambda: field.region.y < 16 and field.region.height > 0,
                "PATH scrolled into view",
            )

    asyncio.run(scenario())
