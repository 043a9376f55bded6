"""Dice as a capability: seeded, physical and fixed sources; rolls stored in events."""

from __future__ import annotations

from collections import Counter

import pytest

from campaign.rules import engine
from campaign.rules.dice import (
    Dice,
    FixedSource,
    PhysicalSource,
    RollContext,
    SeededSource,
    wrong_dice_count,
)
from campaign.rules.errors import EngineBugError, IllegalOrderError, InvalidOrderError
from campaign.rules.ids import Side
from campaign.rules.state import CampaignState
from tests.engine import rolling
from tests.engine.factory import Game


def _ctx(purpose: str = "p", index: int = 0, sides: int = 6, step: int = 5) -> RollContext:
    return RollContext("camp", 1, step, purpose, index, sides)


def test_seeded_rolls_are_reproducible_and_in_range():  # DN-ERR-1
    source = SeededSource("secret")
    values = [source.draw(_ctx(index=i)) for i in range(600)]
    assert values == [SeededSource("secret").draw(_ctx(index=i)) for i in range(600)]
    assert set(values) == {1, 2, 3, 4, 5, 6}
    assert values != [SeededSource("other").draw(_ctx(index=i)) for i in range(600)]


def test_seeded_rolls_are_unbiased():  # DN-ERR-1
    source = SeededSource("uniformity")
    counts = Counter(source.draw(_ctx(index=i)) for i in range(6000))
    chi2 = sum((counts[face] - 1000) ** 2 / 1000 for face in range(1, 7))
    assert chi2 < 20.5  # p < 0.001 for 5 degrees of freedom


def test_seeded_roll_bound_to_purpose_not_to_order():  # DN-ERR-1
    source = SeededSource("s")
    state = CampaignState(campaign_id="camp", turn=1, step=5)
    first = Dice(source, state)
    a_then_b = (first.roll("battle A"), first.roll("battle B"))
    second = Dice(source, state)
    b_then_a = (second.roll("battle B"), second.roll("battle A"))
    assert a_then_b == (b_then_a[1], b_then_a[0])
    # the same purpose rolled again gives the next index, not a repeat of the stream start
    third = Dice(source, state)
    repeats = [third.roll("battle A") for _ in range(20)]
    assert repeats[0] == a_then_b[0] and len(set(repeats)) > 1


def test_physical_dice_out_of_range_refused():  # DN-ERR-1
    dice = Dice(PhysicalSource.from_values([7]), CampaignState())
    with pytest.raises(InvalidOrderError, match="not 1..6"):
        dice.roll("range roll")
    empty = Dice(PhysicalSource.from_values([]), CampaignState())
    with pytest.raises(InvalidOrderError, match="range roll"):
        empty.roll("range roll")


def test_choose_and_shuffle_cover_all_items():  # DN-ERR-1
    dice = Dice(SeededSource("x"), CampaignState())
    items = [str(i) for i in range(10)]
    assert sorted(dice.shuffle("deck", items)) == items
    assert all(0 <= dice.choose("pick", 3) < 3 for _ in range(50))
    assert len(dice.take()) == 9 + 50


@pytest.fixture
def roll_order():
    """The ``test-roll`` order type, registered for one test."""
    with rolling.registered():
        yield


def test_rolls_are_stored_in_events_and_replay_never_rolls(roll_order):  # DN-ERR-1
    game = Game()
    source = FixedSource([4])
    (event,) = game.play("aslan test-roll 3", source)
    assert event.value == 4
    assert [(r.purpose, r.value) for r in event.rolls] == [("test roll need 3", 4)]
    replayed = engine.fold(game.events)  # no dice source at all
    assert replayed.game_slots["test-rolled"] == 4
    assert engine.state_digest(replayed) == engine.state_digest(game.state)


def test_rejected_order_rolls_no_dice(roll_order):  # DN-ERR-1
    game = Game()
    source = FixedSource([5])
    error = game.reject("aslan test-roll 9", source)
    assert isinstance(error, IllegalOrderError) and error.rule_id == "DN-ERR-1"
    assert source.remaining == [5]


def test_unstored_roll_is_an_engine_bug(roll_order):  # DN-ERR-1
    game = Game()
    with pytest.raises(EngineBugError, match="not stored"):
        game.play("aslan test-roll 0", FixedSource([2]))


def test_seeded_dice_counted_per_step_in_state(roll_order):  # DN-ERR-1
    game = Game()
    game.play("aslan test-roll 2")
    assert game.state.dice_counts["test roll need 2"] == 1
    first = game.state.game_slots["test-rolled"]
    game.play("aslan test-roll 2")
    assert game.state.dice_counts["test roll need 2"] == 2
    again = Game()
    again.play("aslan test-roll 2")
    assert again.state.game_slots["test-rolled"] == first


def test_same_step_of_the_two_player_turns_rolls_independently():  # DN-ERR-1
    source = SeededSource("s")
    aslan = CampaignState(campaign_id="camp", turn=1, step=7, phasing=Side.ASLAN)
    solomani = CampaignState(campaign_id="camp", turn=1, step=7, phasing=Side.SOLOMANI)
    first = [Dice(source, aslan).roll(f"range roll {i}") for i in range(30)]
    second = [Dice(source, solomani).roll(f"range roll {i}") for i in range(30)]
    assert first != second


def test_a_refusal_for_one_die_says_die():
    """DN-ERR-1 (found by use, December 7): "this order rolls 1 dice" read "1 die"."""
    error = wrong_dice_count(["frontier maintenance S-DD-1"], 2)
    assert "this order rolls 1 die and 2 values were entered" in str(error)
    assert "rolls 2 dice" in str(wrong_dice_count(["a", "b"], 1))
