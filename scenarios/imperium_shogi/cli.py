"""``campaign scenario perft|solve imperium-shogi ...``: perft counts and a best-move search."""

from __future__ import annotations

import argparse
import sys
import time

from scenarios.imperium_shogi.ai import DEEPEST, LEVELS, ShogiAI, describe
from scenarios.imperium_shogi.game import ShogiState, make_game
from scenarios.imperium_shogi.notation import move_to_text
from scenarios.imperium_shogi.rules import perft
from scenarios.optional import has_solver_extra, missing_solver_extra
from scenarios.protocol import NotationError
from scenarios.solvers import perft as generic_perft
from scenarios.solvers.perft import perft_depth_problem


def _position_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--position",
        default=None,
        help="position text (SHO-10), e.g. 'mfc/1b1/1B1/CFM - r'; default: the initial position",
    )


def _load(text: str | None) -> ShogiState:
    game = make_game()
    return game.new_initial_state() if text is None else game.state_from_text(text)


def cli_perft(argv: list[str]) -> int:
    """Print perft counts for depths 1..N (and a per-move divide with ``--divide``)."""
    parser = argparse.ArgumentParser(
        prog="campaign scenario perft imperium-shogi",
        description="Count move sequences (a repair and a non-repair are two moves; a position "
        "is terminal once a BB is captured or the side to move has its BB in the enemy "
        "territory).",
    )
    parser.add_argument("--depth", type=int, default=6, help="deepest depth to count (default 6)")
    parser.add_argument("--divide", action="store_true", help="also print counts per first move")
    parser.add_argument(
        "--generic", action="store_true", help="use the protocol-based counter (a cross-check)"
    )
    _position_argument(parser)
    args = parser.parse_args(argv)
    problem = perft_depth_problem(args.depth)
    if problem is not None:
        parser.error(problem)
    try:
        state = _load(args.position)
    except NotationError as error:
        print(f"campaign scenario perft: {error}", file=sys.stderr)
        return 2
    for depth in range(1, args.depth + 1):
        started = time.perf_counter()
        if args.generic:
            count = generic_perft.perft(state, depth)
        else:
            count = perft(state.position.copy(), depth)
        print(f"depth {depth}: {count}  ({time.perf_counter() - started:.3f} s)")
    if args.divide:
        print(f"divide at depth {args.depth}:")
        print(generic_perft.format_divide(divide(state, args.depth)))
    return 0


def divide(state: ShogiState, depth: int) -> dict[str, int]:
    """Fast per-first-move counts (same keys and values as ``solvers.perft.divide``)."""
    position = state.position.copy()
    counts: dict[str, int] = {}
    for move in state.legal_actions():
        captured = position.make(move)
        counts[move_to_text(move)] = perft(position, depth - 1)
        position.unmake(move, captured)
    return counts


def _tablebase_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the retrograde tablebase (issue 12, docs/solving.md)."""
    group = parser.add_argument_group(
        "tablebase", "full retrograde solve (the default when no option is given)"
    )
    group.add_argument(
        "--tablebase",
        action="store_true",
        help="solve every reachable position (or read the stored table) and "
        "print the value of the start, or of --position",
    )
    group.add_argument(
        "--variant",
        choices=("imperium", "dobutsu"),
        default=None,
        help="dobutsu: compulsory promotion (implies --tablebase)",
    )
    group.add_argument("--force", action="store_true", help="recompute even if a table is stored")
    group.add_argument(
        "--data-dir", default=None, help="directory instead of the user data directory"
    )


def wants_tablebase(args: argparse.Namespace, argv: list[str]) -> bool:
    """True for the retrograde tablebase: no option at all, or any tablebase option."""
    return bool(args.tablebase or args.variant or args.force or args.data_dir or not argv)


#: The longest time budget ``solve --seconds`` takes (a week): ``--seconds 1e26`` was accepted
#: and searched, silently, until killed.
MAX_SECONDS = 7 * 24 * 3600


def solve_parser() -> argparse.ArgumentParser:
    """Options of ``campaign scenario solve imperium-shogi`` (search and tablebase)."""
    parser = argparse.ArgumentParser(
        prog="campaign scenario solve imperium-shogi",
        description="Alpha-beta search (iterative deepening, transposition table) of a "
        "position, or with --tablebase/--variant (or no option at all) the full retrograde "
        "solve.",
    )
    _position_argument(parser)
    parser.add_argument("--depth", type=int, default=None, help="search exactly to this depth")
    parser.add_argument("--seconds", type=float, default=None, help="time budget in seconds")
    parser.add_argument(
        "--level",
        choices=sorted(LEVELS),
        default="normal",
        help="computer level (a node budget, same move on any machine): "
        + "; ".join(f"{name} {describe(level)}" for name, level in LEVELS.items()),
    )
    _tablebase_arguments(parser)
    return parser


def cli_solve(argv: list[str]) -> int:
    """Search a position with the alpha-beta player and print the best move found, or run /
    read the retrograde tablebase (docs/solving.md)."""
    parser = solve_parser()
    args = parser.parse_args(argv)
    if args.depth is not None and not 1 <= args.depth <= DEEPEST:
        parser.error(f"--depth must be at least 1 and at most {DEEPEST}")
    if args.seconds is not None and not 0 < args.seconds <= MAX_SECONDS:  # nan fails both
        parser.error(f"--seconds must be more than 0 and at most {MAX_SECONDS:,} (a week)")
    if wants_tablebase(args, argv):
        if not has_solver_extra():
            print(
                "campaign scenario solve imperium-shogi: "
                + missing_solver_extra("the tablebase (a full solve or a stored table)"),
                file=sys.stderr,
            )
            return 1
        # deliberate lazy import: the tablebase is numpy and numba code (the solver extra)
        from scenarios.imperium_shogi.tablebase.cli import main as tablebase_main

        return tablebase_main(args)
    try:
        state = _load(args.position)
    except NotationError as error:
        print(f"campaign scenario solve: {error}", file=sys.stderr)
        return 2
    if state.is_terminal():
        outcome = state.outcome()
        print(f"game over: {outcome.reason if outcome else ''}")
        return 0
    ai = ShogiAI(args.level)
    move = ai.choose(state, max_depth=args.depth, seconds=args.seconds)
    result = ai.last
    print(f"position: {state.to_text()}")
    print(f"best move: {move_to_text(move)}")
    if ai.last_book_moves is not None:
        print(
            f"opening book: {ai.last_book_moves} of {len(state.legal_actions())} moves keep "
            "the solved result"
            + (" (played without search)" if result is None else "; only those were searched")
        )
    if result is not None:
        verdict = (
            " (forced win)"
            if result.is_win
            else " (forced loss)"
            if (result.proven and not result.is_win)
            else ""
        )
        print(
            f"value: {result.value:g}{verdict}  depth: {result.depth}  nodes: {result.nodes}  "
            f"time: {result.seconds:.2f} s"
        )
    return 0
