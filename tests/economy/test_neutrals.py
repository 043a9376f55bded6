"""Conscription (DN-NEU-2) and rebuilding (DN-NEU-3) of neutral units, through the engine."""

from __future__ import annotations

from campaign.rules.economy.adapter import pieces_from_state
from campaign.rules.economy.neutrals import NeutralsConscripted
from campaign.rules.economy.occupancy import Occupancy
from campaign.rules.ids import Side
from campaign.rules.state import Location
from tests.economy.game import Game

S, A, N = Side.SOLOMANI, Side.ASLAN, Side.NEUTRAL


#: Neutrals of Lantern: troops and PD in the box, a monitor and a transport in the hex.
LANTERN = """
    N-RT-1 neutral:RT-2 box:lantern home=lantern
    N-PD-1 neutral:PD box:lantern home=lantern
    N-M-1 neutral:M-8-0-7 hex:lantern home=lantern
    N-TR-1 neutral:TR hex:lantern home=lantern
"""


def test_ships_holding_the_hex_conscript_and_pay_conscription_costs():  # DN-NEU-2
    game = Game(
        ru=10,
        counters=LANTERN
        + """
        S-CR-1 solomani:CR hex:lantern
        # an enemy auxiliary is no warship
        A-TR-1 aslan:TR hex:lantern
    """,
    )
    game.play("solomani maintain", [6])  # maintenance comes first (DN-ECO-7)
    game.play("solomani conscript lantern")
    (event,) = game.of_type(NeutralsConscripted)
    assert event.unit_ids == ["N-M-1", "N-RT-1", "N-TR-1"] and event.cost == 1 + 1 + 1
    assert event.left_neutral == ["N-PD-1"]  # Table 2: PD has no conscription cost
    assert game.state.ru[S] == 7
    for unit_id in event.unit_ids:
        assert game.state.units[unit_id].owner is S
    assert game.state.units["N-PD-1"].owner is N


def test_conscripted_units_act_as_the_players_units():  # DN-NEU-2, DN-ECO-1
    game = Game(
        ru=10,
        counters="""
        N-RT-1 neutral:RT-2 box:lantern home=lantern
        S-CR-1 solomani:CR hex:lantern
    """,
    )
    before = Occupancy.from_pieces(pieces_from_state(game.state, game.ruleset))
    assert before.ground_sides("lantern") == {N}
    game.play("solomani maintain", [6])  # maintenance comes first (DN-ECO-7)
    game.play("solomani conscript lantern")
    after = Occupancy.from_pieces(pieces_from_state(game.state, game.ruleset))
    assert after.ground_sides("lantern") == {S}


def test_enemy_warship_present_prevents_conscription_from_orbit():  # DN-NEU-2
    game = Game(
        ru=10,
        counters=LANTERN
        + """
        S-CR-1 solomani:CR hex:lantern
        A-DD-1 aslan:DD hex:lantern
    """,
    )
    error = game.reject("solomani conscript lantern")
    assert error.rule_id == "DN-NEU-2"


def test_ground_forces_controlling_the_box_may_conscript():  # DN-NEU-2
    game = Game(
        ru=10,
        counters="""
        N-M-1 neutral:M-8-0-7 hex:lantern home=lantern
        S-RT-1 solomani:RT-4 box:lantern
        # the box is held: enemy ships do not matter
        A-CR-1 aslan:CR hex:lantern
    """,
    )
    game.play("solomani conscript lantern")
    assert game.state.units["N-M-1"].owner is S


def test_no_right_or_no_units_is_refused():  # DN-NEU-2
    game = Game(ru=1, counters=LANTERN)
    assert "ground forces must control" in str(game.reject("solomani conscript lantern"))
    assert "no neutral units" in str(game.reject("solomani conscript concord"))


def test_an_attempt_without_the_money_turns_the_counters_face_up_and_none_joins():
    # DN-NEU-2 (house reading, docs/rules-economy.md), DN-NEU-1: the cost is known only once
    # the counters are face up, so the attempt is accepted, reveals them, and nobody joins
    game = Game(ru=1, counters=LANTERN)
    for unit in game.state.units.values():
        unit.face_down = True
    game.put("S-CR-1", "solomani:CR", "hex:lantern")
    game.play("solomani maintain", [6])  # maintenance comes first (DN-ECO-7)
    game.play("solomani conscript lantern")
    (event,) = game.of_type(NeutralsConscripted)
    assert event.unit_ids == [] and event.cost == 0 and event.unpaid == 3
    assert sorted(event.revealed) == ["N-M-1", "N-PD-1", "N-RT-1", "N-TR-1"]
    assert game.state.ru[S] == 1
    for unit_id in event.revealed:
        unit = game.state.units[unit_id]
        assert unit.owner is N and not unit.face_down


def test_a_system_with_only_a_pd_is_no_refusal_either():  # DN-NEU-2, DN-NEU-1
    # a refusal here would tell the player that the face-down counter is a PD
    game = Game(
        ru=10,
        counters="""
        N-PD-1 neutral:PD box:lantern face-down home=lantern
        S-CR-1 solomani:CR hex:lantern
    """,
    )
    game.play("solomani maintain", [6])  # maintenance comes first (DN-ECO-7)
    game.play("solomani conscript lantern")
    (event,) = game.of_type(NeutralsConscripted)
    assert event.unit_ids == [] and event.left_neutral == ["N-PD-1"] and event.cost == 0
    assert not game.state.units["N-PD-1"].face_down


def test_destroyed_conscript_is_rebuilt_at_home_for_its_build_cost():  # DN-NEU-3
    game = Game(
        ru=10,
        counters="""
        N-M-1 neutral:M-8-0-7 eliminated owner=solomani home=lantern
        N-RT-1 neutral:RT-2 eliminated owner=solomani home=lantern
    """,
    )
    game.play("solomani rebuild N-M-1")
    game.play("solomani rebuild N-RT-1")
    assert game.state.units["N-M-1"].location == Location.hex("lantern")
    assert game.state.units["N-RT-1"].location == Location.box("lantern")
    assert game.state.ru[S] == 10 - 6 - 2


def test_neutral_destroyed_while_neutral_is_gone_for_good():  # DN-NEU-3
    game = Game(
        ru=10,
        counters="""
        N-M-1 neutral:M-8-0-7 eliminated home=lantern
    """,
    )
    error = game.reject("solomani rebuild N-M-1")
    assert error.rule_id == "DN-NEU-3" and "for good" in str(error)


def test_rebuild_only_own_destroyed_conscripts():  # DN-NEU-3
    game = Game(
        ru=10,
        counters="""
        N-M-1 neutral:M-8-0-7 hex:lantern owner=solomani home=lantern
        N-M-2 neutral:M-8-0-8 eliminated owner=aslan home=lantern
        S-CR-1 solomani:CR eliminated
    """,
    )
    assert "not been destroyed" in str(game.reject("solomani rebuild N-M-1"))
    assert "aslan" in str(game.reject("solomani rebuild N-M-2"))
    assert "produce" in str(game.reject("solomani rebuild S-CR-1"))
    game.state.ru[S] = 5
    game.state.units["N-M-1"].location = Location.eliminated()
    assert "6 RU" in str(game.reject("solomani rebuild N-M-1"))


def test_conscription_waits_for_maintenance():  # DN-NEU-2, DN-ECO-7, DN-SEQ-1
    """Found by use (December 7, evening): `aslan conscript bastion` given before `maintain`
    made Bastion an Aslan box, and the maintenance that followed treated the four Aslan
    ships above it as civilised (paid 14 RU) where they stood in frontier space when the step
    began (a roll each, DN-ECO-7); a disrupted one could even have been recovered there. The
    order of two orders of one step changed what maintenance asked. Conscription now waits for
    maintenance, as production does, and maintenance reads the step as it began."""
    game = Game(
        ru=20,
        counters="""
        N-RT-1 neutral:RT-2 box:lantern home=lantern
        S-CR-1 solomani:CR hex:lantern
    """,
    )
    error = game.reject("solomani conscript lantern", rule="DN-ECO-7")
    assert "maintenance comes first" in str(error) and "before conscripting" in str(error)
    events = game.play("solomani maintain", [6])
    (ship,) = [e for e in events if e.type == "maintenance-resolved"][0].ships
    assert ship.unit_id == "S-CR-1" and ship.roll == 6 and ship.cost == 0  # frontier: a roll
    assert game.state.ru[S] == 20
    game.play("solomani conscript lantern")
    assert game.state.units["N-RT-1"].owner is S and game.state.ru[S] == 19
