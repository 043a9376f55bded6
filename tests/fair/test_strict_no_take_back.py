"""Strict dice: no party takes back a roll once made (DN-ERR-1, ADR 0028, docs/turn-files.md
"Strict dice"), not even with a referee undo that the other side agreed to take with
``--allow-referee`` (found by use, December 7: the receiver undid the roll his machine made for
the other side's held order, and the other machine took the undo with ``--allow-referee``
like any agreed override, so the order could be given again and rolled anew).

Aslan's first order that rolls is held and ends Aslan's file; Solomani's machine rolls it on
import. Neither Solomani (who rolled it) nor Aslan (once the decision came back) may revert it
with ``undo --referee``, from the CLI or the use case, and a file that carries such an undo
(a machine without this check) is refused on import whatever ``--allow-referee`` says. Nothing
is stored by a refusal."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.app import authority
from campaign.pbem.errors import StrictDiceError
from campaign.rules.errors import SeatError
from campaign.rules.ids import Side
from campaign.rules.seats import REFEREE
from tests.fair.by_mail import CAMPAIGN, MailTable, play_to_contact, play_until_held
from tests.fair.cli import run_cli, side_db

ASLAN, SOLOMANI = Side.ASLAN, Side.SOLOMANI


@pytest.fixture
def rolled(tmp_path: Path) -> MailTable:
    """Aslan's held order went over in Aslan's file and Solomani's machine rolled it."""
    table = MailTable(tmp_path, fair=False, dice="strict")
    play_to_contact(table)
    assert play_until_held(table) is ASLAN
    sent = table.files_dir / "held.json"
    table.machines[ASLAN].pbem.export_file(CAMPAIGN, ASLAN, sent)
    done = table.machines[SOLOMANI].pbem.import_turn(CAMPAIGN, sent.read_bytes(), "held.json")
    assert any("your machine rolled the dice" in note for note in done.notes)
    return table


def _log(table: MailTable, side: Side) -> list[str]:
    return [row.hash for row in table.machines[side].service.load(CAMPAIGN).rows]


def test_the_receiver_cannot_revert_the_roll_his_machine_made(
    rolled: MailTable, capsys: pytest.CaptureFixture[str]
) -> None:
    """DN-ERR-1: ``campaign undo duel --referee REASON`` on Solomani's database (the owner's
    seat, the referee's) after his machine rolled Aslan's order is refused in one line naming
    the order and the rule, the TUI's check (``check_undo``) refuses it before asking for a
    reason, and nothing is stored."""
    solomani = rolled.machines[SOLOMANI]
    before = _log(rolled, SOLOMANI)
    code, _, err = run_cli(
        capsys,
        "undo",
        CAMPAIGN,
        "--referee",
        "I dislike that roll",
        *side_db(rolled.files_dir, "solomani"),
    )
    assert code == 1 and err.count("\n") == 1, err
    assert "DN-ERR-1: cannot revert 'aslan range b1': it rolled strict dice" in err
    assert "no one takes back a roll once made" in err
    with pytest.raises(SeatError, match="rolled strict dice"):
        solomani.service.check_undo(solomani.service.load(CAMPAIGN), REFEREE, override=True)
    assert _log(rolled, SOLOMANI) == before


def test_the_sender_cannot_revert_his_order_once_decided(rolled: MailTable) -> None:
    """DN-ERR-1: the decision comes back to Aslan in Solomani's answer; Aslan's referee undo of
    it is refused too, and a plain undo says so instead of offering that override (found by
    use: "agree on a referee override (undo --referee REASON …)"); nothing stored."""
    answer = rolled.files_dir / "answer.json"
    rolled.machines[SOLOMANI].pbem.export_file(CAMPAIGN, SOLOMANI, answer)
    aslan = rolled.machines[ASLAN]
    aslan.pbem.import_turn(CAMPAIGN, answer.read_bytes(), "answer.json")
    before = _log(rolled, ASLAN)
    with pytest.raises(SeatError, match="DN-ERR-1: cannot revert 'aslan range b1'"):
        aslan.service.undo(CAMPAIGN, referee_reason="that roll was bad luck")
    # a plain undo is refused in the same words, offering no override that would be refused
    with pytest.raises(SeatError) as plain:
        aslan.service.undo(CAMPAIGN)
    assert "cannot undo 'aslan range b1': it rolled strict dice" in plain.value.message
    assert "undo --referee" not in plain.value.message
    assert _log(rolled, ASLAN) == before


def test_a_file_that_reverts_a_roll_is_refused_even_when_referee_orders_are_agreed(
    rolled: MailTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DN-ERR-1: a machine without the check (here: the check switched off on Solomani's side
    only) reverts the roll and sends the undo; Aslan's import refuses it with
    ``--allow-referee`` (``StrictDiceError`` naming Solomani), nothing stored."""
    solomani = rolled.machines[SOLOMANI]
    with monkeypatch.context() as patched:
        patched.setattr(authority, "check_referee_undo", lambda *args: None, raising=False)
        solomani.service.undo(CAMPAIGN, referee_reason="I dislike that roll")
    answer = rolled.files_dir / "answer.json"
    solomani.pbem.export_file(CAMPAIGN, SOLOMANI, answer)
    aslan = rolled.machines[ASLAN]
    aslan.pbem.allow_referee = True
    before = _log(rolled, ASLAN)
    with pytest.raises(StrictDiceError) as refused:
        aslan.pbem.import_turn(CAMPAIGN, answer.read_bytes(), "answer.json")
    assert refused.value.side == "solomani"
    assert "a referee undo in a file from solomani" in refused.value.message
    assert "it rolled strict dice" in refused.value.message
    assert _log(rolled, ASLAN) == before
