"""The referee's ``adjust-unit`` override (DN-ERR-1) puts a counter where it could stand: found
by use while following docs/referee-at-the-table.md ("a counter misplaced"). A refused
adjustment says why and changes nothing."""

from __future__ import annotations

from campaign.cli import main
from tests.cli_referee.conftest import TO_MARROW


def _run(db: list[str], capsys, *argv: str) -> tuple[int, str, str]:
    code = main([*argv, *db])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _log(db: list[str], capsys) -> str:
    return _run(db, capsys, "log", "t", "--raw")[1]


def test_a_unit_fighting_an_open_battle_is_not_moved_away(db, capsys):
    """DN-ERR-1 DN-CBT-1: A-CL-1, fighting the open battle at Marrow, was put in Redoubt by
    ``adjust-unit`` and went on fighting at Marrow (the battle keeps its own copy of each
    fighter: factors, disrupted flag), then was answered and fired from Redoubt. Moving it, or
    changing its disrupted flag, is refused while the battle is open, naming the battle and
    what to do instead; nothing is stored."""
    _run(db, capsys, "order", "t", f"aslan jump strike {TO_MARROW}")
    _run(db, capsys, "order", "t", "aslan end-phase")
    before = _log(db, capsys)
    for change in ("hex:redoubt -", "- yes", "hex:marrow no"):
        code, out, err = _run(
            db, capsys, "order", "t", f"referee adjust-unit A-CL-1 {change} 'misplaced'"
        )
        assert code == 1 and out == ""
        assert "DN-ERR-1: A-CL-1 fights in the open battle b1 at Marrow" in err
        assert "undo --referee" in err
        assert _log(db, capsys) == before
    # a unit outside the battle may still be adjusted
    code, out, _ = _run(db, capsys, "order", "t", "referee adjust-unit A-TR-1 hex:eawyo - 'x'")
    assert code == 0 and "A-TR-1 put in the stellar hex of Eawyo" in out


def test_a_unit_is_put_aboard_only_a_carrier_that_could_carry_it(db, capsys):
    """DN-ERR-1 DN-MOV-7: ``adjust-unit A-TR-1 on:A-TR-1`` put the transport aboard itself
    (``units`` then said "on:A-TR-1 … carries A-TR-1", the counter gone from the map), and
    ``on:S-DD-1`` put it aboard an enemy destroyer. ``on:CARRIER`` is checked as a deployment
    aboard is (a friendly carrier on the map, with room, for cargo it carries)."""
    before = _log(db, capsys)
    refusals = {
        "A-TR-1 on:A-TR-1": "DN-MOV-7: a transport carries a ground unit or PD, not TR",
        "A-RT-1 on:S-DD-1": "DN-MOV-7: S-DD-1 is not a friendly unit",
        "A-RT-1 on:A-CL-1": "DN-MOV-7: A-CL-1 (CL) carries nothing",
    }
    for change, refusal in refusals.items():
        code, out, err = _run(db, capsys, "order", "t", f"referee adjust-unit {change} - 'x'")
        assert code == 1 and out == "" and refusal in err
        assert _log(db, capsys) == before
    code, out, _ = _run(db, capsys, "order", "t", "referee adjust-unit A-RT-1 on:A-TR-1 - 'x'")
    assert code == 0 and "A-RT-1 put aboard A-TR-1" in out


def test_a_stacked_unit_put_elsewhere_leaves_its_stack(db, capsys):
    """DN-ERR-1 DN-MOV-2 (found by use, December 7, late night): ``adjust-unit A-CL-4
    hex:chasm`` for a ship of stack ``armada`` at Marrow left it in the stack, which was then in
    two places: every jump of the stack was refused ("stack armada is not in one place"). The
    unit put elsewhere now leaves its stack, and the sentence says so; the rest of the stack
    still moves as one."""
    code, out, _ = _run(db, capsys, "order", "t", "referee adjust-unit A-CL-1 hex:eawyo - 'x'")
    assert code == 1  # it stands there already, with its stack
    code, out, err = _run(db, capsys, "order", "t", "referee adjust-unit A-CL-1 hex:aokhtel - 'x'")
    assert code == 0 and "A-CL-1 put in the stellar hex of Aokhtel" in out, err
    assert "A-CL-1 leaves its stack (DN-MOV-2)" in out
    code, out, _ = _run(db, capsys, "units", "t", "--system", "aokhtel")
    assert "stack strike" not in out
    code, out, _ = _run(db, capsys, "order", "t", "aslan jump strike hlirakh")
    assert code == 0 and "A-CL-2, A-CL-3 jump Eawyo → Hlirakh" in out


def test_a_ground_unit_is_not_put_in_a_stellar_hex(db, capsys):
    """DN-ERR-1 DN-MOV-7 DN-MOV-10 (found by use, December 7, late night): ``adjust-unit A-RT-1
    hex:chasm`` put regular troops alone in a stellar hex, where no rule lets troops stand (they
    could neither move nor be loaded there); a PD into a box that holds one was accepted too.
    Both are refused as a deployment is, and nothing is stored."""
    before = _log(db, capsys)
    for change, refusal in {
        "A-RT-1 hex:chasm": "A-RT-1 (regular troops) stands in a surface box or aboard a carrier",
    }.items():
        code, out, err = _run(db, capsys, "order", "t", f"referee adjust-unit {change} - 'x'")
        assert code == 1 and out == "" and refusal in err, err
        assert _log(db, capsys) == before
    code, out, _ = _run(db, capsys, "order", "t", "referee adjust-unit A-RT-1 box:eawyo - 'x'")
    assert code == 0 and "A-RT-1 put in the surface box of Eawyo" in out
