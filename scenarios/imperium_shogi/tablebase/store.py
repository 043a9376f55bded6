"""Tablebase files in the user data directory, and the probe used by the perfect AI level.

Layout (format 2): ``<user_data_dir("dark-nebula-campaign")>/tablebase/<variant>/`` with
``index.npy`` (the rank directory, ``index``: one bit per ranked position and running counts,
uint64), ``val.npy`` (one value byte per reachable position, see ``table``) and
``meta.json`` (the material the ranking needs, the figures, and the checksums). Files are written
under a temporary name, fsynced and renamed, ``meta.json`` last, so an interrupted save leaves no
half table. A solve in progress keeps its files in ``work/`` there (``solver.Checkpoint``).
Opening a table memory-maps the two arrays (no read of the whole file).

Damage is detected, never answered from (issue 33): ``meta.json`` carries the SHA-256 of its own
content and a CRC-32 of every MiB of ``index.npy`` and ``val.npy`` (read back from the disk
after writing). Opening checks the meta checksum, both array headers (type, shape, file size)
and the first block of each file; every lookup then checks the blocks it reads the first time
it reads them, so a table opens in milliseconds and a damaged byte is reported (one line,
``TablebaseError``) instead of a wrong value. A table stored before the checksums existed is
refused until ``campaign scenario solve imperium-shogi`` adds them (``add_checksums``).

Format 1 (the hash table of issue 12, ``keys.npy`` + uint16 ``val.npy``, 5.4 GB) is replaced by
the next solve; ``legacy`` reads it for the comparison tool.
"""

from __future__ import annotations

import hashlib
import json
import mmap
import os
import zlib
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import platformdirs

from campaign.userfiles import FileRefusedError, open_regular, read_bounded
from scenarios.imperium_shogi.rules import Position
from scenarios.imperium_shogi.tablebase.ranking import Ranking
from scenarios.imperium_shogi.tablebase.table import DRAW, LOSS, WIN, Table
from scenarios.protocol import DamagedDataError

if TYPE_CHECKING:
    from scenarios.imperium_shogi.tablebase.solver import Solution

APP_NAME = "dark-nebula-campaign"
VARIANTS = ("imperium", "dobutsu")
FORMAT_VERSION = 2
#: Files of the issue-12 format, removed once a new table is stored in the same place.
FORMAT_1_FILES = ("keys.npy",)
#: The arrays of a table: file name, element type.
ARRAYS = (("index.npy", np.dtype("<u8")), ("val.npy", np.dtype("u1")))
#: Bytes covered by one CRC-32 of an array file.
BLOCK_BYTES = 1 << 20
#: Limits of what is read: ``meta.json`` is a few KiB; an array file of the full Imperium
#: table is 250 MB (the ranked space bounds both far below this).
MAX_META_BYTES = 4 << 20
MAX_ARRAY_BYTES = 64 << 30
SOLVE_AGAIN = "run `campaign scenario solve imperium-shogi --tablebase --force` to solve it again"


class TablebaseError(DamagedDataError):
    """A stored table that cannot be used: damaged, incomplete, not regular files, or stored
    without checksums; the message names the file."""


def table_dir(variant: str, root: Path | None = None) -> Path:
    """Directory of one variant's table (``root`` overrides the user data directory)."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r} (known: {', '.join(VARIANTS)})")
    base = root if root is not None else Path(platformdirs.user_data_dir(APP_NAME))
    return base / "tablebase" / variant


def write_durably(path: Path, write: Any) -> None:
    """``write(file)`` into a temporary name beside ``path``, fsync, rename."""
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as out:
        write(out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)


def link_durably(source: Path, path: Path) -> bool:
    """Give the written and fsynced file ``source`` the name ``path`` too (a hard link under a
    temporary name, then a rename), so that bytes already on the disk are not written again;
    False, with nothing changed, where the file system cannot link them."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.unlink(missing_ok=True)
    try:
        os.link(source, tmp)
    except OSError:  # another device, a file system without links, the source gone
        return False
    os.replace(tmp, path)
    return True


def save(
    solution: Solution,
    directory: Path,
    extra: dict[str, Any] | None = None,
    *,
    index_file: Path | None = None,
) -> None:
    """Write ``solution`` to ``directory`` (atomic per file, meta last; format 1 removed).

    ``index_file`` is a file that already holds ``solution.directory`` as ``np.save`` writes
    it (the saved enumeration of the solve's checkpoint, ``Checkpoint.directory_file``): it
    becomes ``index.npy`` by a link instead of 224 MB written and fsynced again (0.6 s of a
    full solve's wall, issue 47)."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "meta.json").unlink(missing_ok=True)  # the old table stops being "finished"
    index = directory / "index.npy"
    if index_file is None or not link_durably(index_file, index):
        write_durably(index, lambda out: np.save(out, solution.directory))
    write_durably(directory / "val.npy", lambda out: np.save(out, solution.val))
    meta = {
        "format": FORMAT_VERSION,
        "dobutsu": solution.dobutsu,
        "material": list(solution.ranking.material),
        **asdict(solution.stats),
    }
    meta.update(extra or {})
    write_meta(directory, meta)
    for name in FORMAT_1_FILES:
        (directory / name).unlink(missing_ok=True)


def block_sums(path: Path) -> list[int]:
    """CRC-32 of every ``BLOCK_BYTES`` of the file at ``path``, as it is on the disk."""
    sums = []
    try:
        with open_regular(path, MAX_ARRAY_BYTES, "tablebase file") as handle:
            while block := handle.read(BLOCK_BYTES):
                sums.append(zlib.crc32(block))
    except FileRefusedError as error:
        raise TablebaseError(str(error)) from None
    return sums


def _meta_digest(meta: dict[str, Any]) -> str:
    content = {key: value for key, value in meta.items() if key != "meta_sha256"}
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


def write_meta(directory: Path, meta: dict[str, Any]) -> None:
    """Write ``meta.json`` with the checksums of the array files as they are on the disk (read
    back after writing) and the SHA-256 of its own content."""
    meta = dict(meta)
    meta["checksums"] = {
        "block_bytes": BLOCK_BYTES,
        **{name: block_sums(directory / name) for name, _ in ARRAYS},
    }
    meta["meta_sha256"] = _meta_digest(meta)
    text = json.dumps(meta, indent=1).encode()
    write_durably(directory / "meta.json", lambda out: out.write(text))


def read_meta(directory: Path) -> dict[str, Any]:
    """``meta.json`` of ``directory``, its own checksum checked when it has one (tables stored
    before checksums have none); ``TablebaseError`` when it is damaged or unreadable."""
    path = directory / "meta.json"
    try:
        meta = json.loads(read_bounded(path, MAX_META_BYTES, "tablebase description"))
    except FileRefusedError as error:
        raise TablebaseError(str(error)) from None
    except (ValueError, RecursionError):
        meta = None
    if not isinstance(meta, dict) or (
        "meta_sha256" in meta and meta["meta_sha256"] != _meta_digest(meta)
    ):
        raise TablebaseError(f"{path}: damaged (it does not match its checksum); {SOLVE_AGAIN}")
    return meta


def stored_format(directory: Path) -> int | None:
    """Format number of the finished table in ``directory``, ``None`` if there is none (no
    ``meta.json``); ``TablebaseError`` when its description is damaged."""
    if not os.path.lexists(directory / "meta.json"):
        return None
    found = read_meta(directory).get("format")
    if not isinstance(found, int) or isinstance(found, bool):
        raise TablebaseError(f"{directory / 'meta.json'}: no format number; {SOLVE_AGAIN}")
    return found


def add_checksums(directory: Path) -> None:
    """Give a format-2 table stored before checksums existed its checksums (of the files as
    they are now: damage from before cannot be found any more, later damage will be)."""
    meta = read_meta(directory)
    if "checksums" not in meta:
        write_meta(directory, meta)


class CheckedArray:
    """One array file of a table, memory-mapped, whose blocks are checked against their CRC-32
    the first time they are read (``check``) or all at once (``check_all``)."""

    def __init__(self, path: Path, dtype: np.dtype, sums: object, block_bytes: int) -> None:
        self.path = path
        try:
            with open_regular(path, MAX_ARRAY_BYTES, "tablebase file") as handle:
                offset, count = _array_header(handle, path, dtype)
                size = os.fstat(handle.fileno()).st_size
                if offset + count * dtype.itemsize != size:
                    raise TablebaseError(
                        f"{path}: {size} bytes, its header says "
                        f"{offset + count * dtype.itemsize}: truncated or "
                        f"damaged; {SOLVE_AGAIN}"
                    )
                self._map = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        except FileRefusedError as error:
            raise TablebaseError(str(error)) from None
        except OSError as error:
            raise TablebaseError(f"{path}: cannot read: {error.strerror}") from None
        if not isinstance(sums, list) or len(sums) != -(-size // block_bytes):
            raise TablebaseError(f"{path}: its checksums do not cover the file; {SOLVE_AGAIN}")
        self.array = np.frombuffer(self._map, dtype=dtype, count=count, offset=offset)
        self._offset, self._itemsize = offset, dtype.itemsize
        self._sums, self._block = sums, block_bytes
        self._checked = bytearray(len(sums))
        self._check_bytes(0, min(size, 1))  # the header

    def check(self, start: int, stop: int) -> None:
        """Check the blocks holding elements ``start`` to ``stop - 1``."""
        self._check_bytes(
            self._offset + start * self._itemsize, self._offset + stop * self._itemsize
        )

    def check_all(self) -> None:
        """Check every block (before a whole-table scan)."""
        self._check_bytes(0, len(self._map))

    def _check_bytes(self, first: int, stop: int) -> None:
        for block in range(first // self._block, -(-stop // self._block)):
            if self._checked[block]:
                continue
            data = self._map[block * self._block : (block + 1) * self._block]
            if zlib.crc32(data) != self._sums[block]:
                raise TablebaseError(
                    f"{self.path}: damaged (the block at byte {block * self._block} does not "
                    f"match its checksum); {SOLVE_AGAIN}"
                )
            self._checked[block] = 1


def _array_header(handle: Any, path: Path, dtype: np.dtype) -> tuple[int, int]:
    """Offset of the data and number of elements of the ``.npy`` file open in ``handle``, which
    must hold a one-dimensional array of ``dtype``."""
    try:
        version = np.lib.format.read_magic(handle)
        read_header = (
            np.lib.format.read_array_header_1_0
            if version == (1, 0)
            else np.lib.format.read_array_header_2_0
        )
        shape, fortran, found = read_header(handle)
    except (ValueError, TypeError, SyntaxError, OSError):
        raise TablebaseError(
            f"{path}: not a table file (its header cannot be read); {SOLVE_AGAIN}"
        ) from None
    if found != dtype or len(shape) != 1 or fortran:
        raise TablebaseError(f"{path}: holds {found} {shape}, not a table file; {SOLVE_AGAIN}")
    return handle.tell(), int(shape[0])


class TablebaseFile(Table):
    """A solved table opened read-only (memory-mapped, checked block by block); implements the
    AI ``probe``."""

    def __init__(self, directory: Path) -> None:
        meta_path = directory / "meta.json"
        if not os.path.lexists(meta_path):
            raise TablebaseError(f"no tablebase in {directory} (run the solve first)")
        self.meta: dict[str, Any] = read_meta(directory)
        if self.meta.get("format") != FORMAT_VERSION:
            raise TablebaseError(
                f"{meta_path}: tablebase format {self.meta.get('format')} is "
                f"not {FORMAT_VERSION}; {SOLVE_AGAIN}"
            )
        sums = self.meta.get("checksums")
        if not isinstance(sums, dict):
            raise TablebaseError(
                f"{meta_path}: the table was stored without checksums (by an older version); "
                "run `campaign scenario solve imperium-shogi --tablebase` once to add them"
            )
        try:
            material = tuple(int(m) for m in self.meta["material"])
            ranking = Ranking.of((material[0], material[1], material[2]))
            dobutsu = self.meta["dobutsu"]
            block = int(sums["block_bytes"])
        except (KeyError, ValueError, TypeError, IndexError):
            raise TablebaseError(f"{meta_path}: incomplete description; {SOLVE_AGAIN}") from None
        if not isinstance(dobutsu, bool) or block <= 0:
            raise TablebaseError(f"{meta_path}: incomplete description; {SOLVE_AGAIN}")
        self.checked = {
            name: CheckedArray(directory / name, dtype, sums.get(name), block)
            for name, dtype in ARRAYS
        }
        super().__init__(
            ranking, self.checked["index.npy"].array, self.checked["val.npy"].array, dobutsu
        )

    @classmethod
    def open(cls, variant: str = "imperium", root: Path | None = None) -> TablebaseFile | None:
        """The stored table of ``variant``, or ``None`` if none in this format was solved;
        ``TablebaseError`` when the stored one is damaged."""
        directory = table_dir(variant, root)
        return cls(directory) if stored_format(directory) == FORMAT_VERSION else None

    def _words(self, start: int, stop: int) -> list[int]:
        self.checked["index.npy"].check(start, stop)
        return super()._words(start, stop)

    def _value_code(self, index: int) -> int:
        self.checked["val.npy"].check(index, index + 1)
        return super()._value_code(index)

    def check_whole(self) -> None:
        """Check every block of both files (before a scan of the whole table)."""
        for checked in self.checked.values():
            checked.check_all()

    def probe(self, state: Any) -> int | None:
        """Best move of ``state`` (a ``ShogiState``), or ``None`` outside the table."""
        return best_move(self, state.position, state.legal_actions())


def rank_move(result: str, plies: int) -> tuple[int, int]:
    """Sort key of a move by its value for the mover: quickest win, a draw, slowest loss."""
    if result == WIN:
        return (0, plies)
    if result == DRAW:
        return (1, 0)
    return (2, -plies)


def move_values(table: Any, position: Position, moves: list[int]) -> dict[int, tuple[str, int]]:
    """Value of each move for the player making it: ``(result, plies to the end)``.

    A move whose child is not in the table is left out.
    """
    values: dict[int, tuple[str, int]] = {}
    flip = {WIN: LOSS, LOSS: WIN, DRAW: DRAW}
    for move in moves:
        work = position.copy()
        work.make(move)
        if work.bb[0] < 0 or work.bb[1] < 0:
            values[move] = (WIN, 1)
            continue
        child = table.value(work)
        if child is None:
            continue
        result, plies = child
        values[move] = (flip[result], plies + 1 if result != DRAW else 0)
    return values


def best_move(table: Any, position: Position, moves: list[int]) -> int | None:
    """A move with the best value, or ``None`` if no child is in the table.

    Every child of a stored non-terminal position is stored; children can be missing only
    below the terminal conventions (an unstoppable enemy BB already on the home rank), where
    every move loses anyway.
    """
    values = move_values(table, position, moves)
    if not values:
        return None
    return min(values, key=lambda m: rank_move(*values[m]))
