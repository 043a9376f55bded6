"""A physical-dice refusal as the referee's seat reads it (DN-ERR-1, DN-NEU-1). Found by use
(December 7).

In a `--dice physical` campaign the referee types `campaign order t 'aslan fire b1'` without
its dice; the refusal listed the rolls due as "fire span round 1 N-X-1>A-CL-1", the alias the
Aslan player knows, while `battles` and `log` name the counter N-M-1 for the referee. A refusal
is worded for the seat that reads it: real ids for the referee, aliases for a player's seat.
"""

from __future__ import annotations

import pytest

from campaign.rules import engine
from campaign.rules.dice import EnteredDice
from campaign.rules.errors import InvalidOrderError
from campaign.rules.notation import parse_order
from tests.combat.campaign_helpers import Campaign, place
from tests.rulesets import sample

RULESET = sample()
BATTLE = "span/aslan-neutral"


def _at_fire() -> Campaign:
    """Two Aslan light cruisers at Span against a face-down monitor N-M-1, at the fire stage."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:span"),
            place("A-CL-2", "aslan:CL", "hex:span"),
            place("N-M-1", "neutral:M-8-0-7", "hex:span", face_down=True),
        ],
        ruleset=RULESET,
    )
    game.enter()
    game.play(f"aslan range {BATTLE}", [1, 6])
    game.play(f"aslan choose-range {BATTLE} short")
    game.play(f"aslan target {BATTLE} A-CL-1")
    game.play(f"aslan target {BATTLE} A-CL-2 1")
    return game


def _refusal(by_referee: bool) -> str:
    game = _at_fire()
    order = parse_order(f"aslan fire {BATTLE}", game.state)
    with pytest.raises(InvalidOrderError) as refused:
        engine.decide(
            game.state, order, RULESET, EnteredDice([]), reader=None if by_referee else order.side
        )
    return str(refused.value)


def test_the_referee_reads_the_real_ids_of_the_rolls_due():
    """DN-ERR-1: the referee's refusal names the face-down counter by its real id (his seat
    reads real ids everywhere) and the battle by its short id."""
    text = _refusal(by_referee=True)
    assert "N-M-1>" in text and "N-X-1" not in text
    assert BATTLE not in text


def test_a_player_reads_the_alias():
    """DN-NEU-1: the ordering player's refusal names the counter by its alias only."""
    text = _refusal(by_referee=False)
    assert "N-X-1>" in text and "N-M-1" not in text
