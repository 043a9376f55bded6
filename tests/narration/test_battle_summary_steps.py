"""The last battle's summary gives the target assignment once, whole (issue 44 item 4: it
repeated "1 engagement formed so far" for every step of the DN-CBT-3 protocol)."""

from __future__ import annotations

from campaign.rules import narration
from tests.combat.campaign_helpers import Campaign, place

BATTLE = "neb-a/aslan-solomani"


def test_the_summary_gives_each_round_s_assignment_once_and_no_step_of_it():
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-CL-2", "aslan:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("S-DD-2", "solomani:DD", "hex:neb-a"),
            place("S-DD-3", "solomani:DD", "hex:neb-a"),
        ]
    )
    before = game.state.clone()
    game.enter()
    game.play(f"aslan range {BATTLE}", [5, 2])
    game.play(f"solomani choose-range {BATTLE} long")
    game.play_all(
        [
            f"solomani target {BATTLE} S-DD-1",
            f"aslan target {BATTLE} A-CL-1",
            f"solomani target {BATTLE} S-DD-2",
            f"aslan target {BATTLE} A-CL-2",
            f"solomani target {BATTLE} S-DD-3 1",
        ]
    )
    steps = narration.condense(narration.narrate(game.events, before, ruleset=game.ruleset))
    assert sum("formed so far" in line for line in steps) >= 1  # the log keeps every step
    summary = narration.last_battle_summary(game.events, before, ruleset=game.ruleset)
    text = "\n".join(summary.lines)
    assert "formed so far" not in text and "the defender names" not in text
    assert text.count("targets assigned") == 1, text
