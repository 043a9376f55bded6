"""Issue 44 item 5: the launcher's new-campaign dialog offers every option of ``campaign new``
(dice mode, manual stepping, the side played by e-mail, fair mode besides name, layout and
seed), with no grey example values in its fields; the CLI and the dialog share one use case
(``campaign.app.starting``), so they accept and refuse the same."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input, Select

from campaign.app import CampaignService
from campaign.app.mail import PbemService
from campaign.app.starting import NewCampaignOptions
from campaign.rules.ids import Side
from campaign.tui.screens.forms import NewCampaignForm
from campaign.tui.screens.launcher import LauncherScreen
from tests.tui.pilot_helpers import SIZE, app_for
from tests.waiting import until


async def open_dialog(pilot) -> NewCampaignForm:
    await pilot.pause()
    assert isinstance(pilot.app.screen, LauncherScreen)
    await pilot.press("n")
    await until(pilot, lambda: isinstance(pilot.app.screen, NewCampaignForm), "the dialog")
    return pilot.app.screen


def test_the_dialog_starts_a_play_by_mail_campaign_with_manual_steps(
    service: CampaignService, no_keymap: Path
):
    """Issue 44 item 5 (DN-SEQ-1 stepping, ADR 0028 dice): commit-reveal dice, this database
    playing Solomani, manual stepping — all from the dialog; its fields show no examples."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=SIZE) as pilot:
            form = await open_dialog(pilot)
            for field in form.query(Input):
                assert field.value == "" and not field.placeholder, field.id
            await pilot.press(*"club")
            form.query_one("#new-dice", Select).value = "commit-reveal"
            form.query_one("#new-as", Select).value = "solomani"
            form.query_one("#new-manual", Checkbox).value = True
            form.query_one("#new-seed", Input).focus()
            await pilot.press("4", "4", "enter")
            await until(pilot, lambda: "club" in service.store.campaigns(), "club created")
            row = service.store.campaign("club")
            loaded = service.load("club")
            assert row.layout == "standard" and loaded.dice_mode == "commit-reveal"
            assert any(
                entry.order_text == "referee stepping manual" for entry in service.log("club")
            )
            assert PbemService(service).own_side("club") is Side.SOLOMANI

    asyncio.run(scenario())


def test_the_dialog_refuses_what_the_cli_refuses_and_creates_nothing(
    service: CampaignService, no_keymap: Path
):
    """Issue 44 item 5: a side played by e-mail with physical dice is refused with the CLI's
    sentence; the dialog stays open and nothing is created."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=SIZE) as pilot:
            form = await open_dialog(pilot)
            form.query_one("#new-name", Input).value = "table"
            form.query_one("#new-dice", Select).value = "physical"
            form.query_one("#new-as", Select).value = "aslan"
            form.query_one("#new-seed", Input).focus()
            await pilot.press("enter")
            assert pilot.app.screen is form
            assert "played at the table" in str(form.query_one("#new-error").render())
            assert "table" not in service.store.campaigns()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("name", "refused"),
    [("a/b", "printable characters only"), ("demo", "demo")],
)
def test_a_name_the_store_refuses_keeps_the_dialog_open(
    service: CampaignService, no_keymap: Path, name: str, refused: str
):
    """Found by use (December 7, evening; DN-ERR-1): a name with a '/' (or one already taken)
    closed the dialog, a toast said "not created", and every option chosen was lost. The
    dialog stays open with the reason under the fields, everything as typed, and nothing is
    created; a good name then creates the campaign from the same dialog."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=SIZE) as pilot:
            before = service.store.campaigns()
            form = await open_dialog(pilot)
            form.query_one("#new-name", Input).value = name
            form.query_one("#new-manual", Checkbox).value = True
            form.query_one("#new-seed", Input).focus()
            await pilot.press("7", "enter")
            error = form.query_one("#new-error")
            await until(pilot, lambda: refused in str(error.render()), "the refusal shown")
            assert pilot.app.screen is form
            assert form.query_one("#new-name", Input).value == name
            assert form.query_one("#new-manual", Checkbox).value
            assert form.query_one("#new-seed", Input).value == "7"
            assert service.store.campaigns() == before
            form.query_one("#new-name", Input).value = "fresh"
            await pilot.press("enter")
            await until(pilot, lambda: "fresh" in service.store.campaigns(), "fresh created")
            await until(pilot, lambda: isinstance(pilot.app.screen, LauncherScreen), "closed")

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("options", "refused"),
    [
        (NewCampaignOptions("a", dice="physical", as_side=Side.ASLAN), "--as is for play by"),
        (NewCampaignOptions("a", dice="physical", fair=True), "--dice physical with --fair"),
        (NewCampaignOptions("a", dice="seeded", fair=True), "--dice seeded with --fair"),
        (NewCampaignOptions("a", fair=True, neutrals="table"), "--neutrals table is for a game"),
        (NewCampaignOptions("a", dice="commit-reveal", fair=True, as_side=Side.ASLAN), None),
    ],
)
def test_the_options_that_do_not_go_together(options: NewCampaignOptions, refused: str | None):
    """Issue 44 item 5: one check for the CLI and the dialog."""
    problem = options.problem()
    assert (problem is None) if refused is None else (refused in (problem or ""))


@pytest.mark.parametrize("seed", ["--5", "\u00b2"])
def test_a_seed_that_is_no_whole_number_keeps_the_dialog_open(
    service: CampaignService, no_keymap: Path, seed: str
):
    """Found by use (December 7, night; DN-ERR-1): a seed typed "--5" (or "²", which
    str.isdigit accepts) passed the form's check, and int() then ended the whole TUI with a
    traceback. It is refused under the fields like any bad seed; nothing is created."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=SIZE) as pilot:
            before = service.store.campaigns()
            form = await open_dialog(pilot)
            form.query_one("#new-name", Input).value = "seeded"
            form.query_one("#new-seed", Input).value = seed
            form.query_one("#new-seed", Input).focus()
            await pilot.press("enter")
            error = form.query_one("#new-error")
            await until(pilot, lambda: "whole number" in str(error.render()), "the refusal")
            assert pilot.app.screen is form and pilot.app.is_running
            assert service.store.campaigns() == before

    asyncio.run(scenario())
