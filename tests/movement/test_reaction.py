"""Reaction movement: one stack only (DN-MOV-8), recorded for reaction combat (DN-REA-1)."""

from __future__ import annotations

from campaign.rules.movement import move_options, reaction_units
from campaign.rules.phases import Phase
from tests.movement.helpers import Game, S


def reacting_solomani() -> Game:
    """Aslan's player turn, Solomani reacting, with two Solomani stacks at Concord."""
    game = Game(
        phase=Phase.REACTION_MOVEMENT,
        counters="""
        S-CL-1 solomani:CL hex:concord stack=r1
        S-DD-1 solomani:DD hex:concord stack=r1
        S-CR-1 solomani:CR hex:concord stack=r2
    """,
    )
    return game


def test_reaction_second_stack_refused():
    # DN-MOV-8: the reacting player moves one stack only
    game = reacting_solomani()
    game.play("solomani jump r1 kestrel")
    assert reaction_units(game.state) == ["S-CL-1", "S-DD-1"]
    error = game.reject("solomani jump r2 marrow", rule="DN-MOV-8")
    assert "S-CR-1" in error.reason
    assert move_options(game.state, game.ruleset, S, "r2").why_not("marrow").rule == "DN-MOV-8"


def test_reaction_stack_chosen_by_lift_off_and_phasing_side_cannot_react():
    # DN-MOV-8: lifting off counts as moving the one stack; Aslan may not move in reaction
    game = reacting_solomani()
    game.put("S-CS-1", "solomani:CS", "box:concord")
    game.play("solomani leave-box S-CS-1")
    game.reject("solomani jump r1 kestrel", rule="DN-MOV-8")
    game.play("solomani jump S-CS-1 kestrel")
    game.put("A-CL-1", "aslan:CL", "hex:hlirakh")
    game.reject("aslan jump A-CL-1 ftahr", rule="DN-SEQ-2")


def test_merging_another_ship_into_the_reaction_stack_does_not_let_it_move():
    # DN-MOV-8: a ship that was not in the stack that moved cannot join it and move
    game = reacting_solomani()
    game.play("solomani jump r1 marrow")
    game.put("S-DD-2", "solomani:DD", "hex:marrow")
    game.play("solomani merge-stacks r1 S-DD-2")
    game.reject("solomani jump r1 redoubt", rule="DN-MOV-8")


def test_first_movement_has_no_stack_limit():
    # DN-MOV-8 applies to reaction movement only
    game = Game(
        phase=Phase.FIRST_MOVEMENT,
        phasing=S,
        counters="""
        S-CL-1 solomani:CL hex:concord
        S-CR-1 solomani:CR hex:concord
    """,
    )
    game.play("solomani jump S-CL-1 kestrel")
    game.play("solomani jump S-CR-1 marrow")
    assert reaction_units(game.state) is None
