"""Regression tests for cross-area bugs found by random campaign play (tests/integration)."""

from __future__ import annotations

from campaign.rules.ids import Side
from campaign.rules.phases import Phase, SubPhase
from tests.combat.campaign_helpers import Campaign, place


def _stacked_in_box() -> Campaign:
    units = [
        place("A-CL-1", "aslan:CL", "box:neb-a", stack="g"),
        place("A-CL-2", "aslan:CL", "box:neb-a", stack="g"),
        place("A-RT-1", "aslan:RT-4", "box:neb-a"),
    ]
    game = Campaign(units, phase=Phase.FIRST_COMBAT, sub_phase=SubPhase.INTERACTION)
    game.enter()
    assert game.state.sub_phase is SubPhase.INTERACTION
    return game


def test_lift_off_of_part_of_a_stack_leaves_the_stack():  # DN-MOV-2 DN-INT-5
    # found by the random driver: lifting one ship of a stack off split the stack over box and hex
    game = _stacked_in_box()
    game.play("aslan lift-off neb-a A-CL-1")
    lifted, stayed = game.state.units["A-CL-1"], game.state.units["A-CL-2"]
    assert (lifted.location.to_text(), lifted.stack) == ("hex:neb-a", None)
    assert (stayed.location.to_text(), stayed.stack) == ("box:neb-a", "g")


def test_lift_off_of_a_whole_stack_keeps_it():  # DN-MOV-2 DN-INT-5
    game = _stacked_in_box()
    game.play("aslan lift-off neb-a A-CL-1,A-CL-2")
    assert {(u.location.to_text(), u.stack) for u in game.state.stack_members("g")} == {
        ("hex:neb-a", "g")
    }


def test_reaction_combat_refusal_names_dn_rea_1():  # DN-REA-1 DN-ERR-1
    # found by the random driver: a reacting ship outside the reaction stack's system was refused
    # with "A-CL-2 is not a aslan ship in the surface box" (DN-INT-5), which is false
    units = [
        place("A-CL-1", "aslan:CL", "hex:neb-a", stack="r"),
        place("A-CL-3", "aslan:CL", "box:neb-a"),
        place("A-CL-2", "aslan:CL", "box:neb-b"),
        place("S-DD-1", "solomani:DD", "box:neb-a"),
    ]
    game = Campaign(units, phase=Phase.REACTION_COMBAT, sub_phase=SubPhase.INTERACTION,
                    phasing=Side.SOLOMANI, reaction_stack=["A-CL-1"])
    game.enter()
    assert (game.state.sub_phase, game.state.acting) == (SubPhase.INTERACTION, Side.ASLAN)
    for text in ("aslan lift-off neb-b A-CL-2", "aslan interact neb-b A-CL-2 - -"):
        error = game.reject(text)
        assert error.rule_id == "DN-REA-1" and "A-CL-2" in str(error), text
    game.play("aslan lift-off neb-a A-CL-3")  # a friend in the entered system may act
    assert game.where("A-CL-3") == "hex:neb-a"
