"""Issue 31 items 9 and 10 on the campaign screen: refusals carry their rule id and name the
screen's keys, not CLI options (``U``, not ``undo --referee``); no Python wording reaches the
user; placeholders never look like values; ``Enter`` in the dice field does something."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.tui.app import create_app
from campaign.tui.screens.forms import Confirm, TextPrompt
from tests.tui.pilot_helpers import (
    SIZE,
    app_for,
    campaign_on_top,
    campaign_shown,
    move_with_form,
    open_battle_at_halden,
    screen_of,
    send,
)
from tests.waiting import until


def status_of(pilot) -> str:
    return str(screen_of(pilot).query_one("#status-line", Static).render())


async def refused_at_once(pilot, key: str) -> None:
    """Press ``key`` with the status line emptied; wait for the refusal it shows (the check
    that no question opened follows a pause after it)."""
    screen = screen_of(pilot)
    line = screen.query_one("#status-line", Static)
    screen.report("")
    await pilot.press("escape", key)
    await until(pilot, lambda: str(line.render()).startswith("✗"), f"{key} refused")
    await pilot.pause()


def test_an_unreadable_order_is_refused_with_a_rule_id(service: CampaignService, no_keymap: Path):
    """DN-ERR-1: "unknown order 'fly'" came without a rule id."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            status = await send(pilot, "aslan fly main")
            assert "✗ DN-ERR-1: unknown order 'fly'" in status, status

    asyncio.run(scenario())


def test_undo_past_dice_names_the_key_not_the_cli_option(service: CampaignService, no_keymap: Path):
    """DN-ERR-1: ``u`` after an order that rolled dice said "(undo --referee REASON)"."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            await open_battle_at_halden(pilot)
            assert "✓" in await send(pilot, "aslan range b1")
            await refused_at_once(pilot, "u")
            assert not isinstance(pilot.app.screen, Confirm)  # refused at once, no question
            status = status_of(pilot)
            assert "rolled dice" in status and "U: referee undo" in status, status
            assert "--referee" not in status

    asyncio.run(scenario())


def test_the_referee_undo_names_the_order_it_reverts(service: CampaignService, no_keymap: Path):
    """Found by use: ``u`` asked "Undo aslan buy RT-5?", but ``U`` only "Referee undo: the
    reason (logged)", naming no order. It names the order as the log shows it, as ``u`` does."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            await open_battle_at_halden(pilot)
            assert "✓" in await send(pilot, "aslan range b1")
            # DN-ERR-1: past dice only the referee's override reverts the range roll
            await pilot.press("escape", "U")
            await until(pilot, lambda: isinstance(pilot.app.screen, TextPrompt), "U's prompt")
            prompt = pilot.app.screen
            assert isinstance(prompt, TextPrompt)
            question = prompt.query_one(Static).render()
            assert str(question) == "Referee undo of aslan range b1: the reason (logged)"

    asyncio.run(scenario())


def test_after_a_referee_undo_u_says_what_it_puts_back_and_U_reverts_the_order_before(
    service: CampaignService, no_keymap: Path
):
    """DN-ERR-1, found by use: ``u`` right after ``U`` asked "Undo referee undo …?" and took
    the referee undo back, so the order it had reverted was in force again without a word; a
    second ``U`` did the same while its prompt named the referee undo. ``u`` now asks what it
    does ("… aslan range b1 is in force again"), ``n`` changes nothing; ``U`` names the order
    before the reverted one and reverts that one; the status line says which order each undo
    reverted or put back (docs/referee-cli.md, "Undoing a referee undo")."""

    async def answer_u(pilot, key: str) -> str:
        await pilot.press("escape", "u")
        await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "u's question")
        question = " ".join(str(pilot.app.screen.query_one(Static).render()).split())
        await pilot.press(key)
        await until(pilot, lambda: not isinstance(pilot.app.screen, Confirm), "answered")
        return question

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            await open_battle_at_halden(pilot)
            assert "✓" in await send(pilot, "aslan range b1")
            screen = screen_of(pilot)
            for reason, reverted in (("misread", "aslan range b1"), ("again", "aslan end-phase")):
                await pilot.press("escape", "U")
                await until(pilot, lambda: isinstance(pilot.app.screen, TextPrompt), "U's prompt")
                prompt = pilot.app.screen
                question = str(prompt.query_one(Static).render())
                assert question == f"Referee undo of {reverted}: the reason (logged)", question
                await until(pilot, lambda p=prompt: p.focused is not None, "the reason field")
                prompt.query_one(Input).value = reason
                await pilot.press("enter")
                await until(pilot, lambda: pilot.app.screen is screen, "the prompt closed")
                await until(pilot, lambda r=reverted: f"reverted: {r}" in status_of(pilot), "done")
                if reason == "misread":  # u asks what it puts back; n: nothing changes
                    head = screen.session.loaded.head
                    question = await answer_u(pilot, "n")
                    assert question == (
                        'Undo referee undo "misread"? That takes the referee undo back: '
                        "aslan range b1 is in force again."
                    ), question
                    assert screen.session.loaded.head == head
            assert not screen.session.battles()  # the movement phase again: no battle yet
            await answer_u(pilot, "y")  # takes "again" back: the end of the phase stands
            await until(
                pilot,
                lambda: "undone: referee undo" in status_of(pilot),
                "the undo of the referee undo",
            )
            assert screen.session.battles()  # the battle at Halden is open again, round 1
            assert screen.session.battle_stage("halden/aslan-solomani") == "range"

    asyncio.run(scenario())


def test_a_players_undo_past_dice_is_refused_before_the_question(
    service: CampaignService, no_keymap: Path
):
    """DN-ERR-1, found by use: on Aslan's screen ``u`` after an order that rolled dice asked
    "Undo aslan interact …? y/n", and only after ``y`` said "cannot undo …: it rolled dice;
    only the referee can revert it". An undo the service would refuse is refused at once, in
    the service's words (``Orders.check_undo``), nothing stored; one it would do still asks."""
    app = create_app(no_keymap, service=service, open_campaign="demo", side=Side.ASLAN)

    async def scenario() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            await move_with_form(pilot, "main", "halden")
            await pilot.press("escape", "u")  # no dice rolled: the undo asks first
            await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "the question")
            await pilot.press("n")
            await send(pilot, "aslan end-phase")
            assert "✓" in await send(pilot, "aslan range b1")
            head = service.load("demo").head
            await refused_at_once(pilot, "u")
            assert not isinstance(pilot.app.screen, Confirm)
            status = status_of(pilot)
            assert "cannot undo 'aslan range b1': it rolled dice" in status, status
            assert "only the referee can revert it" in status
            assert service.load("demo").head == head

    asyncio.run(scenario())


def test_a_missing_turn_file_is_named_in_full_in_plain_words(
    service: CampaignService, no_keymap: Path, tmp_path: Path
):
    """DN-ERR-1: a bad load path showed ``[Errno 2]``; the refusal names the whole path."""
    missing = tmp_path / "nowhere" / "turn-9.txt"

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            await pilot.press("i")
            await until(
                pilot, lambda: bool(pilot.app.screen.query("#field-1")), "the load turn form"
            )
            form = pilot.app.screen
            form.query_one("#field-1", Input).value = str(missing)
            form.query_one("#form-ok").press()
            error = form.query_one("#form-error")
            await until(pilot, lambda: "cannot read" in str(error.render()), "the refusal")
            await pilot.pause()
            assert pilot.app.screen is form  # refused: the form keeps the path
            status = str(screen.query_one("#status-line", Static).render())
            assert f"DN-ERR-1: {missing}: cannot read" in status, status
            assert "Errno" not in status
            assert f"{missing}: cannot read" in str(form.query_one("#form-error").render())

    asyncio.run(scenario())


def test_python_error_numbers_never_show():
    """DN-ERR-1: the screen's wording of a refusal from the operating system."""
    from campaign.tui.views import refusal_text

    text = refusal_text("/x/t.txt: cannot write: [Errno 13] Permission denied")
    assert text == "DN-ERR-1: /x/t.txt: cannot write: Permission denied"
    assert refusal_text("DN-MOV-2: main has moved") == "DN-MOV-2: main has moved"
    # taking a sent turn file back has no key: a command-line step, not a bare command
    worded = refusal_text("`campaign withdraw` takes the file back")
    assert worded == "DN-ERR-1: `campaign withdraw` on the command line takes the file back"
    assert refusal_text(worded) == worded  # the Mail tab's refusal is worded twice


def test_placeholders_do_not_look_like_values(service: CampaignService, no_keymap: Path):
    """The dice field's hint was "dice 3,5 (referee)", read as dice typed; the referee undo's
    reason field said "reason"."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            hint = str(screen.query_one("#dice", Input).placeholder)
            assert not any(char.isdigit() for char in hint), hint
            await pilot.press("escape", "U")
            await until(
                pilot,
                lambda: (
                    isinstance(pilot.app.screen, TextPrompt) and bool(pilot.app.screen.query(Input))
                ),
                "the reason prompt",
            )
            prompt = pilot.app.screen
            assert str(prompt.query_one(Input).placeholder).startswith("type ")

    asyncio.run(scenario())


def test_enter_in_the_dice_field_sends_the_order_or_says_why_not(
    service: CampaignService, no_keymap: Path
):
    """DN-ERR-1: Enter in the dice field did nothing. With no order typed it says so; with
    one it sends it with the dice (a seeded campaign first asks the referee's reason)."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            await pilot.press("escape", "d", "4", "enter")
            await until(
                pilot, lambda: "DN-ERR-1: the order is empty" in status_of(pilot), "the refusal"
            )
            screen.query_one("#dice", Input).value = ""
            await open_battle_at_halden(pilot)
            screen.query_one("#order", Input).value = "aslan range b1"
            screen.query_one("#dice", Input).value = ""
            await pilot.press("escape", "d", "4", ",", "2", "enter")
            await until(  # the reason, then it is sent
                pilot,
                lambda: (
                    isinstance(pilot.app.screen, TextPrompt)
                    and pilot.app.screen.focused is not None
                ),
                "the reason prompt",
            )
            pilot.app.screen.query_one(Input).value = "dice rolled at the table"
            await pilot.press("enter")
            line = screen.query_one("#status-line", Static)
            await until(pilot, lambda: "✓ aslan range b1" in str(line.render()), "the range sent")

    asyncio.run(scenario())


def test_an_import_the_screen_does_names_its_key(tmp_path: Path):
    """DN-ERR-1 (found by use, December 7, night, on a PostgreSQL game by e-mail): an order
    typed while our turn file is out and unanswered was refused on the screen with "import
    solomani's file 23 first (`campaign import pg1 FILE`)", a command the Mail tab's ``i`` key
    does; the screen names the key, as it does for a bare `campaign import`."""
    from campaign.cli import main
    from campaign.rules.errors import InvalidOrderError
    from campaign.tui.views import refusal_text

    url = f"sqlite:///{tmp_path / 'solomani.db'}"
    assert main(["new", "my war", "--seed", "3", "--as", "solomani", "--db", url]) == 0
    assert main(["order", "my war", "solomani place-neutral lantern", "--db", url]) == 0
    assert main(["export", "my war", "-o", str(tmp_path / "t1.json"), "--db", url]) == 0
    service = CampaignService(db_url=url)
    try:
        service.order("my war", "solomani place-neutral span")
    except InvalidOrderError as error:
        message = error.message
    else:
        raise AssertionError("an order with file 1 out and unanswered was accepted")
    finally:
        service.store.dispose()
    assert "(`campaign import 'my war' FILE`)" in message, message
    worded = refusal_text(message)
    assert "campaign import" not in worded, worded
    assert "import aslan's file 2 first (i (import))" in worded, worded
    assert refusal_text(worded) == worded


def test_undo_typed_as_an_order_names_the_screens_key():
    """DN-ERR-1 (found by use, December 7, night): ``aslan undo`` typed in the order line is
    named as the tool's undo, which the screen does with its key u, not `campaign undo NAME`."""
    from campaign.rules.errors import CampaignError
    from campaign.rules.notation import parse_order
    from campaign.tui.views import refusal_text

    with pytest.raises(CampaignError) as refused:
        parse_order("aslan undo")
    assert refusal_text(refused.value.message) == (
        "DN-ERR-1: unknown order 'undo': 'undo' is a command of the tool, not an order of the "
        "game: u (undo)"
    )
