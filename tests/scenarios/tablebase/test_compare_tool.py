"""``tools/compare_tablebases.py``: a format-1 table against a format-2 one (issue 22)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from scenarios.imperium_shogi.tablebase.legacy import slot_of
from scenarios.imperium_shogi.tablebase.store import read_meta, save, table_dir, write_meta
from tests.scenarios.tablebase.conftest import reduced_solution
from tools.compare_tablebases import main as compare_main

#: Solves tablebases end to end: seconds each (``make test-fast`` leaves them out).
pytestmark = pytest.mark.slow


def _old_code(code: int) -> int:
    """Format-1 value code of a format-2 value byte (written here independently of the tool)."""
    if code == 0:
        return 0
    dist = code - 1
    return ((dist + 1) << 1) | (dist % 2)


def _write_format_1(solution, directory, *, change_one: bool = False) -> None:
    """The issue-12 files for ``solution``: a linear-probing hash table of keys and values."""
    keys = solution.stored_keys().tolist()
    size = 1 << (2 * len(keys)).bit_length()
    slots = np.zeros(size, dtype=np.int64)
    values = np.zeros(size, dtype=np.uint16)
    for key, code in zip(keys, solution.val.tolist(), strict=True):
        slot = int(slot_of(key, size - 1))
        while slots[slot]:
            slot = (slot + 1) & (size - 1)
        slots[slot] = key
        values[slot] = _old_code(code)
    if change_one:
        first = int(np.flatnonzero(slots)[0])
        values[first] ^= 2  # one ply more or less
    directory.mkdir(parents=True)
    np.save(directory / "keys.npy", slots)
    np.save(directory / "val.npy", values)
    stats = solution.stats
    (directory / "meta.json").write_text(
        json.dumps(
            {
                "format": 1,
                "dobutsu": solution.dobutsu,
                "positions": stats.positions,
                "wins": stats.wins,
                "losses": stats.losses,
                "draws": stats.draws,
                "max_dist": stats.max_dist,
                "levels": stats.levels,
            }
        )
    )


def test_equal_tables_agree_and_a_changed_value_is_found(tmp_path, capsys):
    # SHO-10: the comparison passes on the same table in both formats and reports a difference
    solution = reduced_solution("bb_b_vs_bb_cr", False)
    new = table_dir("imperium", tmp_path / "new")
    save(solution, new)
    _write_format_1(solution, tmp_path / "old")
    assert compare_main([str(tmp_path / "old"), str(new), "--sample", "20000"]) == 0
    assert "the tables agree" in capsys.readouterr().out
    _write_format_1(solution, tmp_path / "changed", change_one=True)
    sample = str(solution.stats.positions * 40)  # enough draws to hit the changed slot
    assert compare_main([str(tmp_path / "changed"), str(new), "--sample", sample]) == 1
    assert "DIFFERENT: old -> new" in capsys.readouterr().out


def test_a_directory_without_a_table_is_a_clear_error(tmp_path, capsys):
    # SHO-10: bad input names the problem, exit status 1, no traceback
    assert compare_main([str(tmp_path / "none"), str(tmp_path / "none"), "--sample", "10"]) == 1
    assert "compare_tablebases:" in capsys.readouterr().err


def test_two_format_2_tables_agree_and_a_changed_value_is_found(tmp_path, capsys):
    # SHO-10: an earlier format-2 table (another solver's) is compared sample-wise and whole
    solution = reduced_solution("bb_b_vs_bb_cr", False)
    first = table_dir("imperium", tmp_path / "first")
    second = table_dir("imperium", tmp_path / "second")
    save(solution, first)
    save(solution, second)
    assert compare_main([str(first), str(second), "--sample", "20000"]) == 0
    out = capsys.readouterr().out
    assert "value bytes identical" in out and "the tables agree" in out
    values = np.load(second / "val.npy")
    values[len(values) // 2] ^= 2  # one position two plies longer or shorter
    np.save(second / "val.npy", values)
    write_meta(second, read_meta(second))  # another solver's table: its own checksums
    sample = str(solution.stats.positions * 40)  # enough draws to hit the changed position
    assert compare_main([str(first), str(second), "--sample", sample]) == 1
    out = capsys.readouterr().out
    assert "DIFFERENT: whole tables: not identical" in out
    assert "with another value" in out
