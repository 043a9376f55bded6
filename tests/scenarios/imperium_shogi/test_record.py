"""Saved games: start position text plus moves (SHO-10), repetition survives reload (SHO-8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenarios.imperium_shogi.game import make_game
from scenarios.imperium_shogi.record import (
    RecordError,
    load_game,
    parse_record,
    record_text,
    save_game,
)


def test_record_round_trip_keeps_moves_and_repetition_count(tmp_path: Path):
    # SHO-10 SHO-8
    state = make_game().new_initial_state()
    for text in ("c1c2", "a4a3", "c2c1", "a3a4", "c1c2", "a4a3", "c2c1"):
        state.apply_action(state.text_to_action(text))
    path = tmp_path / "game.txt"
    save_game(state, path)
    loaded = load_game(path)
    assert loaded.history() == state.history()
    assert loaded.to_text() == state.to_text()
    loaded.apply_action(loaded.text_to_action("a3a4"))
    assert loaded.outcome() is not None and loaded.outcome().rule == "SHO-8"


def test_record_from_custom_start_and_comments():
    # SHO-10
    text = "# a test\n\nf2/1B1/3/F2 BCcMm r  # start\nb3b4+ a4a3\n"
    state = parse_record(text)
    assert state.start_text == "f2/1B1/3/F2 BCMcm r"
    assert record_text(state).splitlines()[1:] == ["f2/1B1/3/F2 BCMcm r", "b3b4+ a4a3"]


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("", "game.txt: SHO-10: no position line"),
        ("mfc/1b1/1B1/CFM - x\n", "game.txt:1"),
        ("mfc/1b1/1B1/CFM - r\nb2b3\nb2b3\n", "game.txt:3"),  # illegal second move
        ("mfc/1b1/1B1/CFM - r\nzz\n", "game.txt:2"),
    ],
)
def test_bad_records_name_file_and_line(text, where):
    # SHO-10
    with pytest.raises(RecordError, match=where):
        parse_record(text, "game.txt")


def test_unreadable_file_is_a_record_error(tmp_path: Path):
    # SHO-10
    with pytest.raises(RecordError, match="cannot read"):
        load_game(tmp_path / "missing.txt")
