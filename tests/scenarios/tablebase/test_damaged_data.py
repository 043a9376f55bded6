"""Issue 33 item 5: a damaged tablebase or opening book is one line, never a traceback, and a
damaged value in a table is found by its checksum instead of being answered (SHO-7, SHO-10)."""

from __future__ import annotations

import asyncio
import json
import shutil

import numpy as np
import pytest

from campaign.cli import main
from scenarios.imperium_shogi import ai, book
from scenarios.imperium_shogi.ai import ShogiAI
from scenarios.imperium_shogi.book import BookError
from scenarios.imperium_shogi.cli import cli_solve
from scenarios.imperium_shogi.game import make_game
from scenarios.imperium_shogi.tablebase import store
from scenarios.imperium_shogi.tablebase.store import (
    TablebaseError,
    TablebaseFile,
    read_meta,
    save,
    table_dir,
)
from tests.scenarios.tablebase.conftest import reduced_position, reduced_solution
from tests.scenarios.tablebase.test_solver import as_position, stored_keys

PROBLEM = "bb_b_vs_bb_cr"


@pytest.fixture
def stored(tmp_path, monkeypatch):
    """A reduced table saved with small checksum blocks (so most blocks are checked lazily)."""
    monkeypatch.setattr(store, "BLOCK_BYTES", 256)
    save(reduced_solution(PROBLEM, False), table_dir("imperium", tmp_path))
    return tmp_path


def _flip(path, offset: int) -> None:
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x02  # a value two plies longer or shorter: a wrong answer, not garbage
    path.write_bytes(bytes(data))


def test_a_damaged_value_is_found_not_answered(stored):  # SHO-10
    solution = reduced_solution(PROBLEM, False)
    directory = table_dir("imperium", stored)
    val = directory / "val.npy"
    header = len(val.read_bytes()) - solution.val.shape[0]
    damaged_index = solution.val.shape[0] - 5  # far from the header: a lazily checked block
    _flip(val, header + damaged_index)
    table = TablebaseFile.open("imperium", stored)  # opens: the damage is not in block 0
    assert table is not None
    keys = solution.stored_keys()
    wrong = as_position(int(keys[damaged_index]))
    with pytest.raises(TablebaseError, match="val.npy: damaged") as refused:
        table.value(wrong)
    assert "--force" in str(refused.value) and "\n" not in str(refused.value)
    fine = as_position(int(keys[0]))  # other blocks still answer
    assert table.value(fine) == solution.value(fine)


@pytest.mark.parametrize(
    "damage",
    ["meta-material", "meta-garbage", "index-header", "val-truncated", "val-type", "no-checksums"],
)
def test_a_damaged_table_is_one_line(stored, damage, capsys):  # SHO-10
    directory = table_dir("imperium", stored)
    meta = directory / "meta.json"
    if damage == "meta-material":
        text = meta.read_text()
        assert '"material": [\n  ' in text
        meta.write_text(text.replace('"material": [\n  ', '"material": [\n  1'))
    elif damage == "meta-garbage":
        meta.write_bytes(b"\x00\xff" * 10)
    elif damage == "index-header":
        _flip(directory / "index.npy", 20)
    elif damage == "val-truncated":
        val = directory / "val.npy"
        val.write_bytes(val.read_bytes()[:-3])
    elif damage == "val-type":
        np.save(directory / "val.npy", np.zeros(3, dtype=np.int32))
    else:
        record = json.loads(meta.read_text())
        del record["checksums"], record["meta_sha256"]
        meta.write_text(json.dumps(record))
    with pytest.raises(TablebaseError) as refused:
        TablebaseFile.open("imperium", stored)
    message = str(refused.value)
    assert str(directory) in message and "\n" not in message
    capsys.readouterr()
    code = main(
        [
            "scenario",
            "solve",
            "imperium-shogi",
            "--tablebase",
            "--data-dir",
            str(stored),
            "--position",
            "mfc/1b1/1B1/CFM - r",
        ]
    )
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and str(directory) in err


def test_checksums_are_added_to_a_table_stored_without_them(stored, capsys):  # SHO-10
    directory = table_dir("imperium", stored)
    meta = directory / "meta.json"
    record = json.loads(meta.read_text())
    del record["checksums"], record["meta_sha256"]
    meta.write_text(json.dumps(record))
    assert cli_solve(["--tablebase", "--data-dir", str(stored)]) == 0
    assert "adding checksums" in capsys.readouterr().err
    assert "checksums" in read_meta(directory)
    start = reduced_position(PROBLEM)
    table = TablebaseFile.open("imperium", stored)
    assert table.value(start) == reduced_solution(PROBLEM, False).value(start)


def test_solve_into_a_data_dir_that_cannot_be_one_is_one_line(capsys):  # SHO-10
    assert main(["scenario", "solve", "imperium-shogi", "--data-dir", "/dev/null"]) == 1
    err = capsys.readouterr().err
    assert "/dev/null/tablebase/imperium" in err and err.count("\n") == 1


def test_the_new_game_dialog_says_why_perfect_is_missing(stored, monkeypatch):  # SHO-7
    from scenarios.imperium_shogi import screen

    directory = table_dir("imperium", stored)
    (directory / "meta.json").write_text("{}")
    monkeypatch.setattr(ai, "stored_tablebase", lambda: TablebaseFile.open("imperium", stored))
    monkeypatch.setattr(screen, "stored_tablebase", ai.stored_tablebase)
    assert "meta.json" in screen.tablebase_problem()
    assert not any("perfect" in value for value, _ in screen.new_game_options())


@pytest.fixture
def damaged_book(tmp_path, monkeypatch):
    """The shipped opening book, one byte changed, in place of the shipped one."""
    copy = tmp_path / "opening-book.bin"
    shutil.copy(book.shipped_book_path(), copy)
    _flip(copy, len(copy.read_bytes()) - 10)
    monkeypatch.setattr(book, "shipped_book_path", lambda: copy)
    book.shipped_book.cache_clear()
    yield copy
    book.shipped_book.cache_clear()


def test_a_damaged_opening_book_at_the_hard_level_is_one_line(damaged_book, capsys):  # SHO-7
    with pytest.raises(BookError, match="reinstall the program") as refused:
        ShogiAI("hard").choose(make_game().new_initial_state())
    assert str(damaged_book) in str(refused.value)
    capsys.readouterr()
    assert main(["scenario", "solve", "imperium-shogi", "--level", "hard", "--depth", "1"]) == 1
    err = capsys.readouterr().err
    assert "reinstall the program" in err and err.count("\n") == 1 and "Traceback" not in err


def test_the_game_screen_reports_a_damaged_book_and_waits(damaged_book):  # SHO-7
    from tests.scenarios.imperium_shogi.test_screen import ShogiTestApp, screen_of, settle

    async def play() -> None:
        app = ShogiTestApp(red="hard", blue="human", max_depth=1)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(  # the computer's failure comes from its worker thread
                app,
                pilot,
                lambda: (
                    not screen_of(app).thinking
                    and any("reinstall the program" in n.message for n in app._notifications)
                ),
                "the damaged book reported",
            )
            screen = screen_of(app)
            assert screen.state.history() == [] and not screen.thinking
            shown = [n.message for n in app._notifications]
            assert any("reinstall the program" in message for message in shown), shown

    asyncio.run(play())


def test_tablebase_keys_of_the_fixture(stored):  # SHO-10: the table the tests damage is real
    solution = reduced_solution(PROBLEM, False)
    table = TablebaseFile.open("imperium", stored)
    for key in stored_keys(solution, 50, 3):
        position = as_position(key)
        assert table.value(position) == solution.value(position)


def test_perfect_is_offered_by_a_screen_open_when_the_table_is_finished(tmp_path, monkeypatch):
    """Issue 44 item 6 (SHO-7): the first look for the table was kept for the whole process,
    so a screen open while the table was solved never offered ``perfect`` (restart needed).
    The new-game choices of the same screen offer it once the table is stored."""
    from scenarios.imperium_shogi import screen
    from tests.tui.pilot_helpers import ScenarioHost

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    offered: list[list[str]] = []

    async def scenario() -> None:
        app = ScenarioHost(lambda: screen.ShogiScreen(red="human", blue="human"))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            offered.append([value for value, _ in screen.new_game_options()])
            save(reduced_solution(PROBLEM, False), table_dir("imperium"))
            offered.append([value for value, _ in screen.new_game_options()])
            await pilot.press("o")  # the opponent key cycles through the levels too
            while app.screen.players[1] not in ("human", "perfect"):
                await pilot.press("o")
            assert app.screen.players[1] == "perfect"

    asyncio.run(scenario())
    assert not any("perfect" in value for value in offered[0])
    assert "human:perfect" in offered[1]
