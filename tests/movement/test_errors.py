"""Bad movement input (DN-ERR-1): refused with the rule id and a sentence naming units and
systems; nothing changes; no die is rolled."""

from __future__ import annotations

import pytest

from campaign.rules.canonical import digest
from campaign.rules.dice import FixedSource
from campaign.rules.engine import decide
from campaign.rules.errors import InvalidOrderError
from campaign.rules.notation import parse_order
from campaign.rules.phases import Phase, SubPhase
from tests.movement.helpers import Game

BAD_ORDERS = [
    # (order, rule, words the sentence must contain)
    ("aslan jump f1 tether", "DN-MOV-4", ["A-CR-1", "Chasm", "tanker"]),
    ("aslan jump s1 ftahr,khtaoi", "DN-MOV-2", ["A-CL-1", "Ftahr", "S-CL-1"]),
    ("aslan jump s1 wahtoi,eawyo", "DN-MAP-4", ["Wahtoi", "Eawyo"]),
    ("aslan sublight s1 eawyo", "DN-MOV-1", ["Eawyo", "Hlirakh"]),
    ("aslan jump x1 hollow-star", "DN-NEB-1", ["Lantern-Hollow Star", "A-DD-9"]),
    ("aslan load A-RT-2 A-TR-1", "DN-MOV-7", ["A-TR-1", "A-RT-1"]),
    # a stack member named alone (issue 45 item 4: with its rule id)
    ("aslan jump A-CL-1 ftahr", "DN-MOV-2", ["A-CL-1", "stack s1", "split-stack"]),
]


def bad_world() -> Game:
    game = Game(
        counters="""
        A-CR-1 aslan:CR hex:chasm stack=f1
        A-CL-1 aslan:CL hex:hlirakh stack=s1
        A-DD-1 aslan:DD hex:hlirakh stack=s1
        S-CL-1 solomani:CL hex:ftahr
        A-DD-9 aslan:DD hex:lantern stack=x1 disrupted
        A-TR-1 aslan:TR hex:hlirakh
        A-RT-1 aslan:RT-4 on:A-TR-1
        A-RT-2 aslan:RT-4 box:hlirakh
    """
    )
    return game


@pytest.mark.parametrize(("text", "rule", "words"), BAD_ORDERS)
def test_bad_order_names_rule_units_and_systems(text, rule, words):
    # DN-ERR-1: rule id + a sentence naming the units and systems; no change, no dice
    error = bad_world().reject(text, rule=rule)
    for word in words:
        assert word in error.reason, (word, error.reason)


@pytest.mark.parametrize(
    "text",
    [
        "aslan jump nosuch ftahr",
        "aslan jump s1 atlantis",
        "aslan load A-RT-9 A-TR-1",
    ],
)
def test_malformed_or_unknown_names_are_invalid(text):
    # DN-ERR-1: unknown units/systems are InvalidOrderError
    game = bad_world()
    before = digest(game.state)
    with pytest.raises(InvalidOrderError):
        decide(game.state, parse_order(text), game.ruleset, FixedSource([6]))
    assert digest(game.state) == before


def test_fighters_are_not_put_down_in_a_hostile_box():
    # DN-CBT-8: a fighter needs a base (mothership or friendly box), so no unloading at Lantern
    game = Game(
        phase=Phase.FIRST_COMBAT,
        sub_phase=SubPhase.INTERACTION,
        counters="""
        N-RT-1 neutral:RT-2 box:lantern
        A-MS-1 aslan:MS hex:lantern
        A-F-1 aslan:F on:A-MS-1
    """,
    )
    assert "base" in game.reject("aslan unload A-F-1", rule="DN-CBT-8").reason


def test_a_destroyed_unit_named_in_a_move_is_said_destroyed():
    """DN-ERR-1 (found by use, December 7, evening): `aslan merge-stacks fleet A-CL-5`, A-CL-5
    destroyed in an earlier battle, was refused as "unknown stack or unit 'A-CL-5'; did you
    mean 'A-CL-2' or …", as if the id had been mistyped. The refusal now says the unit was
    destroyed; nothing changes."""
    game = Game(
        counters="""
        A-CL-1 aslan:CL hex:hlirakh stack=fleet
        A-CL-5 aslan:CL eliminated
    """
    )
    for text in ("aslan jump A-CL-5 ftahr", "aslan merge-stacks fleet A-CL-5"):
        error = game.reject(text)
        assert "A-CL-5 was destroyed" in error.message, (text, error.message)
        assert "unknown" not in error.message
