"""Tablebase files in the user data directory, and the probe used by the perfect AI level.

Layout: ``<user_data_dir("dark-nebula-campaign")>/tablebase/<variant>/`` with ``keys.npy``
(the hash table of canonical keys, int64, power-of-two slots, 0 = empty), ``val.npy`` (uint16
value codes in the same slots, see ``solver.decode_value``) and ``meta.json`` (figures). Files
are written under a temporary name and renamed, so an interrupted run leaves no half table: a
rerun simply starts again.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np
import platformdirs

from scenarios.imperium_shogi.rules import Position
from scenarios.imperium_shogi.tablebase import kernel
from scenarios.imperium_shogi.tablebase.solver import (
    DRAW,
    LOSS,
    WIN,
    Solution,
    decode_value,
    key_of,
)

APP_NAME = "dark-nebula-campaign"
VARIANTS = ("imperium", "dobutsu")
FORMAT_VERSION = 1


def table_dir(variant: str, root: Path | None = None) -> Path:
    """Directory of one variant's table (``root`` overrides the user data directory)."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r} (known: {', '.join(VARIANTS)})")
    base = root if root is not None else Path(platformdirs.user_data_dir(APP_NAME))
    return base / "tablebase" / variant


def save(solution: Solution, directory: Path, extra: dict[str, Any] | None = None) -> None:
    """Write ``solution`` to ``directory`` (atomic per file, meta last)."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, array in (("keys", solution.keys), ("val", solution.val)):
        tmp = directory / f"{name}.tmp.npy"
        np.save(tmp, array)
        os.replace(tmp, directory / f"{name}.npy")
    meta = {"format": FORMAT_VERSION, "dobutsu": solution.dobutsu, **asdict(solution.stats)}
    meta.update(extra or {})
    tmp = directory / "meta.tmp.json"
    tmp.write_text(json.dumps(meta, indent=1))
    os.replace(tmp, directory / "meta.json")


class TablebaseFile:
    """A solved table opened read-only (memory-mapped); implements the AI ``probe``."""

    def __init__(self, directory: Path) -> None:
        meta_path = directory / "meta.json"
        if not meta_path.exists():
            raise FileNotFoundError(f"no tablebase in {directory} (run the solve first)")
        self.meta: dict[str, Any] = json.loads(meta_path.read_text())
        if self.meta.get("format") != FORMAT_VERSION:
            raise ValueError(f"{meta_path}: unknown tablebase format {self.meta.get('format')}")
        self.keys = np.asarray(np.load(directory / "keys.npy", mmap_mode="r"))
        self.val = np.asarray(np.load(directory / "val.npy", mmap_mode="r"))
        self.dobutsu = bool(self.meta["dobutsu"])

    @classmethod
    def open(cls, variant: str = "imperium", root: Path | None = None) -> TablebaseFile | None:
        """The stored table of ``variant``, or ``None`` if it was never generated."""
        directory = table_dir(variant, root)
        return cls(directory) if (directory / "meta.json").exists() else None

    def value(self, position: Position) -> tuple[str, int] | None:
        """``(result, plies)`` for the side to move, or ``None`` if not in the table."""
        slot = int(kernel.find(self.keys, key_of(position)))
        return None if slot < 0 else decode_value(int(self.val[slot]))

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
