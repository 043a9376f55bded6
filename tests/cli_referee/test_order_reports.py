"""Every command that changes the game prints what happened (issue 15 item 2); the log shows
the same sentences with dice, filtered by turn, side and type."""

from __future__ import annotations

import re

import pytest

from campaign.cli import main
from tests.cli_referee.conftest import TO_MARROW


def _run(db: list[str], capsys, *argv: str) -> tuple[int, str, str]:
    code = main([*argv, *db])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _battle(db, capsys) -> str:
    """Jump to Marrow and fight the destroyer there with short battle ids; the fire output."""
    assert _run(db, capsys, "order", "t", f"aslan jump strike {TO_MARROW}")[0] == 0
    code, out, _ = _run(db, capsys, "order", "t", "aslan end-phase")
    assert "Battles open: Marrow (the Aslan attack the Solomani" in out
    assert "now: aslan must act: battle b1 at marrow: roll for range" in out
    assert _run(db, capsys, "order", "t", "aslan range b1")[0] == 0
    assert _run(db, capsys, "order", "t", "aslan choose-range marrow short")[0] == 0
    code, out, _ = _run(db, capsys, "status", "t")
    # DN-CBT-3: the phasing side is Aslan, but the protocol waits for the Solomani defender
    assert "must act now: solomani — battle b1 at marrow: the defender (solomani) names" in out
    assert _run(db, capsys, "order", "t", "referee referee-assign b1 auto")[0] == 0
    code, out, _ = _run(db, capsys, "order", "t", "aslan fire b1")
    assert code == 0
    return out


def test_order_prints_outcome_sentences_and_who_acts(db, capsys):
    # DN-CBT-1 DN-CBT-2 DN-CBT-3 DN-CBT-4: the round's sentence names shots, dice and results
    out = _battle(db, capsys)
    assert (
        "Battle at Marrow, round 1 at short range: S-DD-1 destroyed. Battle at Marrow over" in out
    )
    assert "A-CL-1 fires on S-DD-1 (beam 5 vs defence 1, column 4:1), rolls" in out
    assert "now: aslan must act" in out


def test_log_shows_sentences_and_dice_filtered(db, capsys):
    # DN-CBT-4 DN-ERR-1: dice with their purposes, filter by turn, side and event type
    _battle(db, capsys)
    code, out, _ = _run(db, capsys, "log", "t", "--turn", "1", "--type", "round-fought")
    assert code == 0
    # the log names a battle as every screen does, "b1", not by its inner id (issue 41 item 6)
    assert "marrow/aslan-solomani" not in out and "aslan fire b1" in out
    assert "S-DD-1 destroyed" in out and "dice (seeded): fire marrow round 1 A-CL-1>S-DD-1=" in out
    assert "range roll" not in out
    code, out, _ = _run(db, capsys, "log", "t", "--by", "aslan", "--turn", "1")
    assert "aslan fire b1" in out and "referee-assign" not in out


def test_log_filter_that_keeps_nothing_says_so_in_one_line(db, capsys):
    """DN-ERR-1 (found by use, December 7): a filter that keeps no order printed nothing at
    all; it says so, for the seat that reads the log."""
    code, out, err = _run(db, capsys, "log", "t", "--type", "round-fought")
    assert code == 0 and err == ""
    assert out == (
        "t: the log as referee sees it has no order with an event of type 'round-fought'\n"
    )
    code, out, _ = _run(
        db, capsys, "log", "t", "--turn", "7", "--by", "sol", "--type", "stack", "--side", "aslan"
    )
    assert code == 0
    assert out == (
        "t: the log as aslan sees it has no order given in game turn 7, given by solomani, with "
        "an event whose type holds 'stack'\n"
    )


def test_raw_log_keeps_what_the_filters_keep(db, capsys):
    """DN-ERR-1 (found by use, December 7): ``log --raw`` ignored ``--turn``, ``--by`` and
    ``--type`` and printed the whole log; it keeps the same orders as the sentences do, and
    says so in the same line when it keeps none."""
    _battle(db, capsys)
    code, out, _ = _run(db, capsys, "log", "t", "--raw", "--type", "round-fought")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 1 and "aslan fire b1  -> " in lines[0] and "round-fought" in lines[0]
    code, out, _ = _run(db, capsys, "log", "t", "--raw", "--by", "referee", "--turn", "1")
    assert out.splitlines() and all("  referee " in line for line in out.splitlines())
    code, out, _ = _run(db, capsys, "log", "t", "--raw", "--turn", "0")
    assert out.splitlines() and "aslan fire" not in out
    code, out, _ = _run(db, capsys, "log", "t", "--raw", "--turn", "7")
    assert out == "t: the log as referee sees it has no order given in game turn 7\n"


def test_log_refuses_an_unknown_event_type_or_side(db, capsys):
    """DN-ERR-1 (found by use, December 7): ``--type`` no event type holds is refused with a
    "did you mean" (it matched nothing, silently); so is a ``--by`` that is no side."""
    code, out, err = _run(db, capsys, "log", "t", "--type", "round-fougth")
    assert code == 1 and out == ""
    assert err == (
        "campaign: --type 'round-fougth': no event type is called so or holds it; "
        "did you mean 'round-fought' or 'ground-fought'?\n"
    )
    code, out, err = _run(db, capsys, "log", "t", "--type", "zzz")
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "no event type is called so or holds it" in err and "--raw" in err
    # --by is read as every option naming a side (test_side_names.py): argparse refuses it
    with pytest.raises(SystemExit) as stop:
        _run(db, capsys, "log", "t", "--by", "aslna")
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.endswith(
        "campaign log: error: argument --by: 'aslna' is not a side: aslan, solomani or "
        "referee, or any beginning of one (sol), any case; did you mean 'aslan'?\n"
    )


def test_player_log_hides_face_down_neutrals(db, capsys):
    # DN-NEU-1: the referee reads the drawn kinds, a player only that a neutral was placed
    code, referee, _ = _run(db, capsys, "log", "t", "--turn", "0")
    code, player, _ = _run(db, capsys, "log", "t", "--turn", "0", "--side", "aslan")
    drawn = re.findall(r"draw ([A-Z][A-Z0-9-]*) \(N-", referee)  # by code: JT-3 (Dec 7)
    assert drawn and "neutral:" not in referee
    assert "place a face-down neutral in Keystone" in player
    assert "draw " not in player and not re.search(r"\bN-[A-Z]+-\d", player)


def test_undo_prints_what_it_took_back(db, capsys):
    # DN-SEQ-2: undo within the phase names the order and its sentences
    _run(db, capsys, "order", "t", "aslan form-stack lone A-CL-1")
    code, out, _ = _run(db, capsys, "undo", "t")
    assert code == 0
    assert "undone: aslan form-stack lone A-CL-1" in out and "Stack lone: A-CL-1" in out


def test_unknown_battle_id_is_refused_and_changes_nothing(db, capsys):
    # DN-ERR-1: one clear line naming the open battles; the log does not grow
    _run(db, capsys, "order", "t", f"aslan jump strike {TO_MARROW}")
    _run(db, capsys, "order", "t", "aslan end-phase")
    _, before, _ = _run(db, capsys, "log", "t", "--raw")
    code, out, err = _run(db, capsys, "order", "t", "aslan range b9")
    assert code == 1 and out == ""
    assert err.strip() == (
        "campaign: DN-ERR-1: battle 'b9' names no battle in this phase; battles: b1 = "
        "marrow/aslan-solomani"
    )
    assert _run(db, capsys, "log", "t", "--raw")[1] == before


def test_replay_prints_what_each_step_did(capsys):
    # DN-SEQ-1: the seed game replay tells the story as it checks digests
    from tests.conftest import REPO_ROOT

    seed = sorted((REPO_ROOT / "seeds").glob("*.json"))[0]
    assert main(["replay", str(seed)]) == 0
    out = capsys.readouterr().out
    assert "every digest matches" in out and "(DN-" in out


#: Eawyo to Keystone, whose stellar hex holds a face-down neutral in campaign ``t``.
TO_KEYSTONE = "hlirakh,ftahr,khtaoi,fissure,span,keystone"
#: A neutral counter's real id (its kind), not an alias ``N-X-k``.
REAL_ID = re.compile(r"\bN-(?!X-)[A-Z]+-\d")


def test_a_sides_answer_names_who_acts_as_the_side_reads_it(db, capsys, tmp_path):
    """DN-NEU-1 DN-CBT-3 (docs/seats.md, found by use): after an order given from Aslan's
    seat, the ``now:`` line named the face-down neutral the defender had named by its real id
    (``answers N-TR-2 with a unit``: its kind), where ``status --side aslan`` says ``N-X-8``.
    The answers of ``orders``, ``order`` and ``undo`` from a side's seat name it by its alias."""
    _run(db, capsys, "order", "t", f"aslan jump strike {TO_KEYSTONE}")
    _run(db, capsys, "order", "t", "aslan end-phase")
    orders = tmp_path / "aslan.txt"
    orders.write_text("aslan range b1\n", encoding="utf-8")
    code, out, _ = _run(db, capsys, "orders", "t", str(orders), "--side", "aslan")
    assert code == 0
    assert "now: aslan must act: battle b1 at keystone: the attacker (aslan) answers N-X-8" in out
    assert not REAL_ID.search(out)
    code, out, _ = _run(db, capsys, "order", "t", "aslan target b1 A-CL-1", "--side", "aslan")
    assert code == 0 and not REAL_ID.search(out)
    code, out, _ = _run(db, capsys, "undo", "t", "--side", "aslan")
    assert code == 0 and "answers N-X-8 with a unit" in out and not REAL_ID.search(out)
    code, out, _ = _run(db, capsys, "order", "t", "aslan target b1 A-CL-1", "--side", "aslan")
    code, out, _ = _run(db, capsys, "undo", "t")  # the referee reads the real id
    assert code == 0 and "answers N-TR-2 with a unit" in out


def test_a_battle_named_where_none_is_open_says_so(db, capsys):
    """DN-CBT-1 (found by use, December 7, night): ``aslan range b1`` in a movement phase was
    refused "battle 'b1' names no battle in this phase; battles: none", no rule named and as if
    another id would do; it says that no battle is open in this step and where battles are
    fought."""
    code, out, err = _run(db, capsys, "order", "t", "aslan range b1")
    assert code == 1 and out == ""
    assert err.strip() == (
        "campaign: DN-CBT-1: no battle is open in this step (first-movement): 'b1' names none; "
        "battles are fought in the space sub-phase of a combat phase"
    )
