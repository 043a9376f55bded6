"""Production (DN-ECO-8, DN-ECO-9) on the sample map, through the engine."""

from __future__ import annotations

from campaign.rules.economy.production import UnitsProduced
from campaign.rules.ids import Side
from campaign.rules.state import Location, Where
from tests.economy.game import Game

S, A = Side.SOLOMANI, Side.ASLAN


def test_ships_in_the_capital_hex_or_box():  # DN-ECO-8
    game = Game(ru=40)
    game.play("solomani produce CL 2 hex:concord")
    game.play("solomani produce DD 1 box:concord")
    produced = game.of_type(UnitsProduced)
    assert produced[0].unit_ids == ["S-CL-1", "S-CL-2"] and produced[0].cost == 12
    assert game.state.units["S-CL-2"].location == Location.hex("concord")
    assert game.state.units["S-DD-1"].location == Location.box("concord")
    assert game.state.ru[S] == 40 - 12 - 3


def test_enemy_units_in_the_capital_do_not_prevent_placement():  # DN-ECO-8
    game = Game(
        ru=40,
        counters="""
        A-B1-1 aslan:B1 hex:concord
        # the Aslan even hold the box
        A-RT-1 aslan:RT-5 box:concord
    """,
    )
    game.play("solomani produce RT-5 1 box:concord")
    assert game.state.units["S-RT-1"].location == Location.box("concord")


def test_a_kind_may_be_typed_without_its_hyphen():
    """DN-ECO-8 (found by use, December 7): ``rt5`` produces the kind ``RT-5``."""
    game = Game(ru=40)
    game.play("solomani produce rt5 box:concord")
    assert game.state.units["S-RT-1"].kind == "solomani:RT-5"


def test_a_ground_unit_without_a_location_is_told_of_the_box_only():
    """DN-ECO-8 (found by use, December 7, night): "solomani produce RT-5 1" was refused with
    "say where the new RT go: hex:SYSTEM or box:SYSTEM", and hex: was then refused for troops.
    A unit that is no ship is told of box:SYSTEM only, by the kind typed."""
    game = Game(ru=40)
    error = str(game.reject("solomani produce RT-5 1"))
    assert "RT-5" in error and "box:SYSTEM" in error and "hex:SYSTEM" not in error
    error = str(game.reject("solomani produce CL 1"))
    assert error == "DN-ECO-8: say where the new CL goes: hex:SYSTEM or box:SYSTEM"
    error = str(game.reject("solomani produce CL 2"))  # found by use: "the new CL go" for one
    assert error == "DN-ECO-8: say where the new CL go: hex:SYSTEM or box:SYSTEM"
    game = Game(ru=5)
    assert str(game.reject("solomani produce CL 1 hex:concord")) == (
        "DN-ECO-8: 1 × CL costs 6 RU; solomani has 5 RU"
    )


def test_connected_friendly_type1_and_type2_systems():  # DN-ECO-8
    game = Game(
        ru=40,
        counters="""
        # enemy ships over it change nothing
        A-CR-1 aslan:CR hex:vantage
    """,
    )
    game.play("solomani produce CL 1 hex:vantage")
    game.play("solomani produce RT-4 1 box:kestrel")
    assert game.state.units["S-RT-1"].location == Location.box("kestrel")


def test_conquered_system_connected_to_the_capital():  # DN-ECO-8, DN-ECO-3
    game = Game(
        ru=40,
        counters="""
        S-RT-1 solomani:RT-4 box:bulwark
    """,
    )
    game.play("solomani produce AT-7 1 box:bulwark")


def test_unconnected_system_is_refused_with_the_cut():  # DN-ECO-8, DN-ECO-3
    game = Game(
        ru=40,
        counters="""
        A-CR-1 aslan:CR hex:marrow
    """,
    )
    error = game.reject("solomani produce CL 1 hex:halden")
    assert error.rule_id == "DN-ECO-8"
    assert "not connected" in str(error) and "Marrow" in str(error) and "A-CR-1" in str(error)


def test_uncontrolled_or_type3_system_is_refused():  # DN-ECO-8
    game = Game(ru=40)
    assert "does not control" in str(game.reject("solomani produce CL 1 hex:lantern"))
    assert "type 3" in str(game.reject("solomani produce CL 1 hex:brume"))
    game.put("A-RT-1", "aslan:RT-5", "box:vantage")
    assert "does not control" in str(game.reject("solomani produce CL 1 hex:vantage"))


def test_only_ships_go_to_the_stellar_hex():  # DN-ECO-8
    game = Game(ru=40)
    error = game.reject("solomani produce RT-4 1 hex:concord")
    assert error.rule_id == "DN-ECO-8" and "surface box" in str(error)
    assert "hex:SYSTEM" in str(game.reject("solomani produce CL"))


def test_pd_is_produced_unplaced():  # DN-ECO-9
    game = Game(ru=40, phasing=A)
    game.play("aslan produce PD")
    assert game.state.units["A-PD-1"].location.where is Where.UNPLACED
    error = game.reject("aslan produce PD 1 box:hlirakh")
    assert error.rule_id == "DN-ECO-9"


def test_counter_mix_limits_and_destroyed_units_return_to_the_pool():  # DN-ECO-8
    game = Game(ru=200)
    game.play("solomani produce CR 6 hex:concord")  # the Solomani mix has 6 CR
    error = game.reject("solomani produce CR 1 hex:concord")
    assert error.rule_id == "DN-ECO-8" and "6" in str(error)
    game.state.units["S-CR-3"].location = Location.eliminated()
    game.play("solomani produce CR 1 hex:concord")
    assert game.state.count_in_mix("solomani:CR") == 6


def test_the_mix_refusal_names_the_kind_ordered_and_what_is_left():
    """DN-ECO-8 (found by use, December 7): `aslan produce RT-5 2` with two of the three
    RT-5 counters in play said "the counter mix has 3 RT (regular troops) counter(s) and 2
    are in play: 2 more cannot be built", naming every RT and not what may still be built."""
    game = Game(ru=40, phasing=A)
    game.play("aslan produce RT-5 2 box:hlirakh")
    error = str(game.reject("aslan produce RT-5 2 box:hlirakh"))
    assert "the counter mix has 3 RT-5 (regular troops) counters and 2 are in play" in error
    assert "only 1 more can be built, not 2" in error
    game.play("aslan produce RT-5 1 box:hlirakh")
    assert "none can be built now, not 1" in str(game.reject("aslan produce RT-5 1 box:hlirakh"))


def test_cost_and_unknown_kinds():  # DN-ECO-8, DN-ERR-1
    game = Game(ru=10)
    assert "12 RU" in str(game.reject("solomani produce CR 1 hex:concord"))
    assert "unknown unit kind" in str(game.reject("solomani produce ZZ 1 hex:concord"))
    assert "only the aslan one" in str(game.reject("solomani produce BB 1 hex:concord"))


def test_a_kind_only_the_other_side_has_is_named_so():  # DN-DATA-2, DN-ERR-1
    # found by use (December 7, evening): "solomani produce PD 1" answered "unknown unit kind
    # 'PD' for solomani", as if PD were a typo; the Solomani mix holds no PD (Table 1)
    game = Game(ru=40)
    refusal = str(game.reject("solomani produce PD 1 box:concord"))
    assert refusal.startswith("DN-DATA-2: the solomani counter mix has no PD, only the aslan one")
    assert "unknown" not in refusal


def test_bb_and_b2_without_b1_may_be_built_in_play():  # DN-ECO-8 (DN-SET-1 is set-up only)
    game = Game(ru=40, phasing=A)
    game.play("aslan produce BB 1 hex:hlirakh")
    game.play("aslan produce B2 1 hex:hlirakh")


def test_production_only_in_the_production_phase():  # DN-ECO-8, DN-SEQ-2
    game = Game(ru=40, last_step=True)
    assert game.reject("solomani produce CL 1 hex:concord").rule_id == "DN-SEQ-2"


def test_production_systems_query_matches_the_order_checks():  # DN-ECO-8
    from campaign.rules.economy.production import placement_problem, production_systems

    game = Game(
        ru=40,
        counters="""
        A-CR-1 aslan:CR hex:marrow
        S-RT-1 solomani:RT-4 box:lantern
        A-RT-1 aslan:RT-5 box:kestrel
    """,
    )
    allowed = production_systems(game.state, game.ruleset, S)
    assert allowed == ["concord", "marrow", "petrel", "vantage"]
    for system in game.ruleset.star_map.systems:
        problem = placement_problem(game.state, game.ruleset, S, system)
        assert (problem is None) == (system.id in allowed), system.id
