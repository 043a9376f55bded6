"""``campaign scenario perft|solve invector ...``: perft counts and exact solutions."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from scenarios.invector.board import BoardSizeError, parse_size
from scenarios.invector.rules import (
    BLACK,
    COLOUR_NAMES,
    WHITE,
    InvectorGame,
    InvectorState,
    parse_position,
)
from scenarios.invector.solver import SOLVER_MAX_CELLS, SOLVER_MAX_STONES, Solver, within_reach
from scenarios.optional import SOLVER_HINT, has_solver_extra
from scenarios.protocol import NotationError
from scenarios.solvers.perft import divide, perft, perft_depth_problem


def _parser(verb: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=f"campaign scenario {verb} invector")
    parser.add_argument("--size", default="5x4", help="board as COLSxROWS (default 5x4, INV-1)")
    parser.add_argument("--no-pie", action="store_true", help="play without the pie rule (INV-6)")
    parser.add_argument("--position", help="start from this one-line position text (INV-8)")
    return parser


def _start(args: argparse.Namespace) -> InvectorState:
    """The start position the options describe; raises ``BoardSizeError``/``NotationError``."""
    if args.position is not None:  # an empty text is refused, not read as the start
        return parse_position(args.position)
    cols, rows = parse_size(args.size)
    return InvectorGame(cols, rows, pie=not args.no_pie).new_initial_state()


def cli_perft(argv: Sequence[str]) -> int:
    """Print perft counts for depths 1..N (or the per-move split with ``--divide``). Every
    protocol action is one ply, ``swap`` (INV-6) and the forced ``pass`` (INV-5) included."""
    parser = _parser("perft")
    parser.add_argument("--depth", type=int, default=3, help="plies to count (default 3)")
    parser.add_argument("--divide", action="store_true", help="split the last depth by first move")
    args = parser.parse_args(list(argv))
    try:
        state = _start(args)
    except (BoardSizeError, NotationError) as error:
        print(f"campaign scenario perft invector: {error}", file=sys.stderr)
        return 2
    problem = perft_depth_problem(args.depth)
    if problem is not None:
        print(f"campaign scenario perft invector: {problem}", file=sys.stderr)
        return 2
    print(f"# {state.to_text()}")
    if args.divide:
        counts = divide(state, args.depth)
        for move, count in counts.items():
            print(f"{move} {count}")
        print(f"total {sum(counts.values())}")
        return 0
    for depth in range(1, args.depth + 1):
        print(f"perft {depth} {perft(state, depth)}")
    return 0


def cli_solve(argv: Sequence[str]) -> int:
    """Print the exact value of the start (or given) position and the winning first moves."""
    args = _parser("solve").parse_args(list(argv))
    try:
        state = _start(args)
    except (BoardSizeError, NotationError) as error:
        print(f"campaign scenario solve invector: {error}", file=sys.stderr)
        return 2
    if state.is_terminal():
        print("campaign scenario solve invector: INV-7: the game is already over", file=sys.stderr)
        return 2
    pie_text = "with" if state.game.pie else "without"
    print(f"Invector {state.board.label} {pie_text} the pie rule")
    print(f"position: {state.to_text()}")
    solver = Solver(state.board)
    if solver.backend == "python" and not has_solver_extra():
        print(
            "note: numba is not installed, so the pure-Python solver runs (about ten times "
            f"slower; 5x4 takes about a minute); to speed it up, {SOLVER_HINT}",
            file=sys.stderr,
        )
    if not within_reach(state):  # it printed the position, then nothing, for hours
        print(
            f"note: {state.board.label} with "
            f"{(state.stones[BLACK] | state.stones[WHITE]).bit_count()} stones is beyond what the "
            f"solver finishes (at most {SOLVER_MAX_CELLS} cells, or {SOLVER_MAX_STONES} stones "
            "on a larger board): the search may run for hours and fill the memory; Ctrl+C "
            "stops it",
            file=sys.stderr,
        )
    started = time.perf_counter()
    analysis = solver.analyse(state)
    explanation = _explain_pie(state, solver) if state.pie == "open" else []
    elapsed = time.perf_counter() - started
    seat = state.current_player()
    colour = COLOUR_NAMES[state.to_move]
    verdict = "WIN" if analysis.value > 0 else "LOSS"
    print(f"value for the player to move (seat {seat}, {colour}): {verdict} ({analysis.value:+d})")
    winning = [state.action_to_text(action) for action in analysis.winning_actions]
    total = len(analysis.action_values)
    print(f"winning moves ({len(winning)} of {total}): {' '.join(winning) or 'none'}")
    for line in explanation:
        print(line)
    print(f"positions solved: {solver.positions}  time: {elapsed:.2f} s")
    return 0


def _explain_pie(state: InvectorState, solver: Solver) -> list[str]:
    """Lines saying, for each first move, who wins without the swap and so what White does."""
    if state.to_move == WHITE:
        return [
            "INV-6: White may swap now; exactly one of 'swap' and 'play on as White' wins, "
            "so the player to move wins."
        ]
    lines = [
        "INV-6/INV-7: no draws, so after any first move exactly one colour wins; White swaps if "
        "Black is winning and keeps White otherwise. The second player wins every pie game."
    ]
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        move = state.action_to_text(action)
        if child.is_terminal():
            lines.append(f"  {move}: ends the game at once")
            continue
        white_wins = solver.wins(child.stones[WHITE], child.stones[BLACK])
        winner, reply = ("White", "keep White") if white_wins else ("Black", "swap")
        lines.append(f"  {move}: {winner} wins without swapping -> {reply}")
    return lines
