"""A saved game names a seat a person plays "person", as every screen does (issue 44 item 6:
saves said "human"); saves written before still load."""

from __future__ import annotations

import pytest

from scenarios.saves import players_line, read_players

KNOWN = ("human", "easy", "medium", "hard")


def test_a_save_says_person_and_reads_back_to_the_same_seats():
    line = players_line(["human", "hard"])
    assert line == "# players: person hard"
    assert read_players(f"position\n{line}\n", KNOWN, rule="INV-8") == ["human", "hard"]


def test_a_save_from_before_that_says_human_still_loads():
    assert read_players("# players: human easy\n", KNOWN, rule="INV-8") == ["human", "easy"]


def test_an_unknown_player_is_refused_naming_person():
    with pytest.raises(ValueError, match="each one of: person, easy, medium, hard"):
        read_players("# players: robot easy\n", KNOWN, rule="INV-8")
