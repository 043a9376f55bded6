"""Play by e-mail from the campaign screen (issue 17 item 15): export a turn file, import it in
the other player's copy with the checks of `campaign export/import`, see the exchange history."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from campaign.app import CampaignService
from campaign.cli import main
from campaign.rules.engine import state_digest
from campaign.rules.ids import Side
from campaign.rules.phases import Phase
from campaign.tui.places import remember_folder
from campaign.tui.screens.campaign import CampaignScreen
from campaign.tui.screens.forms import Confirm, OrderForm, TextPrompt
from campaign.tui.session import CampaignSession
from campaign.tui.widgets.choice_field import ChoiceField
from campaign.tui.widgets.mail_tab import MailTab
from tests.fair.by_mail import SETUP  # the set-up orders after the neutrals (DN-SET-2..3)
from tests.read_only import read_only_folder
from tests.tui.pilot_helpers import (
    campaign_shown,
    export_recording_the_side,
    post_at_once,
    screen_lines,
    screen_of,
    send,
    tab_ready,
)
from tests.waiting import until

CAMPAIGN = "mail"


def form_shown(app, kind: type, part) -> bool:
    """A ``kind`` dialog on top with ``part`` composed (a key's dialog is shown a little
    later than the key on a loaded machine)."""
    return isinstance(app.screen, kind) and bool(app.screen.query(part))


def mail_text(screen: CampaignScreen) -> str:
    """The Mail tab's exchange history ("" until the tab is composed)."""
    return "".join(str(mail.render()) for mail in screen.query("#mail").results(Static))


async def import_prompt(pilot, path: Path):
    """``6`` then ``i`` on the campaign screen: the Mail tab's import prompt, ``path`` typed."""
    await pilot.press("6", "i")
    await until(pilot, lambda: form_shown(pilot.app, TextPrompt, Input), "i's prompt")
    prompt = pilot.app.screen
    prompt.query_one(Input).value = str(path)
    return prompt


def test_the_first_export_asks_before_recording_the_side_for_good(tmp_path: Path, no_keymap: Path):
    """DN-SEQ-2 (found by use, December 7): on the referee's screen at the shared table, Mail
    tab ``x`` Enter Enter exported the prefilled side's file and recorded the whole table
    database as playing that side by e-mail, for good, without a word. The first export now
    says what it records and asks; ``n`` writes nothing and records nothing."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'table.db'}")
    service.create(CAMPAIGN, seed=11)
    turn = tmp_path / "turn-1.txt"

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, CAMPAIGN) as pilot:
            screen = screen_of(pilot)
            assert "✓" in await send(pilot, "solomani place-neutral lantern")  # DN-SET-2
            await pilot.press("6", "x")
            await until(pilot, lambda: form_shown(pilot.app, OrderForm, "#field-1"), "x's form")
            form = pilot.app.screen
            side = "solomani"  # the side whose order is to send
            form.query_one("#field-0", ChoiceField).value = side
            form.query_one("#field-1", Input).value = str(turn)
            form.query_one("#form-ok").press()
            await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "the question")
            question = pilot.app.screen.question
            assert f"records it as playing {side} by e-mail, for good" in question, question
            await pilot.press("n")
            error = form.query_one("#form-error", Static)
            await until(pilot, lambda: "nothing exported" in str(error.render()), "the answer")
            assert pilot.app.screen is form and not turn.exists()
            assert screen.session.own_side() is None
            await export_recording_the_side(pilot, form)
            await until(pilot, lambda: pilot.app.screen is screen, "the form closed")
            assert turn.exists() and screen.session.own_side() is Side(side)

    asyncio.run(scenario())


def test_the_first_export_is_checked_before_it_asks(tmp_path: Path, no_keymap: Path):
    """DN-SEQ-2 (found by use, December 7): the first export asked "Export and record it?"
    before the export was checked, so a file refused anyway (nothing to send, a folder that
    does not exist) was refused only after ``y``. It is now checked first (a dry run of the
    export: nothing written, nothing recorded), and the question comes only when the export
    would succeed."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'table.db'}")
    service.create(CAMPAIGN, seed=11)
    turn = tmp_path / "turn-1.txt"

    async def refused_at_once(pilot, form, side: str, path: Path, said: str) -> None:
        form.query_one("#field-0", ChoiceField).value = side
        form.query_one("#field-1", Input).value = str(path)
        form.query_one("#form-ok").press()
        error = form.query_one("#form-error", Static)
        await until(pilot, lambda: said in str(error.render()), said)
        assert pilot.app.screen is form, pilot.app.screen  # no question asked
        assert not path.exists()

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, CAMPAIGN) as pilot:
            screen = screen_of(pilot)
            await pilot.press("6", "x")
            await until(pilot, lambda: form_shown(pilot.app, OrderForm, "#field-1"), "x's form")
            form = pilot.app.screen
            await refused_at_once(pilot, form, "solomani", turn, "nothing to send")
            missing = tmp_path / "missing" / "t.txt"
            await refused_at_once(pilot, form, "solomani", missing, "does not exist")
            assert screen.session.own_side() is None
            assert service.load(CAMPAIGN).head.seq == screen.session.loaded.head.seq

    asyncio.run(scenario())


def test_export_import_and_history_from_the_campaign_screen(tmp_path: Path, no_keymap: Path):
    # DN-SET-2: solomani places the first neutral and mails it; both players created the
    # campaign the same way (docs/turn-files.md), each in their own database
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'solomani.db'}")
    other = CampaignService(db_url=f"sqlite:///{tmp_path / 'aslan.db'}")
    for player in (service, other):
        player.create(CAMPAIGN, seed=11)
    turn = tmp_path / "turn-1.txt"

    async def sender() -> None:
        async with campaign_shown(service, no_keymap, CAMPAIGN) as pilot:
            screen = screen_of(pilot)
            assert "✓" in await send(pilot, "solomani place-neutral lantern")
            await pilot.press("x")
            await until(pilot, lambda: form_shown(pilot.app, OrderForm, "#field-1"), "x's form")
            form = pilot.app.screen
            form.query_one("#field-0", ChoiceField).value = "solomani"
            form.query_one("#field-1", Input).value = str(tmp_path / "missing" / "t.txt")
            form.query_one("#form-ok").press()  # refused before the first file's question
            error = form.query_one("#form-error", Static)
            await until(pilot, lambda: "does not exist" in str(error.render()), "the refusal")
            await pilot.pause()
            assert pilot.app.screen is form  # refused (no such directory): still open
            form.query_one("#field-1", Input).value = str(turn)
            await export_recording_the_side(pilot, form)
            await until(pilot, lambda: pilot.app.screen is screen, "the form closed")
            assert turn.exists()
            await until(pilot, lambda: "out" in mail_text(screen), "the file in the Mail tab")
            mail = mail_text(screen)
            assert "out" in mail and "solomani" in mail

    async def receiver() -> None:
        async with campaign_shown(other, no_keymap, CAMPAIGN) as pilot:
            screen = screen_of(pilot)
            head = other.load(CAMPAIGN).head.seq
            bad = tmp_path / "bad.txt"
            bad.write_text(turn.read_text().replace("a", "b", 40), encoding="utf-8")
            # the first file: the form asks which side this database plays (issue 33 item 3)
            await pilot.press("i")
            await until(pilot, lambda: form_shown(pilot.app, OrderForm, "#field-1"), "i's form")
            form = pilot.app.screen
            assert form.query_one("#field-0", ChoiceField).value == "aslan"  # the other side's
            line = screen.query_one("#status-line", Static)
            for path, accepted in ((bad, False), (turn, True)):
                form.query_one("#field-1", Input).value = str(path)
                screen.report("")
                form.query_one("#form-ok").press()
                await until(pilot, lambda: str(line.render()).strip(), f"{path.name} answered")
                await pilot.pause()
                status = str(line.render())
                if accepted:
                    assert "imported" in status, status
                    assert other.load(CAMPAIGN).head.seq > head
                else:
                    assert pilot.app.screen is form  # refused: still open, nothing stored
                    assert "✗" in status and other.load(CAMPAIGN).head.seq == head
            await until(pilot, lambda: pilot.app.screen is screen, "the form closed")
            # later files: only the path (the side is recorded)
            await pilot.press("i")
            await until(pilot, lambda: form_shown(pilot.app, TextPrompt, "#prompt-error"), "i")
            prompt = pilot.app.screen
            # the folder of the file imported last is offered (issue 31 item 12)
            assert prompt.query_one(Input).value == str(turn.parent) + "/"
            prompt.query_one(Input).value = str(turn)
            await pilot.press("enter")
            prompt_error = prompt.query_one("#prompt-error")
            await until(
                pilot, lambda: "already exchanged" in str(prompt_error.render()), "the refusal"
            )
            await pilot.pause()
            assert "already exchanged" in str(screen.query_one("#status-line", Static).render())
            # refused: the prompt stays, the path as typed, the reason shown (item 12)
            assert pilot.app.screen is prompt and prompt.query_one(Input).value == str(turn)
            assert "already exchanged" in str(prompt.query_one("#prompt-error").render())
            await pilot.press("escape")
            await until(pilot, lambda: pilot.app.screen is screen, "the prompt closed")
            await pilot.press("6")
            await until(pilot, lambda: tab_ready(screen, "tab-mail"), "the Mail tab")
            mail = mail_text(screen)
            assert "in " in mail and "solomani" in mail

    asyncio.run(sender())
    asyncio.run(receiver())


def exchanged(tmp_path: Path, files: int) -> dict[Side, CampaignService]:
    """Solomani's and Aslan's databases after ``files`` turn files went to and fro: the side
    acting gives its orders (neutrals at Lantern, the set-up, then end-phase) until the other
    side acts, exports, and the other side imports (DN-SET-2, docs/turn-files.md)."""
    services = {
        side: CampaignService(db_url=f"sqlite:///{tmp_path / f'{side.value}.db'}")
        for side in (Side.SOLOMANI, Side.ASLAN)
    }
    for service in services.values():
        service.create(CAMPAIGN, seed=11)
    sessions = {side: CampaignSession(service, CAMPAIGN) for side, service in services.items()}
    setup = list(SETUP)
    for number in range(1, files + 1):
        side = sessions[Side.SOLOMANI].state.acting
        own = sessions[side]
        while own.state.acting == side:
            if own.state.phase is Phase.SETUP_NEUTRALS:
                own.order(f"{side.value} place-neutral lantern")
            else:
                own.order(setup.pop(0) if setup else f"{side.value} end-phase")
        turn = tmp_path / f"turn-{number}.txt"
        own.export_turn(side, str(turn), record_side=True)
        sessions[side.enemy].import_turn(str(turn), side.enemy if number <= 2 else None)
    return services


def test_the_newest_exchange_is_in_view_after_an_export_or_an_import(
    tmp_path: Path, no_keymap: Path
):
    """Found by use, at 80x24: after exporting file 14 the exchange history showed rows 1-10
    with a scrollbar and the new row was below the edge (only the status line told). After an
    export or an import the history shows its end, where the newest file is (DN-SEQ-2: the
    files alternate, 12 of them before this one)."""
    services = exchanged(tmp_path, 12)
    turn = tmp_path / "turn-13.txt"

    async def newest_in_view(pilot, row: str) -> None:
        await until(pilot, lambda: isinstance(pilot.app.screen, CampaignScreen), "form closed")
        mail = screen_of(pilot).query_one(MailTab)
        await until(
            pilot,
            lambda: any(row in line for line in screen_lines(pilot.app, mail.content_region)),
            f"{row!r} in the Mail tab's view",
        )
        assert mail.max_scroll_y > 0  # the history is taller than the tab: it scrolled

    async def sender() -> None:
        async with campaign_shown(
            services[Side.SOLOMANI], no_keymap, CAMPAIGN, size=(80, 24)
        ) as pilot:
            assert "✓" in await send(pilot, "solomani end-phase")
            await pilot.press("6", "x")
            await until(pilot, lambda: form_shown(pilot.app, OrderForm, "#field-1"), "x's form")
            form = pilot.app.screen
            form.query_one("#field-1", Input).value = str(turn)
            form.query_one("#form-ok").press()
            await newest_in_view(pilot, "13 out")

    async def receiver() -> None:
        async with campaign_shown(
            services[Side.ASLAN], no_keymap, CAMPAIGN, size=(80, 24)
        ) as pilot:
            await import_prompt(pilot, turn)
            await pilot.press("enter")
            await newest_in_view(pilot, "13 in")

    asyncio.run(sender())
    asyncio.run(receiver())


def test_a_file_from_your_own_side_is_refused_with_a_step_you_can_take(
    tmp_path: Path, no_keymap: Path
):
    """Found by use: importing a file from your own side on the Mail tab was refused naming
    the CLI's bare `campaign withdraw`, a command the TUI has no key for (docs/tui.md:
    refusals name the screen's keys). The refusal now says it is a command-line step, with
    the file to take back; nothing is stored (DN-SET-2: each database plays one side)."""
    services = exchanged(tmp_path, 1)  # file 1: solomani → aslan, who now plays aslan
    impostor = CampaignService(db_url=f"sqlite:///{tmp_path / 'impostor.db'}")
    impostor.create(CAMPAIGN, seed=11)
    wrong = CampaignSession(impostor, CAMPAIGN)  # someone else makes Aslan's moves
    wrong.import_turn(str(tmp_path / "turn-1.txt"), Side.ASLAN)
    wrong.order("aslan place-neutral lantern")
    turn = tmp_path / "turn-2.txt"
    wrong.export_turn(Side.ASLAN, str(turn))
    head = services[Side.ASLAN].load(CAMPAIGN).head

    async def scenario() -> None:
        async with campaign_shown(services[Side.ASLAN], no_keymap, CAMPAIGN) as pilot:
            screen = screen_of(pilot)
            prompt = await import_prompt(pilot, turn)
            await pilot.press("enter")
            error = prompt.query_one("#prompt-error", Static)
            await until(pilot, lambda: "your own side" in str(error.render()), "the refusal")
            said = " ".join(str(error.render()).split())
            assert "that is your own side (aslan" in said
            assert (
                f"withdraw the file (`campaign withdraw {CAMPAIGN} 2 --reason ...` on the "
                "command line) and send his own" in said
            ), said
            assert "✗ DN-ERR-1" in str(screen.query_one("#status-line", Static).render())
            assert pilot.app.screen is prompt  # the path stays, as for every refusal
            assert services[Side.ASLAN].load(CAMPAIGN).head == head

    asyncio.run(scenario())


@pytest.mark.parametrize("seat", [None, Side.ASLAN], ids=["referee's seat", "player's seat"])
def test_a_file_with_agreed_referee_orders_is_imported_after_a_question(
    tmp_path: Path, no_keymap: Path, seat: Side | None
):
    """Found by use: a turn file with a referee order both players agreed to (DN-ERR-1: a
    referee override, here RU for solomani) could not be imported from the Mail tab: the
    refusal named `import --allow-referee`, a CLI option the screen has no key for. Now the tab
    asks, naming the orders as the refusal does; n leaves the refusal and the database as they
    were, y imports the file with them. The referee's seat and the player's may both accept,
    as both may pass --allow-referee to `campaign import`."""
    services = exchanged(tmp_path, 2)  # DN-SEQ-2: files 1 and 2 went to and fro
    sender = CampaignSession(services[Side.SOLOMANI], CAMPAIGN)
    sender.order('referee set-ru solomani 120 "bonus"')
    sender.order("solomani place-neutral lantern")
    turn = tmp_path / "turn-3.txt"
    sender.export_turn(Side.SOLOMANI, str(turn))
    receiver = services[Side.ASLAN]
    head = receiver.load(CAMPAIGN).head

    async def scenario() -> None:
        async with campaign_shown(receiver, no_keymap, CAMPAIGN, side=seat) as pilot:
            screen = screen_of(pilot)
            prompt = await import_prompt(pilot, turn)
            for answer in ("n", "y"):
                await pilot.press("enter")
                await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "the question")
                question = " ".join(str(pilot.app.screen.query_one(Static).render()).split())
                assert question == (
                    "This file carries referee orders the other player gave (batch 1 "
                    f"('referee set-ru solomani 120 bonus', from event {head.seq + 1})): "
                    "accept them?"
                ), question
                if answer == "n":  # asked, not refused yet
                    assert "✗" not in str(screen.query_one("#status-line", Static).render())
                await pilot.press(answer)
                if answer == "n":  # the refusal as it was, worded for the screen; nothing stored
                    error = prompt.query_one("#prompt-error")
                    await until(
                        pilot,
                        lambda e=error: pilot.app.screen is prompt and str(e.render()).strip(),
                        "the path prompt saying why",
                    )
                    said = " ".join(str(prompt.query_one("#prompt-error").render()).split())
                    assert said.endswith(
                        "a referee order in a file from solomani; refused unless you agreed "
                        "to it (i (import) again and y when asked)"
                    ), said
                    assert prompt.query_one(Input).value == str(turn)
                    assert receiver.load(CAMPAIGN).head == head
            await until(pilot, lambda: pilot.app.screen is screen, "the prompt closed")
            line = screen.query_one("#status-line", Static)
            await until(pilot, lambda: "imported" in str(line.render()), "the import's outcome")
            status = str(line.render())
            assert "file 3 from solomani imported" in status, status
            assert receiver.load(CAMPAIGN).head.seq == sender.loaded.head.seq
            await until(pilot, lambda: "3 in" in mail_text(screen), "file 3 in the Mail tab")

    asyncio.run(scenario())


def test_a_referee_undo_in_a_file_is_asked_about_in_the_screens_words(
    tmp_path: Path, no_keymap: Path
):
    """DN-ERR-1 (checked end to end after a report that a referee undo in a player's turn
    file was refused in the CLI's words, `--allow-referee`): the Mail tab asks about the
    sender's referee undo as about any referee order; ``n`` leaves the refusal worded for the
    screen (its keys, the withdrawal as a command-line step, no CLI option) and the database
    as it was; ``y`` imports it, the receiver working out the restored state from its own log,
    so both copies agree."""
    services = exchanged(tmp_path, 2)  # DN-SEQ-2: files 1 and 2 went to and fro
    sender = CampaignSession(services[Side.SOLOMANI], CAMPAIGN)
    sender.order("solomani place-neutral lantern")
    sender.undo(referee_reason="misplaced")
    sender.order("solomani place-neutral lantern")
    turn = tmp_path / "turn-3.txt"
    sender.export_turn(Side.SOLOMANI, str(turn))
    receiver = services[Side.ASLAN]
    head = receiver.load(CAMPAIGN).head

    async def scenario() -> None:
        async with campaign_shown(receiver, no_keymap, CAMPAIGN, size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            prompt = await import_prompt(pilot, turn)
            for answer in ("n", "y"):
                await pilot.press("enter")
                await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "the question")
                question = " ".join(str(pilot.app.screen.query_one(Static).render()).split())
                assert question == (
                    "This file carries referee orders the other player gave (batch 2 "
                    f"('referee undo \"misplaced\"', from event {head.seq + 2})): accept them?"
                ), question
                await pilot.press(answer)
                if answer == "n":
                    error = prompt.query_one("#prompt-error")
                    await until(
                        pilot,
                        lambda e=error: pilot.app.screen is prompt and str(e.render()).strip(),
                        "the path prompt saying why",
                    )
                    said = " ".join(str(error.render()).split())
                    assert (
                        "a referee undo in a file from solomani; refused unless you agreed to it "
                        "(i (import) again and y when asked); if you did not, the sender "
                        "withdraws the file (`campaign withdraw` on the command line) and takes "
                        "his referee undo back (`campaign undo --yes` on the command line)"
                    ) in said, said
                    assert "--allow-referee" not in said
                    status = " ".join(str(screen.query_one("#status-line").render()).split())
                    assert "--allow-referee" not in status and "✗ DN-ERR-1" in status, status
                    assert receiver.load(CAMPAIGN).head == head
            await until(pilot, lambda: pilot.app.screen is screen, "the prompt closed")
            line = screen.query_one("#status-line", Static)
            await until(pilot, lambda: "imported" in str(line.render()), "the import's outcome")
            assert "file 3 from solomani imported" in str(line.render())
            assert receiver.load(CAMPAIGN).head.seq == sender.loaded.head.seq
            assert state_digest(screen.session.state) == state_digest(sender.state)

    asyncio.run(scenario())


def test_keys_typed_right_after_i_go_into_the_import_prompt(tmp_path: Path, no_keymap: Path):
    """ADR 0054 (its gap "x and i"): ``i`` waits for the Mail tab to be built before it opens
    the path prompt, so a path typed (or pasted) right after it went to the map: its ``/``
    opened the Log tab's filter and the rest was typed there. Keys typed after a key that is
    not typed into a field now wait until it has settled: ``i``, the path and Enter typed at
    once import the file (DN-SEQ-2: file 3 from solomani)."""
    services = exchanged(tmp_path, 2)
    sender = CampaignSession(services[Side.SOLOMANI], CAMPAIGN)
    sender.order("solomani place-neutral lantern")
    turn = tmp_path / "turn-3.txt"
    sender.export_turn(Side.SOLOMANI, str(turn))
    receiver = services[Side.ASLAN]

    async def scenario() -> None:
        async with campaign_shown(receiver, no_keymap, CAMPAIGN, size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            post_at_once(pilot.app, ["i", "ctrl+u", *str(turn), "enter"])
            line = screen.query_one("#status-line", Static)
            await until(pilot, lambda: "imported" in str(line.render()), "the import")
            assert "file 3 from solomani imported" in str(line.render())
            assert receiver.load(CAMPAIGN).head.seq == sender.loaded.head.seq

    asyncio.run(scenario())


def test_the_name_typed_after_the_offered_folder_is_imported_from_it(
    tmp_path: Path, no_keymap: Path
):
    """Found by use (December 7, DN-SEQ-2): ``i`` offered the folder of the last turn file
    (``/…/pb/``) selected, so the file name typed replaced it and the import looked for
    ``f12.txt`` in the working directory ("cannot read: no such file"). The folder is offered
    with the cursor after it: ``i``, the name and Enter import the file from that folder."""
    services = exchanged(tmp_path, 2)
    sender = CampaignSession(services[Side.SOLOMANI], CAMPAIGN)
    sender.order("solomani place-neutral lantern")
    turn = tmp_path / "turn-3.txt"
    sender.export_turn(Side.SOLOMANI, str(turn))
    remember_folder(turn)
    receiver = services[Side.ASLAN]

    async def scenario() -> None:
        async with campaign_shown(receiver, no_keymap, CAMPAIGN, size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            await pilot.press("i")
            await until(pilot, lambda: form_shown(pilot.app, TextPrompt, "#prompt-input"), "i")
            field = pilot.app.screen.query_one(Input)
            await until(pilot, lambda: field.has_focus, "the path focused")
            assert field.value == f"{tmp_path}{os.sep}"
            await pilot.press(*turn.name, "enter")
            line = screen.query_one("#status-line", Static)
            await until(pilot, lambda: str(line.render()).strip(), "the import answered")
            assert "file 3 from solomani imported" in str(line.render()), str(line.render())

    asyncio.run(scenario())


def test_the_export_form_offers_a_folder_it_can_write_in(tmp_path: Path, no_keymap: Path):
    """DN-ERR-1 (found by use, December 7): after a turn file was imported from a read-only
    folder (a fixtures folder), `x` offered that folder for the export. The form now offers
    the current directory; a read-only folder typed in is refused naming it before anything is
    recorded (docs/turn-files.md, "Writing a file")."""
    sender = ["--db", f"sqlite:///{tmp_path / 'solomani.db'}"]
    other = CampaignService(db_url=f"sqlite:///{tmp_path / 'aslan.db'}")
    other.create(CAMPAIGN, seed=11)
    assert main(["new", CAMPAIGN, "--seed", "11", "--as", "solomani", *sender]) == 0
    assert main(["order", CAMPAIGN, "solomani place-neutral lantern", *sender]) == 0
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    turn = fixtures / "turn-1.txt"
    assert main(["export", CAMPAIGN, "-o", str(turn), *sender]) == 0

    async def receiver() -> None:
        async with campaign_shown(other, no_keymap, CAMPAIGN) as pilot:
            screen = screen_of(pilot)
            await pilot.press("6", "i")
            await until(pilot, lambda: form_shown(pilot.app, OrderForm, "#field-1"), "i's form")
            form = pilot.app.screen
            form.query_one("#field-1", Input).value = str(turn)
            form.query_one("#form-ok").press()
            await until(pilot, lambda: pilot.app.screen is screen, "the file imported")
            head = other.load(CAMPAIGN).head.seq
            await pilot.press("x")
            await until(pilot, lambda: form_shown(pilot.app, OrderForm, "#field-1"), "x's form")
            form = pilot.app.screen
            assert form.query_one("#field-1", Input).value == f"{CAMPAIGN}-aslan.txt"
            form.query_one("#field-1", Input).value = str(fixtures / "turn-2.txt")
            form.query_one("#form-ok").press()
            error = form.query_one("#form-error", Static)
            await until(pilot, lambda: "read-only" in str(error.render()), "the refusal")
            assert pilot.app.screen is form and other.load(CAMPAIGN).head.seq == head
            assert " out " not in mail_text(screen)  # no file counted as sent

    with read_only_folder(fixtures):
        asyncio.run(receiver())


def test_the_name_typed_in_the_export_form_goes_in_the_offered_folder(
    tmp_path: Path, no_keymap: Path
):
    """Found by use (December 7, DN-SEQ-2): ``x`` offered FILE as the full path in the folder
    of the last turn file, all of it selected, so a name typed replaced the folder too and the
    file was written to the working directory. As in the import prompt, the folder stays: the
    offered name alone is selected, and the name typed is written in that folder."""
    services = exchanged(tmp_path, 2)
    folder = tmp_path / "pb"
    folder.mkdir()
    remember_folder(folder / "turn-2.txt")
    sender = services[Side.SOLOMANI]
    CampaignSession(sender, CAMPAIGN).order("solomani place-neutral lantern")

    async def scenario() -> None:
        async with campaign_shown(sender, no_keymap, CAMPAIGN, size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            await pilot.press("6", "x")
            await until(pilot, lambda: form_shown(pilot.app, OrderForm, "#field-1"), "x's form")
            field = pilot.app.screen.query_one("#field-1", Input)
            assert field.value == f"{folder}{os.sep}{CAMPAIGN}-solomani.txt"
            while not field.has_focus:
                await pilot.press("tab")
            await pilot.press(*"mine.txt")
            assert field.value == f"{folder}{os.sep}mine.txt"
            await pilot.press("enter")
            await until(pilot, lambda: pilot.app.screen is screen, "the file exported")
            assert (folder / "mine.txt").exists()

    asyncio.run(scenario())


@pytest.mark.parametrize("shown", [True, False], ids=["tab-open", "tab-shown-again"])
def test_the_mail_tab_shows_a_file_another_screen_exported(
    tmp_path: Path, no_keymap: Path, shown: bool
):
    """DN-SEQ-2, docs/table.md "Live screens" (found by use, December 7, evening): another
    screen on the same database exported a turn file; the export stores no event, so the
    screen's live look found nothing new and its Mail tab kept the old history, open or shown
    again, until the next order. The history now shows the file: on the open tab without a
    key, and when the tab is shown again."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'solomani.db'}")
    service.create(CAMPAIGN, seed=11)
    elsewhere = CampaignSession(service, CAMPAIGN)
    elsewhere.order("solomani place-neutral lantern")  # DN-SET-2: solomani's to send
    turn = tmp_path / "turn-1.txt"

    async def scenario() -> str:
        async with campaign_shown(service, no_keymap, CAMPAIGN) as pilot:
            screen = screen_of(pilot)
            await pilot.press("6")
            await until(pilot, lambda: tab_ready(screen, "tab-mail"), "the Mail tab")
            assert "no turn file sent" in mail_text(screen)
            if not shown:
                await pilot.press("1")
                await until(pilot, lambda: tab_ready(screen, "tab-map"), "the Map tab")
            elsewhere.export_turn(Side.SOLOMANI, str(turn), record_side=True)
            assert turn.exists()
            if not shown:
                await pilot.press("6")
            await until(pilot, lambda: "out solomani" in mail_text(screen), "the file shown")
            return mail_text(screen)

    mail = asyncio.run(scenario())
    assert "no turn file sent" not in mail, mail


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_letters_typed_after_a_choice_leave_none_chosen_where_none_is_shown(
    tmp_path: Path, no_keymap: Path, size: tuple[int, int]
):
    """DN-SEQ-2 (found by use, December 7): Mail tab ``x``, ``as`` took "aslan" for SIDE; more
    letters typed into its filter showed "no choice matches" while "aslan" stayed chosen, and
    Enter went on with it. What is chosen now agrees with what is shown: none, and Enter stays
    in the field and says why; Backspace back to a match chooses it again."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'table.db'}")
    service.create(CAMPAIGN, seed=11)

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, CAMPAIGN, size=size) as pilot:
            await pilot.press("6", "x")
            await until(pilot, lambda: form_shown(pilot.app, OrderForm, "#field-1"), "x's form")
            form = pilot.app.screen
            side = form.query_one("#field-0", ChoiceField)
            await until(pilot, lambda: side.has_focus_within, "the SIDE field focused")
            await pilot.press("a", "s")
            await until(pilot, lambda: side.value == "aslan", "aslan chosen")
            await pilot.press("x", "y")
            await until(pilot, lambda: side.unmatched_filter == "asxy", "the letters typed")
            assert side.value == ""
            await pilot.press("enter")
            error = form.query_one("#form-error", Static)
            await until(pilot, lambda: "no choice matches" in str(error.render()), "the refusal")
            assert pilot.app.screen is form and side.has_focus_within
            await pilot.press("backspace", "backspace")
            await until(pilot, lambda: side.value == "aslan", "aslan chosen again")

    asyncio.run(scenario())
