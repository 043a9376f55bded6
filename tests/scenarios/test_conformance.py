"""One conformance suite over every registered scenario game (``scenarios.registry``).

Each game must honour ``scenarios.protocol``: clones are equal and independent, the position text
round-trips, a finished game offers no action, seeded random playouts finish, returns stay in
bounds, and every legal action's notation parses back to the same action. The rule ids cited are
each game's notation/position-text and end-of-game rules (SHO-10, SHO-7, SHO-8 for Imperium
Shogi; INV-8, INV-7 for Invector; IMP-20 for Imperial, whose spec has no notation id).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from scenarios import registry
from scenarios.protocol import TERMINAL, Game, GameState

#: Random playouts longer than this count as "does not end" (every registered game ends sooner).
MAX_PLIES = 5000
SEEDS = range(3)

GAMES = [pytest.param(entry, id=entry.name) for entry in registry.SCENARIOS]


def make(entry: registry.ScenarioEntry) -> Game:
    return entry.load().make_game()


def playout(game: Game, seed: int) -> Iterator[GameState]:
    """Yield the (one, advancing) state of a seeded uniformly random game after every ply."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(MAX_PLIES):
        yield state
        if state.is_terminal():
            return
        state.apply_action(rng.choice(list(state.legal_actions())))
    pytest.fail(f"{game.name}: seeded random game {seed} did not end within {MAX_PLIES} plies")


def test_registry_has_imperium_shogi():
    # SHO-10: the game is reachable by name
    assert registry.find("imperium-shogi").load().make_game().name == "imperium-shogi"


@pytest.mark.parametrize("entry", GAMES)
def test_game_and_states_implement_protocol(entry):
    # SHO-10 INV-8: make_game() with no options gives a protocol Game
    game = make(entry)
    assert isinstance(game, Game)
    assert game.num_players >= 2 and game.min_utility < game.max_utility
    assert isinstance(game.new_initial_state(), GameState)


@pytest.mark.parametrize("entry", GAMES)
def test_clone_is_equal_and_independent(entry):
    # SHO-10 INV-8: a clone has the same text and does not move with the original
    game = make(entry)
    for seed in SEEDS:
        for state in playout(game, seed):
            copy = state.clone()
            assert copy.to_text() == state.to_text()
            assert list(copy.legal_actions()) == list(state.legal_actions())
            assert copy.current_player() == state.current_player()
            if not state.is_terminal():
                before = state.to_text()
                copy.apply_action(list(copy.legal_actions())[0])
                assert state.to_text() == before


@pytest.mark.parametrize("entry", GAMES)
def test_position_text_round_trips(entry):
    # SHO-10 INV-8: state_from_text(to_text()) reproduces the position and its legal actions
    game = make(entry)
    for seed in SEEDS:
        for state in playout(game, seed):
            text = state.to_text()
            assert "\n" not in text
            rebuilt = game.state_from_text(text)
            assert rebuilt.to_text() == text
            assert rebuilt.current_player() == state.current_player() or state.is_terminal()


@pytest.mark.parametrize("entry", GAMES)
def test_terminal_states_have_no_actions_and_bounded_returns(entry):
    # SHO-7 SHO-8 INV-7 IMP-20: a finished game offers nothing; returns stay within the utilities
    game = make(entry)
    for seed in SEEDS:
        final = None
        for state in playout(game, seed):
            final = state
            if not state.is_terminal():
                assert state.current_player() != TERMINAL
                assert list(state.legal_actions())
                assert list(state.returns()) == [0.0] * game.num_players
        assert final is not None and final.is_terminal()
        assert final.current_player() == TERMINAL
        assert list(final.legal_actions()) == []
        returns = final.returns()
        assert len(returns) == game.num_players
        assert all(game.min_utility <= value <= game.max_utility for value in returns)


@pytest.mark.parametrize("entry", GAMES)
def test_every_legal_action_notation_round_trips(entry):
    # SHO-10 INV-8: text_to_action(action_to_text(a)) == a for every legal action
    game = make(entry)
    for seed in SEEDS:
        for state in playout(game, seed):
            for action in state.legal_actions():
                assert state.text_to_action(state.action_to_text(action)) == action
