"""The exact solver against plain minimax on a naive implementation (INV-4..INV-7)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from scenarios.invector import make_game
from scenarios.invector.rules import BLACK, SWAP, WHITE, parse_position
from scenarios.invector.solver import Solver, SolverBudgetExceeded, ply_bound, solve_start
from tests.scenarios.invector.reference import mover_wins, moves, start_grid


def grid_of(state):
    return tuple(state.to_text().split()[2].split("/"))


@cache
def memo_reference_wins(grid, me):
    """The naive reference with a memo (for boards too big for the plain one)."""
    enemy = "w" if me == "b" else "b"
    if not any(me in row for row in grid):
        return False
    options = moves(grid, me)
    if not options:
        return not memo_reference_wins(grid, enemy)
    return any(
        not any(enemy in row for row in after) or not memo_reference_wins(after, enemy)
        for _, after in options
    )


BACKENDS = ["python", "numba"]


@pytest.mark.parametrize("size", [(2, 3), (3, 2), (5, 2), (2, 5)])
def test_start_value_equals_plain_minimax(size):
    # INV-4 INV-5 INV-7: memoised negamax (both backends) == exhaustive minimax without memo
    state, analysis, _ = solve_start(*size, pie=False, backend="python")
    _, compiled, _ = solve_start(*size, pie=False, backend="numba")
    assert compiled.action_values == analysis.action_values
    assert (analysis.value > 0) == mover_wins(start_grid(*size), "b")
    for action, value in analysis.action_values.items():
        child = state.clone()
        child.apply_action(action)
        assert (value > 0) == (not mover_wins(grid_of(child), "w"))


@pytest.mark.slow
@pytest.mark.parametrize("size", [(3, 4), (4, 3)])
def test_start_value_and_every_first_move_equal_reference(size):
    # INV-4 INV-5 INV-7: on 3x4 and 4x3 each first move's value matches the naive reference
    state, analysis, solver = solve_start(*size, pie=False, backend="numba")
    assert solver.backend == "numba"
    assert (analysis.value > 0) == memo_reference_wins(start_grid(*size), "b")
    for action, value in analysis.action_values.items():
        child = state.clone()
        child.apply_action(action)
        assert (value > 0) == (not memo_reference_wins(grid_of(child), "w"))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("size", [(3, 4), (4, 3), (5, 4), (4, 5)])
def test_midgame_positions_equal_plain_minimax(size, backend):
    # INV-4 INV-5 INV-7: random positions with few stones, including blocked sides (passes)
    rng = random.Random(5)
    solver = Solver(make_game(*size).board, backend)
    checked = 0
    for _ in range(12):
        state = make_game(*size, pie=False).new_initial_state()
        while not state.is_terminal() and (state.stones[0] | state.stones[1]).bit_count() > 7:
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        expected = mover_wins(grid_of(state), "bw"[state.to_move])
        assert (solver.value(state) > 0) == expected, state.to_text()
        checked += 1
    assert checked >= 8


def test_blocked_side_value_goes_through_the_pass():
    # INV-5: White (only stone on centre c2) must pass; Black then wins by force or not
    state = parse_position("invector 5x4 b..../..w../...../..... w pie:off")
    solver = Solver(state.board)
    analysis = solver.analyse(state)
    assert list(analysis.action_values) == state.legal_actions()
    assert (analysis.value > 0) == mover_wins(grid_of(state), "w")


@pytest.mark.parametrize("size", [(2, 3), (3, 2), (5, 2), (2, 5), (3, 4), (4, 3)])
def test_pie_rule_makes_every_board_a_second_player_win(size):
    # INV-6 INV-7: seat 0 loses from the start; after each first move seat 1's winning reply is
    # swap exactly when Black would win that position without the pie rule
    state, analysis, solver = solve_start(*size, pie=True)
    assert analysis.value == -1 and analysis.winning_actions == []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        reply = solver.analyse(child)
        assert reply.value == 1 and child.current_player() == 1
        black_wins = memo_reference_wins(grid_of(child), "w") is False
        assert (reply.action_values[SWAP] > 0) == black_wins
        assert any(v > 0 for a, v in reply.action_values.items() if a != SWAP) == (not black_wins)


def test_solver_colour_symmetry():
    # INV-4: the rules are the same for both colours, so swapping colours keeps the value
    state = make_game(3, 4, pie=False).new_initial_state()
    state.apply_action(state.legal_actions()[3])
    solver = Solver(state.board)
    own, opp = state.stones[WHITE], state.stones[BLACK]
    name, size, grid, to_move, pie = state.to_text().split()
    swapped_grid = grid.translate(str.maketrans("bw", "wb"))
    other = "b" if to_move == "w" else "w"
    mirrored = parse_position(f"{name} {size} {swapped_grid} {other} {pie}")
    assert mirrored.stones == [state.stones[WHITE], state.stones[BLACK]]
    assert solver.wins(own, opp) == (solver.value(mirrored) > 0)


def test_budget_stops_the_search_and_keeps_exact_results():
    # INV-7: a budget-limited search raises and everything stored so far stays exact
    state = make_game(5, 4, pie=False).new_initial_state()
    solver = Solver(state.board, "python")
    solver.budget = 2000
    with pytest.raises(SolverBudgetExceeded):
        solver.value(state)
    assert 0 < solver.positions <= 2000
    size = state.board.size
    for key, wins in list(solver.memo.items())[:40]:
        own, opp = key & state.board.full, key >> size
        assert wins == (mover_wins(_grid(state.board, own, opp), "b"))


def test_compiled_and_python_search_store_the_same_positions():
    # INV-4 INV-5 INV-7: both backends run the same search: same value, same positions solved
    state = make_game(4, 3, pie=False).new_initial_state()
    python, numba = Solver(state.board, "python"), Solver(state.board, "numba")
    assert python.value(state) == numba.value(state)
    assert python.positions == numba.positions
    numba_budget = Solver(make_game().board, "numba")
    numba_budget.budget = 5000
    with pytest.raises(SolverBudgetExceeded):
        numba_budget.value(make_game(5, 4, pie=False).new_initial_state())
    assert numba_budget.positions <= 5000


def test_winning_action_is_a_winning_move_or_none():
    # INV-7: winning_action returns a move whose value is +1, and None in a lost position
    won = make_game(5, 2, pie=False).new_initial_state()
    solver = Solver(won.board)
    assert solver.analyse(won).action_values[solver.winning_action(won)] == 1
    lost = make_game(3, 2, pie=False).new_initial_state()
    assert Solver(lost.board).winning_action(lost) is None


def test_unknown_backend_is_refused():
    # INV-7: bad input is refused clearly
    with pytest.raises(ValueError, match="backend"):
        Solver(make_game().board, "gpu")


def _grid(board, own, opp):
    """The position ``own`` (as black, to move) against ``opp`` as naive grid rows."""
    rows = []
    for row in range(board.rows):
        rows.append(
            "".join(
                "b"
                if own >> (row * board.cols + col) & 1
                else "w"
                if opp >> (row * board.cols + col) & 1
                else "."
                for col in range(board.cols)
            )
        )
    return tuple(rows)


def test_finished_game_has_no_value():
    # INV-7: solving a finished game is refused clearly
    state = parse_position("invector 3x2 b../... w pie:off")
    with pytest.raises(ValueError, match="INV-7"):
        Solver(state.board).value(state)


@pytest.mark.parametrize("size", [(3, 4), (5, 2)])
def test_transposed_board_has_the_same_first_move_values(size):
    # INV-2 INV-3: a C x R board read by columns is the R x C board (black stays top-left), so
    # each first move has the value of its mirror image across the diagonal
    cols, rows = size
    state, analysis, _ = solve_start(cols, rows, pie=False)
    t_state, t_analysis, _ = solve_start(rows, cols, pie=False)
    assert analysis.value == t_analysis.value
    for action, value in analysis.action_values.items():
        frm, to = divmod(action, cols * rows)
        (fr, fc), (tr, tc) = divmod(frm, cols), divmod(to, cols)
        mirror = (fc * rows + fr) * (cols * rows) + (tc * rows + tr)
        assert t_analysis.action_values[mirror] == value


def test_winning_action_takes_the_last_stone_first():
    # INV-7 (issue 29): both b1-c1 and c2xd2 win here, but c2xd2 ends the game at once
    state = parse_position("invector 5x2 .b.../..bw. b pie:off")
    solver = Solver(state.board)
    assert [state.action_to_text(a) for a in solver.analyse(state).winning_actions] == [
        "b1-c1",
        "c2xd2",
    ]
    assert state.action_to_text(solver.winning_action(state)) == "c2xd2"


@pytest.mark.parametrize(
    ("backend", "size"),
    [
        ("python", (3, 4)),
        ("numba", (3, 4)),
        # 5x4 takes the pure-Python backend 2.3 million positions (8 s): the compiled one only
        pytest.param("numba", (5, 4), marks=pytest.mark.slow),
    ],
)
def test_value_within_gives_up_without_losing_work(backend, size):
    # INV-7: a value that needs more positions than allowed (3x4: about 16,000; 5x4: 2.3
    # million) is None, and what was stored on the way is kept, so a second try with more room
    # finishes with the exact value (3x4: the naive reference's; 5x4: a first-player win)
    state = make_game(*size, pie=False).new_initial_state()
    solver = Solver(state.board, backend)
    assert solver.value_within(state, 1000) is None
    stored = solver.positions
    # a search stopped short still stores the values of the positions it was inside of, at
    # most one per ply of the path
    bound = ply_bound(state.board, state.stones[BLACK], state.stones[WHITE])
    assert 0 < stored <= 1001 + bound and solver.budget is None
    value = solver.value_within(state, 10_000_000)
    assert value is not None and solver.positions > 1001 + bound
    expected = 1 if size == (5, 4) else (1 if memo_reference_wins(start_grid(*size), "b") else -1)
    assert value == expected
    assert solver.value_within(state, 0) == expected  # known now: no new position needed


def test_compiled_search_releases_the_gil():
    """INV-7 (the computer's exact search): the compiled kernels the computer player runs in its
    worker thread release the GIL, so the game screen keeps drawing and reading keys while it
    thinks. They held it: a `hard` move froze the Invector screen for up to 1.7 s at a time
    (found by use, December 7, night: `invector 4x5 .bbw/wbwb/bwbw/wbwb/bwbw w pie:off`)."""
    pytest.importorskip("numba")
    from numba.core.registry import CPUDispatcher

    from scenarios.invector import fastsolve

    kernels = {
        name: found for name, found in vars(fastsolve).items() if isinstance(found, CPUDispatcher)
    }
    assert {"_search", "_rehash"} <= set(kernels)
    assert [name for name, found in kernels.items() if not found.targetoptions.get("nogil")] == []
