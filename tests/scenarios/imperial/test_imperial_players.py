"""The computer levels (issue 21): the ``normal`` investor player uses the whole rondel and the
army (IMP-13, IMP-18, IMP-19), plays only legal orders and is reproducible; ``easy`` stays."""

from __future__ import annotations

import random

import pytest

from scenarios.imperial import ai, make_game
from scenarios.imperial.constants import RONDEL
from scenarios.imperial.rules import Order


def play_game(seed: int, levels: tuple[str, ...]) -> tuple[list[Order], list[float]]:
    """A seeded 4-player game with the given level on each seat; its orders and returns.
    ``apply_action`` refuses any illegal order, so finishing proves every order was legal."""
    position = make_game(4, seed=seed).new_initial_state()
    rng = random.Random(seed)
    while not position.is_terminal():
        level = levels[position.current_player()]
        position.apply_action(ai.choose(position.state, rng, level))
    return position.orders(), position.returns()


def test_normal_player_invests_and_presses_with_armies():
    # IMP-18 IMP-19 IMP-13: an all-normal game lands on Investor and makes hostile entries
    orders, returns = play_game(5, ("normal",) * 4)
    landings = sum(1 for o in orders if o[0] == "rondel" and RONDEL[o[1]] == "Investor")
    hostile = sum(1 for o in orders if (o[0] == "move" and o[4]) or o[0] == "flip")
    buys = sum(1 for o in orders if o[0] == "buy")
    assert landings >= 3 and hostile >= 1 and buys >= 3, (landings, hostile, buys)
    assert sum(returns) == pytest.approx(1.0)


def test_levels_are_reproducible():
    # IMP-7: the same seed and seats give the same orders (no clock, no global random)
    seats = ("normal", "easy", "normal", "easy")
    assert play_game(3, seats) == play_game(3, seats)


def test_unknown_level_is_refused():
    # IMP-7: bad input gets a clear error naming the known levels
    state = make_game(4).new_initial_state().state
    with pytest.raises(ValueError, match="unknown computer level 'grandmaster'.*easy, normal"):
        ai.choose(state, random.Random(0), "grandmaster")


def test_every_level_is_described():
    # issue 21: the levels offered in the set-up say what they are
    assert set(ai.LEVELS) == {"easy", "normal"} and ai.DEFAULT_LEVEL == "normal"
    assert all(ai.LEVELS[name] for name in ai.LEVELS)
