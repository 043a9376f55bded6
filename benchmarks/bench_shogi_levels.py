"""Benchmark: Imperium Shogi computer levels against each other (issue 21, item 1).

Two matches over the same 25 random openings, each opening played with both colours:

* ``hard`` against ``normal`` (goal: ``hard`` never loses);
* ``easy`` against a 2-ply greedy material player (goal: ``easy`` wins more than it loses).

Prints wins, draws, losses and time per move of each side; asserts nothing. A game that reaches
``--max-plies`` without a result counts as a draw (it is reported separately as "capped").
Levels are node budgets, so the moves (and so the results) are the same on any machine; only the
times change. Run (about 8 minutes of CPU for both matches, 216–341 s wall for each third of
the openings on a shared 2-core machine; use ``nice`` there):

    .venv/bin/python -m benchmarks.bench_shogi_levels [--openings 25] [--match hard-normal]

The openings are level: each is a draw with perfect play, so neither colour starts from a lost
position and "never loses with both colours" is a fair demand. They were drawn at random (4
random plies from the start, seed 21, one line per distinct position) and kept only if the
solved Imperium tablebase values them as a draw; the list is stored beside this file
(``shogi_level_openings.txt``), so the benchmark needs no table. ``--write-openings``
regenerates the list on a machine where the table was solved (docs/solving.md).
``--heuristic-openings`` plays the earlier set instead (level by a depth-5 search only, which
left 20 of 50 games starting lost for one side; docs/imperium-shogi.md).

When the tablebase was solved on this machine, each game line also says what the opening is
worth for the first-named player with perfect play (``opening: draw``).

``hard`` plays with its opening book (ADR 0023); ``--no-book`` measures its search alone.
``--other-drawn-openings`` plays a second sample: the drawn 4-ply positions that are not in the
stored list (needs the table).

To replay only some games (e.g. the ones a level lost), name them with ``--only``: ``9`` plays
opening 9 with both colours, ``9:red`` only with the first-named player as Red.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from scenarios.imperium_shogi.ai import ShogiAI
from scenarios.imperium_shogi.evaluation import PIECE_VALUE, evaluate
from scenarios.imperium_shogi.game import ShogiState, make_game
from scenarios.imperium_shogi.rules import BB
from scenarios.solvers.alphabeta import AlphaBeta

GAME = make_game()
#: Random plies played from the start to make one opening.
OPENING_PLIES = 4
#: An opening is kept only if a fixed-depth search finds it roughly level (no forced result and
#: less than a disrupted battleship's worth of advantage), so neither colour starts lost.
BALANCE_DEPTH, BALANCE_LIMIT = 5, 15.0
#: Random tries before giving up looking for openings (there are few distinct short lines).
MAX_OPENING_TRIES = 200_000
#: The stored level openings: one per line, moves then `` | `` and the position they reach.
OPENINGS_FILE = Path(__file__).with_name("shogi_level_openings.txt")

Player = Callable[[ShogiState], int]


def material(state: ShogiState, player: int) -> float:
    """Board material only (no hands, no advance): what a greedy player counts."""
    score = 0.0
    for code in state.position.board:
        if code and code & 7 != BB:
            value = PIECE_VALUE[code & 7]
            score += value if code >> 3 == player else -value
    return score


def greedy_player() -> Player:
    """A 2-ply material searcher: takes what it can, avoids losing a piece next ply."""
    searcher = AlphaBeta(material)

    def choose(state: ShogiState) -> int:
        return int(searcher.search(state.clone(), max_depth=2).action)

    return choose


#: Moves of each level chosen among the opening book's moves: ``[limited, without search]``.
BOOK_MOVES: dict[str, list[int]] = {}


def level_player(level: str, use_book: bool = True) -> Player:
    """A computer level (one searcher per game, as the screen keeps one); ``use_book=False``
    plays it without its opening book (the search alone)."""
    ai = ShogiAI(level, use_book=use_book)
    counts = BOOK_MOVES.setdefault(level, [0, 0])

    def choose(state: ShogiState) -> int:
        move = ai.choose(state)
        if ai.last_book_moves is not None:
            counts[0] += 1
            counts[1] += ai.last is None
        return move

    return choose


def perfect_values(lines: list[list[int]]) -> list[tuple[str, int] | None]:
    """Each opening's perfect-play value for Red (``("loss", 12)``...), from the stored
    tablebase; all ``None`` when no table was solved (the benchmark never needs one)."""
    from scenarios.imperium_shogi.ai import stored_tablebase

    table = stored_tablebase()
    values: list[tuple[str, int] | None] = []
    for line in lines:
        state = GAME.new_initial_state()
        for move in line:
            state.apply_action(move)
        values.append(None if table is None else table.value(state.position))
    return values


def perfect_note(value: tuple[str, int] | None, first_is_red: bool) -> str:
    """`` (opening: loss in 12)`` for the first-named player, or nothing without a table."""
    if value is None:
        return ""
    result, plies = value
    if not first_is_red:
        result = {"win": "loss", "loss": "win"}.get(result, result)
    return f" (opening: {result})" if result == "draw" else f" (opening: {result} in {plies})"


def random_line(rng: random.Random) -> tuple[list[int], ShogiState]:
    """``OPENING_PLIES`` random legal plies from the start (fewer if the game ends)."""
    state = GAME.new_initial_state()
    moves: list[int] = []
    for _ in range(OPENING_PLIES):
        if state.is_terminal():
            break
        move = rng.choice(state.legal_actions())
        state.apply_action(move)
        moves.append(move)
    return moves, state


def heuristic_openings(count: int, seed: int = 21) -> list[list[int]]:
    """``count`` distinct random openings that a fixed-depth search finds roughly level (no
    forced result within its depth, little material advantage). The earlier yardstick: the
    search is a poor judge, and most of these openings are won for one side."""
    rng = random.Random(seed)
    judge = AlphaBeta(evaluate)
    seen: set[tuple[int, ...]] = set()
    result: list[list[int]] = []
    for _ in range(MAX_OPENING_TRIES):
        if len(result) == count:
            return result
        moves, state = random_line(rng)
        if state.is_terminal() or tuple(moves) in seen:
            continue
        seen.add(tuple(moves))
        if abs(judge.search(state.clone(), max_depth=BALANCE_DEPTH).value) <= BALANCE_LIMIT:
            result.append(moves)
    raise SystemExit(
        f"only {len(result)} of {count} openings found in {MAX_OPENING_TRIES} random tries"
    )


def drawn_openings(count: int | None, seed: int = 21) -> list[list[int]]:
    """``count`` random openings reaching distinct positions that the stored tablebase values
    as a draw with perfect play (needs the solved table); ``None``: every one that
    ``MAX_OPENING_TRIES`` random lines find (51 distinct positions)."""
    from scenarios.imperium_shogi.ai import stored_tablebase

    table = stored_tablebase()
    if table is None:
        raise SystemExit(
            "--write-openings needs the solved Imperium tablebase "
            "(campaign scenario solve imperium-shogi)"
        )
    rng = random.Random(seed)
    seen: set[str] = set()
    result: list[list[int]] = []
    for _ in range(MAX_OPENING_TRIES):
        if len(result) == count:
            return result
        moves, state = random_line(rng)
        if state.is_terminal() or state.to_text() in seen:
            continue
        seen.add(state.to_text())
        if table.value(state.position) == ("draw", 0):
            result.append(moves)
    if count is None:
        return result
    raise SystemExit(
        f"only {len(result)} of {count} drawn openings found in {MAX_OPENING_TRIES} random tries"
    )


def other_drawn_openings() -> list[list[int]]:
    """The drawn 4-ply openings whose position is not among the stored ones (a second sample
    for the same match; needs the solved table)."""
    stored = {opening_line(moves).split(" | ")[1] for moves in stored_openings()}
    return [
        moves
        for moves in drawn_openings(None, seed=22)
        if opening_line(moves).split(" | ")[1] not in stored
    ]


def opening_line(moves: list[int]) -> str:
    """``c1c2 b4c3 b1c1 c3b4 | mfc/1b1/1BM/C1F - r``: the moves and the position they reach."""
    state = GAME.new_initial_state()
    texts = []
    for move in moves:
        texts.append(state.action_to_text(move))
        state.apply_action(move)
    return f"{' '.join(texts)} | {state.to_text()}"


def write_openings(lines: list[list[int]], path: Path = OPENINGS_FILE) -> None:
    """Store ``lines`` in ``path`` (temporary file, fsync, rename)."""
    text = (
        "# Imperium Shogi level-match openings: random 4-ply openings (seed 21), each a draw\n"
        "# with perfect play by the solved tablebase. Moves | position reached.\n"
        + "".join(opening_line(moves) + "\n" for moves in lines)
    )
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)


def stored_openings(path: Path = OPENINGS_FILE) -> list[list[int]]:
    """The openings of ``path``, each checked: legal moves, not over, and reaching the position
    written beside them (``ValueError`` naming the line otherwise)."""
    lines: list[list[int]] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        notation, _, position = (part.strip() for part in raw.partition("|"))
        state = GAME.new_initial_state()
        moves = []
        for text in notation.split():
            try:
                move = state.text_to_action(text)
            except ValueError as error:
                raise ValueError(f"{path.name}:{number}: {error}") from None
            state.apply_action(move)
            moves.append(move)
        if state.is_terminal() or state.to_text() != position:
            raise ValueError(
                f"{path.name}:{number}: the moves reach {state.to_text()!r}, "
                f"not {position!r}, or end the game"
            )
        lines.append(moves)
    return lines


@dataclass
class Tally:
    """Results and timings of the first-named player of a match."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    capped: int = 0
    seconds: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})
    """Wall-clock seconds of each move of the first (``a``) and second (``b``) player."""
    cpu: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})
    """CPU seconds (user + system) of the same moves: what a quiet machine would take."""
    lost_games: list[str] = field(default_factory=list)


def play(
    opening: list[int], red: Player, blue: Player, max_plies: int, times: tuple[list, list]
) -> tuple[float, bool, ShogiState]:
    """One game from ``opening``; Red's return, whether it hit the ply cap, the final state.

    ``times[side]`` receives ``(wall, cpu)`` seconds of each move of that side."""
    state = GAME.new_initial_state()
    for move in opening:
        state.apply_action(move)
    players = (red, blue)
    while not state.is_terminal() and len(state.history()) < max_plies:
        side = state.current_player()
        started, cpu = time.perf_counter(), time.process_time()
        move = players[side](state)
        times[side].append((time.perf_counter() - started, time.process_time() - cpu))
        state.apply_action(move)
    return state.returns()[0], not state.is_terminal(), state


def match(
    name: str,
    first: Callable[[], Player],
    second: Callable[[], Player],
    lines: list[list[int]],
    max_plies: int,
    games: set[tuple[int, bool]] | None = None,
    values: list[tuple[str, int] | None] | None = None,
) -> Tally:
    """``first`` against ``second`` from every opening, both colours, or only the ``games``
    given as (opening index, first player is Red)."""
    tally = Tally()
    for index, opening in enumerate(lines):
        for first_is_red in (True, False):
            if games is not None and (index, first_is_red) not in games:
                continue
            mine: list[tuple[float, float]] = []
            theirs: list[tuple[float, float]] = []
            red, blue = (first(), second()) if first_is_red else (second(), first())
            times = (mine, theirs) if first_is_red else (theirs, mine)
            result, capped, state = play(opening, red, blue, max_plies, times)
            value = result if first_is_red else -result
            for key, moves_times in (("a", mine), ("b", theirs)):
                tally.seconds[key].extend(wall for wall, _cpu in moves_times)
                tally.cpu[key].extend(cpu for _wall, cpu in moves_times)
            tally.capped += capped
            note = perfect_note(values[index] if values else None, first_is_red)
            if value > 0:
                tally.wins += 1
            elif value < 0:
                tally.losses += 1
                moves = " ".join(state.action_to_text(m) for m in state.history())
                colour = "Red" if first_is_red else "Blue"
                tally.lost_games.append(f"opening {index} as {colour}{note}: {moves}")
            else:
                tally.draws += 1
            print(
                f"  {name} opening {index:2} {'Red ' if first_is_red else 'Blue'}: "
                f"{'win' if value > 0 else 'loss' if value < 0 else 'draw'} "
                f"in {len(state.history())} plies; wall seconds/moves "
                f"{sum(w for w, _ in mine):.1f}/{len(mine)} against "
                f"{sum(w for w, _ in theirs):.1f}/{len(theirs)}{note}",
                flush=True,
            )
    return tally


def report(name: str, labels: tuple[str, str], tally: Tally) -> None:
    """Print one match's figures."""
    games = tally.wins + tally.draws + tally.losses
    print(
        f"{name}: {games} games — {labels[0]} wins {tally.wins}, draws {tally.draws} "
        f"(capped {tally.capped}), losses {tally.losses}"
    )
    for key, label in zip(("a", "b"), labels, strict=True):
        times, cpu = tally.seconds[key], tally.cpu[key]
        if times:
            print(
                f"  {label:7} {len(times):5} moves, {sum(times) / len(times):.3f} s/move mean "
                f"wall ({sum(cpu) / len(cpu):.3f} s CPU), {max(times):.2f} s max wall "
                f"({max(cpu):.2f} s CPU)"
            )
    for level in labels:
        limited, unsearched = BOOK_MOVES.get(level, (0, 0))
        if limited:
            print(
                f"  {level:7} {limited} moves chosen among the opening book's moves "
                f"({unsearched} of them the only one, played without search)"
            )
    for line in tally.lost_games:
        print(f"  lost: {line}")


def matches(
    use_book: bool = True,
) -> dict[str, tuple[tuple[str, str], Callable[[], Player], Callable[[], Player]]]:
    """The two matches: labels, then a factory of each player (one per game)."""
    return {
        "hard-normal": (
            ("hard", "normal"),
            lambda: level_player("hard", use_book),
            lambda: level_player("normal", use_book),
        ),
        "easy-greedy": (("easy", "greedy2"), lambda: level_player("easy", use_book), greedy_player),
    }


MATCHES = matches()


def parse_game(text: str) -> list[tuple[int, bool]]:
    """``9`` -> opening 9 with both colours; ``9:red`` / ``9:blue`` -> only that colour (of the
    first-named player)."""
    index, _, colour = text.partition(":")
    colours = {"": (True, False), "red": (True,), "blue": (False,)}
    if not index.isdigit() or colour not in colours:
        raise argparse.ArgumentTypeError(f"expected INDEX or INDEX:red|blue, got {text!r}")
    return [(int(index), red) for red in colours[colour]]


def main(argv: list[str] | None = None) -> None:
    """Run the chosen matches and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--openings",
        type=int,
        default=25,
        help="how many openings (default 25, the stored list; more needs --heuristic-openings)",
    )
    parser.add_argument("--max-plies", type=int, default=200, help="draw after this many plies")
    parser.add_argument(
        "--skip",
        type=int,
        default=0,
        help="play only the openings from this index on (to split a long match in runs)",
    )
    parser.add_argument("--until", type=int, default=None, help="stop before this opening index")
    parser.add_argument("--match", choices=sorted(MATCHES), action="append")
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument(
        "--heuristic-openings",
        action="store_true",
        help="the earlier openings, level by a depth-5 search only (many are lost for one side)",
    )
    choice.add_argument(
        "--other-drawn-openings",
        action="store_true",
        help="the drawn 4-ply openings not in the stored list (needs the solved tablebase)",
    )
    choice.add_argument(
        "--write-openings",
        action="store_true",
        help=f"regenerate {OPENINGS_FILE.name} from the solved tablebase, then stop",
    )
    parser.add_argument(
        "--only",
        type=parse_game,
        nargs="+",
        metavar="INDEX[:red|blue]",
        help="play only these games (opening index, optionally the first player's colour)",
    )
    parser.add_argument(
        "--no-book",
        action="store_true",
        help="play hard without its opening book (the search alone, as before ADR 0023)",
    )
    args = parser.parse_args(argv)
    if args.write_openings:
        write_openings(drawn_openings(args.openings))
        print(f"wrote {args.openings} drawn openings to {OPENINGS_FILE}")
        return
    if args.heuristic_openings:
        lines = heuristic_openings(args.openings)
    elif args.other_drawn_openings:
        lines = other_drawn_openings()[: args.openings]
    else:
        lines = stored_openings()[: args.openings]
    lines = lines[: args.until]
    games = {(index, red) for index in range(args.skip, len(lines)) for red in (True, False)}
    if args.only:
        games &= {game for group in args.only for game in group}
    values = perfect_values(lines)
    chosen = matches(use_book=not args.no_book)
    for name in args.match or list(chosen):
        labels, first, second = chosen[name]
        started = time.perf_counter()
        tally = match(name, first, second, lines, args.max_plies, games, values)
        report(name, labels, tally)
        print(f"  ({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
