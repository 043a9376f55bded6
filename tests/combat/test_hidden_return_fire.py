"""Return fire where a face-down counter stands reads the same whatever the counter is
(DN-NEU-1, DN-CBT-3, DN-CBT-5).

Two ways a round names return fire: a lone unit facing several enemies returns fire at the one
its side chose ("A-CL-1 returns fire at …", in the declaration), and the target of a close
attack returns fire on its attacker with its full beam. A face-down counter is a lone unit, a
target or a firer in either; its kind decides whether it has a beam to return fire with. Two
games whose face-down counters differ only in kind must read the same to either player, round
included; the dice here miss at every odds both kinds give, so only the telling may differ. The
referee reads every shot.
"""

from __future__ import annotations

import pytest

from campaign.rules.dice import PhysicalSource
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.narration import narrate
from tests.combat.campaign_helpers import Campaign, place
from tests.rulesets import sample

RULESET = sample()
BATTLE = "span/aslan-neutral"
#: Every die rolls 1: a miss at every odds below 3:1, which a cruiser's beam 5 has against both
#: monitors (defence 7 and 8) and a beam monitor's 8 against a cruiser's defence 4.
MISS = PhysicalSource(lambda context: 1)
#: A beam monitor (it returns fire with its beam) and a missile monitor (no beam: it cannot).
BEAM, MISSILE = "neutral:M-8-0-7", "neutral:M-0-8-8"


def _battle(kinds: tuple[str, ...], aslan: tuple[str, ...], orders: list[str], viewer: Side | None):
    """Aslan cruisers ``aslan`` against face-down counters of ``kinds`` at Span, short range
    (the Aslan win the range roll): what ``viewer`` reads of the targets named, ``orders`` and
    the round fired with dice that all miss."""
    game = Campaign(
        [
            *(place(uid, "aslan:CL", "hex:span") for uid in aslan),
            *(
                place(f"N-X-{n}", kind, "hex:span", face_down=True)
                for n, kind in enumerate(kinds, 1)
            ),
        ],
        ruleset=RULESET,
    )
    game.enter()
    game.play(f"aslan range {BATTLE}", [1, 6])
    game.play(f"aslan choose-range {BATTLE} short")
    lines = []
    for text in [*orders, f"aslan fire {BATTLE}"]:
        before = game.state.clone()
        events = game.play(text, MISS)
        lines += [
            line
            for item in narrate(events, before, viewer=viewer, ruleset=RULESET)
            for line in item.lines
        ]
    return lines


def _lone_cruiser(kinds: tuple[str, str], viewer: Side | None) -> list[str]:
    """A-CL-1 alone against two face-down counters: it close-attacks the one named first and
    returns fire at the other (DN-CBT-3, DN-CBT-5)."""
    return _battle(
        kinds,
        ("A-CL-1",),
        [f"aslan target {BATTLE} A-CL-1", f"aslan declare {BATTLE} A-CL-1 - - A-CL-1>N-X-2"],
        viewer,
    )


def _lone_counter(kind: str, viewer: Side | None) -> list[str]:
    """One face-down counter against two cruisers, A-CL-2 close-attacking it: a beam monitor
    returns fire on A-CL-2 with its full beam, a missile monitor has none to return."""
    return _battle(
        (kind,),
        ("A-CL-1", "A-CL-2"),
        [
            f"aslan target {BATTLE} A-CL-1",
            f"aslan target {BATTLE} A-CL-2 1",
            f"aslan declare {BATTLE} A-CL-2 - - -",
        ],
        viewer,
    )


@pytest.mark.parametrize("side", PLAYER_SIDES, ids=lambda side: side.value)
def test_a_lone_units_return_fire_reads_the_same_whatever_the_counters_are(side):
    # DN-NEU-1, DN-CBT-3: "A-CL-1 returns fire at a face-down neutral", the round after it
    told = [_lone_cruiser(kinds, side) for kinds in ((BEAM, MISSILE), (MISSILE, BEAM))]
    assert told[0] == told[1], side.value
    assert any("returns fire at a face-down neutral" in line for line in told[0])
    assert not any("M-" in line or "beam 8" in line for line in told[0])


@pytest.mark.parametrize("side", PLAYER_SIDES, ids=lambda side: side.value)
def test_a_face_down_counters_return_fire_reads_the_same_whatever_it_is(side):
    # DN-NEU-1, DN-CBT-5: the beam monitor's "returns fire on A-CL-2 with its full beam" named
    # its beam; the missile monitor fires no such shot
    told = [_lone_counter(kind, side) for kind in (BEAM, MISSILE)]
    assert told[0] == told[1], side.value
    assert not any("returns fire" in line for line in told[0])
    assert any("the face-down neutrals' fire" in line for line in told[0])


def test_the_referee_reads_the_return_fire():
    # DN-CBT-5: the referee's seat reads the beam monitor's shot with its die
    assert any(
        "N-X-1 returns fire on A-CL-2 with its full beam (beam 8" in line
        for line in _lone_counter(BEAM, None)
    )
    assert not any("returns fire on" in line for line in _lone_counter(MISSILE, None))
