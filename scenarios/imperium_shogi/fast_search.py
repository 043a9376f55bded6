"""A compiled alpha-beta search for Imperium Shogi (numba), used by the ``hard`` level.

The generic search (``scenarios/solvers/alphabeta.py``) visits about 85,000 positions a second:
enough for ``easy`` and ``normal``, but ``hard`` lost games at positions whose only drawing move
it found from about 500,000 positions, seven seconds a move (issue 21). This search runs the same
algorithm on the tablebase's packed keys and numba kernels (``tablebase/kernel.py``) and visits
millions of positions a second, so ``hard`` can search ten times deeper in the same time.

What it shares with the generic search: negamax alpha-beta by iterative deepening, a node
budget (the same position and table give the same move on any machine), the whole budget spent
(the cut-short iteration still counts once the previous best move is searched), win scores that
prefer the shortest win, a transposition table kept for the whole game, captures and the
table's move first then a history heuristic, the evaluation of ``evaluation.evaluate``
(material, hands, BB advance) and the exact try / BB-capture proofs of
``evaluation.forced_result``.

What differs: positions are the tablebase's canonical keys (turned to the mover, mirrors merged,
so a position and its mirror share a table entry), and a position that repeats one already on
the path or in the last plies of the game scores as a draw (the usual engine reading of SHO-8;
the game itself still needs a third occurrence).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np
from numba import njit

from scenarios.imperium_shogi.evaluation import ADVANCE_BONUS, HAND_VALUE, PIECE_VALUE
from scenarios.imperium_shogi.game import ShogiState
from scenarios.imperium_shogi.notation import parse_position
from scenarios.imperium_shogi.rules import SIDE_SHIFT, encode
from scenarios.imperium_shogi.tablebase.kernel import (
    NTGT,
    T_LOSS_TRY,
    T_WIN_CAPTURE,
    T_WIN_TRY,
    TGT,
    children,
    classify,
    hand,
    nib,
    square_of,
)
from scenarios.imperium_shogi.tablebase.table import SIDE_FREE_MASK, mirror_key, swap_key
from scenarios.solvers.alphabeta import EVAL_LIMIT, PROVEN, WIN, SearchResult, choices_or_win

_WIN = int(WIN)
_PROVEN = int(PROVEN)
_LIMIT = int(EVAL_LIMIT)
#: Board value by kind code (index 1 = BB, worth nothing: losing it ends the game).
PIECES = np.array([0] + [PIECE_VALUE[kind] for kind in range(1, 6)], dtype=np.int64)
HANDS = np.array(HAND_VALUE, dtype=np.int64)
MAX_PLY = 96
MAX_CHILDREN = 128
#: How many earlier positions (game and path) a node compares itself with for repetition.
REPETITION_WINDOW = 24
TABLE_BITS = 20
HISTORY_BITS = 16
EXACT, LOWER, UPPER = 0, 1, 2
#: Nodes an iteration must visit before its speed is trusted to plan a time budget.
RATE_SAMPLE_NODES = 10_000
#: ``stats`` slots: nodes visited, node limit, aborted flag.
NODES, LIMIT, ABORTED = 0, 1, 2


@njit(cache=True)
def evaluate_key(key: int) -> int:
    """``evaluation.evaluate`` of a Red-to-move key, for Red: material, hands, BB advance."""
    score = 0
    for sq in range(12):
        code = nib(key, sq)
        if code == 0:
            continue
        kind = code & 7
        if kind == 1:
            rank = sq // 3
            value = ADVANCE_BONUS * (rank if code < 8 else 3 - rank)
        else:
            value = PIECES[kind]
        score += value if code < 8 else -value
    for slot in range(3):
        score += HANDS[slot] * (hand(key, slot) - hand(key, 3 + slot))
    return score


@njit(cache=True)
def safe_try(key: int, tgt: np.ndarray, ntgt: np.ndarray) -> bool:
    """Whether the Red BB can step onto Blue's home rank where no Blue piece attacks it."""
    attacked = 0
    for sq in range(12):
        code = nib(key, sq)
        if code >= 9:
            for i in range(ntgt[code, sq]):
                attacked |= 1 << tgt[code, sq, i]
    red_bb = square_of(key, 1)
    if red_bb < 0:
        return False
    for i in range(ntgt[1, red_bb]):
        dst = tgt[1, red_bb, i]
        if dst >= 9 and not (attacked >> dst) & 1:
            target = nib(key, dst)
            if target == 0 or target >= 8:
                return True
    return False


@njit(cache=True, inline="always")
def _slot(key: int, bits: int) -> int:
    return ((key * 0x9E3779B97F4A7C15) >> 24) & ((1 << bits) - 1)


@njit(cache=True, inline="always")
def _to_table(value: int, ply: int) -> int:
    if value >= _PROVEN:
        return value + ply
    if value <= -_PROVEN:
        return value - ply
    return value


@njit(cache=True, inline="always")
def _from_table(value: int, ply: int) -> int:
    if value >= _PROVEN:
        return value - ply
    if value <= -_PROVEN:
        return value + ply
    return value


@njit(cache=True)
def _captured_value(parent: int, child: int) -> int:
    """Hand value the mover gained by the move to ``child`` (a capture), 0 otherwise."""
    gained = 0
    for slot in range(3):
        # the child is turned: the mover's hand is the second one there
        if hand(child, 3 + slot) > hand(parent, slot):
            gained += HANDS[slot]
    return gained


@njit(cache=True)
def _order(
    parent: int, buf: np.ndarray, n: int, hint: int, history: np.ndarray, scores: np.ndarray
) -> None:
    """Sort ``buf[:n]`` best first: the table's move, captures by value, then history."""
    for i in range(n):
        child = buf[i]
        if child == hint:
            scores[i] = 1 << 50
        else:
            scores[i] = (_captured_value(parent, child) << 32) + history[_slot(child, HISTORY_BITS)]
    for i in range(1, n):
        key, score = buf[i], scores[i]
        j = i - 1
        while j >= 0 and scores[j] < score:
            buf[j + 1], scores[j + 1] = buf[j], scores[j]
            j -= 1
        buf[j + 1], scores[j + 1] = key, score


@njit(cache=True)
def _repeats(path: np.ndarray, index: int) -> bool:
    """Whether ``path[index]`` equals an earlier position with the same side to move."""
    key = path[index]
    lowest = max(0, index - REPETITION_WINDOW)
    for earlier in range(index - 2, lowest - 1, -2):  # noqa: SIM110 (numba: no generators)
        if path[earlier] == key:
            return True
    return False


@njit(cache=True, inline="always")
def _settled(
    key: int,
    depth: int,
    alpha: int,
    beta: int,
    ply: int,
    at: int,
    proofs: bool,
    table_key: np.ndarray,
    table_value: np.ndarray,
    table_depth: np.ndarray,
    table_flag: np.ndarray,
    path: np.ndarray,
) -> tuple[bool, int]:
    """``(True, value)`` when a node needs no children: a repetition, a terminal position, a
    proven try, the horizon, or a table entry that decides; ``(False, 0)`` otherwise."""
    if _repeats(path, at):
        return True, 0
    term = classify(key, TGT, NTGT)
    if term == T_WIN_CAPTURE:
        return True, _WIN - (ply + 1)
    if term == T_LOSS_TRY:
        return True, -(_WIN - (ply + 1))
    if term == T_WIN_TRY:
        return True, _WIN - ply
    if proofs and safe_try(key, TGT, NTGT):
        return True, _WIN - (ply + 2)
    if depth <= 0 or ply >= MAX_PLY - 1:
        return True, max(-_LIMIT, min(_LIMIT, evaluate_key(key)))
    slot = _slot(key, TABLE_BITS)
    if table_key[slot] == key and table_depth[slot] >= depth:
        stored = _from_table(table_value[slot], ply)
        flag = table_flag[slot]
        if (
            flag == EXACT
            or (flag == LOWER and stored >= beta)
            or (flag == UPPER and stored <= alpha)
        ):
            return True, stored
    return False, 0


@njit(cache=True, nogil=True)
def _negamax(
    key: int,
    depth: int,
    alpha: int,
    beta: int,
    ply: int,
    at: int,
    proofs: bool,
    table_key: np.ndarray,
    table_value: np.ndarray,
    table_depth: np.ndarray,
    table_flag: np.ndarray,
    table_best: np.ndarray,
    history: np.ndarray,
    path: np.ndarray,
    buf: np.ndarray,
    scores: np.ndarray,
    stats: np.ndarray,
) -> int:
    """Value of the Red-to-move ``key`` for its mover, ``ply`` plies below the root; ``path[at]``
    is ``key`` and the entries before it the game and the line that led here.

    Written as a loop over an explicit stack (level 0 is ``key``), not as a recursion: numba's
    on-disk cache of a recursive function crashes when it is loaded again.
    """
    levels = MAX_PLY - ply
    node_key = np.empty(levels, dtype=np.int64)
    node_depth = np.empty(levels, dtype=np.int64)
    node_alpha = np.empty(levels, dtype=np.int64)
    node_beta = np.empty(levels, dtype=np.int64)
    node_original = np.empty(levels, dtype=np.int64)
    node_count = np.empty(levels, dtype=np.int64)
    node_next = np.empty(levels, dtype=np.int64)
    node_best = np.empty(levels, dtype=np.int64)
    node_best_child = np.empty(levels, dtype=np.int64)
    node_key[0], node_depth[0], node_alpha[0], node_beta[0] = key, depth, alpha, beta
    level = 0
    entering = True
    value = 0
    while True:
        here = ply + level
        if entering:
            stats[NODES] += 1
            if stats[NODES] > stats[LIMIT]:
                stats[ABORTED] = 1
                return 0
            current = node_key[level]
            done, value = _settled(
                current,
                node_depth[level],
                node_alpha[level],
                node_beta[level],
                here,
                at + level,
                proofs,
                table_key,
                table_value,
                table_depth,
                table_flag,
                path,
            )
            if not done:
                slot = _slot(current, TABLE_BITS)
                hint = table_best[slot] if table_key[slot] == current else -1
                count = children(current, TGT, NTGT, False, buf[here])
                if count == 0:
                    done, value = True, -(_WIN - here)  # SHO-9: no legal move loses
                else:
                    _order(current, buf[here], count, hint, history, scores[here])
                    node_count[level], node_next[level] = count, 0
                    node_best[level], node_best_child[level] = -_WIN - 1, -1
                    node_original[level] = node_alpha[level]
            if done:
                entering = False
                continue
        else:
            if level == 0:
                return value
            level -= 1
            here = ply + level
            child = buf[here, node_next[level]]
            returned = -value
            cut = False
            if returned > node_best[level]:
                node_best[level], node_best_child[level] = returned, child
                if returned > node_alpha[level]:
                    node_alpha[level] = returned
                    if returned >= node_beta[level]:
                        history[_slot(child, HISTORY_BITS)] += node_depth[level] ** 2
                        cut = True
            node_next[level] += 1
            if cut or node_next[level] == node_count[level]:
                best = node_best[level]
                flag = (
                    UPPER
                    if best <= node_original[level]
                    else (LOWER if best >= node_beta[level] else EXACT)
                )
                slot = _slot(node_key[level], TABLE_BITS)
                table_key[slot] = node_key[level]
                table_value[slot] = _to_table(best, here)
                table_depth[slot] = node_depth[level]
                table_flag[slot] = flag
                table_best[slot] = node_best_child[level]
                value = best
                continue
        # descend into the next child of ``level``
        child = buf[here, node_next[level]]
        path[at + level + 1] = child
        node_key[level + 1] = child
        node_depth[level + 1] = node_depth[level] - 1
        node_alpha[level + 1] = -node_beta[level]
        node_beta[level + 1] = -node_alpha[level]
        level += 1
        entering = True


@njit(cache=True, nogil=True)
def _root_iteration(
    root_keys: np.ndarray,
    first: int,
    depth: int,
    proofs: bool,
    table_key: np.ndarray,
    table_value: np.ndarray,
    table_depth: np.ndarray,
    table_flag: np.ndarray,
    table_best: np.ndarray,
    history: np.ndarray,
    path: np.ndarray,
    at: int,
    buf: np.ndarray,
    scores: np.ndarray,
    stats: np.ndarray,
    result: np.ndarray,
) -> None:
    """One iteration over the root moves (``root_keys``: each move's child key), ``first``
    searched first; ``result`` receives (moves searched, best index, best value)."""
    n = root_keys.shape[0]
    alpha, beta = -_WIN - 1, _WIN + 1
    searched, best_index, best_value = 0, -1, -_WIN - 1
    for step in range(n):
        index = first if step == 0 else (step - 1 if step - 1 < first else step)
        path[at + 1] = root_keys[index]
        value = -_negamax(
            root_keys[index],
            depth - 1,
            -beta,
            -alpha,
            1,
            at + 1,
            proofs,
            table_key,
            table_value,
            table_depth,
            table_flag,
            table_best,
            history,
            path,
            buf,
            scores,
            stats,
        )
        if stats[ABORTED]:
            break
        searched += 1
        if searched == 1 or value > best_value:
            best_index, best_value = index, value
        alpha = max(alpha, value)
    result[0], result[1], result[2] = searched, best_index, best_value


class FastSearcher:
    """The compiled search with its transposition table; keep one per game, like ``AlphaBeta``.

    ``search`` takes a ``ShogiState`` and returns a ``SearchResult`` whose ``action`` is a move
    int of ``rules``. The clock is read only between iterations, for the safety cap.
    """

    def __init__(self, *, proofs: bool = True, clock: Callable[[], float] = time.monotonic) -> None:
        self.proofs = proofs
        self.clock = clock
        size = 1 << TABLE_BITS
        self.table_key = np.full(size, -1, dtype=np.int64)
        self.table_value = np.zeros(size, dtype=np.int64)
        self.table_depth = np.zeros(size, dtype=np.int64)
        self.table_flag = np.zeros(size, dtype=np.int64)
        self.table_best = np.full(size, -1, dtype=np.int64)
        self.buf = np.zeros((MAX_PLY, MAX_CHILDREN), dtype=np.int64)
        self.scores = np.zeros((MAX_PLY, MAX_CHILDREN), dtype=np.int64)
        self.nodes = 0

    def search(
        self,
        state: ShogiState,
        *,
        max_depth: int = 64,
        node_budget: int | None = None,
        time_budget: float | None = None,
        root_actions: Sequence[int] | None = None,
    ) -> SearchResult:
        """Best move for the side to move (see the module and ``AlphaBeta.search``)."""
        start = self.clock()
        actions, won = choices_or_win(state, root_actions, start, self.clock)
        if won is not None:
            return won
        root_keys = np.array([_child_key(state, action) for action in actions], dtype=np.int64)
        path = np.zeros(REPETITION_WINDOW + MAX_PLY + 2, dtype=np.int64)
        earlier = _game_keys(state)[-REPETITION_WINDOW:]
        path[: len(earlier)] = earlier
        at = len(earlier) - 1
        history = np.zeros(1 << HISTORY_BITS, dtype=np.int64)
        stats = np.array([0, np.iinfo(np.int64).max, 0], dtype=np.int64)
        result = np.zeros(3, dtype=np.int64)
        remembered = self.table_best[_slot(canonical(state.key()), TABLE_BITS)]
        first = int(np.argmax(root_keys == remembered)) if remembered in root_keys else 0
        best = (first, 0.0, 0)
        iteration_start, iteration_nodes = start, 0
        for depth in range(1, min(max_depth, MAX_PLY - 2) + 1):
            stats[LIMIT] = (
                node_budget if node_budget is not None and depth > 1 else np.iinfo(np.int64).max
            )
            _root_iteration(
                root_keys,
                best[0],
                depth,
                self.proofs,
                self.table_key,
                self.table_value,
                self.table_depth,
                self.table_flag,
                self.table_best,
                history,
                path,
                at,
                self.buf,
                self.scores,
                stats,
                result,
            )
            searched, index, value = (int(x) for x in result)
            if searched:  # the previous best was searched at this depth: the result counts
                best = (index, float(value), depth)
            if stats[ABORTED] or abs(value) >= PROVEN and searched == len(actions):
                break
            if time_budget is not None:
                now = self.clock()
                if now - start > time_budget:
                    break
                # the next iteration may not outlast the time left, at the last iteration's
                # rate (measured only on enough nodes: the first call also compiles)
                visited = int(stats[NODES]) - iteration_nodes
                if visited >= RATE_SAMPLE_NODES:
                    rate = visited / max(now - iteration_start, 1e-6)
                    by_time = int(stats[NODES] + rate * (time_budget - (now - start))) + 1
                    node_budget = by_time if node_budget is None else min(node_budget, by_time)
                iteration_start, iteration_nodes = now, int(stats[NODES])
        self.nodes = int(stats[NODES])
        best_index, best_value, best_depth = best
        return SearchResult(
            actions[best_index],
            best_value,
            best_depth,
            self.nodes,
            self.clock() - start,
            abs(best_value) >= PROVEN,
        )


def _child_key(state: ShogiState, action: int) -> int:
    position = state.position.copy()
    position.make(action)
    return canonical(encode(position))


def _game_keys(state: ShogiState) -> list[int]:
    """Canonical keys of the game's last positions (at most the repetition window and the
    current one), oldest first, the current one last."""
    recent = state.plies[-REPETITION_WINDOW:]
    encoded = [ply.key for ply in recent]
    if len(recent) == len(state.plies):
        encoded.insert(0, encode(parse_position(state.start_text)))
    return [canonical(key) for key in encoded]


def canonical(encoded: int) -> int:
    """The tablebase key (``table.key_of``) of a ``rules.encode`` key."""
    key = encoded & SIDE_FREE_MASK
    if encoded >> SIDE_SHIFT & 1:
        key = swap_key(key)
    return min(key, mirror_key(key))
