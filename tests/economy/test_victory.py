"""Victory: the enemy capital held for two consecutive player turns (DN-VIC-1, DN-SEQ-3)."""

from __future__ import annotations

from campaign.rules.economy.adapter import occupancy_of
from campaign.rules.economy.victory import (
    CapitalControlNoted,
    VictoryChecked,
    check_victory,
    holds_enemy_capital,
)
from campaign.rules.ids import Side
from campaign.rules.phases import Phase
from campaign.rules.sequence import LAST_PLAYER_STEP
from tests.economy.game import Game

S, A = Side.SOLOMANI, Side.ASLAN


def _aslan_in_concord(game: Game) -> None:
    game.put("A-B1-1", "aslan:B1", "hex:concord")
    game.put("A-RT-1", "aslan:RT-5", "box:concord")


def _end_player_turn(game: Game) -> None:
    """Jump to the last step of the current player turn and end it (runs the hooks)."""
    game.state.step = LAST_PLAYER_STEP
    game.state.acting = game.state.phasing
    game.play(f"{game.state.phasing.value} end-phase")


def test_holding_needs_both_hex_and_box():  # DN-VIC-1
    game = Game(
        counters="""
        A-B1-1 aslan:B1 hex:concord
    """
    )
    occupancy = occupancy_of(game.state, game.ruleset)
    assert not holds_enemy_capital(game.ruleset, occupancy, A)  # the marked box stays Solomani
    game.put("A-RT-1", "aslan:RT-5", "box:concord")
    assert holds_enemy_capital(game.ruleset, occupancy_of(game.state, game.ruleset), A)
    game.put("S-TR-1", "solomani:TR", "hex:concord")  # any enemy ship spoils the hex
    assert not holds_enemy_capital(game.ruleset, occupancy_of(game.state, game.ruleset), A)


def test_two_consecutive_player_turns_win():  # DN-VIC-1, DN-SEQ-3
    game = Game(turn=3, phasing=S, last_step=True)
    _aslan_in_concord(game)
    game.play("solomani end-phase")  # end of Solomani turn 3: not held at its start (no note)
    (first,) = game.of_type(VictoryChecked)
    assert first.runs[A] == 0 and first.winner is None and "does not count" in first.note
    # Aslan turn 4 starts: income and the start-of-turn note
    noted = game.of_type(CapitalControlNoted)
    assert noted[-1].holders == [A] and game.state.phase is Phase.PRODUCTION
    _end_player_turn(game)  # counted player turn 1 of 2
    assert game.of_type(VictoryChecked)[-1].runs[A] == 1
    assert game.state.winner is None
    _end_player_turn(game)  # Solomani turn 4: counted player turn 2 of 2
    last = game.of_type(VictoryChecked)[-1]
    assert last.winner is A and "surrenders" in last.note
    assert game.state.winner is A and game.state.phase is Phase.GAME_OVER


def test_control_must_hold_at_start_and_end():  # DN-VIC-1
    game = Game(turn=3, phasing=A)
    game.state.turn_slots["victory_start"] = ["aslan"]
    game.state.game_slots["victory"] = {"runs": {"aslan": 1}}
    # lost by the end of the player turn: the run is broken
    assert check_victory(game.state, game.ruleset).runs[A] == 0
    # held at the end but not at the start: does not count either
    _aslan_in_concord(game)
    game.state.turn_slots["victory_start"] = []
    checked = check_victory(game.state, game.ruleset)
    assert checked.runs[A] == 0 and checked.winner is None
    game.state.turn_slots["victory_start"] = ["aslan"]
    checked = check_victory(game.state, game.ruleset)
    assert checked.runs[A] == 2 and checked.winner is A


def test_solomani_win_by_holding_hlirakh():  # DN-VIC-1
    game = Game(
        turn=5,
        phasing=S,
        counters="""
        # ships in the box do not hold the hex
        S-CR-1 solomani:CR box:hlirakh
        S-RT-1 solomani:RT-5 box:hlirakh
    """,
    )
    game.state.turn_slots["victory_start"] = ["solomani"]
    game.state.game_slots["victory"] = {"runs": {"solomani": 1}}
    assert check_victory(game.state, game.ruleset).winner is None
    game.put("S-CR-2", "solomani:CR", "hex:hlirakh")
    assert check_victory(game.state, game.ruleset).winner is S
