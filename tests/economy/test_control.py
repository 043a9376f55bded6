"""Control of surface boxes (DN-ECO-1, DN-ECO-2) and of stellar hexes (DN-VIC-1)."""

from __future__ import annotations

from campaign.rules.economy.control import box_control, box_controller, hex_controller
from campaign.rules.ids import Mark, Side
from tests.economy.helpers import make_ruleset, occupancy, piece, system

A, S, N = Side.ASLAN, Side.SOLOMANI, Side.NEUTRAL
PLAIN = system("plain", 1)
MARKED = system("marked", 1, mark=Mark.STAR, owner=S)


def test_box_held_by_one_side_alone_is_controlled():  # DN-ECO-1
    assert box_controller(PLAIN, {A}) is A
    assert box_controller(PLAIN, {S}) is S


def test_the_reason_of_a_box_held_alone_names_its_side():  # DN-ECO-1
    assert box_control(PLAIN, {A}).reason == "aslan ground forces/PD are there alone"
    assert box_control(PLAIN, {S}).reason == "solomani ground forces/PD are there alone"
    assert box_control(PLAIN, {N}).reason == "neutral ground forces/PD are there alone"


def test_box_with_both_sides_troops_is_controlled_by_nobody():  # DN-ECO-1
    control = box_control(PLAIN, {A, S})
    assert control.controller is None
    assert "contested" in control.reason


def test_empty_unmarked_box_is_controlled_by_nobody():  # DN-ECO-1
    assert box_controller(PLAIN, set()) is None


def test_ships_alone_never_control_a_box():  # DN-ECO-1
    ruleset = make_ruleset([PLAIN], "")
    occ = occupancy(
        piece(ruleset, "aslan:CR", "plain", box=True),
        piece(ruleset, "aslan:TR", "plain", box=True),
    )
    assert occ.ground_sides("plain") == frozenset()
    assert box_controller(PLAIN, occ.ground_sides("plain")) is None


def test_pd_alone_controls_a_box():  # DN-ECO-1
    ruleset = make_ruleset([PLAIN], "")
    occ = occupancy(piece(ruleset, "aslan:PD", "plain", box=True))
    assert box_controller(PLAIN, occ.ground_sides("plain")) is A


def test_troops_in_the_stellar_hex_do_not_control_the_box():  # DN-ECO-1
    ruleset = make_ruleset([PLAIN], "")
    occ = occupancy(piece(ruleset, "aslan:RT-4", "plain", box=False))
    assert box_controller(PLAIN, occ.ground_sides("plain")) is None


def test_marked_box_stays_with_original_owner_when_empty():  # DN-ECO-2
    control = box_control(MARKED, set())
    assert control.controller is S
    assert control.rule == "DN-ECO-2"


def test_marked_box_is_lost_to_enemy_troops_alone():  # DN-ECO-2
    control = box_control(MARKED, {A})
    assert control.controller is A
    assert "taken" in control.reason


def test_marked_box_with_both_sides_troops_stays_with_original_owner():  # DN-ECO-2
    # The seed: the original owner keeps it unless enemy ground forces/PD are there *alone*.
    assert box_controller(MARKED, {A, S}) is S


def test_unmarked_box_with_original_owner_is_not_protected():  # DN-ECO-2
    owned_unmarked = system("owned", 1, owner=S)
    assert box_controller(owned_unmarked, set()) is None


def test_neutral_troops_alone_hold_their_box_for_the_neutrals():  # DN-ECO-1
    assert box_controller(PLAIN, {N}) is N
    assert box_controller(MARKED, {N}) is N


def test_hex_control_needs_own_ships_and_no_other_ships():  # DN-VIC-1
    assert hex_controller({A}) is A
    assert hex_controller({A, S}) is None
    assert hex_controller(set()) is None
