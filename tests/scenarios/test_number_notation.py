"""Numbers in the games' notations are ASCII digits (INV-1, INV-8, SHO-10, IMP-7, IMP-19).

Found by use (December 7, night): ``str.isdigit`` also accepts "²" (and other digits ``int``
refuses), so a text with one passed each notation's check and ``int`` raised: the command line
printed a traceback (``campaign scenario perft invector --size 5x²``, ``... imperium-shogi
--position 'm²c/1b1/1B1/CFM - r'``) and a saved game was refused without its file and line.
"""

from __future__ import annotations

import pytest

from campaign.cli import main
from scenarios.imperial import make_game as make_imperial
from scenarios.imperial.notation import parse_order
from scenarios.imperial.record import ImperialRecordError, game_record, parse_game_record
from scenarios.imperium_shogi.record import RecordError, parse_record
from scenarios.invector import make_game as make_invector
from scenarios.protocol import NotationError


@pytest.mark.parametrize(
    ("args", "rule"),
    [
        (["perft", "invector", "--size", "5x\u00b2", "--depth", "1"], "INV-1"),
        (["perft", "imperium-shogi", "--position", "m\u00b2c/1b1/1B1/CFM - r"], "SHO-10"),
        (["solve", "invector", "--position", "invector 5x\u00b2 bwbwb/wbwbw b pie:off"], "INV-1"),
    ],
)
def test_the_command_line_refuses_a_non_ascii_digit_in_one_line(capsys, args, rule):
    """INV-1 SHO-10: a size or position with "²" is refused with the rule, not a traceback."""
    assert main(["scenario", *args]) == 2
    err = capsys.readouterr().err
    assert rule in err and "Traceback" not in err and "invalid literal" not in err


def test_an_invector_cell_with_a_non_ascii_digit_is_not_a_cell_name():
    """INV-8: "a²" is refused as a cell name, not with Python's "invalid literal for int()"."""
    state = make_invector().new_initial_state()
    with pytest.raises(NotationError, match=r"'a\u00b2' is not a cell name like a1"):
        state.text_to_action("a\u00b2xb1")


@pytest.mark.parametrize(
    "text", ["buy AH \u00b2", "buy AH 9 trade \u00b2", "rondel \u00b2:Investor"]
)
def test_an_imperial_order_with_a_non_ascii_digit_is_a_notation_error(text):
    """IMP-7 IMP-19: a bond cost or rondel space "²" is a NotationError naming the text."""
    with pytest.raises(NotationError, match="\u00b2"):
        parse_order(text)


def test_saved_games_with_a_non_ascii_digit_are_refused_naming_file_and_line():
    """SHO-10 IMP-22: the loaders name the file and the line (they raised a bare ValueError)."""
    with pytest.raises(RecordError, match=r"^shogi\.txt:2: SHO-10: "):
        parse_record("# Imperium Shogi\nm\u00b2c/1b1/1B1/CFM - r\n", "shogi.txt")
    game = make_imperial(4, seed=0)
    position = game.new_initial_state()
    position.apply_action(("rondel", 3))  # AH lands on Investor: the investor step follows
    text = game_record(game, position) + "buy AH \u00b2\n"
    with pytest.raises(ImperialRecordError, match=r"^imperial\.txt:4: IMP-22: 'buy AH \u00b2'"):
        parse_game_record(text, "imperial.txt")
