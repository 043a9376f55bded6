"""Sentences a referee checks against the dice at the table (issue 45 item 5): every modifier
next to the die it changed, verbs that agree with one unit, the cargo a landing puts down, a D
on a disrupted ground unit explained, and the house reading on such units (item 3)."""

from __future__ import annotations

from campaign.rules import narration
from campaign.rules.dice import FixedSource
from campaign.rules.ids import Side
from campaign.rules.movement.moves import MovementEnded, StackMoved
from campaign.rules.movement.paths import Arrival
from campaign.rules.phases import SubPhase
from campaign.rules.state import CampaignState, Location, Roll, Unit
from tests.combat.campaign_helpers import Campaign, place
from tests.rulesets import sample

A = Side.ASLAN


def _read(event, state: CampaignState) -> str:
    return narration.describe(event, narration.NarrationView(state, None, sample())) or ""


def _with(*units: Unit) -> CampaignState:
    state = CampaignState()
    for unit in units:
        state.add_unit(unit)
    return state


def _ship(uid: str, kind: str, where: str = "hex:scarp", **extra) -> Unit:
    return Unit(id=uid, kind=kind, owner=A, location=Location.parse(where), **extra)


def _played(game: Campaign, order: str, dice: list[int]) -> list[str]:
    before = game.state.clone()
    events = game.play(order, FixedSource(dice))
    return narration.condense(narration.narrate(events, before, ruleset=game.ruleset))


def test_one_unit_ends_its_movement_and_stays():
    """Issue 45 item 5: "A-AO-1 ends its movement", "A-SC-1 stays" (not "end their", "stay")."""
    state = _with(
        _ship("A-AO-1", "aslan:AO"), _ship("A-SC-1", "aslan:SC"), _ship("A-CL-1", "aslan:CL")
    )
    assert _read(MovementEnded(side=A, units=["A-AO-1"]), state) == "A-AO-1 ends its movement"
    both = _read(MovementEnded(side=A, units=["A-AO-1", "A-CL-1"]), state)
    assert both == "A-AO-1, A-CL-1 end their movement"
    stay = StackMoved(
        side=A, mode="jump", units=["A-SC-1"], start="scarp", path=[], arrival=Arrival.FINISHED
    )
    assert _read(stay, state) == "A-SC-1 stays at Scarp"
    jump = StackMoved(
        side=A,
        mode="jump",
        units=["A-SC-1"],
        start="scarp",
        path=["span"],
        arrival=Arrival.FINISHED,
    )
    assert _read(jump, state) == "A-SC-1 jumps Scarp → Span"


def test_a_passed_disrupted_move_roll_is_in_the_sentence():
    """Issue 45 item 5 (DN-MOV-9): the roll a disrupted ship passed is said with the number it
    needed, not only in the dice line."""
    state = _with(_ship("A-DD-1", "aslan:DD", "hex:hlirakh", disrupted=True))
    moved = StackMoved(
        side=A,
        mode="jump",
        units=["A-DD-1"],
        start="hlirakh",
        path=["ftahr"],
        arrival=Arrival.FINISHED,
        move_rolls={"A-DD-1": 4},
        rolls=(Roll(purpose="disrupted move A-DD-1", value=4),),
    )
    text = _read(moved, state)
    needs = sample().unit_type("aslan:DD").maintenance
    assert f"A-DD-1 (disrupted) rolls 4, needs {needs}: moves (DN-MOV-9)" in text


def test_the_scouts_minus_one_is_next_to_the_exploration_die():
    """Issue 45 item 5 (DN-NEB-1): a scout explores at −1; the sentence shows the die, the −1
    and the total against the 4 needed."""
    state = _with(_ship("A-SC-1", "aslan:SC"))
    explored = StackMoved(
        side=A,
        mode="jump",
        units=["A-SC-1"],
        start="scarp",
        path=["cinder"],
        arrival=Arrival.FINISHED,
        explored=["scarp", "cinder"],
        rolls=(Roll(purpose="explore scarp-cinder A-SC-1", value=5),),
    )
    assert "explored (roll 5 −1 for the scout = 4, needs 4) (DN-NEB-1)" in _read(explored, state)


def test_an_explorer_disrupted_already_is_not_disrupted_again():
    """Issue 45 item 5 (DN-NEB-1): a failed exploration by an explorer already disrupted says
    it stays disrupted, not "disrupted" as news."""
    state = _with(_ship("A-EX-1", "aslan:EX", disrupted=True))
    failed = StackMoved(
        side=A,
        mode="jump",
        units=["A-EX-1"],
        start="scarp",
        path=[],
        arrival=Arrival.FINISHED,
        explore_failed=["scarp", "cinder"],
        disrupted=["A-EX-1"],
        rolls=(Roll(purpose="explore scarp-cinder A-EX-1", value=2),),
    )
    text = _read(failed, state)
    assert "A-EX-1 was disrupted already and stays so" in text
    assert "roll 2, needs 4" in text and ", A-EX-1 disrupted" not in text


def test_the_fewer_ships_bonus_is_next_to_the_range_die():
    """Issue 45 item 5 (DN-CBT-1): the side with fewer ships adds 1; the sentence shows the die
    it rolled and the +1, not only the total."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-CL-2", "aslan:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
        ]
    )
    game.enter()
    (line,) = _played(game, "aslan range neb-a/aslan-solomani", [1, 4])
    assert "range roll solomani 1 +1 for fewer ships = 2, aslan 4" in line


def _interaction(units: list) -> Campaign:
    game = Campaign(units, sub_phase=SubPhase.INTERACTION)
    game.enter()
    return game


def test_landing_names_the_cargo_and_a_drop_its_transport():
    """Issue 45 item 5 (DN-INT-1, DN-INT-4): "A-TR-1 lands, unloading A-RT-1 into the box;
    A-JT-1 drops from orbit off A-TR-2", one verb agreeing with each unit, the rule ids once."""
    game = _interaction(
        [
            place("A-TR-1", "aslan:TR", "hex:neb-a"),
            place("A-RT-1", "aslan:RT-5", "on:A-TR-1"),
            place("A-TR-2", "aslan:TR", "hex:neb-a"),
            place("A-JT-1", "aslan:JT-5", "on:A-TR-2"),
            place("N-RT-1", "neutral:RT-2", "box:neb-a"),
        ]
    )
    (line, *_) = _played(game, "aslan interact neb-a A-TR-1 - A-JT-1", [])
    assert (
        "A-TR-1 lands, unloading A-RT-1 into the box; A-JT-1 drops from orbit off A-TR-2 "
        "(DN-INT-1, DN-INT-4)"
    ) in line


def test_a_d_on_a_disrupted_ground_unit_is_explained():
    """Issue 45 item 5 (DN-INT-4): a bombardment D on a ground unit disrupted already counts
    as X, and the shot line says so as space fire does."""
    game = _interaction(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("N-RT-1", "neutral:RT-2", "box:neb-a", disrupted=True),
        ]
    )
    # missile 2 vs strength 2 (1:1): die 4 gives D
    lines = _played(game, "aslan interact neb-a - A-CL-1>N-RT-1", [4])
    text = "\n".join(lines)
    assert "N-RT-1 destroyed" in text
    assert "rolls 4: D on a disrupted ground unit counts as X (DN-CBT-4)" in text


def test_a_ground_unit_disrupted_by_bombardment_is_said_to_stay_so():
    """Issue 45 item 3: nothing recovers a disrupted ground unit (house reading, documented in
    docs/rules-combat.md); the referee reads it where the bombardment disrupts one."""
    game = _interaction(
        [place("A-CL-1", "aslan:CL", "hex:neb-a"), place("N-RT-1", "neutral:RT-2", "box:neb-a")]
    )
    lines = _played(game, "aslan interact neb-a - A-CL-1>N-RT-1", [4])
    assert (
        "N-RT-1 disrupted (a disrupted ground unit stays disrupted: no rule recovers it" in lines[0]
    )
    assert game.state.units["N-RT-1"].disrupted


def test_a_landing_on_a_box_nobody_controls_does_not_call_it_hostile():
    """DN-INT-1, DN-ECO-1 (found by use): the Solomani landed on Bulwark's empty box and read
    "Interaction at Bulwark (hostile box)", though nothing there was hostile; the box is one
    nobody controls, not a friendly one (so the transport lands in this sub-phase, DN-MOV-5)."""
    empty = _interaction(
        [place("A-TR-1", "aslan:TR", "hex:neb-a"), place("A-RT-1", "aslan:RT-5", "on:A-TR-1")]
    )
    (line, *_) = _played(empty, "aslan interact neb-a A-TR-1", [])
    assert line.startswith("Interaction at Aagar (box nobody controls): A-TR-1 lands"), line
    held = _interaction(
        [
            place("A-TR-1", "aslan:TR", "hex:neb-a"),
            place("A-RT-1", "aslan:RT-5", "on:A-TR-1"),
            place("N-RT-1", "neutral:RT-2", "box:neb-a"),
        ]
    )
    (line, *_) = _played(held, "aslan interact neb-a A-TR-1", [])
    assert line.startswith("Interaction at Aagar (hostile box): A-TR-1 lands"), line
