"""`campaign scenario perft|solve invector ...` (INV-1, INV-6, INV-8)."""

from __future__ import annotations

import pytest

from campaign.cli import main


def test_perft_prints_counts_per_depth(capsys):
    # INV-4 INV-6: 31 first moves on 5x4, then 31 x (replies + swap)
    assert main(["scenario", "perft", "invector", "--size", "5x4", "--depth", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "# invector 5x4 bwbwb/wbwbw/bwbwb/wbwbw b pie:open"
    assert out[1] == "perft 1 31"
    assert out[2].startswith("perft 2 ")


def test_perft_divide_from_a_position(capsys):
    # INV-8: --position starts from a position text; --divide splits by first move
    position = "invector 5x4 .wb../...../...../..... b pie:off"
    assert (
        main(["scenario", "perft", "invector", "--position", position, "--depth", "1", "--divide"])
        == 0
    )
    assert capsys.readouterr().out.splitlines()[1:] == ["c1xb1 1", "c1-c2 1", "total 2"]


def test_solve_without_pie_lists_winning_first_moves(capsys):
    # INV-7: 5x2 without pie is a first-player win; every first move is listed with the count
    assert main(["scenario", "solve", "invector", "--size", "5x2", "--no-pie"]) == 0
    out = capsys.readouterr().out
    assert "value for the player to move (seat 0, black): WIN (+1)" in out
    assert "winning moves (13 of 13):" in out and "a1xb1" in out


def test_solve_with_pie_explains_the_second_player_win(capsys):
    # INV-6: with the pie rule seat 0 loses; each first move says whether White swaps
    assert main(["scenario", "solve", "invector", "--size", "3x2"]) == 0
    out = capsys.readouterr().out
    assert "LOSS (-1)" in out and "winning moves (0 of 7): none" in out
    assert out.count("-> keep White") == 7


def test_bad_size_and_bad_position_are_refused(capsys):
    # INV-1 INV-8: clear message, exit code 2
    assert main(["scenario", "solve", "invector", "--size", "4x4"]) == 2
    assert "INV-1" in capsys.readouterr().err
    assert main(["scenario", "perft", "invector", "--position", "invector 5x4 x b pie:off"]) == 2
    assert "rows" in capsys.readouterr().err
    assert (
        main(["scenario", "solve", "invector", "--position", "invector 3x2 b../... w pie:off"]) == 2
    )
    assert "INV-7" in capsys.readouterr().err


def test_solving_a_board_beyond_reach_says_so_before_it_starts(capsys, monkeypatch):
    """INV-1 (found by use): ``solve invector --size 7x6`` printed the position and then
    nothing at all, its memory growing by about 10 MB a second, with no word that it may never
    end. A note on stderr says so first (the search itself is not run here)."""
    from scenarios.invector import solver

    def search_not_run(self, state):
        raise KeyboardInterrupt

    monkeypatch.setattr(solver.Solver, "analyse", search_not_run)
    assert main(["scenario", "solve", "invector", "--size", "7x6"]) == 130  # "interrupted"
    err = capsys.readouterr().err
    assert "7x6" in err and "may run for hours" in err and "Ctrl+C" in err, err
    monkeypatch.undo()  # a large board with few stones left is within reach: no note
    position = "invector 7x6 b....../......./..w..../......./......./....... b pie:off"
    assert main(["scenario", "solve", "invector", "--position", position]) == 0
    assert "may run for hours" not in capsys.readouterr().err


@pytest.mark.parametrize("verb", ["perft", "solve"])
@pytest.mark.parametrize("typed", ["", "   "])
def test_an_empty_position_is_refused_not_read_as_the_start(capsys, verb, typed):
    """INV-8 (found by use, December 7, late night): ``--position ''`` (a variable left
    empty) counted or solved the 5 x 4 start as if no position had been given, where Imperium
    Shogi's refuses it. It is refused in one line, and nothing is counted."""
    assert main(["scenario", verb, "invector", "--position", typed]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "INV-8" in err and "position" in err, err


@pytest.mark.parametrize(
    ("game", "depth"),
    [("invector", "99999999999999999999"), ("invector", "21"), ("imperium-shogi", "21")],
)
def test_perft_refuses_a_depth_no_machine_could_count(capsys, game, depth):
    """INV-8 SHO-10 (found by use, December 7, late night): ``perft --depth
    99999999999999999999`` was accepted and counted until killed; a depth beyond 20 is
    refused in one line before any counting, and 20 is named as the deepest."""
    try:
        code = main(["scenario", "perft", game, "--depth", depth])
    except SystemExit as stop:  # argparse's refusal (Imperium Shogi's parser)
        code = stop.code
    assert code == 2
    captured = capsys.readouterr()
    assert f"--depth must be 1 to 20, got {depth}" in captured.err
    assert "perft 1" not in captured.out and "depth 1:" not in captured.out
