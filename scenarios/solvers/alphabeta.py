"""Alpha-beta (negamax) search over any two-player ``scenarios.protocol`` game.

Iterative deepening with a transposition table, a history heuristic for move ordering, an
optional exact ``forced_result`` hook (a game's cheap proof of a win or loss a few plies ahead),
an optional node budget and an optional time budget. A node budget makes the search
deterministic: the same position (and the same table contents) gives the same move on any
machine, however fast or busy; a time budget is then only a safety cap for an absurdly slow
machine. The budget is spent to the last node: the last, partly searched iteration still counts,
because it searches the previous iteration's best move first (see ``search``). Values are from the
point of view of the player to move at the root: a win is ``WIN - plies`` (shorter wins score
higher), a loss ``-(WIN - plies)``, a draw 0, and a cut-off position is valued by the game's
``evaluate(state, player)`` (clamped to ``±EVAL_LIMIT``).

The search never invents moves: it only plays ``legal_actions()``. When a state offers
``undo_action()`` (as Imperium Shogi does) it plays and unplays in place; otherwise it clones.
Games where a player may move twice in a row (a skipped turn) are handled: a child's value is
negated only when the side to move changed.

The transposition table is keyed by ``key(state)`` (by default the position text), so positions
that differ only in history share an entry; a repetition draw found on one path may therefore be
reused on another. That is the usual trade-off of game-playing programs and only affects strength,
never legality.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from scenarios.protocol import TERMINAL, ActionT, GameState

#: The state class of the game searched (``ShogiState``...): the evaluation, key, order and
#: forced-result hooks receive it as it is.
StateT = TypeVar("StateT", bound=GameState[Any])

WIN = 1_000_000.0
EVAL_LIMIT = 100_000.0
#: Scores above this (in absolute value) are proven wins/losses.
PROVEN = WIN - 10_000

_EXACT, _LOWER, _UPPER = 0, 1, 2


class _OutOfBudget(Exception):
    """Raised inside the search when the node or time budget is spent."""


@dataclass
class _RootProgress(Generic[ActionT]):
    """The best root action of the iteration being searched, and how many were searched."""

    first: ActionT | None
    """The previous iteration's best action, searched first (at depth 1: the table's)."""
    action: ActionT | None = None
    value: float = -WIN - 1
    searched: int = 0

    def best(self) -> ActionT:
        """The best action searched so far (once at least one was searched)."""
        if not self.searched:
            raise RuntimeError("no root action was searched in this iteration")
        return cast(ActionT, self.action)


@dataclass(frozen=True)
class SearchResult(Generic[ActionT]):
    """The outcome of one ``AlphaBeta.search`` call."""

    action: ActionT
    value: float
    depth: int
    nodes: int
    seconds: float
    proven: bool

    @property
    def is_win(self) -> bool:
        """The root player has a forced win."""
        return self.value >= PROVEN


Evaluator = Callable[[StateT, int], float]
KeyFunction = Callable[[StateT], Hashable]
Orderer = Callable[[StateT, Sequence[ActionT]], list[ActionT]]
ForcedResult = Callable[[StateT], "int | None"]
"""``forced_result(state)``: ``n > 0`` if the player to move surely wins within ``n`` plies,
``-n`` if he surely loses within ``n`` plies, ``None`` if unknown. It must be exact (a proof, not
a guess): the search stores its answers as proven results."""


def choices_or_win(
    state: GameState[ActionT],
    root_actions: Sequence[ActionT] | None,
    started: float,
    clock: Callable[[], float],
) -> tuple[list[ActionT], SearchResult[ActionT] | None]:
    """What a search does first: the actions to choose from (the legal ones, limited to
    ``root_actions`` when given) and, if one of them ends the game at once with a win for the
    mover, the result to return without searching. Raises ``ValueError`` when nothing is left
    to choose (a terminal state, or no legal action among ``root_actions``)."""
    actions = list(state.legal_actions())
    if root_actions is not None:
        actions = [action for action in actions if action in root_actions]
    if state.is_terminal() or not actions:
        raise ValueError("search needs a running game with a legal move")
    player = state.current_player()
    for action in actions:
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal() and child.returns()[player] > 0:
            return actions, SearchResult(action, WIN - 1, 1, len(actions), clock() - started, True)
    return actions, None


def _text_key(state: GameState[Any]) -> Hashable:
    return state.to_text()


class AlphaBeta(Generic[StateT, ActionT]):
    """A reusable searcher: keep one per game to reuse its transposition table between moves."""

    def __init__(
        self,
        evaluate: Evaluator[StateT],
        *,
        key: KeyFunction[StateT] = _text_key,
        order: Orderer[StateT, ActionT] | None = None,
        forced_result: ForcedResult[StateT] | None = None,
        table_size: int = 1_000_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.evaluate = evaluate
        self.key = key
        self.order = order
        self.forced_result = forced_result
        self.table_size = table_size
        self.clock = clock
        self.table: dict[Hashable, tuple[int, float, int, ActionT | None]] = {}
        self.nodes = 0
        #: Cut-offs each action caused in this search (deeper ones weigh more): the tie-break of
        #: the move order after the game's own ``order``.
        self.history: dict[ActionT, int] = {}
        self._deadline: float | None = None
        self._node_limit: int | None = None

    # -- public -------------------------------------------------------------------------------

    def search(
        self,
        state: StateT,
        *,
        max_depth: int = 64,
        time_budget: float | None = None,
        node_budget: int | None = None,
        root_actions: Sequence[ActionT] | None = None,
    ) -> SearchResult[ActionT]:
        """Best action for the player to move, by iterative deepening up to ``max_depth``.

        With ``node_budget`` (nodes visited in this call, counted over all iterations) and/or
        ``time_budget`` (seconds) the search deepens until the budget is spent. The iteration
        cut short by the budget still counts: it searches the previous iteration's best action
        first, so once that one is searched any action found better in the same iteration is
        better at the new depth too (a root move only beats the first one on an exact value).
        Depth 1 always completes, so a legal move is returned however small the budget. Only
        the node budget is reproducible across machines. An immediate win is always played.
        ``root_actions`` (legal actions of ``state``) limits the choice at the root to them, as
        an opening book does; the replies below the root are not limited. Raises
        ``ValueError`` if the state is terminal or ``root_actions`` holds no legal action.
        """
        start = self.clock()
        actions, won = choices_or_win(state, root_actions, start, self.clock)
        if won is not None:
            return won
        player = state.current_player()
        self.nodes = 0
        self.history = {}
        if len(self.table) > self.table_size:
            self.table.clear()
        best: tuple[ActionT, float, int] = (actions[0], 0.0, 0)
        for depth in range(1, max_depth + 1):
            first = depth == 1
            self._deadline = None if time_budget is None or first else start + time_budget
            self._node_limit = None if node_budget is None or first else node_budget
            progress: _RootProgress[ActionT] = _RootProgress(
                best[0] if depth > 1 else self._table_action(state)
            )
            try:
                self._root(state, player, actions, depth, progress, root_actions is not None)
            except _OutOfBudget:
                if progress.searched:  # the previous best was searched at this depth
                    best = (progress.best(), progress.value, depth)
                break
            best = (progress.best(), progress.value, depth)
            if abs(progress.value) >= PROVEN:
                break
        action, value, depth = best
        return SearchResult(
            action, value, depth, self.nodes, self.clock() - start, abs(value) >= PROVEN
        )

    # -- search -------------------------------------------------------------------------------

    def _root(
        self,
        state: StateT,
        player: int,
        actions: list[ActionT],
        depth: int,
        progress: _RootProgress[ActionT],
        restricted: bool = False,
    ) -> None:
        """One root iteration to ``depth``; ``progress`` holds the best action searched so far.
        With ``restricted`` (only some legal actions searched) the value stored for the root is
        a lower bound, not an exact value."""
        ordered = self._ordered(state, actions, progress.first)
        alpha, beta = -WIN - 1, WIN + 1
        for action in ordered:
            value = self._child_value(state, action, player, depth - 1, alpha, beta, 1)
            progress.searched += 1
            if progress.searched == 1 or value > progress.value:
                progress.value, progress.action = value, action
            alpha = max(alpha, value)
        flag = _LOWER if restricted else _EXACT
        self._store(self.key(state), depth, progress.value, flag, progress.action, 0)

    def _table_action(self, state: StateT) -> ActionT | None:
        """The best action the table remembers for ``state`` (from an earlier search)."""
        entry = self.table.get(self.key(state))
        return entry[3] if entry else None

    def _child_value(
        self,
        state: StateT,
        action: ActionT,
        player: int,
        depth: int,
        alpha: float,
        beta: float,
        ply: int,
    ) -> float:
        """Value for ``player`` after ``action``, searching the child to ``depth``."""
        undo = getattr(state, "undo_action", None)
        child = state if undo is not None else state.clone()
        child.apply_action(action)
        try:
            mover = child.current_player()
            if mover == TERMINAL:
                return self._terminal_value(child, player, ply)
            if mover == player:
                return self._negamax(child, mover, depth, alpha, beta, ply)
            return -self._negamax(child, mover, depth, -beta, -alpha, ply)
        finally:
            if undo is not None:
                undo()

    def _negamax(
        self, state: StateT, player: int, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        self.nodes += 1
        if self._node_limit is not None and self.nodes > self._node_limit:
            raise _OutOfBudget
        if self._deadline is not None and not self.nodes & 1023 and self.clock() > self._deadline:
            raise _OutOfBudget
        if self.forced_result is not None:
            plies = self.forced_result(state)
            if plies is not None:
                return WIN - (ply + plies) if plies > 0 else -(WIN - (ply - plies))
        if depth <= 0:
            return max(-EVAL_LIMIT, min(EVAL_LIMIT, self.evaluate(state, player)))
        key = self.key(state)
        entry = self.table.get(key)
        hint = None
        if entry is not None:
            stored_depth, stored, flag, hint = entry
            if stored_depth >= depth:
                value = _from_table(stored, ply)
                if flag == _EXACT:
                    return value
                if flag == _LOWER and value >= beta:
                    return value
                if flag == _UPPER and value <= alpha:
                    return value
        original_alpha = alpha
        best_value, best_action = -WIN - 1, None
        for action in self._ordered(state, state.legal_actions(), hint):
            value = self._child_value(state, action, player, depth - 1, alpha, beta, ply + 1)
            if value > best_value:
                best_value, best_action = value, action
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self.history[action] = self.history.get(action, 0) + depth * depth
                        break
        flag = _UPPER if best_value <= original_alpha else _LOWER if best_value >= beta else _EXACT
        self._store(key, depth, best_value, flag, best_action, ply)
        return best_value

    def _terminal_value(self, state: StateT, player: int, ply: int) -> float:
        self.nodes += 1
        result = state.returns()[player]
        if result > 0:
            return WIN - ply
        if result < 0:
            return -(WIN - ply)
        return 0.0

    def _ordered(
        self, state: StateT, actions: Sequence[ActionT], hint: ActionT | None
    ) -> list[ActionT]:
        history = self.history
        if history:
            actions = sorted(actions, key=lambda action: -history.get(action, 0))
        ordered = self.order(state, actions) if self.order else list(actions)
        if hint is not None and hint in ordered:
            ordered.remove(hint)
            ordered.insert(0, hint)
        return ordered

    def _store(
        self,
        key: Hashable,
        depth: int,
        value: float,
        flag: int,
        action: ActionT | None,
        ply: int,
    ) -> None:
        self.table[key] = (depth, _to_table(value, ply), flag, action)


def _to_table(value: float, ply: int) -> float:
    """Make a win/loss score relative to the stored node instead of the root."""
    if value >= PROVEN:
        return value + ply
    if value <= -PROVEN:
        return value - ply
    return value


def _from_table(value: float, ply: int) -> float:
    """Inverse of ``_to_table`` at a node ``ply`` plies below the root."""
    if value >= PROVEN:
        return value - ply
    if value <= -PROVEN:
        return value + ply
    return value
