"""Reaction movement: one stack only (DN-MOV-8), recorded for reaction combat (DN-REA-1)."""

from __future__ import annotations

from campaign.rules import engine, narration
from campaign.rules.acting import acting_sentence
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


def reacting_with_a_tanker() -> Game:
    """Solomani reacting: a tanker that has not moved in type 3 Brume, a stack at Halden and a
    stack at Concord that brings its own tanker."""
    return Game(
        phase=Phase.REACTION_MOVEMENT,
        counters="""
        S-AO-1 solomani:AO hex:brume
        S-CL-1 solomani:CL hex:halden stack=r1
        S-CR-1 solomani:CR hex:concord stack=r2
        S-AO-2 solomani:AO hex:concord stack=r2
    """,
    )


def test_a_tanker_refuelling_in_reaction_is_the_one_stack_that_moves():
    """DN-MOV-8 with DN-MOV-4: a tanker refuels by ending its own move, and in Reaction Movement
    that is the one stack's move (decided from the seed, docs/rules-movement.md): a tanker that
    did not move ends its move at Brume to refuel, and no other stack jumps after it."""
    game = reacting_with_a_tanker()
    game.play("solomani end-move S-AO-1")
    assert reaction_units(game.state) == ["S-AO-1"]
    error = game.reject("solomani jump r1 brume,concord", rule="DN-MOV-8")
    assert "S-AO-1" in error.reason and "S-CL-1" in error.reason


def test_a_tanker_of_another_stack_does_not_refuel_the_reacting_stack():
    """DN-MOV-8: once a stack has reacted, a tanker outside it may not end its move to refuel
    that stack (the refuel would be a second stack's move); the refusal says why."""
    game = reacting_with_a_tanker()
    game.play("solomani jump r1 brume")
    error = game.reject("solomani end-move S-AO-1", rule="DN-MOV-8")
    assert "refuel" in error.reason and "S-CL-1" in error.reason
    assert reaction_units(game.state) == ["S-CL-1"]


def test_the_reacting_stack_refuels_from_its_own_tanker():
    """DN-MOV-8, DN-MOV-4: the reacting stack may bring its tanker; it ends its move in the
    type 3 system and the rest of the stack jumps on."""
    game = reacting_with_a_tanker()
    game.play("solomani jump r2 brume")
    game.play("solomani split-stack r2 - S-AO-2")
    game.play("solomani end-move S-AO-2")
    game.play("solomani jump S-CR-1 halden")
    assert game.state.position_of("S-CR-1").system == "halden"
    assert reaction_units(game.state) == ["S-CR-1", "S-AO-2"]


def test_a_plain_end_move_in_reaction_moves_nothing():
    """DN-MOV-8: ending the move of a stack that did not move, with no refuel, is no move: the
    reacting stack is still to be chosen."""
    game = reacting_with_a_tanker()
    game.play("solomani end-move r1")
    assert reaction_units(game.state) is None
    game.play("solomani jump r2 kestrel")
    assert reaction_units(game.state) == ["S-CR-1", "S-AO-2"]


def test_the_refuel_sentence_says_it_is_the_reacting_stacks_move():
    """DN-MOV-8: the sentence of a refuelling end-move in Reaction Movement says that it is
    the reacting stack's move, so the referee knows no other stack may move now."""
    game = reacting_with_a_tanker()
    before = game.state.clone()
    events = game.play("solomani end-move S-AO-1")
    text = " ".join(narration.condense(narration.narrate(events, before, ruleset=game.ruleset)))
    assert "reacting stack's move (DN-MOV-8)" in text


def test_once_the_reacting_stack_is_done_now_suggests_ending_the_phase():
    """DN-MOV-8 (found by use, December 7, late night): after the one reacting stack had moved
    and finished, ``now:`` still read "solomani end-move STACK", as if a stack had a move to
    end; no other stack may move, so what the step waits for is ``end-phase``. Before any
    stack reacted, ``end-move`` stays on offer (a tanker's refuel is a move, DN-MOV-4)."""
    game = reacting_solomani()
    assert any(o.verb == "end-move" for o in engine.legal_orders(game.state, S, game.ruleset))
    game.play("solomani jump r1 marrow")
    assert acting_sentence(game.state, game.ruleset).endswith("— solomani end-phase")
    verbs = {o.verb for o in engine.legal_orders(game.state, S, game.ruleset)}
    assert "end-move" not in verbs and "jump" not in verbs
    game = reacting_solomani()
    game.play("solomani jump r1 brume")  # type 3: r1 halts, it may still end its move
    assert acting_sentence(game.state, game.ruleset).endswith("— solomani end-move STACK")
