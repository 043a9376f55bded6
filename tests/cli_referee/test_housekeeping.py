"""Referee commands and refusals of issue 45: `campaign list`, `campaign delete` (asks, or
--yes), `campaign verify NAME --rebuild`, a repin that changes nothing (item 6), and the
refusals that say what to type instead (item 4)."""

from __future__ import annotations

import io
import sqlite3

import pytest

from campaign.cli import main
from campaign.cli.completion import candidates
from tests.cli_referee.test_views import _run


def _db_path(db: list[str]) -> str:
    return db[1].removeprefix("sqlite:///")


def test_list_names_every_campaign_and_where_it_stands(db, capsys):
    """Issue 45 item 6: `campaign list` shows each campaign with its turn and step."""
    assert main(["new", "practice", "--seed", "3", "--dice", "physical", *db]) == 0
    capsys.readouterr()
    code, out, err = _run(db, capsys, "list")
    assert code == 0, err
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == ["practice", "t"]
    assert "dice physical" in lines[0] and "game turn 0, setup-neutrals" in lines[0]
    assert "game turn 1, first-movement, aslan to act" in lines[1]


def test_delete_asks_and_refuses_without_a_terminal(db, capsys, monkeypatch):
    """Issue 45 item 6: without --yes and without a terminal nothing is deleted; on a terminal
    only "y" deletes; --yes deletes at once."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, _, err = _run(db, capsys, "delete", "t")
    assert code == 2 and "--yes" in err
    monkeypatch.setattr("sys.stdin", _Terminal("n\n"))
    code, out, _ = _run(db, capsys, "delete", "t")
    assert code == 1 and "not deleted" in out
    assert _run(db, capsys, "status", "t")[0] == 0
    code, out, _ = _run(db, capsys, "delete", "t", "--yes")
    assert code == 0 and "t: deleted" in out
    code, _, err = _run(db, capsys, "status", "t")
    assert code == 1 and "no campaign named 't'" in err
    with sqlite3.connect(_db_path(db)) as connection:  # nothing of it is left
        assert connection.execute("SELECT COUNT(*) FROM dn_event").fetchone() == (0,)


class _Terminal(io.StringIO):
    """Standard input that is a terminal, holding the answer typed."""

    def isatty(self) -> bool:
        return True


def test_verify_rebuild_replaces_a_damaged_snapshot_from_the_log(db, capsys):
    """Issue 45 item 6: a snapshot edited in the database is found by verify; --rebuild makes
    the snapshots anew from the log alone, and verify is clean again, the log unchanged."""
    with sqlite3.connect(_db_path(db)) as connection:
        events = connection.execute("SELECT COUNT(*) FROM dn_event").fetchone()[0]
        connection.execute(
            "INSERT INTO dn_snapshot (campaign_name, seq, event_hash, digest, state) "
            "SELECT campaign_name, seq, hash, 'x', 'damaged' FROM dn_event "
            "WHERE campaign_name = 't' AND seq = 5"
        )
    code, _, err = _run(db, capsys, "verify", "t")
    assert code == 1 and "snapshot at event 5 differs" in err
    code, out, err = _run(db, capsys, "verify", "t", "--rebuild")
    assert code == 0, err
    assert f"rebuilt from the log alone: {events} events replayed, 1 old snapshot dropped" in out
    assert "hash chain intact" in out
    with sqlite3.connect(_db_path(db)) as connection:
        assert connection.execute("SELECT COUNT(*) FROM dn_event").fetchone()[0] == events
        assert connection.execute("SELECT seq FROM dn_snapshot").fetchall() == [(events,)]


def test_repin_with_unchanged_data_logs_nothing(db, capsys):
    """Issue 45 item 6 (DN-DATA-4): re-pinning the files already pinned is a no-op."""
    with sqlite3.connect(_db_path(db)) as connection:
        before = connection.execute("SELECT COUNT(*) FROM dn_event").fetchone()[0]
    code, out, _ = _run(db, capsys, "repin", "t", "just in case")
    assert code == 0 and "nothing re-pinned, nothing logged" in out
    with sqlite3.connect(_db_path(db)) as connection:
        assert connection.execute("SELECT COUNT(*) FROM dn_event").fetchone()[0] == before


def test_new_commands_complete_and_show_examples(db, capsys):
    """Issue 45 item 6: the commands are offered by completion, with campaign names."""
    assert {"list", "delete"} <= set(candidates([], ""))
    assert candidates(["delete", *db], "") == ["t"]
    assert "--rebuild" in candidates(["verify", "t"], "--")
    with pytest.raises(SystemExit):
        main(["delete", "--help"])
    assert "campaign delete practice --yes" in capsys.readouterr().out


def test_an_unknown_campaign_name_gets_did_you_mean(db, capsys):
    """Issue 45 item 4: `status` with a mistyped name suggests the stored one."""
    code, _, err = _run(db, capsys, "status", "tt")
    assert code == 1 and "did you mean 't'?" in err


def test_an_unquoted_order_is_told_to_use_quotes(db, capsys):
    """Issue 45 item 4: the shell split the order into words: say "put it in quotes", with the
    line to type, and change nothing."""
    code, _, err = _run(db, capsys, "order", "t", "aslan", "end-phase")
    assert code == 2
    assert "put it in quotes, e.g. campaign order t 'aslan end-phase'" in err
    assert "first-movement" in _run(db, capsys, "status", "t")[1]


def test_lift_off_in_a_movement_phase_names_leave_box(db, capsys):
    """Issue 45 item 4 (DN-MOV-6): `lift-off` belongs to the interaction sub-phase; in a
    movement phase the refusal names the order that lifts off there."""
    code, _, err = _run(db, capsys, "order", "t", "aslan lift-off hlirakh A-TR-1")
    assert code == 1 and "in this step the order is 'leave-box STACK' (DN-MOV-6)" in err


def test_undo_after_a_phase_change_names_the_override(db, capsys):
    """Issue 45 item 4: undo refuses to cross a phase change and gives the command that
    would (a referee override with a reason)."""
    assert main(["order", "t", "aslan end-phase", *db]) == 0
    capsys.readouterr()
    code, _, err = _run(db, capsys, "undo", "t")
    assert code == 1 and "undo --referee REASON" in err
    # found by use (December 7, night): the advice sat in nested parentheses, "(only a referee
    # override with a reason can revert it (undo --referee REASON))"
    assert "REASON))" not in err
    assert err.rstrip().endswith(
        "undo works within the current phase only: only a referee override with a reason can "
        "revert it (undo --referee REASON)"
    ), err


def test_ctrl_d_at_the_delete_question_deletes_nothing(db, capsys, monkeypatch):
    """Found by use (December 7, evening): Ctrl+D at a yes/no question of the command line
    (here `campaign delete`'s) raised a traceback (EOFError). It answers no."""
    monkeypatch.setattr("sys.stdin", _Terminal(""))
    code, out, _ = _run(db, capsys, "delete", "t")
    assert code == 1 and out.endswith("[y/N] \nt: not deleted\n"), out
    assert _run(db, capsys, "status", "t")[0] == 0
