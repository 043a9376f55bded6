"""One reading of a side's name for every command's option (found by use, December 7):
``campaign income NAME --side sol`` and ``upkeep --side sol`` were refused while ``log --by
sol`` was accepted. A side is its name or any unique beginning of it, in any case; the help
says so. And ``log --turn -1`` was accepted: a game turn is 0 (the set-up) or more (DN-SEQ-1).
"""

from __future__ import annotations

import pytest

from campaign.cli import main


@pytest.mark.parametrize("word", ["sol", "Solomani", "S"])
def test_income_and_upkeep_take_a_side_as_log_does(alpha_db, capsys, word):
    """DN-ECO-4, DN-ECO-7: ``--side sol`` is the Solomani, as ``log --by sol`` reads it."""
    assert main(["income", "alpha", "--db", alpha_db, "--side", word]) == 0
    out = capsys.readouterr().out
    assert "Income of solomani" in out and "Income of aslan" not in out
    assert main(["upkeep", "alpha", "--db", alpha_db, "--side", word]) == 0
    assert main(["log", "alpha", "--db", alpha_db, "--by", word]) == 0
    assert main(["status", "alpha", "--db", alpha_db, "--side", word]) == 0


@pytest.mark.parametrize("command", ["income", "upkeep", "log", "status"])
def test_an_unknown_side_is_refused_naming_the_accepted_forms(alpha_db, capsys, command):
    """DN-ERR-1: ``--side x`` names the sides and the short forms."""
    flag = "--by" if command == "log" else "--side"
    with pytest.raises(SystemExit) as stop:
        main([command, "alpha", "--db", alpha_db, flag, "x"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "'x'" in err and "aslan" in err and "solomani" in err and "beginning" in err


@pytest.mark.parametrize("command", ["income", "upkeep", "log", "status", "map", "units"])
def test_the_help_says_which_side_names_are_accepted(capsys, command):
    """DN-ERR-1: every option naming a side says its short forms are accepted."""
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert "beginning" in capsys.readouterr().out


def test_log_turn_below_zero_is_refused(alpha_db, capsys):
    """DN-SEQ-1: game turns count from 0 (the set-up); ``--turn -1`` is refused, saying so."""
    with pytest.raises(SystemExit) as stop:
        main(["log", "alpha", "--db", alpha_db, "--turn", "-1"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--turn" in err and "-1" in err and "0" in err
