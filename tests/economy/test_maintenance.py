"""Maintenance in the Maintenance & Production phase (DN-ECO-7), through the engine."""

from __future__ import annotations

from campaign.rules.dice import SeededSource
from campaign.rules.economy.maintenance import MaintenanceResolved, Outcome
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side
from campaign.rules.narration import NarrationView, describe
from tests.economy.game import Game

S = Side.SOLOMANI


def _ships(game: Game) -> dict[str, object]:
    (event,) = game.of_type(MaintenanceResolved)
    return {ship.unit_id: ship for ship in event.ships}


def test_no_maintenance_on_game_turn_1():  # DN-ECO-7, DN-SEQ-1
    game = Game(
        turn=1,
        counters="""
        S-CR-1 solomani:CR hex:lantern
    """,
    )
    error = game.reject("solomani maintain")
    assert isinstance(error, IllegalOrderError) and error.rule_id == "DN-ECO-7"
    # and the phase may end without it
    game.play("solomani end-phase")


def test_civilised_ships_pay_their_maintenance_number():  # DN-ECO-7
    game = Game(
        ru=20,
        counters="""
        # type 1, marked Solomani box
        S-CR-1 solomani:CR hex:concord
        S-DD-1 solomani:DD box:vantage
    """,
    )
    game.play("solomani maintain")
    ships = _ships(game)
    assert ships["S-CR-1"].outcome is Outcome.PAID and ships["S-CR-1"].cost == 4
    assert ships["S-DD-1"].cost == 2
    assert game.state.ru[S] == 20 - 6
    assert not game.state.units["S-CR-1"].disrupted


def test_civilised_ship_left_unpaid_is_disrupted():  # DN-ECO-7
    game = Game(
        ru=20,
        counters="""
        S-CR-1 solomani:CR hex:concord
        S-DD-1 solomani:DD hex:concord
    """,
    )
    game.play("solomani maintain S-CR-1")
    assert game.state.units["S-CR-1"].disrupted
    assert not game.state.units["S-DD-1"].disrupted
    assert game.state.ru[S] == 18
    assert _ships(game)["S-CR-1"].outcome is Outcome.UNPAID


def test_frontier_ships_roll_at_least_maintenance():  # DN-ECO-7
    game = Game(
        ru=0,
        counters="""
        # not a controlled type 1 box
        S-CR-1 solomani:CR hex:lantern
        # controlled, but type 2: frontier
        S-CR-2 solomani:CR hex:marrow
    """,
    )
    game.play("solomani maintain", dice=[4, 3])
    ships = _ships(game)
    assert (ships["S-CR-1"].roll, ships["S-CR-1"].outcome) == (4, Outcome.ROLL_PASSED)
    assert (ships["S-CR-2"].roll, ships["S-CR-2"].outcome) == (3, Outcome.ROLL_FAILED)
    assert not game.state.units["S-CR-1"].disrupted
    assert game.state.units["S-CR-2"].disrupted
    (event,) = game.of_type(MaintenanceResolved)
    assert [r.purpose for r in event.rolls] == [
        "frontier maintenance S-CR-1",
        "frontier maintenance S-CR-2",
    ]


def test_type1_box_held_by_the_enemy_is_frontier():  # DN-ECO-7, DN-ECO-2
    game = Game(
        ru=20,
        counters="""
        # Aslan troops alone take the marked box
        A-RT-1 aslan:RT-5 box:vantage
        S-CR-1 solomani:CR hex:vantage
    """,
    )
    game.play("solomani maintain", dice=[6])
    assert _ships(game)["S-CR-1"].outcome is Outcome.ROLL_PASSED
    assert game.state.ru[S] == 20


def test_recovery_costs_maintenance_plus_one():  # DN-ECO-7
    game = Game(
        ru=20,
        counters="""
        S-CR-1 solomani:CR hex:concord disrupted
        S-CR-2 solomani:CR hex:concord disrupted
    """,
    )
    game.play("solomani maintain - S-CR-1")
    assert not game.state.units["S-CR-1"].disrupted
    assert game.state.units["S-CR-2"].disrupted  # not recovered: stays disrupted, costs nothing
    assert game.state.ru[S] == 20 - 5


def test_disrupted_ship_in_frontier_space_neither_rolls_nor_recovers():  # DN-ECO-7
    game = Game(
        ru=20,
        counters="""
        S-CR-1 solomani:CR hex:lantern disrupted
    """,
    )
    error = game.reject("solomani maintain - S-CR-1")
    assert error.rule_id == "DN-ECO-7" and "type 1" in str(error)
    game.play("solomani maintain")  # no die is asked for
    assert _ships(game)["S-CR-1"].outcome is Outcome.STAYS_DISRUPTED


def test_refit_b2_costs():  # DN-ECO-7 (refit B2: 3 RU civilised, 6 frontier, 7 recovery)
    game = Game(
        ru=30,
        counters="""
        S-B2-1 solomani:B2 hex:concord
        S-B2-2 solomani:B2 hex:lantern
        S-B2-3 solomani:B2 box:halden disrupted
    """,
    )
    game.play("solomani maintain - S-B2-3", dice=[5])
    ships = _ships(game)
    assert ships["S-B2-1"].cost == 3
    assert (ships["S-B2-2"].target, ships["S-B2-2"].outcome) == (6, Outcome.ROLL_FAILED)
    assert ships["S-B2-3"].cost == 7 and ships["S-B2-3"].outcome is Outcome.RECOVERED
    assert game.state.ru[S] == 30 - 3 - 7


def test_aslan_b2_is_not_a_refit():  # DN-ECO-7
    game = Game(
        ru=30,
        phasing=Side.ASLAN,
        counters="""
        A-B2-1 aslan:B2 hex:hlirakh
    """,
    )
    game.play("aslan maintain")
    assert _ships(game)["A-B2-1"].cost == 5


def test_fighters_aboard_are_maintained_where_the_carrier_is():  # DN-ECO-7
    game = Game(
        ru=30,
        counters="""
        S-MS-1 solomani:MS hex:lantern
        S-F-1 solomani:F on:S-MS-1
    """,
    )
    game.play("solomani maintain", dice=[])  # both [1]: no die typed (see below)
    ships = _ships(game)
    assert ships["S-F-1"].system == "lantern"
    assert ships["S-F-1"].outcome is Outcome.ROLL_PASSED


def _scout_in_frontier_space() -> Game:
    return Game(
        ru=30,
        counters="""
        # a scout (maintenance 1) and a destroyer (2) in type 1 Lantern, nobody's box
        S-SC-1 solomani:SC hex:lantern
        S-DD-1 solomani:DD hex:lantern
    """,
    )


def test_a_roll_that_cannot_fail_is_not_asked_for_at_the_table():
    """DN-ECO-7 (found by use, December 7): 1d6 always reaches a maintenance number of 1, so
    dice typed at the table give none for it: only the destroyer's die is used, the scout is
    maintained without a roll, and the log says so."""
    game = _scout_in_frontier_space()
    (event,) = game.play("solomani maintain", dice=[2])  # FixedSource: typed dice
    ships = _ships(game)
    assert (ships["S-SC-1"].outcome, ships["S-SC-1"].roll) == (Outcome.ROLL_PASSED, None)
    assert ships["S-SC-1"].target == 1 and not ships["S-SC-1"].disrupted
    assert (ships["S-DD-1"].roll, ships["S-DD-1"].outcome) == (2, Outcome.ROLL_PASSED)
    assert [roll.purpose for roll in event.rolls] == ["frontier maintenance S-DD-1"]
    text = describe(event, NarrationView(game.state))
    assert "S-SC-1 frontier, maintained without a roll (1d6 always reaches 1)" in text


def test_the_tools_own_dice_still_roll_it():
    """DN-ECO-7, DN-ERR-1: the seeded dice (and so commit-reveal and strict ones) roll the
    scout's die as before, so the dice and digests of games and turn files made before do
    not change."""
    game = _scout_in_frontier_space()
    (event,) = game.play("solomani maintain", dice=SeededSource("economy"))
    assert [roll.purpose for roll in event.rolls] == [
        "frontier maintenance S-DD-1",
        "frontier maintenance S-SC-1",
    ]
    assert _ships(game)["S-SC-1"].roll is not None


def test_not_enough_ru_is_rejected_without_rolling():  # DN-ECO-7, DN-ERR-1
    game = Game(
        ru=3,
        counters="""
        S-CR-1 solomani:CR hex:concord
        S-DD-1 solomani:DD hex:lantern
    """,
    )
    error = game.reject("solomani maintain", dice=[6])
    assert "4 RU" in str(error) and "3 RU" in str(error)
    game.play("solomani maintain S-CR-1", dice=[6])


def test_bad_choices_are_rejected():  # DN-ECO-7
    game = Game(
        ru=30,
        counters="""
        S-CR-1 solomani:CR hex:concord
        S-CR-2 solomani:CR hex:lantern
        A-CR-1 aslan:CR hex:concord
    """,
    )
    assert "frontier" in str(game.reject("solomani maintain S-CR-2"))
    assert "not disrupted" in str(game.reject("solomani maintain - S-CR-1"))
    assert "not one of solomani's ships" in str(game.reject("solomani maintain A-CR-1"))
    assert "unknown unit" in str(game.reject("solomani maintain S-XX-9"))


def test_a_disrupted_ship_in_frontier_space_is_not_said_to_roll():
    """DN-ECO-7 (found by use, December 7): leaving a disrupted frontier ship unpaid was
    refused with "it rolls", which it does not; the refusals name the system, not its id."""
    game = Game(
        ru=30,
        counters="""
        S-CR-2 solomani:CR hex:lantern disrupted
        S-CR-3 solomani:CR hex:lantern
    """,
    )
    unpaid = str(game.reject("solomani maintain S-CR-2"))
    assert "S-CR-2 is disrupted in frontier space (Lantern): it neither rolls nor pays" in unpaid
    assert "it rolls" not in unpaid
    assert "frontier space (Lantern): it rolls" in str(game.reject("solomani maintain S-CR-3"))
    assert "not in Lantern" in str(game.reject("solomani maintain - S-CR-2"))


def test_phase_cannot_end_before_maintenance_and_only_once():  # DN-ECO-7
    game = Game(
        ru=30,
        counters="""
        S-CR-1 solomani:CR hex:concord
    """,
    )
    assert game.reject("solomani end-phase").rule_id == "DN-ECO-7"
    game.play("solomani maintain")
    assert "already" in str(game.reject("solomani maintain"))
    game.play("solomani end-phase")


def test_pass_resolves_maintenance_by_default_when_ru_suffice():
    # DN-ECO-7, DN-SEQ-2 (issue 29 item 4): `pass` pays the civilised ships, rolls for the
    # frontier ones and recovers nobody, as `maintain` with no lists would; then it ends the step
    from campaign.rules.phases import Phase

    game = Game(
        ru=20,
        counters="""
        # civilised: pays 4
        S-CR-1 solomani:CR hex:concord
        # frontier: rolls
        S-CR-2 solomani:CR hex:lantern
        # not recovered
        S-CR-3 solomani:CR hex:concord disrupted
    """,
    )
    game.play("solomani pass", dice=[5])
    ships = _ships(game)
    assert (ships["S-CR-1"].outcome, ships["S-CR-1"].cost) == (Outcome.PAID, 4)
    assert (ships["S-CR-2"].outcome, ships["S-CR-2"].roll) == (Outcome.ROLL_PASSED, 5)
    assert ships["S-CR-3"].outcome is Outcome.STAYS_DISRUPTED
    assert game.state.ru[S] == 16
    assert (game.state.phasing, game.state.phase) != (S, Phase.PRODUCTION)


def test_pass_waits_for_maintenance_when_ru_do_not_suffice():
    # DN-ECO-7, DN-SEQ-2: paying everybody costs 8 RU and the Solomani have 5: which ship goes
    # unpaid is a real choice, so the pass is recorded and the step waits for `maintain`; once
    # it is given, the passed side's steps go on by themselves
    from campaign.rules import engine
    from campaign.rules.flow import has_passed
    from campaign.rules.phases import Phase

    game = Game(
        ru=5,
        counters="""
        S-CR-1 solomani:CR hex:concord
        S-CR-2 solomani:CR hex:concord
    """,
    )
    game.play("solomani pass")
    assert not game.of_type(MaintenanceResolved)
    assert (game.state.phasing, game.state.phase) == (S, Phase.PRODUCTION)
    assert has_passed(game.state, S)
    offered = [o.verb for o in engine.legal_orders(game.state, S, game.ruleset)]
    assert "maintain" in offered and "end-phase" not in offered
    game.play("solomani maintain S-CR-2")
    assert game.state.ru[S] == 1
    assert (game.state.phasing, game.state.phase) != (S, Phase.PRODUCTION)


def test_a_ship_named_twice_is_refused_before_any_die():  # DN-ECO-7, DN-ERR-1
    """Found by use (December 7, evening): `aslan maintain A-CL-7,A-CL-7` (a typo for two
    ships) was accepted as if A-CL-7 had been named once, after the referee had typed the
    frontier dice. A unit named twice in a list is refused, as `form-stack` and `deploy` refuse
    it, before any die is asked for."""
    game = Game(
        ru=20,
        counters="""
        S-CR-1 solomani:CR hex:concord
        S-CR-2 solomani:CR hex:lantern
        S-CR-3 solomani:CR hex:vantage disrupted
    """,
    )
    for text in (
        "solomani maintain S-CR-1,S-CR-1",
        "solomani maintain - S-CR-3,S-CR-3",
    ):
        error = game.reject(text, dice=[6])
        assert error.rule_id == "DN-ECO-7" and "S-CR-" in str(error) and "twice" in str(error)
