"""Start, government, turn order and the rondel (IMP-1 … IMP-8)."""

from __future__ import annotations

import pytest

from scenarios.imperial.constants import BONDS, FLAG_BACK, NATIONS
from scenarios.imperial.investing import flag_holder_after
from scenarios.imperial.options import Options
from scenarios.imperial.rules import IllegalOrderError, decide, legal_orders, start_events
from tests.scenarios.imperial.helpers import await_, fresh, play, put


def test_bond_table():
    # IMP-3: nine bonds per nation, cost -> interest
    assert BONDS == {2: 1, 4: 2, 6: 3, 9: 4, 12: 5, 16: 6, 20: 7, 25: 8, 30: 9}
    state = fresh()
    assert all(len(state.bonds[n]) == 9 for n in NATIONS)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_start_deal_pays_bonds_into_treasuries(players):
    # IMP-4: 13M each, the flag's 9M bond and the partner's 2M bond paid to the treasuries
    state = fresh(players, seed=3)
    assert state.cash == [13 - 11] * players
    dealt = {}
    for player in range(players):
        nines = [n for n in NATIONS if state.bonds[n][9] == player]
        assert len(nines) == 1
        nation = nines[0]
        dealt[nation] = player
        assert state.bonds[FLAG_BACK[nation]][2] == player
        assert state.flags[nation] == player
    for nation in NATIONS:
        assert state.treasury[nation] == sum(
            c for c, h in state.bonds[nation].items() if h is not None
        )
    for nation in set(NATIONS) - set(dealt):  # undealt: the 2M holder, else the bank
        assert state.flags[nation] == state.bonds[nation][2]


def test_undealt_flag_without_bondholder_stays_with_bank():
    # IMP-4: a nation nobody holds bonds of has its flag kept by the bank
    state = fresh(4, seed=0)
    assert all(h is None for h in state.bonds["RU"].values())
    assert state.flags["RU"] is None


def test_money_total_is_the_bank_start():
    # IMP-2: bank + treasuries + players is constant from the first event
    for players in (2, 3, 4, 5, 6):
        assert fresh(players).total_money() == 10_000


def test_small_starts_follow_the_published_split():
    # IMP-4 option: 3 players AH+GB / IT+RU / FR+GE; 2 players AH+FR+GE vs IT+RU+GB
    three = fresh(3)
    assert three.flags_of(0) == ["AH", "GB"]
    assert three.flags_of(1) == ["IT", "RU"]
    assert three.flags_of(2) == ["FR", "GE"]
    two = fresh(2)
    assert two.flags_of(0) == ["AH", "FR", "GE"] and two.flags_of(1) == ["IT", "GB", "RU"]


def test_investor_card_starts_left_of_austria():
    # IMP-6: the player to the left of AH's governor holds the investor card
    for seed in range(5):
        state = fresh(5, seed=seed)
        if state.flags["AH"] is not None:
            assert state.card == (state.flags["AH"] + 1) % 5


def test_ungoverned_nation_is_skipped_in_turn_order():
    # IMP-1: nations move AH, IT, FR, ...; a nation nobody governs is skipped
    state = fresh()
    state.flags["IT"] = None
    state = play(state, ("rondel", 1))  # AH produces, turn passes
    assert state.nation == "FR"
    assert state.pending["kind"] == "rondel" and state.pending["player"] == state.flags["FR"]


def test_first_turn_in_nation_order_is_austria():
    # IMP-1: AH (1) moves first whatever the seating
    state = fresh(6, seed=11)
    assert state.nation == "AH" and state.pending["player"] == state.flags["AH"]


def test_tie_does_not_move_the_flag_but_a_larger_total_does():
    # IMP-5: the largest total investor governs; a tie for the top does not move the flag
    state = fresh()
    holder = state.flags["AH"]
    buyer = state.bonds["AH"][2]
    state.bonds["AH"][9], state.bonds["AH"][12] = None, holder  # holder: 12M
    state.bonds["AH"][4] = buyer  # buyer: 2 + 4 = 6M
    state.cash[buyer] = 20
    await_(state, "invest", "AH", player=buyer, queue=[])
    tied = play(state, ("buy", "AH", 6, 0))  # 2 + 4 + 6 = 12: tie
    assert tied.flags["AH"] == holder
    ahead = play(state, ("buy", "AH", 9, 0))  # 2 + 4 + 9 = 15 > 12
    assert ahead.flags["AH"] == buyer


def test_several_newly_tied_nearest_clockwise_from_card_holder():
    # IMP-5: when several players newly tie for the top (the holder is not among them), the
    # one nearest clockwise from the investor-card holder takes the flag
    state = fresh(5, seed=1)
    state.bonds["RU"] = dict.fromkeys(state.bonds["RU"])
    state.flags["RU"] = None
    state.bonds["RU"][2], state.bonds["RU"][4], state.bonds["RU"][6] = 1, 1, 3  # 6M each
    state.card = 2
    assert flag_holder_after(state, "RU") == 3  # 2 -> 3 is nearer than 2 -> ... -> 1
    state.card = 0
    assert flag_holder_after(state, "RU") == 1
    state.flags["RU"] = 3
    assert flag_holder_after(state, "RU") == 3  # a tie with the holder never moves it


def test_rondel_five_spaces_costs_four_million():
    # IMP-7: 1-3 spaces free, each space beyond 3 costs the governor 2M to the bank
    state = fresh()
    governor = state.flags["AH"]
    state.rondel["AH"] = 4  # Import; 5 spaces reach Production (index 1), not passing Investor
    state.cash[governor] = 10
    bank = state.bank
    after = play(state, ("rondel", 1))
    assert after.rondel["AH"] == 1
    assert after.cash[governor] == 6 and after.bank == bank + 4
    free = play(state, ("rondel", 7))  # 3 spaces: free
    assert free.cash[governor] >= 10


def test_rondel_at_most_six_and_affordable():
    # IMP-7: at most 6 spaces, a move must be paid for, the first turn is any space
    state = fresh()
    governor = state.flags["AH"]
    assert {o[1] for o in legal_orders(state)} == set(range(8))
    state.rondel["AH"] = 0
    state.cash[governor] = 3
    spaces = {o[1] for o in legal_orders(state)}
    assert spaces == {1, 2, 3, 4}  # 5 spaces cost 4M > 3M; 7 is never legal; 0 means no move
    with pytest.raises(IllegalOrderError, match="IMP-7"):
        decide(state, ("rondel", 7))
    state.cash[governor] = 6
    assert {o[1] for o in legal_orders(state)} == {1, 2, 3, 4, 5, 6}


def test_factory_costs_five_from_treasury_and_follows_city_type():
    # IMP-8: 5M treasury -> bank; own home city without factory; not under hostile armies
    state = fresh()
    put(state, "IT", "A", "prague", hostile=True)
    after = play(state, ("rondel", 0))
    assert {o[1] for o in legal_orders(after)} == {"lemberg", "trieste"}
    treasury, bank = after.treasury["AH"], after.bank
    built = play(after, ("build", "trieste"))
    assert "trieste" in built.factories
    assert built.treasury["AH"] == treasury - 5 and built.bank == bank + 5
    produced = built.clone()
    produced.rondel["AH"], produced.nation = 0, "AH"
    await_(produced, "rondel", "AH")
    produced = play(produced, ("rondel", 1))
    kinds = {u.region: u.kind for u in produced.units_of("AH")}
    assert kinds == {"vienna": "A", "budapest": "A", "trieste": "F"}


def test_factory_needs_money_unless_top_up_switch():
    # IMP-8: a short treasury cannot build; the switch lets the governor top up
    state = fresh()
    state.bank += state.treasury["AH"] - 4
    state.treasury["AH"] = 4
    assert ("rondel", 0) not in legal_orders(state)
    topped = fresh(factory_top_up=True)
    topped.bank += topped.treasury["AH"] - 4
    topped.treasury["AH"] = 4
    governor = topped.flags["AH"]
    after = play(topped, ("rondel", 0), ("build", "prague"))
    assert after.cash[governor] == topped.cash[governor] - 1 and after.treasury["AH"] == 0


def test_events_fold_to_the_state():
    # IMP-2: the set-up is a list of events whose fold is the initial state
    from scenarios.imperial.events import fold

    events = start_events(Options(players=4))
    assert fold(events) == fresh()


def test_top_up_counts_the_rondel_payment_first():
    # IMP-8 IMP-7: under the top-up switch the governor's cash after paying for the rondel
    # move must cover the shortfall (found by the random-play property test)
    state = fresh(factory_top_up=True)
    governor = state.flags["AH"]
    state.bank += state.treasury["AH"] - 3
    state.treasury["AH"] = 3
    state.rondel["AH"] = 2  # Factory (0) is 6 spaces on: 6M for the move
    state.cash[governor] = 7  # 7 - 6 = 1 < 2 shortfall
    assert ("rondel", 0) not in legal_orders(state)
    state.cash[governor] = 8
    after = play(state, ("rondel", 0), ("build", "prague"))
    assert after.cash[governor] == 0 and "prague" in after.factories
