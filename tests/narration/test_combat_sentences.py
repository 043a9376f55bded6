"""Combat sentences that explain what the dice did (issue 29): a D that counts as X, several
D that destroy, close attacks and their full-beam return, range ties, fighters disrupted with
their mothership. Rounds are played through the engine and narrated for the referee."""

from __future__ import annotations

from campaign.rules import narration
from campaign.rules.dice import FixedSource
from campaign.rules.state import CampaignState
from tests.combat.campaign_helpers import Campaign, place

BID = "neb-a/aslan-solomani"


def _lines(game: Campaign, order: str, dice: list[int]) -> list[str]:
    """Play ``order`` and return its sentences as the referee reads them."""
    before: CampaignState = game.state.clone()
    events = game.play(order, FixedSource(dice))
    return narration.condense(narration.narrate(events, before, ruleset=game.ruleset))


def _short_range(units: list, defender_first: list[str], answers: list[str]) -> Campaign:
    """A battle at Aagar (neb-a) at short range with the given DN-CBT-3 steps done."""
    game = Campaign(units)
    game.enter()
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} short")
    for uid in defender_first:
        game.play(f"solomani target {BID} {uid}")
    for text in answers:
        game.play(f"aslan target {BID} {text}")
    return game


def test_a_d_on_a_disrupted_ship_reads_as_d_counted_as_x():
    # DN-CBT-4: the die gives D (3 on the 3:2 column); the target was disrupted: X, and the
    # shot line says why instead of printing a bare X
    game = _short_range(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("S-CL-1", "solomani:CL", "hex:neb-a", disrupted=True),
        ],
        ["S-CL-1"],
        ["A-CL-1"],
    )
    text = "\n".join(_lines(game, f"aslan fire {BID}", [3, 3]))
    assert "S-CL-1 destroyed" in text
    assert (
        "A-CL-1 fires on S-CL-1 (beam 5 vs defence 3, column 3:2), rolls 3: D on a "
        "disrupted ship counts as X (DN-CBT-4)"
    ) in text


def test_three_d_that_destroy_are_explained_in_the_outcome():
    # DN-CBT-4: three D on one undisrupted ship in one round destroy it (the second D finds it
    # disrupted): the outcome line says so next to "destroyed"
    game = _short_range(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-CL-2", "aslan:CL", "hex:neb-a"),
            place("A-CL-3", "aslan:CL", "hex:neb-a"),
            place("S-CL-1", "solomani:CL", "hex:neb-a"),
        ],
        ["S-CL-1"],
        ["A-CL-1", "A-CL-2,A-CL-3 1,1"],
    )
    head = _lines(game, f"aslan fire {BID}", [3, 3, 3, 3])[0].split("\n")[0]
    assert "S-CL-1 destroyed (3 D in one round: a D on a disrupted unit counts as X)" in head


def test_close_attack_and_full_beam_return_are_named():
    # DN-CBT-5: the close attack and the target's defensive fire with its whole beam
    game = _short_range(
        [place("A-CL-1", "aslan:CL", "hex:neb-a"), place("S-CL-1", "solomani:CL", "hex:neb-a")],
        ["S-CL-1"],
        ["A-CL-1"],
    )
    game.play(f"aslan declare {BID} A-CL-1 - - -")
    text = "\n".join(_lines(game, f"aslan fire {BID}", [1, 1]))
    assert "A-CL-1 close-attacks S-CL-1 (beam 5 vs defence 3" in text
    assert "S-CL-1 returns fire on A-CL-1 with its full beam (beam 5 vs defence 4" in text
    assert "(DN-CBT-5)" in text


def test_a_range_tie_and_its_reroll_are_narrated():
    # DN-CBT-1: 3 against 3 ties (equal ship counts, no +1); the roll is made again: 2 against 5
    game = Campaign(
        [place("A-CL-1", "aslan:CL", "hex:neb-a"), place("S-CL-1", "solomani:CL", "hex:neb-a")]
    )
    game.enter()
    (line,) = _lines(game, f"aslan range {BID}", [3, 3, 2, 5])
    assert (
        "range roll solomani 3, aslan 3: a tie, rolled again (DN-CBT-1); solomani 2, aslan 5"
        in line
    )
    assert "the Aslan choose the range" in line


def test_fighters_disrupted_with_their_mothership_are_named():
    # DN-CBT-8: a D on the mothership disrupts the fighters it carries
    game = Campaign(
        [
            place("A-MS-1", "aslan:MS", "hex:neb-a"),
            place("A-F-1", "aslan:F", "on:A-MS-1"),
            place("S-CL-1", "solomani:CL", "hex:neb-a"),
        ]
    )
    game.enter()
    game.play(f"aslan launch {BID} A-F-1")
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} long")
    game.play(f"solomani target {BID} S-CL-1")
    game.play(f"aslan target {BID} A-MS-1")
    game.play(f"aslan target {BID} A-F-1 1")
    head = _lines(game, f"aslan fire {BID}", [4, 4])[0].split("\n")[0]
    assert "A-MS-1 disrupted" in head
    assert "A-F-1 disrupted with its mothership (DN-CBT-8)" in head
    assert game.state.units["A-F-1"].disrupted


def test_a_declaration_cites_the_rule_of_each_choice():
    # DN-CBT-3: a lone unit choosing which attacker it fires at is DN-CBT-3, not DN-CBT-5
    game = _short_range(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-CL-2", "aslan:CL", "hex:neb-a"),
            place("S-CL-1", "solomani:CL", "hex:neb-a"),
        ],
        ["S-CL-1"],
        ["A-CL-1", "A-CL-2 1"],
    )
    (line,) = _lines(game, f"solomani declare {BID} - - - S-CL-1>A-CL-2", [])
    assert line.endswith("S-CL-1 returns fire at A-CL-2 (DN-CBT-3)")
    (line,) = _lines(game, f"aslan declare {BID} A-CL-1", [])
    assert line.endswith("close attacks by A-CL-1 (DN-CBT-5)")


def test_cargo_lost_with_its_destroyed_transport_is_named():
    """DN-CBT-4 with DN-MOV-7 (found by use, December 7): a transport destroyed in space took
    the jump troops aboard with it, but the round read only "A-TR-1 destroyed": the troops
    left the game unnamed. The outcome names what was lost aboard."""
    game = Campaign(
        [
            place("A-TR-1", "aslan:TR", "hex:neb-a"),
            place("A-JT-1", "aslan:JT-6", "on:A-TR-1"),
            place("S-CL-1", "solomani:CL", "hex:neb-a"),
        ]
    )
    game.enter()
    game.play(f"aslan range {BID}", [6, 1])
    game.play(f"solomani choose-range {BID} short")
    game.play(f"solomani target {BID} S-CL-1")
    game.play(f"aslan target {BID} A-TR-1")
    head = _lines(game, f"aslan fire {BID}", [6])[0].split("\n")[0]
    assert "A-TR-1 destroyed with A-JT-1 aboard" in head
    assert game.state.units["A-JT-1"].location.where.value == "eliminated"


def test_a_destroyed_mothership_names_its_fighters_once_by_their_fate():
    """DN-CBT-8 DN-CBT-9 (found by use, December 8): a mothership destroyed while one fighter
    was out read "A-MS-1 destroyed with A-F-1, A-F-3 aboard; fighters lost with their
    mothership: A-F-3; fighters back to the box: A-F-1": the launched fighter was called
    aboard, and the one aboard was named twice. Each fighter is named once, by its fate."""
    game = Campaign(
        [
            place("A-MS-1", "aslan:MS", "hex:neb-a"),
            place("A-F-1", "aslan:F", "on:A-MS-1"),
            place("A-F-3", "aslan:F", "on:A-MS-1"),
            place("A-RT-1", "aslan:RT-5", "box:neb-a"),
            place("S-CL-1", "solomani:CL", "hex:neb-a"),
        ]
    )
    game.enter()
    game.play(f"aslan launch {BID} A-F-1")
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} long")
    game.play(f"referee referee-assign {BID} S-CL-1>A-MS-1+A-F-1")
    head = _lines(game, f"aslan fire {BID}", [6, 1])[0].split("\n")[0]
    assert "A-MS-1 destroyed;" in head and "aboard" not in head
    assert "fighters lost with their mothership: A-F-3 (DN-CBT-9)" in head
    assert "fighters back to the box: A-F-1 (DN-CBT-9)" in head
    assert game.where("A-F-1") == "box:neb-a" and game.where("A-F-3") == "eliminated"
