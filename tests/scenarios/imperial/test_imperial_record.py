"""Saved Imperial games (``scenarios/imperial/record.py``): refusals of a file's orders."""

from __future__ import annotations

import random

import pytest

from scenarios.imperial import ai, make_game
from scenarios.imperial.notation import order_to_text, parse_order
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
    assert str(loaded.value).startswith("bad.txt:4: IMP-19: 'buy GB 30' is not legal now")
    assert "(decision 'invest' for AH)" in str(loaded.value)


def test_a_second_start_position_is_refused_in_one_short_line():
    """IMP-4 (found by use): a save with its start position line twice was refused with both
    copies of that 3,000-character line quoted in full: the notice filled an 80x24 screen with
    JSON and its first words, which name the line, went off the top. The refusal now says
    what the line is and stays short."""
    game = make_game(4, seed=0)
    position = game.new_initial_state()
    start = position.to_text()
    text = game_record(game, position) + start + "\n"
    with pytest.raises(ImperialRecordError) as loaded:
        parse_game_record(text, "twice.txt")
    message = str(loaded.value)
    assert message.startswith("twice.txt:3: IMP-22: a second start position")
    assert len(message) < 200, message


def test_a_line_longer_than_any_order_is_refused_in_one_short_line():
    """IMP-7 (found by use): an order line of thousands of characters was quoted whole, twice,
    in the refusal; the refusal names the line and its length and quotes only its start."""
    game = make_game(4, seed=0)
    position = game.new_initial_state()
    text = game_record(game, position) + "build " + "x" * 5000 + "\n"
    with pytest.raises(ImperialRecordError) as loaded:
        parse_game_record(text, "long.txt")
    message = str(loaded.value)
    assert message.startswith("long.txt:3: ")
    assert "5,006 characters" in message and len(message) < 200, message


@pytest.mark.parametrize(
    ("order", "rule"),
    [
        ("rondel 9", "IMP-22"),
        ("blah", "IMP-22"),
        ("move A vienna", "IMP-22"),
        ("buy XX 4", "IMP-22"),
        ("buy AH 5", "IMP-22"),
        ("build vienna", "IMP-7"),  # reads as an order; AH must choose its rondel space
        ("fight FR", "IMP-7"),
    ],
)
def test_a_refused_order_in_a_file_is_quoted_once_after_its_rule(order, rule):
    """IMP-22 (found by use, December 8): a save's order that cannot be read was refused as
    "f.txt:3: order 'rondel 9': 'rondel 9': rondel space must be 0-7": the order twice and no
    rule, as Imperial had no rule of its notation. Now the rule comes first (IMP-22 for an order
    that cannot be read, the open decision's rule for one not legal there) and the order once."""
    game = make_game(4, seed=0)
    text = game_record(game, game.new_initial_state()) + order + "\n"
    with pytest.raises(ImperialRecordError) as loaded:
        parse_game_record(text, "f.txt")
    message = str(loaded.value)
    assert message.startswith(f"f.txt:3: {rule}: "), message
    assert message.count(order) == 1, message


def test_an_order_naming_a_region_the_map_lacks_is_refused_as_notation():
    """IMP-22 (found by use, December 8): "move A berlin-atlantis" in a save read as an order
    and was refused as "IMP-8: … is not legal now (decision 'build' for GE)", a rule that had
    nothing to do with it. A region the map does not have is the notation's refusal, with the
    nearest names."""
    game = make_game(4, seed=0)
    text = game_record(game, game.new_initial_state()) + "build viena\n"
    with pytest.raises(ImperialRecordError) as loaded:
        parse_game_record(text, "f.txt")
    assert str(loaded.value) == (
        "f.txt:3: IMP-22: 'build viena': unknown region 'viena'; did you mean 'vienna' or 'genoa'?"
    )


def test_an_order_after_the_end_is_refused_naming_the_end():
    """IMP-20 (found by use, December 8): an order appended to the save of a finished game was
    refused as "IMP-20: 'pass' is not legal now (decision None for None); 0 legal orders". It
    now says the game is over and why."""
    game = make_game(4, seed=1)
    position = game.new_initial_state()
    rng = random.Random(1)
    while not position.is_terminal():  # a whole game at the easy level (about 200 orders)
        position.apply_action(ai.choose(position.state, rng, "easy"))
    text = game_record(game, position) + "pass\n"
    with pytest.raises(ImperialRecordError) as refused:
        parse_game_record(text, "over.txt")
    line = len(text.splitlines())
    assert str(refused.value) == (
        f"over.txt:{line}: IMP-20: 'pass' comes after the end of the game ({position.state.ended})"
    )


def test_orders_are_read_in_any_case():
    """IMP-22 (found by use, December 8): a save edited by hand to "Rondel 3" or "buy ge 4" was
    refused ("cannot read Imperial order"), while Imperium Shogi, Invector and the campaign
    read what a player types in any case. The order read is the canonical one."""
    game = make_game(4, seed=0)
    position = game.new_initial_state()
    typed = ["RONDEL 3:INVESTOR", "Buy ge 12 TRADE 9"]
    for order in typed:
        position.apply_action(position.text_to_action(order))
    assert [position.action_to_text(order) for order in position.orders()] == [
        "rondel 3:Investor",
        "buy GE 12 trade 9",
    ]
    for written in ("Move a Berlin-Munich HOSTILE", "import f Trieste", "FIGHT fr"):
        order = parse_order(written)
        assert parse_order(order_to_text(order)) == order, written
