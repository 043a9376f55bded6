"""Where a step-ending order would lead, as a player's seat is told before giving it, tells him
nothing of what a face-down counter is (DN-NEU-1, DN-SEQ-2). Found by use (December 7).

Before `pass` or `end-phase` is sent, a player's screen asks "… goes on N steps to … Then: …"
from a dry run with the campaign's seeded dice (`app.preview.ending_preview`), and nothing is
stored if he answers no. Run past the steps where his units meet a face-down counter, that dry
run told him what it is, for free: "Then: aslan must act: ground combat at span: aslan choose 1
unit(s) to remove" only when the counter in the box was strong enough to win; a battle in the
next step only when the counter in the stellar hex was armed. Two games that differ only in
the kind of a face-down counter must give a player the same preview; the referee's still
follows the dry run to its end.
"""

from __future__ import annotations

from campaign.app.campaigns import Loaded
from campaign.app.preview import ending_preview
from campaign.records.rows import CampaignRow, Head
from campaign.rules.ids import Side
from campaign.rules.phases import Phase, SubPhase
from campaign.rules.seats import REFEREE, Seat
from tests.combat.campaign_helpers import Campaign, place
from tests.rulesets import sample

RULESET = sample()


def _loaded(game: Campaign, dice_seed: str) -> Loaded:
    """``game``'s position as a loaded campaign with ``dice_seed`` (nothing stored)."""
    row = CampaignRow("t", "standard", dice_seed, "{}", RULESET.profile_hash)
    return Loaded(row=row, head=Head(0, "", 0), state=game.state, ruleset=RULESET)


def _landed(kind: str, *, face_down: bool = True) -> Campaign:
    """Two Aslan regular troops landed in Span's box, held by a neutral counter ``kind``
    (face down unless told); the interaction sub-phase is still on (the ground combat comes
    with the surface one)."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:span"),
            place("A-TR-1", "aslan:TR", "hex:span"),
            place("A-RT-1", "aslan:RT-4", "on:A-TR-1"),
            place("A-TR-2", "aslan:TR", "hex:span"),
            place("A-RT-2", "aslan:RT-4", "on:A-TR-2"),
            place("N-X-1", kind, "box:span", face_down=face_down),
        ],
        phase=Phase.FIRST_COMBAT,
        sub_phase=SubPhase.INTERACTION,
        ruleset=RULESET,
    )
    game.enter()
    game.play("aslan interact span A-TR-1,A-TR-2 - -")
    return game


def _alone_with(kind: str) -> Campaign:
    """An Aslan transport in Span's stellar hex with a face-down counter ``kind`` there, in
    First Movement: a battle opens next only if the counter can fire."""
    game = Campaign(
        [
            place("A-TR-1", "aslan:TR", "hex:span"),
            place("N-X-1", kind, "hex:span", face_down=True),
        ],
        phase=Phase.FIRST_MOVEMENT,
        sub_phase=None,  # type: ignore[arg-type]
        ruleset=RULESET,
    )
    game.enter()
    return game


def _previews(games: list[Campaign], seed: str, text: str) -> tuple[list, list]:
    loaded = [_loaded(game, seed) for game in games]
    return (
        [ending_preview(one, text, Seat(Side.ASLAN)) for one in loaded],
        [ending_preview(one, text, REFEREE) for one in loaded],
    )


def test_the_preview_stops_before_a_ground_combat_against_a_face_down_counter():
    # DN-GND-2 with DN-NEU-1: seed "b" makes the armour win and the regular troop lose
    player, referee = _previews(
        [_landed("neutral:RT-2"), _landed("neutral:AT-8")], "b", "aslan end-phase"
    )
    assert referee[0] != referee[1]  # the dry runs differ: the comparison can fail
    assert player[0] == player[1] and player[0] is not None
    assert player[0].then_label == "first-combat/surface"
    assert "face-down" in player[0].then_acting


def test_the_preview_stops_before_a_battle_that_a_face_down_counter_may_open():
    # DN-CBT-1 with DN-NEU-1: a transport meets a battle only if the counter can fire
    player, referee = _previews(
        [_alone_with("neutral:TR"), _alone_with("neutral:M-8-0-7")], "b", "aslan end-phase"
    )
    assert referee[0] != referee[1]
    assert player[0] == player[1] and player[0] is not None
    assert player[0].then_label == "first-combat/space"


def test_the_preview_goes_on_where_no_face_down_counter_is_met():
    # DN-SEQ-2: away from face-down counters a player's preview is the referee's
    game = _alone_with("neutral:TR")
    game.put("A-TR-2", "aslan:TR", "hex:keystone")
    game.state.units["A-TR-1"].location = game.state.units["A-TR-2"].location
    loaded = _loaded(game, "b")
    seen = ending_preview(loaded, "aslan end-phase", Seat(Side.ASLAN))
    assert seen == ending_preview(loaded, "aslan end-phase", REFEREE)
