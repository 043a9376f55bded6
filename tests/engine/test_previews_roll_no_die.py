"""A player's step-ending preview rolls no die he may not know yet (DN-SEQ-2, DN-GND-2).
Found by use (December 7).

Before `pass` or `end-phase` is sent, a player's screen says where it would lead ("Then: …",
`app.preview.ending_preview`). The dry run rolled the campaign's own seeded dice, which are
bound to the seed and the roll's purpose: exactly the dice the real order rolls. Two Aslan
regular troops landing on a face-up neutral armour at Span were told "Then: aslan must act:
ground combat at span: aslan choose 1 unit(s) to remove" only when the seed's dice lost the
ground combat, and he could rearrange his orders and ask again. The preview of a player's seat
must not depend on the seed; the referee's seat, which holds it, still previews to the end.
"""

from __future__ import annotations

from campaign.app.campaigns import Loaded
from campaign.app.preview import dice_needed, ending_preview, refusal
from campaign.records.rows import CampaignRow, Head
from campaign.rules.ids import Side
from campaign.rules.seats import REFEREE, Seat
from tests.combat.campaign_helpers import Campaign, place
from tests.engine.test_hidden_previews import _landed, _loaded

SEEDS = "abcdefgh"
ASLAN = Seat(Side.ASLAN)


def _landed_on_armour() -> Campaign:
    """Two Aslan regular troops landed in Span's box, held by a face-up neutral armour: the
    ground combat of the surface sub-phase rolls dice and nothing in it is hidden."""
    return _landed("neutral:AT-8", face_down=False)


def test_a_players_preview_is_the_same_whatever_the_seeds_dice():
    """DN-SEQ-2 with DN-GND-2: the real outcome (the referee's preview, the seeded dice)
    differs by the seed; the player's preview does not, and says dice decide from the surface
    sub-phase on."""
    games = {seed: _loaded(_landed_on_armour(), seed) for seed in SEEDS}
    real = {seed: ending_preview(one, "aslan end-phase", REFEREE) for seed, one in games.items()}
    seen = {seed: ending_preview(one, "aslan end-phase", ASLAN) for seed, one in games.items()}
    assert len({found.then_acting for found in real.values() if found}) > 1  # it can fail
    assert len(set(seen.values())) == 1
    found = seen["a"]
    assert found is not None
    assert (found.steps, found.then_label) == (1, "first-combat/surface")
    assert found.then_acting == (
        "dice are rolled in first-combat/surface: what they decide is not previewed (DN-SEQ-2)"
    )


def test_the_other_dry_runs_of_a_player_do_not_follow_the_seed():
    """DN-SEQ-2: the dice hint and the refusal of a player's seat are the same whatever the
    seed (they roll made-up dice); an order that rolls no die is previewed to its end."""
    games = [_loaded(_landed_on_armour(), seed) for seed in SEEDS]
    assert len({tuple(dice_needed(one, "aslan end-phase", ASLAN)) for one in games}) == 1
    assert {refusal(one, "aslan end-phase", ASLAN) for one in games} == {None}


def _at_range(seed: str) -> Loaded:
    """One Aslan cruiser against one Solomani cruiser at Neb-A, the range to roll: a tie
    (about one seed in six) rolls both dice again (DN-CBT-1)."""
    game = Campaign(
        [place("A-CL-1", "aslan:CL", "hex:neb-a"), place("S-CL-1", "solomani:CL", "hex:neb-a")]
    )
    game.enter()
    row = CampaignRow("t", "standard", seed, "{}", game.ruleset.profile_hash)
    return Loaded(row=row, head=Head(0, "", 0), state=game.state, ruleset=game.ruleset)


def test_a_players_dice_hint_does_not_tell_a_tie_before_it_is_rolled():
    """DN-SEQ-2 with DN-CBT-1: the referee's dice hint, from the seeded dice, lists the re-roll
    only for the seeds whose range dice tie; a player's lists the same two dice for every seed
    (the re-roll is asked when due, ``next_die``)."""
    order = "aslan range neb-a/aslan-solomani"
    games = [_at_range(seed) for seed in (f"s{n}" for n in range(24))]
    assert len({len(dice_needed(one, order, REFEREE)) for one in games}) > 1  # it can fail
    assert {tuple(dice_needed(one, order, ASLAN)) for one in games} == {
        ("range neb-a round 1 solomani try 1", "range neb-a round 1 aslan try 1")
    }
