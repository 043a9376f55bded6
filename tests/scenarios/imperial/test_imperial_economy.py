"""Taxation, interest, the investor step, the end and the score (IMP-17 … IMP-21), plus the
order/event log and a whole seeded game."""

from __future__ import annotations

import random

import pytest

from scenarios.imperial import ai, make_game
from scenarios.imperial.investing import multiplier, scores, winners
from scenarios.imperial.rules import legal_orders
from scenarios.imperial.screen import ScoreScreen, investor_option_text
from scenarios.protocol import IllegalActionError, NotationError
from tests.scenarios.imperial.helpers import await_, fresh, play, put


def test_tax_of_twelve_with_three_units():
    # IMP-17: 2 factories (4) + 8 chips = 12; marker 2-5 -> 12 pays the governor 7M; the
    # treasury gets 12 - 3 = 9M; power +7
    state = fresh()
    governor = state.flags["AH"]
    for region in [
        "portugal",
        "spain",
        "morocco",
        "algeria",
        "tunis",
        "belgium",
        "holland",
        "denmark",
    ]:
        state.chips[region] = "AH"
    put(state, "AH", "A", "vienna", n=2)
    put(state, "AH", "F", "trieste")
    state.rondel["AH"] = 6
    cash, treasury, bank = state.cash[governor], state.treasury["AH"], state.bank
    after = play(state, ("rondel", 7))
    assert after.marker["AH"] == 12 and after.power["AH"] == 7
    assert after.cash[governor] == cash + 7
    assert after.treasury["AH"] == treasury + 9
    assert after.bank == bank - 16


def test_tax_fall_no_bonus_power_still_rises_upkeep_never_negative():
    # IMP-17: no bonus when the marker falls, power advances anyway; upkeep beyond the tax
    # costs the treasury nothing
    state = fresh()
    governor = state.flags["AH"]
    state.marker["AH"] = 12
    state.chips.update({"portugal": "AH", "spain": "AH"})  # tax 6 -> 1 point
    put(state, "AH", "A", "westbalkan", n=9)
    state.rondel["AH"] = 6
    cash, treasury = state.cash[governor], state.treasury["AH"]
    after = play(state, ("rondel", 7))
    assert after.marker["AH"] == 6 and after.power["AH"] == 1
    assert after.cash[governor] == cash and after.treasury["AH"] == treasury


def test_interest_paid_with_an_empty_treasury():
    # IMP-18: smallest holder first; when the treasury runs dry the governor pays the rest in
    state = fresh()
    governor, small = state.flags["AH"], state.bonds["AH"][2]
    state.bank += state.treasury["AH"]
    state.treasury["AH"] = 0
    state.cash = [10] * 4
    state.rondel["AH"] = 1
    card = state.card
    after = play(state, ("rondel", 3))
    expected = [10] * 4
    expected[governor] -= 1  # covers the 1M to the small holder; its own 4M nets out
    expected[small] += 1
    expected[card] += 2  # investor bonus (IMP-19)
    assert after.cash == expected and after.treasury["AH"] == 0
    assert after.pending["kind"] == "invest" and after.pending["player"] == card


def test_passing_investor_gives_investor_step_without_interest():
    # IMP-18: passing Investor: the landing action first, then the investor step, no interest
    state = fresh()
    state.rondel["AH"] = 2
    treasury, cash = state.treasury["AH"], list(state.cash)
    after = play(state, ("rondel", 4), ("import_done",))
    assert after.treasury["AH"] == treasury
    assert after.pending["kind"] == "invest" and after.pending["player"] == state.card
    assert after.cash[state.card] == cash[state.card] + 2


def test_investor_buys_trades_up_and_card_passes_left():
    # IMP-19: buy a new bond or trade one up paying the difference; money to the treasury;
    # then the card passes to the left
    state = fresh()
    card = state.card
    state.cash[card] = 12
    await_(state, "invest", "AH", player=card, queue=[])
    owned = next(n for n in ("IT", "GE", "FR", "GB") if state.bonds[n][2] == card)
    traded = play(state, ("buy", owned, 6, 2))
    assert traded.bonds[owned][6] == card and traded.bonds[owned][2] is None
    assert traded.cash[card] == 8 and traded.treasury[owned] == state.treasury[owned] + 4
    assert traded.card == (card + 1) % 4
    bought = play(state, ("buy", "RU", 4, 0))
    assert bought.bonds["RU"][4] == card and bought.flags["RU"] == card


def test_single_flag_rescue_payment():
    # IMP-19: taking the only flag of a player whose nation has power 0 costs the taker 1M
    # paid to that player; if the taker cannot pay it, the purchase does not happen
    state = fresh()
    victim = state.flags["FR"]  # holds only France (seed 0)
    assert state.flags_of(victim) == ["FR"] and state.power["FR"] == 0
    buyer = state.card
    await_(state, "invest", "AH", player=buyer, queue=[])
    state.cash[buyer] = 13
    after = play(state, ("buy", "FR", 12, 0))  # 12 > 9 takes the flag
    assert after.flags["FR"] == buyer
    assert after.cash[buyer] == 0 and after.cash[victim] == state.cash[victim] + 1
    state.cash[buyer] = 12  # the bond is affordable, the rescue payment is not
    assert ("buy", "FR", 12, 0) not in legal_orders(state)
    assert ("buy", "FR", 6, 0) in legal_orders(state)  # 6 < 9: flag stays, no payment
    state.power["FR"] = 1  # a nation with power: no payment due
    paid = play(state, ("buy", "FR", 12, 0))
    assert paid.flags["FR"] == buyer and paid.cash[victim] == state.cash[victim]


def test_the_investor_dialog_says_what_a_rescue_purchase_costs():
    """IMP-19, found by use: the investor dialog showed each purchase as "(pay 12M, …)" from
    the bond's price alone; one that takes a player's only flag of a nation at power 0 costs
    1M more, paid to that player, and the dialog did not say so (the cash went down by 13M)."""
    state = fresh()
    victim = state.flags["FR"]
    buyer = state.card
    await_(state, "invest", "AH", player=buyer, queue=[])
    state.cash[buyer] = 13
    rescue = investor_option_text(state, ("buy", "FR", 12, 0))
    assert rescue == f"buy FR 12  (pay 12M + 1M to player {victim}, IMP-19; interest 5)"
    plain = investor_option_text(state, ("buy", "FR", 6, 0))  # the flag stays: no payment
    assert plain == "buy FR 6  (pay 6M, interest 3)"
    assert investor_option_text(state, ("pass",)) == "pass"


def test_flagless_players_invest_after_the_card_holder():
    # IMP-19: players with no flag and no card invest next, clockwise from the card holder
    state = fresh()
    card = state.card  # seat 0 holds GE
    flagless = 1
    state.flags["FR"] = 2  # seat 1 loses France
    state.rondel["AH"] = 1
    after = play(state, ("rondel", 3))
    assert after.pending["player"] == card
    after = play(after, ("pass",))
    assert after.pending["kind"] == "invest" and after.pending["player"] == flagless
    cash = after.cash[flagless]
    after = play(after, ("pass",))
    assert after.cash[flagless] == cash  # no bonus for them
    assert after.card == (card + 1) % 4 and after.pending["kind"] == "rondel"


def test_game_ends_at_twenty_five_power():
    # IMP-20: the game ends at once when a nation reaches 25 power
    state = fresh()
    state.power["AH"] = 24
    state.chips.update({"portugal": "AH", "spain": "AH"})
    state.rondel["AH"] = 6
    after = play(state, ("rondel", 7))
    assert after.power["AH"] == 25 and after.ended and legal_orders(after) == []


@pytest.mark.parametrize("pays", [True, False])
def test_pass_investor_and_end_on_taxation(pays):
    # IMP-20: passing Investor and reaching 25 on Taxation: interest paid, no investor step
    # (switch off: neither)
    state = fresh(end_pass_pays_interest=pays)
    small = state.bonds["AH"][2]
    state.power["AH"] = 24
    state.chips.update({"portugal": "AH", "spain": "AH"})
    state.rondel["AH"] = 2
    state.cash = [10] * 4
    after = play(state, ("rondel", 7))
    assert after.ended
    governor = state.flags["AH"]
    assert state.card not in (small, governor)
    assert after.cash[small] == 10 + (1 if pays else 0)
    assert after.cash[state.card] == 10  # no 2M investor bonus, no investor step
    assert after.pending is None


def test_score_and_multiplier():
    # IMP-21: Σ interest × multiplier(power) + cash; 0-4 ×0 … 25 ×5
    assert [multiplier(p) for p in (0, 4, 5, 9, 10, 14, 15, 19, 20, 24, 25)] == [
        0,
        0,
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
        5,
    ]
    state = fresh()
    state.power = dict.fromkeys(state.power, 0)
    state.power["AH"] = 25
    state.cash = [1, 2, 3, 4]
    owner9, owner2 = state.bonds["AH"][9], state.bonds["AH"][2]
    expected = [1, 2, 3, 4]
    expected[owner9] += 4 * 5
    expected[owner2] += 1 * 5
    assert scores(state) == expected


def test_score_tie_break_by_interest_in_strongest_nation():
    # IMP-21: ties compare interest held in the highest-power nation, then the next
    state = fresh()
    state.bonds = {n: dict.fromkeys(b) for n, b in state.bonds.items()}
    state.power = {"AH": 20, "IT": 12, "FR": 0, "GB": 0, "GE": 0, "RU": 0}
    state.bonds["AH"][2] = 0  # 1 interest × 4 = 4
    state.bonds["IT"][6] = 1  # 3 interest × 2 = 6
    state.cash = [12, 10, 0, 0]
    assert scores(state)[:2] == [16, 16]
    assert winners(state) == [0]  # seat 0 holds more in AH, the strongest nation
    state.bonds["AH"][4] = 1  # seat 1: +2 interest × 4 = 8
    state.cash[1] = 2
    assert scores(state)[:2] == [16, 16]
    assert winners(state) == [1]


def test_seeded_computer_game_runs_to_the_end_conserving_money():
    # IMP-2 IMP-20: four computer players; money constant at every step; replay = state
    game = make_game(4, seed=7)
    state = game.new_initial_state()
    rng = random.Random(7)
    total = state.state.total_money()
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        order = ai.choose(state.state, rng)
        assert order in legal
        state.apply_action(order)
        assert state.state.total_money() == total
        assert all(c >= 0 for c in state.state.cash)
        assert all(t >= 0 for t in state.state.treasury.values())
        steps += 1
    assert state.state.ended and steps > 20
    assert state.replay() == state.state
    assert sum(state.returns()) == pytest.approx(1.0)


def test_undo_replay_and_text_round_trip():
    # IMP-2: state = fold(events); undo drops the last events; the text rebuilds the position
    game = make_game(5, seed=2)
    state = game.new_initial_state()
    rng = random.Random(2)
    texts = [state.to_text()]
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
        texts.append(state.to_text())
    assert state.replay() == state.state
    rebuilt = game.state_from_text(texts[-1])
    assert rebuilt.to_text() == texts[-1] and rebuilt.legal_actions() == state.legal_actions()
    for expected in reversed(texts[:-1]):
        state.undo()
        assert state.to_text() == expected
    with pytest.raises(IllegalActionError):
        state.undo()


def test_illegal_action_and_bad_notation_change_nothing():
    # IMP-7: an illegal order names the rule and leaves the position unchanged
    state = make_game().new_initial_state()
    before = state.to_text()
    with pytest.raises(IllegalActionError, match="IMP-7"):
        state.apply_action(("build", "vienna"))
    with pytest.raises(IllegalActionError, match="IMP-7"):
        state.apply_action(5)
    with pytest.raises(NotationError):
        state.text_to_action("rondel nine")
    with pytest.raises(NotationError):
        make_game().state_from_text("imperial1 {not json")
    assert state.to_text() == before
    assert state.text_to_action("rondel 1:Production") == ("rondel", 1)


def test_event_log_json_replays_to_the_same_state():
    # IMP-2: the log (JSON lines) folds back to the position; a corrupt line is named
    from scenarios.imperial.events import EventError, dump_events, fold, load_events

    game = make_game(4, seed=5)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(120):
        state.apply_action(ai.choose(state.state, rng))
    text = dump_events(state.events())
    assert fold(load_events(text)) == state.state
    broken = text.splitlines()
    broken[3] = '{"type": "transfer", "src": "bank"}'
    with pytest.raises(EventError, match="line 4"):
        load_events("\n".join(broken))


def test_hash_chain_detects_an_edited_log_and_notation_replay_matches():
    # IMP-2: the log is chained by hashes; editing a transfer is detected; replaying the
    # orders' notation in a new game reaches the same position digest
    from scenarios.imperial.events import Transfer
    from scenarios.imperial.game import TamperedLogError

    game = make_game(4, seed=9)
    played = game.new_initial_state()
    rng = random.Random(9)
    while not played.is_terminal():
        played.apply_action(ai.choose(played.state, rng))
    played.verify()
    replayed = game.new_initial_state()
    for order in played.orders():
        replayed.apply_action(replayed.text_to_action(played.action_to_text(order)))
    assert replayed.digest() == played.digest()
    assert [e.hash for e in replayed.log] == [e.hash for e in played.log]
    entry = next(e for e in played.log if any(isinstance(x, Transfer) for x in e.events))
    index = next(i for i, x in enumerate(entry.events) if isinstance(x, Transfer))
    entry.events[index] = entry.events[index].model_copy(update={"amount": 99})
    with pytest.raises(TamperedLogError):
        played.verify()


def test_hostile_army_blocks_a_factory_in_taxation():
    # IMP-17 IMP-13: only factories free of hostile armies pay 2M
    state = fresh()
    governor = state.flags["AH"]
    put(state, "IT", "A", "vienna", hostile=True)
    state.chips.update({"portugal": "AH", "spain": "AH", "morocco": "AH", "algeria": "AH"})
    state.rondel["AH"] = 6
    cash = state.cash[governor]
    after = play(state, ("rondel", 7))
    assert after.marker["AH"] == 6 and after.power["AH"] == 1  # 2 (Budapest) + 4 chips
    assert after.cash[governor] == cash + 1


def test_the_final_score_title_names_each_rule_once():
    """IMP-20, IMP-21 (found by use, December 7): the final score's title read "Final score —
    AH reached 25 power (IMP-20) (IMP-21)", two rule brackets in a row; it is one clean
    title naming the score's rule once and the end's reason without its bracket."""
    state = fresh()
    state.power["AH"] = 24
    state.chips.update({"portugal": "AH", "spain": "AH"})
    state.rondel["AH"] = 6
    after = play(state, ("rondel", 7))
    assert ScoreScreen(after).title_text() == "Final score (IMP-21) — AH reached 25 power"
    after.ended = "turn cap 60 (house safeguard)"
    title = ScoreScreen(after).title_text()
    assert title == "Final score (IMP-21) — turn cap 60 (house safeguard)"


def test_the_investor_dialog_says_what_a_trade_in_adds_to_the_interest():
    """IMP-19 (found by use): "buy IT 4 trade 2  (pay 2M, interest 2)" gave the new bond's
    interest, but the bond given back loses its own (1M): the holder's interest rises by 1M,
    not 2M. A trade-in names the rise as well."""
    state = fresh()
    buyer = state.card
    await_(state, "invest", "AH", player=buyer, queue=[])
    nation = next(n for n, bonds in state.bonds.items() if bonds[2] == buyer)  # IMP-4 deal
    text = investor_option_text(state, ("buy", nation, 6, 2))
    assert text == f"buy {nation} 6 trade 2  (pay 4M, interest 3: +2 after the trade-in)", text
