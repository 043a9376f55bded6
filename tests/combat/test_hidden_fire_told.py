"""A face-down counter's fire is told to a player without its weapon, and whether it fired at
all is not told (DN-NEU-1, DN-CBT-4, DN-INT-4). Found by use (December 7, evening).

A player read "a face-down neutral fires on A-CL-1 (missile, factors … not shown): no effect":
"missile" named the kind, and a face-down beam monitor at long range, which fires no shot, got
no line at all, so the line's presence told a missile monitor from a beam monitor or a
transport. Two games that differ only in what a face-down counter is must read the same to
either player; the referee still reads every shot.
"""

from __future__ import annotations

import pytest

from campaign.rules.combat import book
from campaign.rules.dice import PhysicalSource
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.narration import narrate
from campaign.rules.phases import SubPhase
from tests.combat.campaign_helpers import Campaign, place
from tests.rulesets import sample

RULESET = sample()
BATTLE = "span/aslan-neutral"
#: Every die rolls 1: every shot misses, whatever fired it, so only the telling may differ.
MISS = PhysicalSource(lambda context: 1)
#: A beam monitor (no missile factor: no shot at long range), a missile monitor, a transport.
SPACE_KINDS = ("neutral:M-8-0-7", "neutral:M-0-8-8", "neutral:TR")


def _told(game: Campaign, text: str, viewer: Side | None) -> list[str]:
    """The lines ``viewer`` reads of the order ``text``, played with dice that all miss."""
    before = game.state.clone()
    events = game.play(text, MISS)
    narrated = narrate(events, before, viewer=viewer, ruleset=RULESET)
    return [line for item in narrated for line in item.lines]


def _round(kind: str, viewer: Side | None) -> list[str]:
    """An Aslan light cruiser at Span against one face-down counter ``kind``; the neutrals win
    the range roll (long range, whatever the counter is) and the cruiser targets it: what
    ``viewer`` reads of the round fired."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:span"),
            place("N-X-1", kind, "hex:span", face_down=True),
        ],
        ruleset=RULESET,
    )
    game.enter()
    game.play(f"aslan range {BATTLE}", [6, 1])
    assert book.battles(game.state)[BATTLE]["range"] == "long"
    game.play(f"aslan target {BATTLE} A-CL-1")
    return _told(game, f"aslan fire {BATTLE}", viewer)


@pytest.mark.parametrize("side", PLAYER_SIDES, ids=lambda side: side.value)
def test_a_round_reads_the_same_whatever_the_face_down_counter_is(side):
    # DN-NEU-1, DN-CBT-4: one line for the face-down counters' fire, there whether they fired
    # or not, naming no weapon
    told = [_round(kind, side) for kind in SPACE_KINDS]
    assert told[0] == told[1] == told[2], side.value
    assert not any("fires on A-CL-1" in line for line in told[1])
    assert any("the face-down neutrals' fire" in line for line in told[0])


def test_the_referee_still_reads_every_shot():
    # DN-CBT-4: the referee's seat reads each shot with its weapon and die
    missile = _round("neutral:M-0-8-8", None)
    assert any("N-X-1 fires on A-CL-1 (missile" in line for line in missile)
    assert not any("face-down neutrals' fire" in line for line in missile)


def _bombarded(kind: str, viewer: Side | None) -> list[str]:
    """An Aslan light cruiser bombards one face-down counter ``kind`` in Span's box: what
    ``viewer`` reads (a PD fires back at it, an armoured troop does not)."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:span"),
            place("N-X-1", kind, "box:span", face_down=True),
        ],
        sub_phase=SubPhase.INTERACTION,
        ruleset=RULESET,
    )
    game.enter()
    return _told(game, "aslan interact span - A-CL-1>N-X-1", viewer)


@pytest.mark.parametrize("side", PLAYER_SIDES, ids=lambda side: side.value)
def test_a_bombardment_reads_the_same_whatever_the_face_down_counter_is(side):
    # DN-NEU-1, DN-INT-4: a face-down PD's shot read "(PD, factors … not shown)"
    told = [_bombarded(kind, side) for kind in ("neutral:PD", "neutral:RT-2")]
    assert told[0] == told[1], side.value
    assert not any("PD" in line for line in told[0])
