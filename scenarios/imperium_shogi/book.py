"""Opening book of Imperium Shogi: the moves that keep the solved value near the start.

The retrograde tablebase (docs/solving.md) knows the value of every position, but it takes
470 MB and hours to solve, so it is never shipped. The book is the small slice of it that the
first moves of a game need: for every position reachable within ``depth`` plies of the start
where the side to move is not lost and at least one move gives its value away (a draw or a win
turned into a loss, a win turned into a draw), the moves that keep it. Positions where every
move keeps the value, and lost positions, are not stored: there is nothing to filter there.

The ``hard`` level searches only the book's moves where the book has an entry (docs/imperium-
shogi.md, ADR 0023). The entries depend only on the position (board, hands, side to move), never
on the path to it, so they hold at any point of a game that reaches a stored position.

File format (``data/opening-book.bin``, version 1), all integers little-endian:

* ``MAGIC``; then ``<B B I 32s``: version, depth, number of positions, SHA-256 of the body;
* the body, compressed with zlib: the positions' compact keys (``rules.encode``, ``<Q`` each,
  strictly increasing), then one count byte per position (1..``MAX_MOVES``), then every
  position's kept moves in order (``<H`` each, move ints of ``rules``).

Reading checks sizes before decompressing and every field's range; a damaged file is refused
with a ``BookError`` naming the file and what is wrong.
"""

from __future__ import annotations

import functools
import hashlib
import struct
import sys
import zlib
from array import array
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from campaign.userfiles import FileRefusedError, read_bounded
from scenarios.imperium_shogi.rules import DROP_BASE, REPAIR, SQUARES, Position, encode
from scenarios.protocol import DamagedDataError

MAGIC = b"IMPERIUM-SHOGI-BOOK\n"
VERSION = 1
HEADER = struct.Struct("<BBI32s")
#: Bounds checked before anything is decompressed or parsed.
MAX_FILE_BYTES = 4 << 20
MAX_POSITIONS = 1_000_000
MAX_DEPTH = 16
#: More moves than any Imperium Shogi position has (at most 12 steps + 3 drops x 12 squares).
MAX_MOVES = 64
#: Highest bit of a compact key (bit 60 is the side to move).
KEY_BITS = 61
BOOK_RESOURCE = ("data", "opening-book.bin")


class BookError(DamagedDataError):
    """A book file that cannot be used; the message names the file and the fault."""


@dataclass(frozen=True)
class OpeningBook:
    """Kept moves by compact position key, for positions within ``depth`` plies of the start."""

    depth: int
    entries: Mapping[int, tuple[int, ...]]

    def kept_moves(self, position: Position) -> tuple[int, ...] | None:
        """The moves that keep ``position``'s solved value, or ``None`` if it is not stored
        (not near the start, lost, or every move keeps the value)."""
        return self.entries.get(encode(position))

    def __len__(self) -> int:
        return len(self.entries)


def _move_is_well_formed(move: int) -> bool:
    src, dst = move & 15, (move >> 4) & 15
    return (
        move & ~(REPAIR | 0xFF) == 0
        and src < DROP_BASE + 3
        and dst < SQUARES
        and not (move & REPAIR and src >= DROP_BASE)
    )


#: Every move int of the ``rules`` encoding (a superset of the legal ones).
WELL_FORMED_MOVES = frozenset(move for move in range(2 * REPAIR) if _move_is_well_formed(move))


def encode_book(entries: Mapping[int, Iterable[int]], depth: int) -> bytes:
    """The file bytes of a book (the inverse of ``decode_book``)."""
    keys = sorted(entries)
    moves = [tuple(entries[key]) for key in keys]
    if not 0 <= depth <= MAX_DEPTH or len(keys) > MAX_POSITIONS:
        raise ValueError(f"book too large: depth {depth}, {len(keys)} positions")
    for key, kept in zip(keys, moves, strict=True):
        if not 1 <= len(kept) <= MAX_MOVES or not all(map(_move_is_well_formed, kept)):
            raise ValueError(f"bad kept moves {kept!r} for key {key:#x}")
    body = (
        _little_endian(array("Q", keys)).tobytes()
        + bytes(len(kept) for kept in moves)
        + _little_endian(array("H", [move for kept in moves for move in kept])).tobytes()
    )
    header = HEADER.pack(VERSION, depth, len(keys), hashlib.sha256(body).digest())
    return MAGIC + header + zlib.compress(body, 9)


def decode_book(data: bytes, name: str) -> OpeningBook:
    """Parse book bytes; ``name`` (the file) starts every error message."""
    if len(data) > MAX_FILE_BYTES:
        raise BookError(f"{name}: {len(data)} bytes, more than a book can have ({MAX_FILE_BYTES})")
    if not data.startswith(MAGIC) or len(data) < len(MAGIC) + HEADER.size:
        raise BookError(f"{name}: not an Imperium Shogi opening book")
    version, depth, count, digest = HEADER.unpack_from(data, len(MAGIC))
    if version != VERSION:
        raise BookError(f"{name}: book format {version}, this program reads {VERSION}")
    if depth > MAX_DEPTH or count > MAX_POSITIONS:
        raise BookError(f"{name}: depth {depth} or {count} positions out of range")
    limit = count * (8 + 1 + 2 * MAX_MOVES)
    inflater = zlib.decompressobj()
    try:
        body = inflater.decompress(data[len(MAGIC) + HEADER.size :], limit + 1)
    except zlib.error as error:
        raise BookError(f"{name}: damaged body ({error})") from None
    if len(body) > limit or not inflater.eof or inflater.unused_data:
        raise BookError(f"{name}: the body does not end where the header says")
    if hashlib.sha256(body).digest() != digest:
        raise BookError(f"{name}: checksum mismatch (the file was changed or damaged)")
    return OpeningBook(depth, _parse_body(body, count, name))


def _parse_body(body: bytes, count: int, name: str) -> dict[int, tuple[int, ...]]:
    keys_end = 8 * count
    counts = body[keys_end : keys_end + count]
    if len(counts) != count or len(body) != keys_end + count + 2 * sum(counts):
        raise BookError(f"{name}: the body's length does not match its {count} positions")
    keys = _little_endian(array("Q", body[:keys_end]))
    moves = _little_endian(array("H", body[keys_end + count :]))
    if not all(map(int.__lt__, keys, keys[1:])) or (keys and keys[-1] >> KEY_BITS):
        raise BookError(f"{name}: keys out of order or out of range")
    if (counts and not 1 <= min(counts) <= max(counts) <= MAX_MOVES) or not set(
        moves
    ) <= WELL_FORMED_MOVES:
        raise BookError(f"{name}: a position has no kept move, too many, or a malformed one")
    entries: dict[int, tuple[int, ...]] = {}
    offset = 0
    for key, size in zip(keys, counts, strict=True):
        entries[key] = tuple(moves[offset : offset + size])
        offset += size
    return entries


def _little_endian(values: array) -> array:
    """``values`` in little-endian byte order (the file's), whatever this machine's order."""
    if sys.byteorder == "big":
        values.byteswap()
    return values


def read_book(path: Path) -> OpeningBook:
    """The book stored at ``path`` (read through the bounded reader: regular files only)."""
    try:
        data = read_bounded(path, MAX_FILE_BYTES, "opening book")
    except FileRefusedError as error:
        raise BookError(str(error)) from None
    return decode_book(data, str(path))


def shipped_book_path() -> Path:
    """Where the book that comes with the program is (inside the installed package)."""
    return Path(str(resources.files("scenarios.imperium_shogi").joinpath(*BOOK_RESOURCE)))


@functools.cache
def shipped_book() -> OpeningBook:
    """The book that comes with the program (built by ``tools/build_shogi_book.py``); a damaged
    one is a ``BookError`` naming it ("reinstall the program")."""
    path = shipped_book_path()
    try:
        return read_book(path)
    except BookError as error:
        raise BookError(
            f"{error}; the opening book that comes with the program is damaged: "
            "reinstall the program"
        ) from None
