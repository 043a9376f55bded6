"""Saved Imperial games (``scenarios/imperial/record.py``): refusals of a file's orders."""

from __future__ import annotations

import pytest

from scenarios.imperial import make_game
from scenarios.imperial.record import ImperialRecordError, game_record, parse_game_record
from scenarios.protocol import IllegalActionError


def test_an_illegal_order_in_a_file_names_the_rule_play_names():
    """IMP-19: a bond the investor may not buy is refused in a saved file with the line and
    the same rule a refusal during play names (the file's refusal named no rule)."""
    game = make_game(4, seed=0)
    position = game.new_initial_state()
    position.apply_action(("rondel", 3))  # AH lands on Investor: the investor step follows
    with pytest.raises(IllegalActionError, match=r"^IMP-19: .* is not legal now") as played:
        position.clone().apply_action(("buy", "GB", 30, None))
    assert "(decision 'invest' for AH)" in str(played.value)
    text = game_record(game, position) + "buy GB 30\n"
    with pytest.raises(ImperialRecordError) as loaded:
        parse_game_record(text, "bad.txt")
    assert str(loaded.value).startswith("bad.txt:4: order 'buy GB 30': IMP-19: ")
    assert "(decision 'invest' for AH)" in str(loaded.value)
