"""Ranking of positions: every key with a table's material gets a distinct number (no numba).

A table holds a fixed material (the start's: how many MS, CR and B there are; a capture moves a
piece to a hand, and a BB capture ends the game before a position is stored). Every key with
that material and one BB of each colour on the board gets a distinct rank in ``[0, size)``:
squares are read in order 0..11 and the rank counts, like a number in a mixed radix, the keys
that come first (fewer choices as pieces run out), then the Red hand (the Blue hand holds the
rest). For the full game ``size`` is 1,567,925,964, about six times the reachable set, so one
bit per rank (the rank directory, ``index``) costs 187 MB.

The tables are small numpy arrays; ``index.rank_of``/``key_of_rank`` are their numba users
and ``Ranking.rank`` the plain-Python one, for the perfect level (which needs no numba).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from scenarios.imperium_shogi.rules import HAND_SHIFT

#: Ranks per rank-directory line (seven 64-bit words) and 64-bit entries per line.
LINE_RANKS = 448
LINE_WORDS = 8
#: Codes a square may hold: empty, Red BB MS CR B B+, Blue BB MS CR B B+.
SQUARE_CODES = (0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13)
#: Piece kinds counted against the material, in state order: MS, CR, B (B and B+ together).
KIND_OF_CODE = {2: 0, 3: 1, 4: 2, 5: 2}
#: Hand slot of each kind (``kernel.hand``): MS 2, CR 1, B 0.
HAND_SLOT = (2, 1, 0)
MAX_PER_KIND = 2
STATES = 4 * 27  # BB placed (Red, Blue) x used MS x used CR x used B (each 0..2)
#: Entries of ``Ranking.before`` per square.
SQUARE_STRIDE = STATES * 16
#: ``Ranking.before`` from ``PAIRS_AT`` on: the same for two squares at once (``PAIR_STRIDE``
#: entries for squares ``2k`` and ``2k + 1``: 256 per state, one per byte of the key there).
PAIRS_AT = 12 * SQUARE_STRIDE
PAIR_STRIDE = STATES * 256


def state_step(code: int) -> int:
    """What a square holding ``code`` adds to the state number (``_state``) of the rank walk
    (``index.rank_of``): the BB's flag or one piece of its kind; 0 for an empty square and
    for a code no square may hold (such a key is refused by the piece counts)."""
    if code not in SQUARE_CODES or code == 0:
        return 0
    if code & 7 == 1:
        return 54 if code == 1 else 27
    return 9 // 3 ** KIND_OF_CODE[code & 7]


def _state(red_bb: int, blue_bb: int, used: Sequence[int]) -> int:
    return (((red_bb * 2 + blue_bb) * 3 + used[0]) * 3 + used[1]) * 3 + used[2]


def _unstate(state: int) -> tuple[int, int, list[int]]:
    used_b = state % 3
    used_cr = state // 3 % 3
    used_ms = state // 9 % 3
    flags = state // 27
    return flags // 2, flags % 2, [used_ms, used_cr, used_b]


def _pair_table(pre: np.ndarray) -> np.ndarray:
    """``[k, state, byte]``: ``pre`` of square ``2k`` and of square ``2k + 1`` added, the
    second from the state the first leads to, for the codes ``byte & 15`` and ``byte >> 4``.

    The state after the first square is the state plus ``state_step``, as ``index.rank_of``
    sums it, capped at the last state (beyond it only for a key that is refused), so a walk
    of pairs adds exactly what the walk of squares adds, for every key (issue 47, round 7:
    half the look-ups; a rank is about 8 ns instead of 12)."""
    steps = np.array([state_step(code) for code in range(16)], dtype=np.int64)
    states = np.arange(STATES, dtype=np.int64)
    after = np.minimum(states[:, None] + steps[None, :], STATES - 1)  # [state, first code]
    pairs = np.zeros((6, STATES, 16, 16), dtype=np.int64)  # [k, state, second, first]
    for k in range(6):
        first = pre[2 * k]  # [state, first code]
        second = pre[2 * k + 1][after]  # [state, first code, second code]
        pairs[k] = (first[:, :, None] + second).transpose(0, 2, 1)
    return pairs.reshape(6, STATES, 256)


@dataclass(frozen=True)
class Ranking:
    """Ranking tables of one material ``(MS, CR, B)``, each 0..2 pieces."""

    material: tuple[int, int, int]
    nxt: np.ndarray  # [state, code] -> next state, -1 if the code cannot go there
    pre: np.ndarray  # [square, state, code] -> keys before this code at this square
    count: np.ndarray  # [square, state] -> completions of squares square..11 and the hands
    size: int
    #: The numba kernels' flat forms (``index``): ``step[16 * state + code]`` is
    #: ``16 * next state`` (-1 if the code cannot go there) and
    #: ``before[SQUARE_STRIDE * square + 16 * state + code]`` is ``pre[square, state, code]``,
    #: so that a step of the rank walk is two loads with no multiplication on its critical path.
    #: ``before[PAIRS_AT + PAIR_STRIDE * k + 256 * state + byte]`` is what squares ``2k`` and
    #: ``2k + 1`` add together from ``state``, for the ``byte`` of the key that holds both
    #: (``_pair_table``): ``rank_of`` walks six pairs instead of twelve squares.
    step: np.ndarray
    before: np.ndarray

    @classmethod
    def of(cls, material: tuple[int, int, int]) -> Ranking:
        """Tables for ``material`` (pieces of each kind in the whole game, hands included)."""
        if any(not 0 <= m <= MAX_PER_KIND for m in material):
            raise ValueError(f"material {material} outside 0..{MAX_PER_KIND} per kind")
        nxt = np.full((STATES, 16), -1, dtype=np.int64)
        for state in range(STATES):
            red_bb, blue_bb, used = _unstate(state)
            for code in SQUARE_CODES:
                if code == 0:
                    nxt[state, code] = state
                elif code & 7 == 1:
                    if code == 1 and not red_bb:
                        nxt[state, code] = _state(1, blue_bb, tuple(used))
                    elif code == 9 and not blue_bb:
                        nxt[state, code] = _state(red_bb, 1, tuple(used))
                else:
                    kind = KIND_OF_CODE[code & 7]
                    if used[kind] < material[kind]:
                        more = list(used)
                        more[kind] += 1
                        nxt[state, code] = _state(red_bb, blue_bb, tuple(more))
        count = np.zeros((13, STATES), dtype=np.int64)
        for state in range(STATES):
            red_bb, blue_bb, used = _unstate(state)
            if red_bb and blue_bb and all(u <= m for u, m in zip(used, material, strict=True)):
                count[12, state] = int(
                    np.prod([m - u + 1 for u, m in zip(used, material, strict=True)])
                )
        pre = np.zeros((12, STATES, 16), dtype=np.int64)
        for square in range(11, -1, -1):
            for state in range(STATES):
                total = 0
                for code in range(16):
                    pre[square, state, code] = total
                    if nxt[state, code] >= 0:
                        total += count[square + 1, nxt[state, code]]
                count[square, state] = total
        step = np.where(nxt >= 0, nxt * 16, -1).astype(np.int64).ravel()
        before = np.concatenate([pre.ravel(), _pair_table(pre).ravel()])
        return cls(material, nxt, pre, count, int(count[0, 0]), step, before)

    @classmethod
    def of_key(cls, key: int) -> Ranking:
        """Tables for the material of ``key`` (a start position)."""
        material = [0, 0, 0]
        for sq in range(12):
            code = (key >> (4 * sq)) & 15
            if code & 7 in KIND_OF_CODE:
                material[KIND_OF_CODE[code & 7]] += 1
        for kind, slot in enumerate(HAND_SLOT):
            material[kind] += (key >> (HAND_SHIFT + 2 * slot)) & 3
            material[kind] += (key >> (HAND_SHIFT + 2 * slot + 6)) & 3
        return cls.of((material[0], material[1], material[2]))

    @cached_property
    def _lists(self) -> tuple[list, list]:
        return self.nxt.tolist(), self.pre.tolist()

    def rank(self, key: int) -> int:
        """Rank of ``key``, or -1 if it does not have this material and both BBs."""
        nxt, pre = self._lists
        state = 0
        rank = 0
        for sq in range(12):
            code = (key >> (4 * sq)) & 15
            following = nxt[state][code]
            if following < 0:
                return -1
            rank += pre[sq][state][code]
            state = following
        if state < 81:  # a BB missing
            return -1
        left = [
            self.material[0] - state // 9 % 3,
            self.material[1] - state // 3 % 3,
            self.material[2] - state % 3,
        ]
        red = [(key >> (HAND_SHIFT + 2 * HAND_SLOT[kind])) & 3 for kind in range(3)]
        blue = [(key >> (HAND_SHIFT + 6 + 2 * HAND_SLOT[kind])) & 3 for kind in range(3)]
        if any(red[k] > left[k] or blue[k] != left[k] - red[k] for k in range(3)):
            return -1
        return rank + (red[0] * (left[1] + 1) + red[1]) * (left[2] + 1) + red[2]
