"""DN-ERR-1 / DN-SEQ-2 (issue 16 item 5a): dice typed in for an order (``--dice``) must be exactly
as many as the order rolls; a refusal says how many and which shot each value is for."""

from __future__ import annotations

import pytest

from campaign.rules import engine
from campaign.rules.combat import book
from campaign.rules.dice import (
    MAX_ENTERED_DICE,
    EnteredDice,
    FixedSource,
    PhysicalSource,
    Screen,
)
from campaign.rules.errors import InvalidOrderError
from campaign.rules.notation import parse_order
from tests.combat.campaign_helpers import Campaign, place

BATTLE = "neb-a/aslan-solomani"


def _ready_to_fire() -> Campaign:
    """Two Aslan cruisers against two Solomani cruisers, engagements formed: 4 shots."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-CL-2", "aslan:CL", "hex:neb-a"),
            place("S-CL-1", "solomani:CL", "hex:neb-a"),
            place("S-CL-2", "solomani:CL", "hex:neb-a"),
        ]
    )
    game.enter()
    game.play(f"aslan range {BATTLE}", [1, 6])
    game.play(f"aslan choose-range {BATTLE} short")
    for side, uid in (
        ("solomani", "S-CL-1"),
        ("aslan", "A-CL-1"),
        ("solomani", "S-CL-2"),
        ("aslan", "A-CL-2"),
    ):
        game.play(f"{side} target {BATTLE} {uid}")
    return game


def _refusal(
    game: Campaign,
    values: list[int],
    order: str = f"aslan fire {BATTLE}",
    source: EnteredDice | None = None,
) -> str:
    before = engine.state_digest(game.state)
    with pytest.raises(InvalidOrderError) as caught:
        engine.decide(
            game.state,
            parse_order(order),
            game.ruleset,
            source if source is not None else PhysicalSource.from_values(values),
        )
    assert engine.state_digest(game.state) == before
    return str(caught.value)


def test_surplus_dice_are_refused_naming_every_shot_in_order():
    # DN-ERR-1: 6 values for 4 shots is refused, not silently cut to 4
    message = _refusal(_ready_to_fire(), [1, 2, 3, 4, 5, 6])
    assert "rolls 4 dice and 6 values were entered: 2 too many" in message
    assert (
        "1) fire neb-a round 1 S-CL-1>A-CL-1; 2) fire neb-a round 1 S-CL-2>A-CL-2; "
        "3) fire neb-a round 1 A-CL-1>S-CL-1; 4) fire neb-a round 1 A-CL-2>S-CL-2"
    ) in message


def test_too_few_dice_are_refused_listing_all_needed_not_only_the_next():
    # DN-ERR-1: 3 values for 4 shots: the message gives the count and the whole order
    message = _refusal(_ready_to_fire(), [1, 2, 3])
    assert "rolls 4 dice and only 3 were entered" in message
    assert "'fire neb-a round 1 A-CL-2>S-CL-2' is the first missing" in message
    assert "1) fire neb-a round 1 S-CL-1>A-CL-1" in message


def test_exact_count_is_accepted_and_recorded_in_order():
    # DN-ERR-1: exactly 4 values: every one is used, in the listed order
    game = _ready_to_fire()
    events = game.play(f"aslan fire {BATTLE}", PhysicalSource.from_values([1, 2, 3, 4]))
    assert [r.value for r in events[0].rolls] == [1, 2, 3, 4]


def test_dice_for_an_order_that_rolls_none_are_refused():
    # DN-ERR-1: an order without dice does not take typed values
    game = _ready_to_fire()
    with pytest.raises(InvalidOrderError, match="rolls no dice, but 1 value"):
        engine.decide(
            game.state,
            parse_order(f"aslan declare {BATTLE} - - - -"),
            game.ruleset,
            PhysicalSource.from_values([3]),
        )


def test_entered_dice_are_bounded():
    # DN-ERR-1: bound the input before using it
    with pytest.raises(InvalidOrderError, match=f"at most {MAX_ENTERED_DICE}"):
        PhysicalSource.from_values([1] * (MAX_ENTERED_DICE + 1))


def _at_range() -> Campaign:
    """One Aslan cruiser against one Solomani cruiser: equal ship counts, no +1 either way."""
    game = Campaign(
        [place("A-CL-1", "aslan:CL", "hex:neb-a"), place("S-CL-1", "solomani:CL", "hex:neb-a")]
    )
    game.enter()
    return game


def _range_refusal(game: Campaign, values: list[int]) -> str:
    return _refusal(game, values, f"aslan range {BATTLE}")


def test_typed_range_dice_that_tie_ask_for_the_reroll_by_rule():
    # DN-CBT-1 / DN-ERR-1 (issue 29 item 3): 3,3 ties; the range is rolled again, so the order
    # needs 2 more dice: the refusal says so by name and rule id (not "100 ties in a row")
    message = _range_refusal(_at_range(), [3, 3])
    assert message.startswith("DN-CBT-1: range tie")
    assert "give 2 more dice" in message
    assert "3) range neb-a round 1 solomani try 2; 4) range neb-a round 1 aslan try 2" in message
    game = _at_range()
    events = game.play(f"aslan range {BATTLE}", PhysicalSource.from_values([3, 3, 2, 5]))
    assert [r.value for r in events[0].rolls] == [3, 3, 2, 5]
    assert book.battles(game.state)[BATTLE]["chooser"] == "aslan"


def test_range_without_typed_dice_lists_the_two_dice():
    # DN-ERR-1: a physical-dice order given no values: the probe must not loop on made-up ties
    message = _range_refusal(_at_range(), [])
    assert "this order rolls 2 dice and only 0 were entered" in message
    assert "1) range neb-a round 1 solomani try 1; 2) range neb-a round 1 aslan try 1" in message


def test_one_range_die_typed_is_told_the_order_rolls_two():
    """DN-CBT-1 / DN-ERR-1 (found by use, December 7, evening): one range die typed (1) was
    refused with "this order rolls 4 dice", listing a re-roll: the made-up value the count
    probe put in for the missing die (1) tied with the typed one. The order rolls 2 dice
    unless they tie, so the refusal asks for 2; a tie is told when the dice typed tie."""
    for typed in ([1], [2], [3], [4], [5], [6]):
        message = _range_refusal(_at_range(), typed)
        assert "this order rolls 2 dice and only 1 were entered" in message, (typed, message)
        assert "try 2" not in message


def _screened(values: list[int], conceals: str) -> EnteredDice:
    """Typed dice behind a screen that conceals the shots naming ``conceals`` (as a player's
    seat types them: ``views.dice_screen``), rolled instead by a source that always gives 6."""
    behind = FixedSource([6] * 8)
    return EnteredDice(values, screen=Screen(conceals=lambda p: conceals in p, behind=behind))


def test_dice_behind_a_screen_are_rolled_there_and_not_typed():
    # DN-NEU-1, DN-ERR-1: the shots the screen conceals (here the two at or by A-CL-2) take no
    # typed value and are not counted; the two others take the typed values in order
    game = _ready_to_fire()
    source = _screened([1, 2], "A-CL-2")
    events = game.play(f"aslan fire {BATTLE}", source)
    assert [r.value for r in events[0].rolls] == [1, 6, 2, 6]
    assert source.asked == [
        "fire neb-a round 1 S-CL-1>A-CL-1",
        "fire neb-a round 1 A-CL-1>S-CL-1",
    ]


def test_a_wrong_count_behind_a_screen_counts_and_names_only_the_typed_dice():
    # DN-NEU-1, DN-ERR-1: the refusal counts "your dice", in words that hold whether or not
    # the seed also rolls concealed ones, and names none of the concealed shots
    message = _refusal(_ready_to_fire(), [], source=_screened([1, 2, 3], "A-CL-2"))
    assert "takes 2 of your dice and 3 values were entered: 1 too many" in message
    assert "A-CL-2" not in message
    hidden_all = _refusal(_ready_to_fire(), [], source=_screened([4], "round 1"))
    assert "takes none of your dice, but 1 value was entered" in hidden_all
