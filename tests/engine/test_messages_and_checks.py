"""Issue 16 item 11: messages cite the right rule and read well; small input checks
(DN-ERR-1, DN-SEQ-2, DN-CBT-1/3/4/7, DN-MOV-2)."""

from __future__ import annotations

import pytest

from campaign.rules import engine, setup_rules
from campaign.rules.errors import InvalidOrderError
from campaign.rules.ids import Side
from campaign.rules.notation import parse_order
from campaign.rules.phases import Phase
from tests.combat.campaign_helpers import Campaign, place
from tests.movement.helpers import Game

BATTLE = "neb-a/aslan-solomani"


def _battle() -> Campaign:
    game = Campaign(
        [place("A-CL-1", "aslan:CL", "hex:neb-a"), place("S-DD-1", "solomani:DD", "hex:neb-a")]
    )
    game.enter()
    return game


def test_stage_errors_cite_the_rule_of_the_stage_the_battle_is_at():
    # DN-CBT-3 / DN-CBT-7: an order at the wrong stage names the step the battle waits for
    game = _battle()
    game.play(f"aslan range {BATTLE}", [1, 6])
    game.play(f"aslan choose-range {BATTLE} long")
    error = game.reject(f"aslan fire {BATTLE}")
    assert error.rule_id == "DN-CBT-3" and "waits for target assignment" in str(error)
    game.play(f"solomani target {BATTLE} S-DD-1")
    game.play(f"aslan target {BATTLE} A-CL-1")
    game.play(f"aslan fire {BATTLE}", [1, 6])  # DD missile 4 vs CL 4: -; CL missile 2 vs DD 1: X
    assert game.where("S-DD-1") == "eliminated"
    error = game.reject(f"aslan withdraw {BATTLE} neb-b")
    assert error.rule_id == "DN-CBT-7" and "is over" in str(error)


def test_an_order_to_a_battle_that_is_over_says_so_plainly():
    """DN-CBT-7 (found by use, December 7, evening): `stay` after the round that ended the
    battle read "battle … waits for nothing: it is over; this order belongs to the withdrawal
    decisions". It now says the battle is over and nothing is left to decide in it."""
    game = _battle()
    game.play(f"aslan range {BATTLE}", [1, 6])
    game.play(f"aslan choose-range {BATTLE} long")
    game.play(f"solomani target {BATTLE} S-DD-1")
    game.play(f"aslan target {BATTLE} A-CL-1")
    game.play(f"aslan fire {BATTLE}", [1, 6])  # S-DD-1 destroyed: the battle is over
    error = game.reject(f"aslan stay {BATTLE}")
    assert error.rule_id == "DN-CBT-7"
    assert "is over: nothing is left to decide in it" in str(error)
    assert "waits for nothing" not in str(error)


def test_wrong_owner_message_reads_well():
    # DN-SEQ-2: "S-DD-1 is not one of aslan's units" (not "not a aslan unit")
    game = Game(
        phase=Phase.FIRST_MOVEMENT,
        counters="""
        S-DD-1 solomani:DD hex:ftahr
        A-CL-1 aslan:CL hex:ftahr
    """,
    )
    error = game.reject("aslan form-stack g A-CL-1,S-DD-1", rule="DN-SEQ-2")
    assert "S-DD-1 is not one of aslan's units" in str(error)


def test_form_stack_refuses_duplicate_ids():
    # DN-MOV-2 / DN-ERR-1: a unit named twice is refused, nothing changes
    game = Game(
        phase=Phase.FIRST_MOVEMENT,
        counters="""
        A-CL-1 aslan:CL hex:ftahr
        A-CL-2 aslan:CL hex:ftahr
    """,
    )
    with pytest.raises(InvalidOrderError, match="A-CL-1 named more than once"):
        engine.decide(
            game.state, parse_order("aslan form-stack g A-CL-1,A-CL-2,A-CL-1"), game.ruleset
        )
    assert all(u.stack is None for u in game.state.units.values())


def test_referee_set_ru_is_bounded():
    # DN-ERR-1: 10^32 RU is refused as input, not stored
    with pytest.raises(InvalidOrderError, match="RU: must be at most 10000"):
        parse_order(f'referee set-ru aslan {10**32} "typo"')
    assert parse_order('referee set-ru aslan 10000 "big win"').ru == 10000


def test_verbs_kinds_units_and_systems_are_case_insensitive():
    # DN-SEQ-2: one rule for case: everything a player types except stack labels and reasons
    game = Game(
        phase=Phase.FIRST_MOVEMENT,
        counters="""
        A-CL-1 aslan:CL hex:ftahr
        A-CL-2 aslan:CL hex:ftahr
    """,
    )
    game.play("ASLAN Form-Stack g a-cl-1,A-cl-2")
    game.play("Aslan JUMP g Hlirakh")
    assert game.where("A-CL-2") == "hex:hlirakh"
    assert parse_order("Solomani PRODUCE rt-5 1 Box:Halden").to_notation() == (
        "solomani produce RT-5 1 box:halden"
    )
    assert parse_order('REFEREE Set-RU Aslan 5 "Recount"').to_notation() == (
        "referee set-ru aslan 5 Recount"
    )


def test_a_referee_override_that_changes_nothing_is_refused():
    """DN-ERR-1 (found by use, December 7, night): `referee set-ru solomani 79 "…"` with 79 RU
    in hand was logged as an override, "the Solomani had 79 RU, now have 79 RU"; an
    adjust-unit that moves a unit where it stands did the same. Both are refused now, saying
    what the unit or side already has, and change nothing."""
    game = Game(
        phase=Phase.FIRST_MOVEMENT,
        counters="""
        A-CL-1 aslan:CL hex:ftahr
    """,
    )
    have = game.state.ru[Side.ASLAN]
    error = game.reject(f'referee set-ru aslan {have} "recount"', rule="DN-ERR-1")
    assert f"{have} RU already" in error.reason
    error = game.reject('referee adjust-unit A-CL-1 hex:ftahr no "misplaced"', rule="DN-ERR-1")
    assert "A-CL-1" in error.reason and "already" in error.reason
    game.reject('referee adjust-unit A-CL-1 - - "nothing"', rule="DN-ERR-1")
    game.play(f'referee set-ru aslan {have + 1} "recount"')
    game.play('referee adjust-unit A-CL-1 hex:ftahr yes "disrupted at the table"')
    assert game.state.units["A-CL-1"].disrupted


def test_a_referee_adjustment_puts_a_pd_only_in_a_box_without_one():
    """DN-MOV-10 DN-ERR-1 (found by use, December 7, late night): ``adjust-unit`` put a PD
    marker into a surface box that held one, or in a stellar hex; both are refused as a
    deployment is, and nothing changes."""
    game = Game(
        phase=Phase.FIRST_MOVEMENT,
        counters="""
        A-PD-1 aslan:PD box:hlirakh
        A-PD-2 aslan:PD box:eawyo
    """,
    )
    error = game.reject('referee adjust-unit A-PD-2 box:hlirakh - "moved"', rule="DN-MOV-10")
    assert "already holds PD A-PD-1" in error.reason
    game.reject('referee adjust-unit A-PD-2 hex:eawyo - "moved"', rule="DN-MOV-7")
    game.play('referee adjust-unit A-PD-2 box:ftahr - "set up in the wrong box"')
    assert game.where("A-PD-2") == "box:ftahr"


def test_one_pd_a_box_is_one_check_for_deployment_and_adjustment(monkeypatch):
    """DN-MOV-10: the one-PD-a-box refusal was written twice, in the set-up's deploy
    (DN-SET-2) and in the referee's ``adjust-unit`` (found by use, December 8). Both go through
    ``setup_rules.check_one_pd_in_box`` now and refuse with the same sentence."""
    counters = """
        A-PD-1 aslan:PD box:hlirakh
        A-PD-2 aslan:PD unplaced
    """
    deploying = Game(phase=Phase.SETUP_DEPLOY, counters=counters)
    deployed = deploying.reject("aslan deploy A-PD-2 box:hlirakh", rule="DN-MOV-10")
    adjusting = Game(phase=Phase.FIRST_MOVEMENT, counters=counters)
    adjusted = adjusting.reject(
        'referee adjust-unit A-PD-2 box:hlirakh - "moved"', rule="DN-MOV-10"
    )
    assert (
        deployed.reason == adjusted.reason == "the surface box of Hlirakh already holds PD A-PD-1"
    )

    checked: list[str] = []
    monkeypatch.setattr(
        setup_rules,
        "other_pd_in_box",
        lambda state, ruleset, unit, location: checked.append(unit.id),
    )
    Game(phase=Phase.SETUP_DEPLOY, counters=counters).play("aslan deploy A-PD-2 box:hlirakh")
    Game(phase=Phase.FIRST_MOVEMENT, counters=counters).play(
        'referee adjust-unit A-PD-2 box:hlirakh - "moved"'
    )
    assert checked == ["A-PD-2", "A-PD-2"]
