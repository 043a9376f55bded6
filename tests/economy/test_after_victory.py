"""After the victory (DN-VIC-1): what the tool says once the game is over (found by use,
December 7, evening: a campaign run from the command line to its end).

- a player's order is refused with DN-VIC-1, naming the winner and why, not "DN-SEQ-2: 'pass' is
  not allowed in the game-over phase (game turn 2, solomani to act)";
- ``status`` says who won and why, and nobody "to act";
- ``upkeep`` and ``income`` no longer promise a next maintenance or a next Production step.
"""

from __future__ import annotations

import pytest

from campaign.cli.handlers.play import _print_status
from campaign.rules.economy.adapter import income_report_for
from campaign.rules.economy.victory import VictoryChecked, game_over_sentence
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side
from campaign.rules.narration import NarrationView, describe
from campaign.rules.phases import Phase
from campaign.rules.views import Seen
from campaign.views.report import acting_line
from campaign.views.status import status, status_report, to_act_words
from campaign.views.upkeep import upkeep_report
from tests.economy.game import Game
from tests.economy.test_victory import _aslan_in_concord, _end_player_turn

S, A = Side.SOLOMANI, Side.ASLAN


def _won() -> Game:
    """The Aslan hold Concord from the end of Solomani turn 3 through Solomani turn 4 and win
    (DN-VIC-1); the Aslan keep a ship in the Solomani home section (frontier, DN-ECO-7)."""
    game = Game(turn=3, phasing=S, last_step=True)
    _aslan_in_concord(game)
    game.play("solomani end-phase")
    _end_player_turn(game)
    _end_player_turn(game)
    assert game.state.winner is A and game.state.phase is Phase.GAME_OVER
    return game


WHY = "aslan won, holding solomani's capital Concord"


def test_the_outcome_sentence_says_who_won_and_why():  # DN-VIC-1
    game = _won()
    sentence = game_over_sentence(game.state, game.ruleset)
    assert sentence is not None and sentence.startswith("the game is over: " + WHY)
    assert "2 player turns in a row" in sentence and sentence.endswith("(DN-VIC-1)")
    assert game_over_sentence(Game().state, game.ruleset) is None  # the game goes on


@pytest.mark.parametrize("text", ["solomani end-phase", "aslan pass", "solomani maintain"])
def test_a_player_order_after_the_end_is_refused_naming_the_winner(text: str):  # DN-VIC-1
    game = _won()
    before = game.state.canonical_text()
    with pytest.raises(IllegalOrderError) as refused:
        game.play(text)
    assert refused.value.rule_id == "DN-VIC-1"
    assert WHY in str(refused.value) and "no more orders" in str(refused.value)
    assert "to act" not in str(refused.value)
    assert game.state.canonical_text() == before  # DN-ERR-1: nothing changed


def test_status_says_who_won_and_why_and_nobody_acts(capsys: pytest.CaptureFixture[str]):
    """DN-VIC-1: ``campaign status`` after the end."""
    game = _won()
    found = status("war", Seen(game.state, None), game.ruleset, seq=1)
    _print_status(found)
    out = capsys.readouterr().out
    first, second = out.splitlines()[:2]
    assert first == "war: game turn 4, game-over"  # nobody to act
    assert second == (
        "winner: aslan — holding solomani's capital Concord (its stellar hex and surface box) "
        "for 2 player turns in a row; solomani surrendered (DN-VIC-1)"
    )


def test_upkeep_after_the_end_promises_no_next_maintenance():  # DN-VIC-1, DN-ECO-7
    game = _won()
    report = upkeep_report("war", Seen(game.state, None), game.ruleset)
    for side in report.sides:
        assert side.status == "over"
        assert side.note.startswith("no more maintenance: the game is over")
        assert "next maintenance" not in side.note and "pass" not in side.on_pass
        assert side.on_pass == "nothing: the game is over (DN-VIC-1)"


def test_income_after_the_end_promises_no_next_production():  # DN-VIC-1, DN-ECO-4
    game = _won()
    report = income_report_for(game.state, game.ruleset, S)
    assert "next Production step" in report.when_collected()
    # the side as sentences name it (found by use, December 7, late night: "solomani collect")
    assert report.when_collected().startswith("as things stand now: the Solomani collect ")
    over = report.when_collected(over=True)
    assert "next Production" not in over and "the game is over" in over
    assert over in report.to_text(over=True).replace("\n    ", " ")


def test_status_json_says_why_too():  # DN-VIC-1
    game = _won()
    report = status_report("war", Seen(game.state, None), game.ruleset, seq=1)
    assert report.winner == "aslan" and report.won_by is not None
    assert report.to_act is None  # nobody is waited for (the JSON's to_act, found by use)
    assert to_act_words(report.acting, report.to_act) == "game over"  # `campaign list` too
    assert report.won_by.startswith("holding solomani's capital Concord")
    going_on = Game()
    assert status_report("g", Seen(going_on.state, None), going_on.ruleset, seq=1).won_by is None


def test_the_status_line_says_why_too():
    """DN-VIC-1 (found by use, December 7, night): the TUI's status line (``acting_line``) said
    "the game is over: aslan won" where ``status`` said why; it says why, in a line that fits
    an 80-column screen (the phase tracker above it already says "game-over")."""
    game = _won()
    line = acting_line(Seen(game.state, None), game.ruleset)
    assert line == "aslan won: held solomani's capital Concord 2 player turns running (DN-VIC-1)"
    assert len(line) <= 78  # whole on the status line of an 80-column screen


def test_the_victory_is_told_once_in_the_log():
    """DN-VIC-1 (found by use, December 7, night): the log's line of the winning check said it
    twice, "The Aslan win: aslan held Concord through this player turn (2 of 2); aslan wins:
    solomani surrenders"; it now says once who won and why, in the words ``status`` uses."""
    game = _won()
    (event,) = [e for e in game.of_type(VictoryChecked) if e.winner is not None]
    before = game.state  # the sentence reads the state; the winner's event reads as at its end
    said = describe(event, NarrationView(before, None, game.ruleset))
    assert said == (
        "The Aslan win, holding solomani's capital Concord (its stellar hex and surface box) "
        "for 2 player turns in a row; solomani surrendered (DN-VIC-1)"
    )
