"""Who must act now (DN-SEQ-2, DN-CBT-3, DN-CBT-7) and short battle ids."""

from __future__ import annotations

import pytest

from campaign.content import load_ruleset
from campaign.rules import engine
from campaign.rules.acting import acting_sentence, who_must_act
from campaign.rules.combat import book
from campaign.rules.combat.battle_ids import canonical_battle_order, resolve_battle, short_ids
from campaign.rules.errors import InvalidOrderError
from campaign.rules.notation import parse_order
from campaign.rules.state import CampaignState
from tests.integration.driver import Driver


@pytest.fixture(scope="module")
def battle_states() -> list[CampaignState]:
    """Every state of a played game in which a space battle is open."""
    ruleset = load_ruleset(None, "standard", None)
    seen: list[CampaignState] = []

    def keep(state: CampaignState, event: object) -> None:
        if book.open_battles(state):
            seen.append(state)

    driver = Driver(ruleset, seed=3, on_event=keep)
    driver.play_randomly(game_turns=2)
    assert seen
    return seen


@pytest.mark.slow
def test_the_duty_is_an_order_legal_orders_offers_that_side(battle_states):
    """DN-SEQ-2 DN-CBT-3 DN-CBT-7: whoever ``who_must_act`` names is offered that order."""
    ruleset = load_ruleset(None, "standard", None)
    other_side = 0
    for state in battle_states:
        duty = who_must_act(state, ruleset)[0]
        assert duty.battle is not None and duty.side is not None
        verb = duty.orders[0].split()[1]
        offered = {legal.verb for legal in engine.legal_orders(state, duty.side, ruleset)}
        assert verb in offered, f"{duty} not offered: {offered}"
        other_side += duty.side is not state.acting
        assert duty.short and duty.short in duty.orders[0]
        assert acting_sentence(state, ruleset).startswith(f"{duty.side.value} must act")
    assert other_side > 0  # the protocol waited for the non-phasing side at least once


def test_the_duties_are_the_same_when_the_legal_orders_are_given():
    """DN-SEQ-2 (issue 47 item 2): `status` hands ``who_must_act`` the acting side's legal
    orders it has worked out already; in every state of a played game (set-up, moves, battles,
    production) the duties are those ``who_must_act`` finds alone, and the list handed in is
    left as it was (the duty sorts its own copy)."""
    ruleset = load_ruleset(None, "standard", None)
    states: list[CampaignState] = []
    driver = Driver(ruleset, seed=5, on_event=lambda state, event: states.append(state.clone()))
    driver.play_randomly(game_turns=2)
    assert len(states) > 200
    for state in states[::7]:
        legal = engine.legal_orders(state, state.acting, ruleset)
        before = list(legal)
        assert who_must_act(state, ruleset, legal) == who_must_act(state, ruleset)
        assert legal == before


def _sentence_of_every_duty(state: CampaignState, ruleset) -> str:
    """The status line as it was written from ``who_must_act`` with every legal order."""
    duties = who_must_act(state, ruleset)
    if not duties:
        return f"the game is over: {state.winner.value if state.winner else 'nobody'} won"
    first = duties[0]
    who = first.side.value if first.side is not None else "referee"
    return f"{who} must act: {first.reason}" + (f" — {first.orders[0]}" if first.orders else "")


@pytest.mark.parametrize("seed", [5, 8])
def test_the_status_line_names_the_first_duty_and_its_first_order(seed):
    """DN-SEQ-2 (issue 47 item 2): ``acting_sentence`` looks at the legal orders only up to
    the one it shows; in every state of played games (set-up with its completed deployments,
    moves, battles, production) it is the line the whole list of duties gives."""
    ruleset = load_ruleset(None, "standard", None)
    states: list[CampaignState] = []
    driver = Driver(ruleset, seed=seed, on_event=lambda state, event: states.append(state.clone()))
    driver.play_randomly(game_turns=2)
    assert len(states) > 200
    for state in states[::3]:
        assert acting_sentence(state, ruleset) == _sentence_of_every_duty(state, ruleset)
    assert any(" end-phase" in acting_sentence(state, ruleset) for state in states)


def test_outside_battles_the_acting_side_must_act():
    # DN-SEQ-2
    ruleset = load_ruleset(None, "standard", None)
    driver = Driver(ruleset, seed=1)
    duty = who_must_act(driver.state, ruleset)[0]
    assert duty.side is driver.state.acting and duty.battle is None
    assert any(order.endswith("place-neutral SYSTEM") for order in duty.orders)


def _two_battles() -> CampaignState:
    state = CampaignState()
    state.slots["combat"] = {
        "battles": {
            "hlirakh/solomani-aslan": {"stage": "range"},
            "marrow/aslan-neutral": {"stage": "range"},
        }
    }
    return state


def test_short_battle_ids_resolve_to_full_ids():
    state = _two_battles()
    assert short_ids(state) == {"hlirakh/solomani-aslan": "b1", "marrow/aslan-neutral": "b2"}
    assert resolve_battle(state, "b2") == "marrow/aslan-neutral"
    assert resolve_battle(state, "B1") == "hlirakh/solomani-aslan"
    assert resolve_battle(state, "marrow") == "marrow/aslan-neutral"
    assert resolve_battle(state, "hlirakh/solomani-aslan") == "hlirakh/solomani-aslan"
    order = canonical_battle_order(state, parse_order("aslan range b1"))
    assert order.to_notation() == "aslan range hlirakh/solomani-aslan"


@pytest.mark.parametrize("ref", ["b3", "b0", "nowhere", ""])
def test_unknown_battle_ids_are_refused_naming_the_battles(ref):
    with pytest.raises(InvalidOrderError) as refused:
        resolve_battle(_two_battles(), ref)
    assert "b1 = hlirakh/solomani-aslan" in refused.value.message


def test_a_combat_step_without_a_battle_suggests_no_cargo_order(service):
    """DN-SEQ-2 (found by use, December 7, night): on the demo, after ``aslan end-phase`` in
    First Movement, the status line read "aslan must act: first-combat/space phase — aslan
    load CARGO CARRIER", as if loading were what the game waited for. In a combat step with no
    battle, PD fire or losses waiting, loading and unloading come last: the step's own orders
    (``interact`` in the interaction step), else ending it; ``first_duty`` and
    ``who_must_act`` agree."""
    from campaign.rules.acting import first_duty

    suggested = []
    for _ in range(3):  # space, interaction, surface
        service.order("demo", "aslan end-phase")
        loaded = service.load("demo")
        state, ruleset = loaded.state, loaded.ruleset
        offered = {legal.verb for legal in engine.legal_orders(state, state.acting, ruleset)}
        assert state.phase.is_combat and "load" in offered
        duty = first_duty(state, ruleset)
        assert duty is not None and duty.orders[0] == who_must_act(state, ruleset)[0].orders[0]
        suggested.append((state.sub_phase.value if state.sub_phase else "", duty.orders[0]))
    assert suggested == [
        ("space", "aslan end-phase"),
        ("interaction", "aslan interact SYS LAND BOMBARD DROPS"),
        ("surface", "aslan end-phase"),
    ]
