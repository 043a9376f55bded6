"""Random legal play never breaks the invariants (IMP-2 money, IMP-9 pieces, IMP-11 places,
IMP-16 chips) and always ends (IMP-20 or the house turn cap)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenarios.imperial import make_game
from scenarios.imperial.constants import MAX_CHIPS, NATIONS, PIECE_LIMITS
from scenarios.imperial.state import State

PLY_BOUND = 20_000


def check_invariants(state: State, total: int) -> None:
    assert state.total_money() == total  # IMP-2
    assert min(state.cash) >= 0 and min(state.treasury.values()) >= 0 and state.bank >= 0
    board = state.board
    for nation in NATIONS:
        armies, fleets = PIECE_LIMITS[nation]  # IMP-9
        units = state.units_of(nation)
        assert sum(u.kind == "A" for u in units) <= armies
        assert sum(u.kind == "F" for u in units) <= fleets
        assert state.chips_of(nation) <= MAX_CHIPS  # IMP-16
        if not state.options.home_chips:
            assert all(board.region(r).home is None for r, n in state.chips.items() if n == nation)
        assert 0 <= state.power[nation] <= 25
    for unit in state.units.values():  # IMP-11: armies on land, fleets at sea or in own port
        region = board.region(unit.region)
        assert region.kind != "impassable"
        if unit.kind == "A":
            assert region.is_land
        else:
            assert region.is_sea or (region.home == unit.nation and region.port is not None)
        assert not unit.hostile or (region.home not in (None, unit.nation))
    for region, nation in state.chips.items():  # IMP-16: never in another power's homeland
        assert board.region(region).home in (None, nation)


SWITCHES = st.fixed_dictionaries(
    {
        name: st.booleans()
        for name in ("factory_top_up", "production_chips", "home_chips", "norway_denmark")
    }
)


@pytest.mark.slow
@settings(max_examples=6, deadline=None, derandomize=True)
@given(players=st.integers(min_value=2, max_value=6), seed=st.integers(0, 10_000), sw=SWITCHES)
def test_random_play_keeps_invariants_and_ends(players, seed, sw):
    # IMP-2 IMP-9 IMP-11 IMP-16 IMP-20: uniformly random legal orders to the end, any switches
    game = make_game(players, seed=seed, **sw)
    position = game.new_initial_state()
    rng = random.Random(seed)
    total = position.state.total_money()
    for _ in range(PLY_BOUND):
        check_invariants(position.state, total)
        if position.is_terminal():
            break
        position.apply_action(rng.choice(position.legal_actions()))
    assert position.is_terminal()
    assert position.replay() == position.state


def test_turn_cap_ends_the_game():
    # IMP-20 (house safeguard): the game is scored after max_turns nation turns
    game = make_game(4, seed=1, max_turns=5)
    position = game.new_initial_state()
    rng = random.Random(1)
    while not position.is_terminal():
        position.apply_action(rng.choice(position.legal_actions()))
    assert position.state.turns == 5 and "turn cap" in (position.state.ended or "")
    assert sum(position.returns()) == 1.0
