"""Attackers with strict dice (issue 34 "Dice nobody can preview", ADR 0028 threat model,
DN-ERR-1).

Aslan's scout meets the neutral counter of Solace in game turn 1; Aslan's first ``range``
order rolls, so Aslan's machine holds it: it ends Aslan's next file (``pending_order``) and
Solomani's machine rolls it with Solomani's contribution, opened only in the answer. A sender
who rolls his own order, or changes the held order once the answer told him the dice, is
refused and named; a receiver who changes or withholds the decision, or withholds his
contribution, is refused and named; an unanswered order is a named wait. Nothing is stored
by a refused file.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from campaign.pbem.errors import DiceRevealError, StrictDiceError
from campaign.pbem.model import TurnFile
from campaign.rules.dice import SeededSource
from campaign.rules.errors import UndoError, WaitingError
from campaign.rules.ids import Side
from campaign.rules.views import seen_text
from tests.fair.by_mail import (
    CAMPAIGN,
    MailTable,
    play_to_contact,
    play_until_held,
    sqlite_image,
)
from tests.pbem.conftest import resealed

ASLAN, SOLOMANI = Side.ASLAN, Side.SOLOMANI


@pytest.fixture
def held(tmp_path: Path) -> MailTable:
    """Aslan's first order that rolls is held on Aslan's machine (nothing exported yet)."""
    table = MailTable(tmp_path, fair=False, dice="strict")
    play_to_contact(table)
    assert play_until_held(table) is ASLAN
    return table


def _export(table: MailTable, side: Side, name: str) -> Path:
    path = table.files_dir / name
    table.machines[side].pbem.export_file(CAMPAIGN, side, path)
    return path


def _answered(table: MailTable) -> tuple[Path, Path, int]:
    """Aslan sends the file its held order ends; Solomani imports it and answers. The two
    files and the number of Aslan's."""
    sent = _export(table, ASLAN, "held.json")
    table.machines[SOLOMANI].pbem.import_turn(CAMPAIGN, sent.read_bytes(), "held.json")
    answer = _export(table, SOLOMANI, "answer.json")
    return sent, answer, TurnFile.model_validate_json(sent.read_text()).header.exchange


def test_the_sender_cannot_roll_its_own_order(held: MailTable) -> None:
    """The held order is not decided on its own side's machine, which holds no contribution
    of the other side to roll it with; the status line and every further order name the wait;
    the file it ends carries it undecided, after no batch that rolled."""
    aslan = held.machines[ASLAN]
    wait = aslan.pbem.dice_wait(CAMPAIGN)
    assert wait is not None and wait.side == "solomani"
    number = int(wait.subject.split()[-1])
    assert aslan.pbem.ledger.secret(CAMPAIGN, number - 1) is None  # Solomani's: not here
    duty = aslan.service.status(CAMPAIGN, viewer=ASLAN).duties[0]
    assert duty.reason == f"waiting for solomani's dice contribution to file {number}"
    with pytest.raises(WaitingError, match="waiting for solomani's dice contribution"):
        aslan.service.order(CAMPAIGN, "aslan end-phase")
    turn = TurnFile.model_validate_json(_export(held, ASLAN, "held.json").read_text())
    assert turn.header.exchange == number
    assert turn.header.pending_order is not None and " range " in turn.header.pending_order
    assert not any(
        event.payload and event.payload.get("rolls")
        for batch in turn.body.batches
        for event in batch.events
    )


def test_a_file_whose_sender_rolled_its_own_dice_is_refused(held: MailTable) -> None:
    """A cheating machine decides the held order with dice of its own choosing and sends it
    as an ordinary batch: the receiver refuses it, names Aslan, and stores nothing."""
    aslan, solomani = held.machines[ASLAN], held.machines[SOLOMANI]
    text = aslan.pbem.ledger.strict_pending(CAMPAIGN).order_text
    with sqlite3.connect(aslan.path) as connection:  # the modified tool forgets the hold
        connection.execute("DELETE FROM dn_strict_pending")
    aslan.service.order(CAMPAIGN, text, dice=SeededSource("aslan's guess"))
    forged = _export(held, ASLAN, "forged.json")
    before = sqlite_image(solomani.path)
    with pytest.raises(StrictDiceError, match="that aslan could not know") as refused:
        solomani.pbem.import_turn(CAMPAIGN, forged.read_bytes(), "forged.json")
    assert refused.value.side == "aslan" and refused.value.problem == "strict-dice"
    assert sqlite_image(solomani.path) == before


def test_a_held_order_changed_after_the_answer_is_refused(held: MailTable) -> None:
    """Aslan reads Solomani's answer (so knows the dice), withdraws his file and sends it
    again ending with another order: Solomani, who rolled the first, refuses it and stores
    nothing; Aslan's machine refuses the answer to an order it no longer holds."""
    aslan, solomani = held.machines[ASLAN], held.machines[SOLOMANI]
    sent, answer, number = _answered(held)
    aslan.pbem.withdraw(CAMPAIGN, number, "I prefer another order")
    with sqlite3.connect(aslan.path) as connection:
        connection.execute("UPDATE dn_strict_pending SET order_text = 'aslan retreat'")
    again = _export(held, ASLAN, "again.json")
    assert TurnFile.model_validate_json(again.read_text()).header.exchange == number
    before = sqlite_image(solomani.path)
    with pytest.raises(
        StrictDiceError,
        match=f"file {number} from aslan comes again changed, "
        "ending with 'aslan retreat' instead of 'aslan range",
    ) as refused:
        solomani.pbem.import_turn(CAMPAIGN, again.read_bytes(), "again.json")
    assert refused.value.side == "aslan"
    assert sqlite_image(solomani.path) == before
    with pytest.raises(StrictDiceError, match="in place of your order 'aslan retreat'"):
        aslan.pbem.import_turn(CAMPAIGN, answer.read_bytes(), "answer.json")


def test_a_changed_or_withheld_decision_is_refused(held: MailTable) -> None:
    """The receiver's answer must begin with the held order exactly as it was sent: a file
    deciding another order in its place, or none, is refused naming Solomani."""
    aslan = held.machines[ASLAN]
    _, answer, number = _answered(held)
    text = answer.read_text()
    held_order = json.loads(text)["body"]["batches"][0]["order"]

    def changed(data: dict) -> None:
        data["body"]["batches"][0]["order"] = held_order.replace(" range ", " fire ")

    def withheld(data: dict) -> None:  # the file as if the held order were never decided
        header = data["body"]["header"]
        data["body"]["batches"] = []
        header["head_seq"], header["head_hash"] = header["base_seq"], header["base_hash"]

    before = sqlite_image(aslan.path)
    for forge, words in ((changed, "decides 'aslan fire"), (withheld, "withholds the decision")):
        with pytest.raises(StrictDiceError, match=words) as refused:
            aslan.pbem.import_turn(CAMPAIGN, resealed(text, forge), "forged.json")
        assert refused.value.side == "solomani"
        assert f"ended file {number}" in refused.value.message
    assert sqlite_image(aslan.path) == before
    aslan.pbem.import_turn(CAMPAIGN, text, "answer.json")  # the honest answer goes in
    assert aslan.pbem.dice_wait(CAMPAIGN) is None


def test_a_receiver_withholding_its_contribution_is_named(held: MailTable) -> None:
    """The answer must open Solomani's secret committed before Aslan's order existed: a file
    that leaves it out, or opens another, is refused naming Solomani; until an honest answer
    comes Aslan's machine names the wait."""
    aslan = held.machines[ASLAN]
    _, answer, number = _answered(held)
    text = answer.read_text()

    def no_reveal(data: dict) -> None:
        del data["body"]["dice"]["reveal"]

    def other_reveal(data: dict) -> None:
        data["body"]["dice"]["reveal"] = "0" * 64

    for forge in (no_reveal, other_reveal):
        with pytest.raises(
            DiceRevealError, match=f"solomani withholds its dice contribution to file {number}"
        ):
            aslan.pbem.import_turn(CAMPAIGN, resealed(text, forge), "forged.json")
    wait = aslan.pbem.dice_wait(CAMPAIGN)
    assert wait is not None and wait.sentence == (
        f"waiting for solomani's dice contribution to file {number}"
    )


def test_a_held_order_is_taken_back_until_it_is_sent(held: MailTable) -> None:
    """DN-ERR-1: `undo` takes back an order held for the dice while it was not sent (the log
    never held it); once the file it ends went over, undo is refused naming the file, and
    after `withdraw` of that unanswered file it can be taken back again. The undo names the
    held order as the player reads it, its battle by the short id every screen shows."""
    aslan = held.machines[ASLAN]
    text = aslan.pbem.ledger.strict_pending(CAMPAIGN).order_text
    loaded = aslan.service.load(CAMPAIGN)
    head = loaded.head.seq
    report = aslan.service.undo_report(CAMPAIGN)
    shown = seen_text(text, loaded.state, ASLAN)
    assert "/" in text and "/" not in shown  # solace/aslan-neutral is b1
    assert report.lines == [f"undone: {shown} (held for strict dice, not sent)"]
    assert aslan.pbem.dice_wait(CAMPAIGN) is None
    assert aslan.service.load(CAMPAIGN).head.seq == head
    again = aslan.service.order_report(CAMPAIGN, text)  # held again
    assert again.lines[0].startswith(f"held for strict dice: '{shown}' rolls dice")
    sent = _export(held, ASLAN, "held.json")
    number = TurnFile.model_validate_json(sent.read_text()).header.exchange
    with pytest.raises(UndoError, match=f"it ended file {number}, sent to the other player"):
        aslan.service.undo(CAMPAIGN)
    aslan.pbem.withdraw(CAMPAIGN, number, "a second thought before any answer")
    assert aslan.service.undo_report(CAMPAIGN).lines[0].startswith(f"undone: {shown}")


def test_the_mail_lines_name_the_held_order_s_battle_b1(held: MailTable) -> None:
    """DN-ERR-1 (found by use, December 7): the export line ("ends with 'aslan range
    solace/aslan-neutral'"), `exchanges` and the importer's notes ("its held order '…' rolled
    here") named the held order's battle by its inner id; they name it ``b1`` as every screen
    does."""
    aslan, solomani = held.machines[ASLAN], held.machines[SOLOMANI]
    text = aslan.pbem.ledger.strict_pending(CAMPAIGN).order_text
    shown = seen_text(text, aslan.service.load(CAMPAIGN).state, ASLAN)
    assert "/" in text and "/" not in shown
    path = held.files_dir / "held.json"
    exported = aslan.pbem.export_file(CAMPAIGN, ASLAN, path)
    assert f"ends with '{shown}', whose dice" in exported.line("held.json")
    assert f"ends with '{shown}' (strict dice)" in aslan.pbem.exchange_lines(CAMPAIGN)[-3]
    imported = solomani.pbem.import_turn(CAMPAIGN, path.read_bytes(), "held.json")
    assert f"its held order '{shown}' rolled here" in imported.line("held.json")
    assert any(f"aslan's order '{shown}'" in note for note in imported.notes)
    answer = _export(held, SOLOMANI, "answer.json")
    back = aslan.pbem.import_turn(CAMPAIGN, answer.read_bytes(), "answer.json")
    assert any(f"decided your order '{shown}'" in note for note in back.notes), back.notes
