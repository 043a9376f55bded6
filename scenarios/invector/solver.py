"""Exact Invector solver: memoised negamax over bitboards, with move ordering.

The rules are the same for both colours, so a position is reduced to *(stones of the side to move,
stones of the other side)* and packed into one int key ``own | opp << size``; the memo maps that
key to "the side to move wins". Invector has no draws (INV-7), so the value is a boolean and the
search stops at the first winning move (captures are tried first, and a capture of the last enemy
stone is an immediate win). A side without a move passes (INV-5): its value is the negation of the
opponent's value on the same board. Both sides can never be blocked together (each blocked side
must have a stone on a centre cell, and the two centre cells are adjacent), so passes never loop.

The pie rule (INV-6) needs no search of its own: on White's first turn the player to move can
either play on as White or swap and leave White to the other seat, and exactly one of those wins,
so the seat on move there always wins; hence seat 0 loses every pie game from the start.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scenarios.invector.board import PACKED_MAX_CELLS, Board
from scenarios.invector.rules import BLACK, PIE_OPEN, WHITE, InvectorGame, InvectorState
from scenarios.optional import has_solver_extra

if TYPE_CHECKING:
    from scenarios.invector.fastsolve import FastTable


class SolverBudgetExceeded(RuntimeError):
    """The search needed more new positions than the budget allowed (results so far are kept)."""


@dataclass
class Analysis:
    """The exact result for one position, from the point of view of the seat to move."""

    value: int
    """+1 if the seat to move wins with perfect play, -1 if it loses."""
    action_values: dict[int, int] = field(default_factory=dict)
    """For every legal action: +1 if it keeps a win for the seat that plays it, else -1."""

    @property
    def winning_actions(self) -> list[int]:
        """The actions that win (empty when the position is lost)."""
        return [action for action, value in self.action_values.items() if value > 0]


def ply_bound(board: Board, own: int, opp: int) -> int:
    """An upper bound on the remaining plies: every non-pass ply lowers stones + distances
    (INV-7) and at most one pass separates two moves."""
    total = sum(board.distance[cell] + 1 for cell in range(board.size) if (own | opp) >> cell & 1)
    return 2 * total + 2


@contextmanager
def _recursion_room(depth: int) -> Iterator[None]:
    """Temporarily allow ``depth`` nested solver calls (restores the old limit after)."""
    old = sys.getrecursionlimit()
    needed = depth * 2 + 200
    if needed > old:
        sys.setrecursionlimit(needed)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def fast_backend_available() -> bool:
    """True if numba and numpy are installed (the ``solver`` extra): the compiled search is then
    used up to 31 cells. Without them the pure-Python search serves every board (ADR 0025)."""
    return has_solver_extra()


class Solver:
    """Exact values for positions of one board size; the memo is kept between calls.

    ``backend`` is ``"python"`` (a dict memo and a recursive closure), ``"numba"`` (the compiled
    search of ``fastsolve``, boards up to 31 cells) or ``"auto"`` (numba when it applies).
    ``budget``, when set, caps the total number of stored positions: a search that would exceed
    it raises ``SolverBudgetExceeded`` (the computer player uses this to stay responsive).
    """

    def __init__(self, board: Board, backend: str = "auto") -> None:
        if backend not in ("auto", "python", "numba"):
            raise ValueError(f"unknown solver backend {backend!r} (auto, python, numba)")
        if backend == "auto":
            fits = board.size <= PACKED_MAX_CELLS and fast_backend_available()
            backend = "numba" if fits else "python"
        self.board = board
        self.backend = backend
        self.memo: dict[int, bool] = {}
        self.calls = 0
        self.budget: int | None = None
        self._wins = self._build_search()
        self._fast: FastTable | None = None
        if backend == "numba":
            # deliberate lazy import: fastsolve needs the optional numpy and numba
            from scenarios.invector.fastsolve import FastTable

            self._fast = FastTable(board)

    @property
    def positions(self) -> int:
        """How many distinct positions have been solved so far (the memo size)."""
        return self._fast.positions if self._fast is not None else len(self.memo)

    def _build_search(self) -> Callable[[int, int], bool]:
        """The recursive search as a closure over local tables (much faster than attributes)."""
        board = self.board
        size, full = board.size, board.full
        neighbours, steps = board.neighbours, board.step_targets
        memo = self.memo
        solver = self

        def wins(own: int, opp: int) -> bool:
            key = own | opp << size
            known = memo.get(key)
            if known is not None:
                return known
            solver.calls += 1
            if solver.budget is not None and len(memo) >= solver.budget:
                raise SolverBudgetExceeded(f"more than {solver.budget} positions")
            empty = full & ~(own | opp)
            captures: list[tuple[int, int]] = []
            quiet: list[tuple[int, int]] = []
            stones = own
            while stones:
                low = stones & -stones
                stones ^= low
                cell = low.bit_length() - 1
                targets = neighbours[cell] & opp
                while targets:
                    bit = targets & -targets
                    targets ^= bit
                    if opp == bit:  # the last enemy stone: an immediate win (INV-7)
                        memo[key] = True
                        return True
                    captures.append((own ^ low ^ bit, opp ^ bit))
                targets = steps[cell] & empty
                while targets:
                    bit = targets & -targets
                    targets ^= bit
                    quiet.append((own ^ low ^ bit, opp))
            result = False
            if captures or quiet:
                for new_own, new_opp in captures + quiet:
                    if not wins(new_opp, new_own):
                        result = True
                        break
            else:  # blocked: the turn passes (INV-5)
                result = not wins(opp, own)
            memo[key] = result
            return result

        return wins

    def wins(self, own: int, opp: int) -> bool:
        """True if the side owning ``own`` (to move) wins against ``opp`` without a pie rule.

        ``own`` must not be empty (the side to move with no stones has already lost, INV-7).
        """
        if own == 0:
            return False
        if opp == 0:
            return True
        depth = ply_bound(self.board, own, opp)
        if self._fast is not None:
            result = self._fast.wins(own, opp, depth + 2, self.budget or 0)
            if result is None:
                raise SolverBudgetExceeded(f"more than {self.budget} positions")
            return result
        with _recursion_room(depth):
            return self._wins(own, opp)

    def value(self, state: InvectorState) -> int:
        """+1 if the seat to move in ``state`` wins with perfect play, -1 if it loses."""
        if state.is_terminal():
            raise ValueError("INV-7: the game is over; a finished position has no value to solve")
        if state.pie == PIE_OPEN:
            if state.to_move == WHITE:
                return 1  # play on as White or swap: one of the two wins (INV-6, INV-7)
            return self.analyse(state).value
        own = state.stones[state.to_move]
        return 1 if self.wins(own, state.stones[1 - state.to_move]) else -1

    def value_within(self, state: InvectorState, new_positions: int) -> int | None:
        """``value(state)`` if the search needs at most ``new_positions`` positions it has not
        stored yet, else ``None``; what it found on the way stays in the table either way."""
        self.budget = self.positions + max(new_positions, 1)
        try:
            return self.value(state)
        except SolverBudgetExceeded:
            return None
        finally:
            self.budget = None

    def winning_action(self, state: InvectorState) -> int | None:
        """One winning action for the seat to move, or ``None`` if the position is lost; stops
        at the first win, unlike ``analyse``. A capture of the last enemy stone comes first
        (INV-7: the game ends at once), then the others in ``legal_actions`` order."""
        if state.is_terminal():
            raise ValueError("INV-7: the game is over; a finished position has no value to solve")
        immediate = immediate_win(state)
        if immediate is not None:
            return immediate
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            if not child.is_terminal() and self.value(child) < 0:
                return action
        return None

    def analyse(self, state: InvectorState) -> Analysis:
        """The value of ``state`` and of every legal action in it (not stopping at a win)."""
        if state.is_terminal():
            raise ValueError("INV-7: the game is over; a finished position has no value to solve")
        mover = state.current_player()
        values: dict[int, int] = {}
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            if child.is_terminal():
                values[action] = int(child.returns()[mover])
            else:  # every action hands the turn to the other seat
                values[action] = -self.value(child)
        return Analysis(max(values.values()), values)


#: The exact solver finishes (in seconds to a minute) on boards of at most this many cells,
#: or with at most ``SOLVER_MAX_STONES`` stones left on a larger board; elsewhere it may run
#: for hours and fill the memory (the computer player does not try it there).
SOLVER_MAX_CELLS = 20
SOLVER_MAX_STONES = 10


def within_reach(state: InvectorState) -> bool:
    """True when the exact solver can finish on ``state`` (``SOLVER_MAX_CELLS`` cells, or
    ``SOLVER_MAX_STONES`` stones on a larger board)."""
    stones = (state.stones[BLACK] | state.stones[WHITE]).bit_count()
    return state.board.size <= SOLVER_MAX_CELLS or stones <= SOLVER_MAX_STONES


def immediate_win(state: InvectorState) -> int | None:
    """An action that ends the game at once with a win for the seat to move (the capture of
    the last enemy stone, INV-7), or ``None``."""
    mover = state.current_player()
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal() and child.returns()[mover] > 0:
            return action
    return None


def solve_start(
    cols: int, rows: int, pie: bool, backend: str = "auto"
) -> tuple[InvectorState, Analysis, Solver]:
    """Solve the start position of a variant; returns the state, its analysis and the solver."""
    state = InvectorGame(cols, rows, pie=pie).new_initial_state()
    solver = Solver(state.board, backend)
    return state, solver.analyse(state), solver


__all__ = [
    "BLACK",
    "Analysis",
    "Solver",
    "SolverBudgetExceeded",
    "fast_backend_available",
    "immediate_win",
    "ply_bound",
    "solve_start",
]
