"""Computer player for Invector, in three levels; it only ever plays a legal action.

* ``hard`` and ``medium`` take the last enemy stone whenever they can (INV-7), then ask the exact
  solver (``Solver`` with a budget of new positions per move, 20 times larger with the compiled
  backend; the solver's table is kept for the whole game, so a search that ran out of budget
  still helps the next move) and play a winning move whenever the solver finishes within that
  budget; they fall back to the heuristic search when the budget is exceeded or the position is
  lost (the search then makes the win as hard as it can). The search never gets an action the
  solver refuted on the way, unless all are refuted (issue 29). The solver is only tried on
  boards of at most ``solver.SOLVER_MAX_CELLS`` cells or with at most ``SOLVER_MAX_STONES`` stones
  left. ``medium``'s budget is smaller: on 5×4 it cannot solve the first moves but takes over
  after a few.
* every level runs iterative-deepening negamax with alpha-beta on bitboards, stopping when a work
  budget (stones examined) is spent (deterministic: no clock), and keeps the move of the last
  finished depth;
* ``easy`` adds random noise to its scores so it makes mistakes, but never in the swap decision of
  the pie rule (INV-6): swap-or-keep is decided on the noise-free scores first.

Heuristic: 100 per stone more than the opponent plus the difference in the number of legal moves
(a stone pushed to the centre can only capture, INV-4, so mobility matters). A win found by the
search scores ``WIN`` plus the remaining depth, so faster wins are preferred.

The pie rule (INV-6) needs no special search: the search scores each protocol action by the
position it leads to, and a position where the mover may still swap is worth the absolute value of
the board for White (the mover picks the better colour).
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from scenarios.invector.board import Board
from scenarios.invector.rules import PASS, PIE_OPEN, SWAP, WHITE, InvectorState
from scenarios.invector.solver import Solver, immediate_win, within_reach

WIN = 100_000


@dataclass(frozen=True)
class Level:
    """Strength settings of one level."""

    work: int
    """Budget of the heuristic search per move, in stones examined (nodes × stones on board)."""
    noise: float
    """Largest random amount added to each root score (0: none)."""
    solver_positions: int
    """New positions the exact solver may add per move (0: never ask it)."""
    summary: str
    """One line for the documentation and the in-game help."""


LEVELS: dict[str, Level] = {
    "easy": Level(
        work=5_000,
        noise=150.0,
        solver_positions=0,
        summary="short search (5,000 stones examined) with random noise up to 1.5 stones "
        "per move; no solver; the swap decision is noise-free",
    ),
    "medium": Level(
        work=60_000,
        noise=0.0,
        solver_positions=20_000,
        summary="exact solver when it finishes within 400,000 new positions a move "
        "(20,000 without numba), else a 60,000-stone search",
    ),
    "hard": Level(
        work=400_000,
        noise=0.0,
        solver_positions=150_000,
        summary="exact solver when it finishes within 3,000,000 new positions a move "
        "(150,000 without numba), else a 400,000-stone search",
    ),
}

#: Factor applied to ``solver_positions`` when the compiled (numba) solver is used.
COMPILED_FACTOR = 20


def levels_help() -> str:
    """What each level does, one line each (shown in the screen's help)."""
    return "\n".join(f"{name:>6}: {level.summary}" for name, level in LEVELS.items())


class _OutOfNodes(Exception):
    """The work budget of the current iteration is spent."""


@dataclass(frozen=True)
class _ExactResult:
    """What the exact solver found for one move: a winning action, or ``None`` and the actions
    it did not refute (the heuristic search chooses among those)."""

    winning: int | None
    candidates: list[int]


class InvectorAI:
    """Chooses actions for whichever seat is to move."""

    def __init__(self, level: str = "hard", rng: random.Random | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
        self.level_name = level
        self.level = LEVELS[level]
        self.rng = rng or random.Random(0)
        self._solvers: dict[tuple[int, int], Solver] = {}
        self.used_solver = False
        self._work = 0
        self._limit = 0
        #: One search at a time: a screen may start a new search while an abandoned one still
        #: runs (undo, another opponent, a load), and both would share the solver's table and
        #: the work counters; the compiled kernels release the GIL, so they could truly overlap.
        self._busy = threading.Lock()

    # --- public ------------------------------------------------------------------------------

    def choose(self, state: InvectorState) -> int:
        """A legal action for the seat to move (``ValueError`` if the game is over); a call
        made while another is searching waits for it to finish."""
        with self._busy:
            return self._choose(state)

    def _choose(self, state: InvectorState) -> int:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("INV-7: the game is over; there is nothing to choose")
        self.used_solver = False
        if len(actions) == 1:
            return actions[0]
        if self.level.solver_positions > 0:
            immediate = immediate_win(state)
            if immediate is not None:  # INV-7: the last enemy stone can be taken now
                self.used_solver = True
                return immediate
        exact = self._exact_choice(state, actions)
        if exact.winning is not None:
            self.used_solver = True
            return exact.winning
        return self._search_choice(state, exact.candidates)

    # --- exact -------------------------------------------------------------------------------

    def _exact_choice(self, state: InvectorState, actions: list[int]) -> _ExactResult:
        """What the solver finds within the level's budget: a winning action, or the actions it
        has not refuted (all of them when the position is lost or too big to solve now).

        The actions are tried in ``legal_actions`` order, each with what is left of the
        budget, until one wins; once the budget is spent the rest are only looked up in the
        table (kept for the whole game, so earlier moves' work counts). An action the solver
        refuted (the opponent wins after it) is never handed to the search, unless every action
        is refuted: the position is then lost and the search makes the win as hard as it can.
        (Sharing the budget out evenly first was tried: it found fewer wins, issue 29.)"""
        board = state.board
        if self.level.solver_positions <= 0 or not within_reach(state):
            return _ExactResult(None, actions)
        solver = self._solvers.setdefault((board.cols, board.rows), Solver(board))
        factor = COMPILED_FACTOR if solver.backend == "numba" else 1
        budget_end = solver.positions + self.level.solver_positions * factor
        refuted: set[int] = set()
        for action in actions:
            child = state.clone()
            child.apply_action(action)
            value = solver.value_within(child, budget_end - solver.positions)
            if value is None:  # not solved within what is left of the budget
                continue
            if value < 0:  # the opponent loses after it: a win (INV-7)
                return _ExactResult(action, actions)
            refuted.add(action)
        candidates = [action for action in actions if action not in refuted]
        return _ExactResult(None, candidates or actions)

    # --- heuristic search --------------------------------------------------------------------

    def _search_choice(self, state: InvectorState, actions: list[int]) -> int:
        """Iterative deepening until the work budget runs out; best action of the last depth."""
        self._work = 0
        self._limit = self.level.work
        noise = {a: self.rng.uniform(0, self.level.noise) for a in actions}
        noise[SWAP] = 0.0
        scores: dict[int, float] = {}
        order = list(actions)
        depth = 1
        while True:
            try:
                scores = self._root_scores(state, order, depth)
            except _OutOfNodes:
                break
            if max(scores.values()) >= WIN or depth >= 60:
                break
            order.sort(key=lambda a: -scores[a])
            depth += 1
        if not scores:  # not even depth 1 finished: a random (noisy) pick
            return max(actions, key=lambda a: noise[a])
        moves = [a for a in actions if a != SWAP]
        if SWAP in scores and (not moves or scores[SWAP] >= max(scores[a] for a in moves)):
            return SWAP  # INV-6: the pie decision is taken on noise-free scores
        return max(moves, key=lambda a: scores[a] + noise[a])

    def _root_scores(
        self, state: InvectorState, actions: list[int], depth: int
    ) -> dict[int, float]:
        """Score of every root action for the seat to move, searching ``depth`` plies in all."""
        mover = state.current_player()
        scores: dict[int, float] = {}
        for action in actions:
            child = state.clone()
            child.apply_action(action)
            if child.is_terminal():
                scores[action] = WIN + depth if child.returns()[mover] > 0 else -WIN
            else:  # every action hands the turn to the other seat
                scores[action] = -self._state_score(child, depth - 1)
        return scores

    def _state_score(self, state: InvectorState, depth: int) -> float:
        """Heuristic value of ``state`` for its seat to move."""
        black, white = state.stones
        if state.pie == PIE_OPEN and state.to_move == WHITE:
            return abs(self._negamax(state.board, white, black, depth, -WIN * 2, WIN * 2))
        own, opp = state.stones[state.to_move], state.stones[1 - state.to_move]
        return self._negamax(state.board, own, opp, depth, -WIN * 2, WIN * 2)

    def _negamax(
        self, board: Board, own: int, opp: int, depth: int, alpha: float, beta: float
    ) -> float:
        """Alpha-beta value for the side owning ``own`` (to move), no pie rule."""
        self._work += (own | opp).bit_count()
        if depth <= 0:
            if opp.bit_count() == 1 and _touches(board, own, opp):
                return WIN  # the last enemy stone can be captured at once (INV-7)
            return evaluate(board, own, opp)
        if self._work > self._limit:
            raise _OutOfNodes
        children = _children(board, own, opp)
        if not children:  # blocked: the turn passes (INV-5); never both sides at once
            return -self._negamax(board, opp, own, depth, -beta, -alpha)
        if any(new_opp == 0 for _, new_opp in children):
            return WIN + depth
        best: float = -WIN * 2
        for new_own, new_opp in children:
            score = -self._negamax(board, new_opp, new_own, depth - 1, -beta, -alpha)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best


def _children(board: Board, own: int, opp: int) -> list[tuple[int, int]]:
    """Positions after each move of ``own`` as ``(own', opp')``, captures first (INV-4)."""
    empty = board.full & ~(own | opp)
    captures: list[tuple[int, int]] = []
    quiet: list[tuple[int, int]] = []
    stones = own
    while stones:
        low = stones & -stones
        stones ^= low
        cell = low.bit_length() - 1
        targets = board.neighbours[cell] & opp
        while targets:
            bit = targets & -targets
            targets ^= bit
            captures.append((own ^ low ^ bit, opp ^ bit))
        targets = board.step_targets[cell] & empty
        while targets:
            bit = targets & -targets
            targets ^= bit
            quiet.append((own ^ low ^ bit, opp))
    return captures + quiet


def _touches(board: Board, own: int, cell_mask: int) -> bool:
    """True if a stone of ``own`` is orthogonally adjacent to the single cell ``cell_mask``."""
    return bool(board.neighbours[cell_mask.bit_length() - 1] & own)


def mobility(board: Board, own: int, opp: int) -> int:
    """Number of legal moves of the stones ``own`` (INV-4)."""
    empty = board.full & ~(own | opp)
    count = 0
    stones = own
    while stones:
        low = stones & -stones
        stones ^= low
        cell = low.bit_length() - 1
        count += (board.neighbours[cell] & opp).bit_count()
        count += (board.step_targets[cell] & empty).bit_count()
    return count


def evaluate(board: Board, own: int, opp: int) -> float:
    """Heuristic score for the side owning ``own``: material first, then mobility."""
    material = own.bit_count() - opp.bit_count()
    return 100.0 * material + mobility(board, own, opp) - mobility(board, opp, own)


__all__ = ["LEVELS", "PASS", "SWAP", "InvectorAI", "evaluate", "levels_help", "mobility"]
