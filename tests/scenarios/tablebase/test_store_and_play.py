"""Stored tables, the probe of the perfect AI level, and the tablebase CLI path."""

from __future__ import annotations

import io
import os

import numpy as np
import pytest

from scenarios.imperium_shogi.ai import PERFECT, ShogiAI
from scenarios.imperium_shogi.cli import cli_solve
from scenarios.imperium_shogi.game import ShogiState
from scenarios.imperium_shogi.tablebase.cli import describe
from scenarios.imperium_shogi.tablebase.solver import Checkpoint, solve
from scenarios.imperium_shogi.tablebase.store import (
    TablebaseFile,
    best_move,
    move_values,
    save,
    table_dir,
)
from tests.scenarios.tablebase.conftest import reduced_position, reduced_solution
from tests.scenarios.tablebase.test_solver import as_position, stored_keys


def test_save_and_open_round_trip(tmp_path):
    # SHO-10: a stored table answers exactly like the one in memory
    solution = reduced_solution("bb_b_vs_bb_cr", False)
    save(solution, table_dir("imperium", tmp_path))
    table = TablebaseFile.open("imperium", tmp_path)
    assert table is not None
    assert table.meta["positions"] == solution.stats.positions
    for key in stored_keys(solution, 200, 6):
        position = as_position(key)
        assert table.value(position) == solution.value(position)
    assert TablebaseFile.open("dobutsu", tmp_path) is None


def _saved_bytes(array: np.ndarray) -> bytes:
    out = io.BytesIO()
    np.save(out, array)
    return out.getvalue()


def test_the_saved_enumeration_becomes_the_stored_index_without_a_second_write(tmp_path):
    """SHO-10 / issue 47 item 1: a solve's saved enumeration (the checkpoint's directory.npy)
    is linked as the table's index.npy, not written again; it holds the bytes the directory
    has at the end of the solve, and the table answers as the one in memory."""
    work = tmp_path / "work"
    solution = solve([reduced_position("bb_b_vs_bb_cr")], False, work=work)
    saved = Checkpoint(work).directory_file()
    assert saved is not None
    directory = table_dir("imperium", tmp_path)
    save(solution, directory, index_file=saved)
    index = directory / "index.npy"
    assert os.path.samefile(index, saved)  # one file, two names: nothing written twice
    assert index.read_bytes() == _saved_bytes(solution.directory)
    Checkpoint(work).clear()  # the table keeps its index
    table = TablebaseFile.open("imperium", tmp_path)
    assert table is not None
    for key in stored_keys(solution, 200, 6):
        assert table.value(as_position(key)) == solution.value(as_position(key))


def test_an_index_file_that_cannot_be_linked_is_written(tmp_path):
    """SHO-10: where the saved enumeration cannot be linked (here: it is gone), the index is
    written from the directory in memory, as without a checkpoint."""
    solution = reduced_solution("bb_b_vs_bb_cr", False)
    directory = table_dir("imperium", tmp_path)
    save(solution, directory, index_file=tmp_path / "missing.npy")
    assert (directory / "index.npy").read_bytes() == _saved_bytes(solution.directory)
    assert not (directory / "index.npy.tmp").exists()
    assert TablebaseFile.open("imperium", tmp_path) is not None


def test_unknown_variant_is_refused(tmp_path):
    # SHO-10: bad input names the problem
    with pytest.raises(ValueError, match="unknown variant"):
        table_dir("chess", tmp_path)


def test_best_move_keeps_the_value(dobutsu):
    # SHO-7: the chosen move reaches a child whose value is the parent's value, one ply less
    solution = reduced_solution("bb_b_vs_bb_cr", dobutsu)
    flip = {"win": "loss", "loss": "win", "draw": "draw"}
    for key in stored_keys(solution, 300, 7):
        position = as_position(key)
        result, plies = solution.value(position)
        moves = position.moves()
        if not moves or position.is_over():
            continue
        if plies <= 1 and result != "draw":
            continue  # terminal by the conventions: the children are not table positions
        move = best_move(solution, position, moves)
        assert move is not None
        work = position.copy()
        work.make(move)
        child = solution.value(work)
        assert child[0] == flip[result]
        if result != "draw":
            assert child[1] == plies - 1
        assert move_values(solution, position, moves)[move] == (result, plies)


def test_perfect_ai_wins_a_won_reduced_position():
    # SHO-7: the perfect level converts a won position within the announced number of plies
    solution = reduced_solution("bb_b_vs_bb_cr", False)
    start = reduced_position("bb_b_vs_bb_cr")
    state = ShogiState(start.copy())
    result, plies = solution.value(start)
    ai = ShogiAI(PERFECT, tablebase=_Probe(solution))
    mover = state.position.side
    for _ in range(plies + 1):
        if state.is_terminal():
            break
        state.apply_action(ai.choose(state))
    assert state.is_terminal()
    winner = state.outcome().winner if state.outcome() else None
    assert (winner == mover) == (result == "win")


class _Probe:
    """Adapter giving an in-memory solution the ``probe(state)`` interface."""

    def __init__(self, solution) -> None:
        self.solution = solution

    def probe(self, state: ShogiState) -> int | None:
        return best_move(self.solution, state.position, state.legal_actions())


def test_cli_reads_a_stored_table_for_a_position(tmp_path, capsys):
    # SHO-10: `solve --tablebase --position` reads the stored table; a position outside it
    # (here the full start against a reduced table) is reported as not reachable
    solution = reduced_solution("bb_b_vs_bb_cr", False)
    save(solution, table_dir("imperium", tmp_path))
    code = cli_solve(
        ["--tablebase", "--data-dir", str(tmp_path), "--position", "mfc/1b1/1B1/CFM - r"]
    )
    assert code == 0
    assert "not reachable from the start" in capsys.readouterr().out
    table = TablebaseFile.open("imperium", tmp_path)
    start = reduced_position("bb_b_vs_bb_cr")
    result, plies = solution.value(start)
    describe(table, ShogiState(start.copy()))
    out = capsys.readouterr().out
    assert f"{result} for the side to move in {plies} plies" in out
    assert len(out.strip().splitlines()) == 1 + len(start.moves())


def test_cli_without_a_table_says_so(tmp_path, capsys):
    # SHO-10: asking a missing table for a position is a clear error, nothing is written
    code = cli_solve(
        ["--variant", "dobutsu", "--data-dir", str(tmp_path), "--position", "mfc/1b1/1B1/CFM - r"]
    )
    assert code == 2
    assert "no dobutsu tablebase" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_screen_offers_perfect_only_with_a_stored_table(monkeypatch):
    # SHO-7 (perfect play level): the new-game dialog lists `perfect` only when a table exists
    from scenarios.imperium_shogi import screen

    monkeypatch.setattr(screen, "stored_tablebase", lambda: None)
    assert not any("perfect" in value for value, _ in screen.new_game_options())
    monkeypatch.setattr(screen, "stored_tablebase", lambda: _Probe(None))
    values = [value for value, _ in screen.new_game_options()]
    assert "human:perfect" in values and "perfect:human" in values


def test_the_new_game_dialog_says_perfect_needs_a_solved_table(monkeypatch):
    """SHO-7 (perfect play level), found by use: with no table solved here the new-game dialog
    listed easy/normal/hard and said nothing of `perfect` (only a damaged table was explained):
    its heading now says the level is missing and which command builds the table."""
    from scenarios.imperium_shogi import screen

    monkeypatch.setattr(screen, "stored_tablebase", lambda: None)
    heading = screen.new_game_title()
    assert heading.startswith("New game: who plays?")
    assert "perfect" in heading and "campaign scenario solve imperium-shogi" in heading
    monkeypatch.setattr(screen, "stored_tablebase", lambda: _Probe(None))
    assert screen.new_game_title() == "New game: who plays?"


def test_without_the_solver_extra_the_dialog_says_to_install_it_first(monkeypatch):
    """SHO-7 (perfect play level), found by use (December 7, late night): where numba is
    missing the new-game dialog and the levels help sent the player to `campaign scenario
    solve imperium-shogi`, which refuses to solve without the solver extra: they say to
    install it first, in the install line every extra uses."""
    from scenarios.imperium_shogi import ai, screen
    from scenarios.optional import SOLVER_HINT

    monkeypatch.setattr(screen, "stored_tablebase", lambda: None)
    monkeypatch.setattr(ai, "compiled_search_available", lambda: False)
    for text in (screen.new_game_title(), ai.levels_help()):
        assert SOLVER_HINT in text, text
        assert text.index(SOLVER_HINT) < text.index("campaign scenario solve imperium-shogi")
    monkeypatch.undo()
    monkeypatch.setattr(screen, "stored_tablebase", lambda: None)
    assert "solver extra" not in screen.new_game_title() + ai.levels_help()


@pytest.mark.parametrize(
    ("argv", "tablebase"),
    [
        ([], True),
        (["--variant", "dobutsu"], True),
        (["--tablebase", "--position", "mfc/1b1/1B1/CFM - r"], True),
        (["--data-dir", "x"], True),
        (["--position", "mfc/1b1/1B1/CFM - r", "--depth", "3"], False),
        (["--seconds", "1"], False),
        (["--level", "easy"], False),
    ],
)
def test_solve_command_chooses_tablebase_or_search(argv, tablebase):
    # SHO-10: the alpha-beta options keep their meaning; the full solve is the default
    from scenarios.imperium_shogi.cli import solve_parser, wants_tablebase

    assert wants_tablebase(solve_parser().parse_args(argv), argv) is tablebase
