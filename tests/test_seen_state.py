"""The state a player's seat sees keeps nothing of what a face-down counter is (DN-NEU-1).

``status`` prints the digest of the seat's seen state (``views.view_digest``), and an import
prints it for both players to compare: the whole state's digest would let a player test
guesses about the face-down counters against it, and so does a seen state that keeps a hidden
kind anywhere, in a unit or in the bookkeeping of a battle or of the dice. Found by use
(December 7): with a battle open against face-down counters, the battle record kept their
kinds and factors; after a bombardment, the count of dice per purpose kept the die of a
face-down PD's fire (or of a bombardment that a PD takes without a die). Two games that differ
only in the kinds of their face-down counters (each in its place, the stellar hex or the
surface box, which is public) give each player the same seen state and the same digest.
"""

from __future__ import annotations

import pytest

from campaign.rules import fairplay
from campaign.rules.folding import apply_event
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.phases import Phase, SubPhase
from campaign.rules.views import see, seen_state
from campaign.views.status import status_report
from tests.combat.campaign_helpers import Campaign, place
from tests.rulesets import sample

RULESET = sample()


def _seen(game: Campaign, viewer: Side | None) -> tuple[str, str]:
    """The seen state's canonical text and the digest ``status`` prints from ``viewer``'s
    seat."""
    seen = see(game.state, viewer)
    digest = status_report("t", seen, RULESET, seq=0).digest
    return seen_state(game.state, viewer).canonical_text(), digest


def _same_for_players(games: list[Campaign]) -> None:
    for side in PLAYER_SIDES:
        assert _seen(games[0], side) == _seen(games[1], side), side.value
    assert _seen(games[0], None) != _seen(games[1], None)  # the referee's differ


def _battle(hex_kinds: tuple[str, str]) -> Campaign:
    """Aslan light cruisers at Span against two face-down counters of ``hex_kinds`` in its
    stellar hex: the battle is open, its range not rolled yet."""
    counters = [
        place(f"N-X-{n}", kind, "hex:span", face_down=True)
        for n, kind in enumerate(hex_kinds, start=1)
    ]
    game = Campaign(
        [place("A-CL-1", "aslan:CL", "hex:span"), place("A-CL-2", "aslan:CL", "hex:span")]
        + counters,
        ruleset=RULESET,
    )
    game.enter()
    assert game.state.slots["combat"]["battles"]
    return game


def test_an_open_battle_keeps_no_face_down_kind_or_factor_in_a_players_view() -> None:
    # DN-NEU-1, DN-CBT-1: the battle record lists the combatants with their factors
    _same_for_players(
        [
            _battle(("neutral:M-8-0-7", "neutral:TR")),
            _battle(("neutral:M-0-8-8", "neutral:M-9-2-7")),
        ]
    )


def _bombarded(box_kind: str) -> Campaign:
    """An Aslan light cruiser bombards the face-down counter in Span's box, die 1: a PD
    takes no die and fires back (DN-INT-3), a regular troop takes the die; neither is hit."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:span"),
            place("N-X-1", box_kind, "box:span", face_down=True),
        ],
        phase=Phase.FIRST_COMBAT,
        sub_phase=SubPhase.INTERACTION,
        ruleset=RULESET,
    )
    game.enter()
    game.play("aslan interact span - A-CL-1>N-X-1 -", [1])
    assert not game.state.units["A-CL-1"].disrupted and not game.state.units["N-X-1"].disrupted
    return game


def test_the_dice_counted_in_a_step_keep_no_concealed_die_in_a_players_view() -> None:
    # DN-NEU-1, DN-INT-3 (ADR 0056): the dice a player may not see rolled are not counted in
    # his view either; whether the die was the PD's or the bombardment's tells what it is
    _same_for_players([_bombarded("neutral:PD"), _bombarded("neutral:RT-2")])


def _revealed_to_the_machines(kind: str) -> Campaign:
    """Fair mode (ADR 0028): the counter in Span's box was revealed to both machines as
    ``kind`` at a contact and stays face down for the players."""
    game = Campaign([place("N-X-1", kind, "box:span", face_down=True)], ruleset=RULESET)
    apply_event(game.state, fairplay.FairPlayChosen(decks={"token": 1, "box": 1, "hex": 0}))
    fair = fairplay.slot(game.state)
    fair["drawn"] = {"token": 1, "box": 1, "hex": 0}
    fair["cards"]["N-X-1"] = "box-1"
    fair["revealed"] = {"token-1": "box/1", "box-1": f"{kind}/1"}
    return game


@pytest.mark.parametrize("other", ["neutral:RT-2", "neutral:AT-8"])
def test_a_card_revealed_to_the_machines_keeps_its_kind_out_of_a_players_view(other: str):
    # DN-NEU-1, fair mode (ADR 0028): the machines learn the kind, the players do not
    _same_for_players([_revealed_to_the_machines("neutral:PD"), _revealed_to_the_machines(other)])
