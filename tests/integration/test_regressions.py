"""Regression tests for cross-area bugs found by random campaign play (tests/integration)."""

from __future__ import annotations

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
