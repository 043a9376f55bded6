"""DN-REA-1 (issue 16 item 2): the Reaction Combat participants are fixed when Reaction Combat
starts, the whole stack by unit id, so survivors still act after the stack's first unit dies.

Driven by orders from Reaction Movement: the Solomani reaction stack jumps to Veri (neb-c),
where an Aslan dreadnought and Aslan troops wait; the dreadnought destroys S-CL-1 (the stack's
first unit) and withdraws into its box."""

from __future__ import annotations

from campaign.rules import narration
from campaign.rules.narration import NarrationView
from campaign.rules.phases import Phase, SubPhase
from tests.combat.campaign_helpers import Campaign, place

BATTLE = "neb-c/solomani-aslan"


def _first_unit_of_the_stack_destroyed(*extra) -> Campaign:
    units = [
        place("S-CL-1", "solomani:CL", "hex:sol-b", stack="r"),
        place("S-DD-1", "solomani:DD", "hex:sol-b", stack="r"),
        *extra,
        place("A-B1-1", "aslan:B1", "hex:neb-c"),
        place("A-RT-1", "aslan:RT-4", "box:neb-c"),
    ]
    game = Campaign(units, phase=Phase.REACTION_MOVEMENT, sub_phase=None)
    game.enter()
    game.play("solomani jump r neb-c")
    game.play("solomani end-phase")
    game.play(f"solomani range {BATTLE}", [1, 6])
    game.play(f"solomani choose-range {BATTLE} short")
    game.play(f"aslan target {BATTLE} A-B1-1")
    game.play(f"solomani target {BATTLE} S-CL-1")
    for leftover in ("S-DD-1", *(u.id for u in extra if u.location.where == "hex")):
        game.play(f"solomani target {BATTLE} {leftover} 1")  # leftovers join engagement 1
    game.play(f"solomani fire {BATTLE}", [6, 1])  # B1 beam 9 vs CL 3: X; CL beam 5 vs B1 9: -
    assert game.where("S-CL-1") == "eliminated"
    game.play(f"aslan withdraw {BATTLE} box")
    game.play("solomani end-phase")
    assert (game.state.phase, game.state.sub_phase) == (Phase.REACTION_COMBAT, SubPhase.INTERACTION)
    return game


def test_survivor_of_the_reaction_stack_bombards_after_its_first_unit_died():
    # DN-REA-1: S-DD-1 moved in the reaction stack; the death of S-CL-1 does not shut it out
    game = _first_unit_of_the_stack_destroyed()
    events = game.play("solomani interact neb-c - S-DD-1>A-RT-1 -", [6])
    assert [r.purpose for r in events[-1].rolls] == ["bombard neb-c S-DD-1>A-RT-1"]


def test_reaction_ground_combat_is_fought_after_the_first_unit_died():
    # DN-REA-1: troops landed by the reaction stack's transport fight in the surface sub-phase
    game = _first_unit_of_the_stack_destroyed(
        place("S-TR-1", "solomani:TR", "hex:sol-b", stack="r"),
        place("S-RT-1", "solomani:RT-5", "on:S-TR-1"),
    )
    game.play("solomani interact neb-c S-TR-1 - -")
    assert game.where("S-RT-1") == "box:neb-c"
    events = game.play("solomani end-phase", [6, 6])
    assert any(e.type == "ground-fought" for e in events), [e.type for e in events]


def test_a_disrupted_ship_that_stayed_behind_does_not_fight_in_reaction_combat():
    """DN-REA-1, DN-MOV-9: a disrupted ship of the reaction stack that failed its roll to move
    stayed where it was; it is no unit of the stack that moved, nor in the system the stack
    entered. Found by use: "Reaction Combat at Span: S-CA-3, …, S-CS-1 may fight" named the
    two cruisers left at Scarp, and such a ship could bombard a box where it stood."""
    units = [
        place("S-CL-1", "solomani:CL", "hex:sol-b", stack="r"),
        place("S-DD-1", "solomani:DD", "hex:sol-b", stack="r", disrupted=True),
        place("A-B1-1", "aslan:B1", "hex:neb-c"),
        place("A-RT-2", "aslan:RT-4", "box:sol-b"),
    ]
    game = Campaign(units, phase=Phase.REACTION_MOVEMENT, sub_phase=None)
    game.enter()
    game.play("solomani jump r neb-c", [1])  # S-DD-1 rolls 1, needs 2: stays (DN-MOV-9)
    assert (game.where("S-CL-1"), game.where("S-DD-1")) == ("hex:neb-c", "hex:sol-b")
    events = game.play("solomani end-phase")
    (fixed,) = [e for e in events if e.type == "reaction-participants-fixed"]
    assert (fixed.system, fixed.units) == ("neb-c", ["S-CL-1"])
    game.play(f"solomani range {BATTLE}", [1, 6])
    game.play(f"solomani choose-range {BATTLE} short")
    game.play(f"aslan target {BATTLE} A-B1-1")
    game.play(f"solomani target {BATTLE} S-CL-1")
    game.play(f"solomani fire {BATTLE}", [1, 1])
    game.play(f"aslan withdraw {BATTLE} neb-b")
    game.play("solomani end-phase")
    assert (game.state.phase, game.state.sub_phase) == (Phase.REACTION_COMBAT, SubPhase.INTERACTION)
    game.reject("solomani interact sol-b - S-DD-1>A-RT-2 -", rule="DN-REA-1")


def test_a_reaction_where_no_enemy_stands_says_there_is_nothing_to_fight():
    """DN-REA-1 (found by use, December 7, late night): a reaction stack that jumped where no
    enemy stood was told "Reaction Combat at Concord: S-B1-1, … may fight"; it reads that
    nothing is there to fight, and a stack that meets the enemy still reads who may fight."""
    quiet = Campaign(
        [place("S-CL-1", "solomani:CL", "hex:sol-b", stack="r")],
        phase=Phase.REACTION_MOVEMENT,
        sub_phase=None,
    )
    quiet.enter()
    quiet.play("solomani jump r neb-c")
    events = quiet.play("solomani end-phase")
    said = [narration.describe(e, NarrationView(quiet.state, None, quiet.ruleset)) for e in events]
    assert any(
        line is not None and line.endswith(": no enemy unit is there, nothing to fight (DN-REA-1)")
        for line in said
    ), said
    fought = _first_unit_of_the_stack_destroyed()
    (fixed,) = [e for e in fought.events if e.type == "reaction-participants-fixed"]
    view = NarrationView(fought.state, None, fought.ruleset)
    assert "may fight" in (narration.describe(fixed, view) or "")
