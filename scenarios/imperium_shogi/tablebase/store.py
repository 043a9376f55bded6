"""Tablebase files in the user data directory, and the probe used by the perfect AI level.

Layout (format 2): ``<user_data_dir("dark-nebula-campaign")>/tablebase/<variant>/`` with
``index.npy`` (the rank directory, ``index``: one bit per ranked position and running counts,
uint64), ``val.npy`` (one value byte per reachable position, see ``table``) and
``meta.json`` (the material the ranking needs, and the figures). Files are written under a
temporary name, fsynced and renamed, ``meta.json`` last, so an interrupted save leaves no half
table. A solve in progress keeps its files in ``work/`` there (``solver.Checkpoint``). Opening a
table memory-maps the two arrays (no read of the whole file). Format 1 (the hash table of issue
12, ``keys.npy`` + uint16 ``val.npy``, 5.4 GB) is replaced by the next solve; ``legacy`` reads it
for the comparison tool.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import platformdirs

from scenarios.imperium_shogi.rules import Position
from scenarios.imperium_shogi.tablebase.ranking import Ranking
from scenarios.imperium_shogi.tablebase.table import DRAW, LOSS, WIN, Table

if TYPE_CHECKING:
    from scenarios.imperium_shogi.tablebase.solver import Solution

APP_NAME = "dark-nebula-campaign"
VARIANTS = ("imperium", "dobutsu")
FORMAT_VERSION = 2
#: Files of the issue-12 format, removed once a new table is stored in the same place.
FORMAT_1_FILES = ("keys.npy",)


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


def save(solution: Solution, directory: Path, extra: dict[str, Any] | None = None) -> None:
    """Write ``solution`` to ``directory`` (atomic per file, meta last; format 1 removed)."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "meta.json").unlink(missing_ok=True)  # the old table stops being "finished"
    for name, array in (("index", solution.directory), ("val", solution.val)):
        write_durably(directory / f"{name}.npy", lambda out, a=array: np.save(out, a))
    meta = {"format": FORMAT_VERSION, "dobutsu": solution.dobutsu,
            "material": list(solution.ranking.material), **asdict(solution.stats)}
    meta.update(extra or {})
    text = json.dumps(meta, indent=1).encode()
    write_durably(directory / "meta.json", lambda out: out.write(text))
    for name in FORMAT_1_FILES:
        (directory / name).unlink(missing_ok=True)


def stored_format(directory: Path) -> int | None:
    """Format number of the finished table in ``directory``, ``None`` if there is none."""
    try:
        return int(json.loads((directory / "meta.json").read_text())["format"])
    except (FileNotFoundError, ValueError, KeyError, TypeError):
        return None


class TablebaseFile(Table):
    """A solved table opened read-only (memory-mapped); implements the AI ``probe``."""

    def __init__(self, directory: Path) -> None:
        meta_path = directory / "meta.json"
        if not meta_path.exists():
            raise FileNotFoundError(f"no tablebase in {directory} (run the solve first)")
        self.meta: dict[str, Any] = json.loads(meta_path.read_text())
        if self.meta.get("format") != FORMAT_VERSION:
            raise ValueError(f"{meta_path}: tablebase format {self.meta.get('format')} is not "
                             f"{FORMAT_VERSION}; run the solve again to rebuild it")
        material = tuple(int(m) for m in self.meta["material"])
        super().__init__(
            Ranking.of((material[0], material[1], material[2])),
            np.asarray(np.load(directory / "index.npy", mmap_mode="r")),
            np.asarray(np.load(directory / "val.npy", mmap_mode="r")),
            bool(self.meta["dobutsu"]),
        )

    @classmethod
    def open(cls, variant: str = "imperium", root: Path | None = None) -> TablebaseFile | None:
        """The stored table of ``variant``, or ``None`` if none in this format was solved."""
        directory = table_dir(variant, root)
        return cls(directory) if stored_format(directory) == FORMAT_VERSION else None

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
