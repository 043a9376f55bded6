"""Computer opponent for Imperium Shogi: alpha-beta with a game-specific evaluation.

Levels are search budgets that do not depend on the machine: a number of nodes per move and a
depth cap, so the same position (in the same game) gives the same move on a fast machine and on
a busy one. ``easy`` and ``normal`` use the generic search (``scenarios/solvers/alphabeta.py``).
``hard`` uses the same algorithm compiled (``fast_search``, when numba is installed) with a ten
times larger budget, ``forced_result`` (exact proofs of tries and BB captures a few plies beyond
its depth) and the opening book (``book``: near the start it only considers the moves that keep
the solved result); docs/imperium-shogi.md and ADR 0023. Each level also has a time limit,
but only as a safety cap for a machine hundreds of times slower than a normal one; it never
decides a move in practice. A ``perfect`` level is reserved for a retrograde tablebase (issue
12): pass any object with ``probe(state) -> move | None`` as ``tablebase``; while no tablebase
is given that level is not offered, and a probe that returns ``None`` (position not covered)
falls back to the deepest search level.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from scenarios.imperium_shogi.book import OpeningBook, shipped_book
from scenarios.imperium_shogi.evaluation import evaluate, forced_result, order_moves
from scenarios.imperium_shogi.game import ShogiState
from scenarios.optional import SOLVER_HINT, has_numpy, has_solver_extra
from scenarios.solvers.alphabeta import AlphaBeta, SearchResult

if TYPE_CHECKING:
    from scenarios.imperium_shogi.fast_search import FastSearcher


@dataclass(frozen=True)
class Level:
    """A playing strength: a node budget per move, a depth cap and a safety time cap."""

    name: str
    nodes: int
    """Nodes the search may visit per move (all iterations together): the real budget."""
    max_depth: int
    """Deepest iteration tried."""
    safety_seconds: float
    """Wall-clock cap, only for a pathologically slow machine (breaks determinism if hit)."""
    proofs: bool
    """Whether the search uses ``forced_result`` (tries and BB captures seen up to three plies
    beyond its depth); only the strongest level does, the others keep a plain search."""
    description: str
    book: bool = False
    """Whether the level searches only the opening book's moves where the book has the
    position (``book.py``: the moves that keep the solved value near the start)."""
    compiled: bool = False
    """Whether the level uses the compiled search (``fast_search``, numba); where numba is not
    installed it falls back to the generic search with ``fallback_nodes``."""
    fallback_nodes: int = 0


#: The deepest iteration a level tries, and the deepest ``solve --depth`` a user may ask for
#: (each ply multiplies the work: depth 64 is already beyond any machine's patience).
DEEPEST = 64

LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", 3_000, 3, 10.0, False, "looks three plies ahead (at most 3,000 positions)"),
        Level("normal", 20_000, DEEPEST, 30.0, False, "searches 20,000 positions per move"),
        Level(
            "hard",
            2_000_000,
            DEEPEST,
            120.0,
            True,
            "searches 2,000,000 positions per move (compiled search), sees tries and BB "
            "captures up to three plies beyond its depth, and near the start never picks a "
            "move the solved game shows to give the result away (opening book)",
            book=True,
            compiled=True,
            fallback_nodes=120_000,
        ),
    )
}
PERFECT = "perfect"


class Tablebase(Protocol):
    """What a perfect-play level needs: the best move of a position, or ``None`` if unknown."""

    def probe(self, state: ShogiState) -> int | None:
        """A best move in ``state`` (a legal move int), or ``None`` outside the tablebase."""
        ...


def _key(state: ShogiState) -> int:
    return state.key()


class ShogiAI:
    """A computer player; keep one per game so the transposition table carries over."""

    def __init__(
        self,
        level: str = "normal",
        *,
        tablebase: Tablebase | None = None,
        clock: Callable[[], float] = time.monotonic,
        book: OpeningBook | None = None,
        use_book: bool = True,
    ) -> None:
        """``book`` replaces the shipped opening book; ``use_book=False`` plays the level
        without any book (the benchmark's search-only match)."""
        if level == PERFECT and tablebase is None:
            raise ValueError("the perfect level needs a tablebase (see this module)")
        if level != PERFECT and level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (known: {', '.join(available_levels())})")
        self.level = level
        self.tablebase = tablebase
        definition = LEVELS.get(level, LEVELS["hard"])
        self.budget = definition.nodes
        self.searcher: AlphaBeta | FastSearcher
        if definition.compiled and compiled_search_available():
            # deliberate lazy import: the compiled search needs the optional numpy and numba
            from scenarios.imperium_shogi.fast_search import FastSearcher

            self.searcher = FastSearcher(proofs=definition.proofs, clock=clock)
        else:
            if definition.compiled:
                self.budget = definition.fallback_nodes
            self.searcher = AlphaBeta(
                evaluate,
                key=_key,
                order=order_moves,
                forced_result=forced_result if definition.proofs else None,
                clock=clock,
            )
        self.last: SearchResult | None = None
        self.book = book
        self.use_book = use_book and definition.book
        #: Whether the last ``choose`` was limited by the book (and to how many moves).
        self.last_book_moves: int | None = None

    def choose(
        self,
        state: ShogiState,
        *,
        max_depth: int | None = None,
        seconds: float | None = None,
        nodes: int | None = None,
    ) -> int:
        """A legal move for the side to move.

        ``max_depth``, ``seconds`` and ``nodes`` override the level; an explicit ``max_depth``
        or ``seconds`` alone searches without the level's node budget (the CLI's ``--depth`` and
        ``--seconds``).
        """
        work = state.clone()
        if self.tablebase is not None:
            move = self.tablebase.probe(work)
            if move is not None and move in work.legal_actions():
                return move
        level = LEVELS.get(self.level, LEVELS["hard"])
        kept = self._book_moves(work)
        self.last_book_moves = None if kept is None else len(kept)
        if kept is not None and len(kept) == 1:
            self.last = None
            return kept[0]
        overridden = max_depth is not None or seconds is not None
        depth = max_depth if max_depth is not None else level.max_depth
        budget = nodes if nodes is not None else None if overridden else self.budget
        cap = seconds if seconds is not None else None if overridden else level.safety_seconds
        self.last = self.searcher.search(
            work, max_depth=depth, time_budget=cap, node_budget=budget, root_actions=kept
        )
        return int(self.last.action)

    def _book_moves(self, state: ShogiState) -> list[int] | None:
        """The legal moves the opening book keeps in ``state``, or ``None`` without an entry
        (or when this level uses no book)."""
        if not self.use_book:
            return None
        book = self.book if self.book is not None else shipped_book()
        kept = book.kept_moves(state.position)
        if kept is None:
            return None
        legal = [move for move in state.legal_actions() if move in kept]
        return legal or None


def compiled_search_available() -> bool:
    """Whether numba and numpy are installed (the ``solver`` extra), so ``hard`` can use the
    compiled search."""
    return has_solver_extra()


def stored_tablebase() -> Tablebase | None:
    """The Imperium table solved by ``campaign scenario solve imperium-shogi`` (kept in the user
    data directory, see docs/solving.md), or ``None`` while it was never generated, or when
    numpy, which reads it, is not installed (then no table can have been solved here).

    Looked for at each call (one ``stat`` of its ``meta.json``, written last when a solve
    finishes): a screen open while the table was being solved offers ``perfect`` once it is
    there, without a restart (issue 44 item 6); the same stored table is opened once."""
    if not has_numpy():
        return None
    # deliberate lazy import: the table reader needs the optional numpy
    from scenarios.imperium_shogi.tablebase.store import table_dir

    meta = table_dir("imperium") / "meta.json"
    try:
        found = meta.lstat()
    except OSError:
        return None  # not solved (yet)
    return _table_at(str(meta), found.st_mtime_ns, found.st_size)


@functools.cache
def _table_at(meta: str, _mtime_ns: int, _size: int) -> Tablebase | None:
    """The table whose description is ``meta`` as it stood then (a new solve: a new key)."""
    # deliberate lazy import: the table reader needs the optional numpy
    from scenarios.imperium_shogi.tablebase.store import TablebaseFile

    return TablebaseFile.open("imperium", Path(meta).parents[2])


def describe(level: Level) -> str:
    """What ``level`` does on this installation (a compiled level without numba says so)."""
    if level.compiled and not compiled_search_available():
        return (
            f"{level.description}; numba is not installed here, so it searches "
            f"{level.fallback_nodes:,} positions with the generic search instead"
        )
    return level.description


#: The command that solves the Imperium table the ``perfect`` level plays from.
SOLVE_COMMAND = "campaign scenario solve imperium-shogi"


def how_to_solve() -> str:
    """How a player gets the table ``perfect`` plays from on this installation: the command,
    after installing the solver extra where it is missing (the command refuses to solve
    without it: found by use, December 7, late night)."""
    if compiled_search_available():
        return SOLVE_COMMAND
    return f"{SOLVER_HINT}; then {SOLVE_COMMAND}"


def levels_help() -> str:
    """What each level does, one line each (the game screen's help shows it)."""
    lines = [f"{name:>7}: {describe(level)}" for name, level in LEVELS.items()]
    lines.append(
        f"{PERFECT:>7}: plays from the solved tablebase (offered once it was solved:"
        f" {how_to_solve()})"
    )
    return "\n".join(lines)


def available_levels(tablebase: Tablebase | None = None) -> list[str]:
    """Level names to offer, the perfect one only when a tablebase is present."""
    names = list(LEVELS)
    if tablebase is not None:
        names.append(PERFECT)
    return names
