"""``campaign scenario solve imperium-shogi --tablebase [--variant dobutsu]``: the full solve."""

from __future__ import annotations

import argparse
import resource
import sys
from pathlib import Path

from scenarios.imperium_shogi.game import ShogiState, make_game
from scenarios.imperium_shogi.notation import move_to_text
from scenarios.imperium_shogi.rules import Position
from scenarios.imperium_shogi.tablebase.progress import ProgressBar
from scenarios.imperium_shogi.tablebase.solver import Checkpoint, solve
from scenarios.imperium_shogi.tablebase.store import (
    FORMAT_VERSION,
    TablebaseError,
    TablebaseFile,
    add_checksums,
    move_values,
    rank_move,
    read_meta,
    save,
    stored_format,
    table_dir,
)
from scenarios.imperium_shogi.tablebase.warm import warm_up_apart
from scenarios.protocol import NotationError

#: Reachable positions of the full problems (docs/solving.md): only for the progress estimate
#: of the enumeration, whose size is not known before it ends.
EXPECTED_POSITIONS = {"imperium": 246_838_526, "dobutsu": 246_803_167}


def peak_rss_mib() -> float:
    """Peak resident memory of this process in MiB (Linux ``ru_maxrss`` is in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cpu_seconds() -> float:
    """User plus system CPU time of this process so far (all threads)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def print_results(table: TablebaseFile, meta: dict, variant: str) -> None:
    """The value of the start, its first moves, and the figures of the solve."""
    start = Position.initial()
    value = table.value(start)
    print(f"variant: {variant}")
    print(f"reachable positions (Red to move after turning, mirrors merged): {meta['positions']:,}")
    print(
        f"won {meta['wins']:,}  lost {meta['losses']:,}  drawn {meta['draws']:,} "
        f"(for the side to move); longest decided: {meta['max_dist']} plies"
    )
    if value is not None:
        print(f"start (first player to move): {value[0]} in {value[1]} plies")
    moves = start.moves()
    for move, (result, plies) in sorted(
        move_values(table, start, moves).items(), key=lambda item: move_to_text(item[0])
    ):
        tail = f" in {plies} plies" if result != "draw" else ""
        print(f"  {move_to_text(move):8} {result} for the first player{tail}")
    if "seconds_enumerate" in meta:
        print(
            f"time: enumerate {meta['seconds_enumerate']:.0f} s wall "
            f"({meta.get('cpu_enumerate', 0):.0f} s CPU), retrograde with preparation "
            f"{meta['seconds_retrograde']:.0f} s wall ({meta.get('cpu_retrograde', 0):.0f} s "
            f"CPU); whole run CPU {meta.get('cpu_seconds', 0):.0f} s; "
            f"peak memory {meta.get('peak_rss_mb', 0) * 2**20 / 1e9:.2f} GB"
        )


def run(variant: str, root: Path | None = None, *, force: bool = False) -> int:
    """Solve (unless a finished table exists and not ``force``), store, print the results.

    A solve stopped part-way (killed, interrupted) continues from its last finished level
    when the command is run again; ``force`` discards both the table and such a solve.
    """
    directory = table_dir(variant, root)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise TablebaseError(
            f"{directory}: cannot make the table's directory: {error.strerror}"
        ) from None
    checkpoint = Checkpoint(directory / "work")
    if force:
        checkpoint.clear()
    found = None if force else stored_format(directory)  # a damaged description: one line
    if found == FORMAT_VERSION and "checksums" not in read_meta(directory):
        print(
            f"adding checksums to the table in {directory} (stored by an older version)",
            file=sys.stderr,
        )
        add_checksums(directory)
    table = TablebaseFile(directory) if found == FORMAT_VERSION else None
    if table is None:
        if found is not None:
            print(
                f"the stored table has format {found}, not {FORMAT_VERSION}: solving again",
                file=sys.stderr,
            )
        resume = checkpoint.progress() is not None or checkpoint.has_directory()
        if resume:
            print(f"continuing the solve stopped in {checkpoint.path}", file=sys.stderr)
        print(f"solving {variant} into {directory} ...", file=sys.stderr)
        print(
            "loading the solver's compiled code (compiling it the first time after an "
            "install or a change: a minute or two) ...",
            file=sys.stderr,
        )
        warm_up_apart(resume)  # compiled in children: the compiler's memory stays out of the solve
        bar = ProgressBar()
        solution = solve(
            [Position.initial()],
            variant == "dobutsu",
            progress=bar,
            work=checkpoint.path,
            expected=EXPECTED_POSITIONS[variant],
        )
        bar.finish()
        save(
            solution,
            directory,
            {"variant": variant, "peak_rss_mb": peak_rss_mib(), "cpu_seconds": cpu_seconds()},
            index_file=checkpoint.directory_file(),
        )
        del solution
        checkpoint.clear()
        table = TablebaseFile(directory)
    else:
        print(f"using the stored table in {directory} (--force to recompute)", file=sys.stderr)
    print_results(table, table.meta, variant)
    return 0


def main(args: argparse.Namespace) -> int:
    """Entry from ``cli_solve``: full solve, or a stored table's value of ``--position``."""
    variant = args.variant or "imperium"
    root = Path(args.data_dir) if args.data_dir else None
    if args.position is None:
        return run(variant, root, force=args.force)
    table = TablebaseFile.open(variant, root)
    if table is None:
        print(
            f"campaign scenario solve: no {variant} tablebase in {table_dir(variant, root)}; "
            "run the solve without --position first",
            file=sys.stderr,
        )
        return 2
    game = make_game()
    try:
        state = game.state_from_text(args.position)
    except NotationError as error:
        print(f"campaign scenario solve: {error}", file=sys.stderr)
        return 2
    describe(table, state)
    return 0


def describe(table: TablebaseFile, state: ShogiState) -> None:
    """Print the stored value of ``state`` and the value of each of its moves."""
    value = table.value(state.position)
    if value is None:
        print(f"{state.to_text()}: not reachable from the start (not in the table)")
        return
    print(
        f"{state.to_text()}: {value[0]} for the side to move in {value[1]} plies"
        if value[0] != "draw"
        else f"{state.to_text()}: draw"
    )
    moves = state.legal_actions()
    for move, (result, plies) in sorted(
        move_values(table, state.position, moves).items(), key=lambda item: rank_move(*item[1])
    ):
        tail = f" in {plies} plies" if result != "draw" else ""
        print(f"  {move_to_text(move):8} {result}{tail}")
