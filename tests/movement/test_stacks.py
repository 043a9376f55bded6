"""Stacks: form, split, merge; a stack moves as one (DN-MOV-2, DN-MOV-7)."""

from __future__ import annotations

import pytest

from campaign.rules.acting import acting_sentence
from campaign.rules.engine import decide, legal_orders
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.movement import stacks_of
from campaign.rules.notation import parse_order
from tests.movement.helpers import A, Game


def fleet() -> Game:
    game = Game()
    for uid, kind in (("A-CL-1", "CL"), ("A-DD-1", "DD"), ("A-CR-1", "CR")):
        game.put(uid, f"aslan:{kind}", "hex:hlirakh")
    return game


def test_form_split_merge_and_move_as_one():
    # DN-MOV-2: stacks are formed, split and merged; the named stack moves as one
    game = fleet()
    game.play("aslan form-stack s1 A-CL-1,A-DD-1,A-CR-1")
    game.play("aslan split-stack s1 s2 A-CR-1")
    game.play("aslan jump s1 ftahr")
    assert game.where("A-CL-1") == game.where("A-DD-1") == "hex:ftahr"
    assert game.where("A-CR-1") == "hex:hlirakh"
    game.play("aslan jump s2 ftahr")
    game.play("aslan merge-stacks s1 s2")
    assert {u.stack for u in game.state.units.values()} == {"s1"}


def test_member_of_a_stack_cannot_move_alone():
    # DN-MOV-2: a stack moves as one; name the stack or split the ship off
    game = fleet()
    game.play("aslan form-stack s1 A-CL-1,A-DD-1")

    with pytest.raises(IllegalOrderError, match="belongs to stack s1") as refused:
        decide(game.state, parse_order("aslan jump A-CL-1 ftahr"), game.ruleset)
    # issue 45 item 4: the refusal names its rule and the order that splits the ship off
    assert refused.value.rule_id == "DN-MOV-2" and "split-stack s1 - A-CL-1" in str(refused.value)


def test_each_side_has_its_own_stack_labels():
    """Issue 45 item 3 (DN-MOV-2): the Solomani stack ``s1`` neither blocks the Aslan label
    ``s1`` (no advice to merge with the enemy) nor moves with it."""
    game = fleet()
    game.put("S-DD-1", "solomani:DD", "hex:ftahr")
    game.state.units["S-DD-1"].stack = "s1"  # formed in an earlier Solomani step
    game.play("aslan form-stack s1 A-CL-1,A-DD-1")
    game.play("aslan jump s1 ftahr")
    assert game.where("A-CL-1") == game.where("A-DD-1") == "hex:ftahr"
    assert game.state.units["S-DD-1"].stack == "s1"
    assert stacks_of(game.state, A) == {"s1": ["A-CL-1", "A-DD-1"]}


def test_stack_must_stand_in_one_place_and_hold_ships_only():
    # DN-MOV-2 / DN-MOV-7: a stack is one place's ships; cargo and ground units are not members
    game = fleet()
    game.put("A-DD-2", "aslan:DD", "hex:ftahr").put("A-RT-1", "aslan:RT-4", "box:hlirakh")
    game.reject("aslan form-stack s1 A-CL-1,A-DD-2", rule="DN-MOV-2")
    game.reject("aslan form-stack s1 A-CL-1,A-RT-1", rule="DN-MOV-7")
    game.play("aslan form-stack s1 A-CL-1")
    game.reject("aslan form-stack s1 A-DD-1", rule="DN-MOV-2")  # label taken: merge instead
    game.reject("aslan merge-stacks s1 A-DD-2", rule="DN-MOV-2")


def test_stacks_of_lists_labels_for_the_ui():
    # DN-MOV-2: the UI lists a side's stacks (labels on units)
    game = fleet()
    game.play("aslan form-stack s1 A-CL-1,A-DD-1")
    assert stacks_of(game.state, A) == {"s1": ["A-CL-1", "A-DD-1"]}


def test_splitting_off_a_ship_outside_the_stack_names_what_it_holds():
    """DN-MOV-2 (found by use, December 7, night): ``aslan split-stack main x A-CL-1`` said
    only "A-CL-1 not in stack main"; the refusal names the stack's ships to split off."""
    game = fleet()
    game.play("aslan form-stack s1 A-CL-1,A-DD-1")
    with pytest.raises(IllegalOrderError) as refused:
        decide(game.state, parse_order("aslan split-stack s1 s2 A-CR-1"), game.ruleset)
    assert str(refused.value) == "DN-MOV-2: A-CR-1 is not in stack s1 (it holds A-CL-1, A-DD-1)"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("aslan split-stack s1 s2 A-CL-1,A-CL-1", "DN-MOV-2: A-CL-1 named more than once"),
        ("aslan merge-stacks s1 s1", "DN-MOV-2: stack s1 is named twice"),
        ("aslan form-stack s2 A-CR-1,A-CR-1", "DN-MOV-2: A-CR-1 named more than once"),
    ],
)
def test_a_unit_or_stack_named_twice_is_refused_as_such(text: str, said: str):
    """DN-MOV-2 (found by use, December 7, night): ``split-stack main y A-B1-1,A-B1-1`` was
    accepted ("Stack y: A-B1-1, A-B1-1"), and ``merge-stacks main main`` answered "A-AO-1,
    A-B2-1, A-TR-1 named more than once", the ships of the stack named twice."""
    game = fleet()
    game.play("aslan form-stack s1 A-CL-1,A-DD-1")
    with pytest.raises(InvalidOrderError) as refused:
        decide(game.state, parse_order(text), game.ruleset)
    assert str(refused.value) == said


def test_once_every_stack_has_moved_now_suggests_ending_the_phase():
    """DN-SEQ-2 (found by use, December 7, late night): once every ship had moved, ``now:``
    read "aslan must act: first-movement phase — aslan form-stack LABEL UNITS", as if
    regrouping were what the step waited for. Stack and cargo orders stay legal but come
    after the moves and after ending the step: the duty is ``end-phase``."""
    game = fleet()
    game.put("A-TR-1", "aslan:TR", "hex:hlirakh")
    game.put("A-RT-1", "aslan:RT-5", "box:hlirakh")
    game.play("aslan form-stack s1 A-CL-1,A-DD-1,A-CR-1,A-TR-1")
    assert acting_sentence(game.state, game.ruleset).endswith("— aslan jump STACK PATH")
    game.play("aslan jump s1 ftahr")
    verbs = {o.verb for o in legal_orders(game.state, A, game.ruleset)}
    assert {"form-stack", "split-stack"} <= verbs and "jump" not in verbs
    assert acting_sentence(game.state, game.ruleset).endswith("— aslan end-phase")
