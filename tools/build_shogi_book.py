"""Build (or check) the Imperium Shogi opening book from the solved tablebase.

    .venv/bin/python -m tools.build_shogi_book [--depth 7] [--output PATH] [--check]

Needs the table solved by ``campaign scenario solve imperium-shogi`` (docs/solving.md). Writes
``scenarios/imperium_shogi/data/opening-book.bin`` by default (under a temporary name, fsynced,
renamed). ``--check`` writes nothing: it rebuilds the book and compares it with the stored one,
exit status 0 when they are equal.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scenarios.imperium_shogi.book import BOOK_RESOURCE, BookError, encode_book, read_book
from scenarios.imperium_shogi.rules import Position
from scenarios.imperium_shogi.tablebase.book import build_book
from scenarios.imperium_shogi.tablebase.store import TablebaseFile, write_durably

DEFAULT_OUTPUT = (
    Path(__file__).resolve().parents[1] / "scenarios" / "imperium_shogi" / Path(*BOOK_RESOURCE)
)
DEFAULT_DEPTH = 7


def main(argv: list[str] | None = None) -> int:
    """Build the book, write or compare it; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--depth",
        type=int,
        default=DEFAULT_DEPTH,
        choices=range(0, 11),
        metavar="PLIES",
        help=f"plies from the start (default {DEFAULT_DEPTH})",
    )
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    table = TablebaseFile.open("imperium")
    if table is None:
        print(
            "no solved Imperium table: run `campaign scenario solve imperium-shogi` first",
            file=sys.stderr,
        )
        return 1

    def progress(done: int, total: int) -> None:
        print(f"\r{done:,} / {total:,} positions", end="", file=sys.stderr, flush=True)

    entries = build_book(table, Position.initial(), args.depth, progress)
    print(file=sys.stderr)
    data = encode_book(entries, args.depth)
    moves = sum(map(len, entries.values()))
    print(
        f"{len(entries):,} positions, {moves:,} kept moves, depth {args.depth}, {len(data):,} bytes"
    )
    if args.check:
        try:
            stored = read_book(args.output)
        except BookError as error:
            print(error, file=sys.stderr)
            return 1
        same = stored.depth == args.depth and dict(stored.entries) == entries
        print(f"{args.output}: {'equal' if same else 'DIFFERENT'}")
        return 0 if same else 1
    write_durably(args.output, lambda out: out.write(data))
    print(f"written: {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
