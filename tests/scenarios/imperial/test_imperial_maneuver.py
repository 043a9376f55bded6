"""Production, import, maneuver, battle, hostility, rescue, factory destruction, chips
(IMP-9 … IMP-16)."""

from __future__ import annotations

from scenarios.imperial import events as ev
from scenarios.imperial.movement import army_destinations
from scenarios.imperial.rules import decide, legal_orders
from tests.scenarios.imperial.helpers import await_, fresh, moves_from, play, put


def maneuver(nation: str = "AH", **switches):
    state = fresh(**switches)
    state.nation = nation
    await_(state, "maneuver", nation)
    return state


def test_production_by_city_type_and_blocking():
    # IMP-9: each unblocked factory makes one unit; IMP-13: only hostile armies block it
    state = fresh()
    put(state, "IT", "A", "vienna", hostile=False)
    after = play(state, ("rondel", 1))
    assert sorted(u.region for u in after.units_of("AH")) == ["budapest", "vienna"]
    state = fresh()
    put(state, "IT", "A", "vienna", hostile=True)
    after = play(state, ("rondel", 1))
    assert [u.region for u in after.units_of("AH")] == ["budapest"]


def test_production_respects_piece_limits():
    # IMP-9: AH has 10 armies and 6 fleets
    state = fresh()
    put(state, "AH", "A", "westbalkan", n=9)
    after = play(state, ("rondel", 1))
    assert sum(u.kind == "A" for u in after.units_of("AH")) == 10


def test_production_places_chips_per_guide_switch():
    # IMP-16: the guide places a tax chip where production places a unit (switch)
    assert play(fresh(), ("rondel", 1)).chips == {"vienna": "AH", "budapest": "AH"}
    assert play(fresh(production_chips=False), ("rondel", 1)).chips == {}
    assert play(fresh(home_chips=False), ("rondel", 1)).chips == {}  # never in the homeland


def test_import_three_units_one_million_each_fleets_in_ports():
    # IMP-10: up to 3 units at 1M, treasury -> bank; fleets only in port provinces
    state = fresh()
    put(state, "IT", "A", "prague", hostile=True)
    state = play(state, ("rondel", 4))
    orders = legal_orders(state)
    assert ("import", "F", "trieste") in orders
    assert ("import", "F", "vienna") not in orders
    assert not any(o[0] == "import" and o[2] == "prague" for o in orders)
    treasury = state.treasury["AH"]
    after = play(state, ("import", "A", "vienna"), ("import", "F", "trieste"))
    after = play(after, ("import", "A", "lemberg"))
    assert after.treasury["AH"] == treasury - 3
    assert after.nation == "IT"  # three imports end the action
    assert sorted(u.kind for u in after.units_of("AH")) == ["A", "A", "F"]


def test_fleet_leaves_port_to_its_own_sea_and_never_returns():
    # IMP-11: Naples' fleet enters the Western Med, not the Ionian Sea; at sea it stays at sea
    state = maneuver("IT")
    put(state, "IT", "F", "naples")
    put(state, "IT", "F", "ioniansea")
    assert moves_from(state, "F", "naples") == {("westernmed", 0)}
    assert moves_from(state, "F", "ioniansea") == {("westernmed", 0), ("easternmed", 0)}


def test_rail_then_one_step_and_step_then_rail():
    # IMP-11: rail through own homeland plus one step: Cologne -> Denmark, Holland -> Danzig
    state = maneuver("GE")
    put(state, "GE", "A", "cologne")
    put(state, "GE", "A", "holland")
    from_cologne = {d for d, _ in moves_from(state, "A", "cologne")}
    assert {"denmark", "holland", "danzig", "warsaw", "prague"} <= from_cologne
    assert "switzerland" not in from_cologne and "sweden" not in from_cologne
    assert "danzig" in {d for d, _ in moves_from(state, "A", "holland")}


def test_hostile_army_breaks_the_rail():
    # IMP-11/13: no rail through a province with hostile foreign armies
    state = maneuver("GE")
    put(state, "GE", "A", "cologne")
    put(state, "FR", "A", "hamburg", hostile=True)
    assert "denmark" not in {d for d, _ in moves_from(state, "A", "cologne")}
    state = maneuver("GE")
    put(state, "GE", "A", "cologne")
    put(state, "FR", "A", "hamburg", hostile=False)
    assert "denmark" in {d for d, _ in moves_from(state, "A", "cologne")}


def test_convoy_one_army_through_two_fleets():
    # IMP-11: Trieste -> Algeria through Ionian and Western Med fleets; the second army can
    # only reach Tunis with the second Ionian fleet (the guide's two examples)
    state = maneuver("AH")
    put(state, "AH", "A", "trieste", n=2)
    ionian = put(state, "AH", "F", "ioniansea", n=2)
    western = put(state, "AH", "F", "westernmed")
    assert ("algeria", 0) in moves_from(state, "A", "trieste")
    events, after = decide(state, ("move", "A", "trieste", "algeria", 0))
    moved = next(e for e in events if isinstance(e, ev.UnitMoved))
    assert set(moved.convoy) == {ionian[0], western[0]}
    second = {d for d, _ in moves_from(after, "A", "trieste")}
    assert "algeria" not in second and "tunis" in second


def test_crossings_that_need_a_convoy_and_the_turkey_bulgaria_link():
    # IMP-11: Denmark-Sweden and Dublin need a fleet; Turkey-Bulgaria is land
    state = maneuver("GE")
    put(state, "GE", "A", "denmark")
    assert "sweden" not in {d for d, _ in moves_from(state, "A", "denmark")}
    put(state, "GE", "F", "balticsea")
    assert "sweden" in {d for d, _ in moves_from(state, "A", "denmark")}
    state = maneuver("GB")
    put(state, "GB", "A", "london")
    assert "dublin" not in {d for d, _ in moves_from(state, "A", "london")}
    state = maneuver("RU")
    put(state, "RU", "A", "bulgaria")
    assert "turkey" in {d for d, _ in moves_from(state, "A", "bulgaria")}


def test_each_unit_moves_once_per_maneuver():
    # IMP-11: every unit may move one step
    state = maneuver("AH")
    put(state, "AH", "A", "westbalkan")
    after = play(state, ("move", "A", "westbalkan", "greece", 0))
    assert moves_from(after, "A", "greece") == set()


def test_battle_declared_by_mover_removes_one_for_one():
    # IMP-12: the mover declares a fight; units removed one for one (guide example 2: 2 v 1)
    state = maneuver("AH")
    put(state, "AH", "F", "trieste")
    put(state, "AH", "F", "ioniansea")
    put(state, "IT", "F", "ioniansea")
    state = play(state, ("move", "F", "trieste", "ioniansea", 0))
    assert state.pending["kind"] == "declare" and state.pending["candidates"] == ["IT"]
    after = play(state, ("fight", "IT"))
    assert [u.nation for u in after.units_in("ioniansea")] == ["AH"]
    assert after.pending["kind"] == "maneuver"


def test_declined_fight_asks_others_in_movers_order():
    # IMP-12: if the mover declines, the others are asked in the mover's order; the first to
    # fight fights the mover, the rest are not asked (guide example 3)
    state = maneuver("AH")
    put(state, "AH", "F", "trieste")
    put(state, "IT", "F", "ioniansea")
    put(state, "FR", "F", "ioniansea")
    state = play(state, ("move", "F", "trieste", "ioniansea", 0), ("no_fight",))
    assert state.pending["kind"] == "ask" and state.pending["player"] == state.flags["AH"]
    state = play(state, ("ask", "FR"))
    assert state.pending["kind"] == "reply" and state.pending["player"] == state.flags["FR"]
    state = play(state, ("reply", 0))
    assert state.pending["asked"] == "IT" and state.pending["player"] == state.flags["IT"]
    after = play(state, ("reply", 1))
    assert sorted(u.nation for u in after.units_in("ioniansea")) == ["FR"]
    peace = play(state, ("reply", 0))
    assert len(peace.units_in("ioniansea")) == 3


def test_fleet_fights_army_only_in_port():
    # IMP-12: an army entering a port province can fight the fleet lying there
    state = maneuver("AH")
    put(state, "AH", "A", "vienna")
    put(state, "IT", "F", "venice")
    state = play(state, ("move", "A", "vienna", "venice", 0))
    assert state.pending["candidates"] == ["IT"]
    after = play(state, ("fight", "IT"))
    assert after.units_in("venice") == []


def test_hostile_or_friendly_entry_and_later_flip():
    # IMP-13: entering a foreign home province standing (hostile) or lying (friendly); a
    # friendly army may turn hostile on a later maneuver; only hostile armies block
    state = maneuver("AH")
    put(state, "AH", "A", "venice")
    assert {("rome", 0), ("rome", 1)} <= moves_from(state, "A", "venice")
    friendly = play(state, ("move", "A", "venice", "rome", 0))
    assert friendly.free_factories("IT") == ["rome", "naples"]
    hostile = play(state, ("move", "A", "venice", "rome", 1))
    assert hostile.free_factories("IT") == ["naples"]
    await_(friendly, "maneuver", "AH")
    assert ("flip", "rome") in legal_orders(friendly)
    flipped = play(friendly, ("flip", "rome"))
    assert flipped.free_factories("IT") == ["naples"]


def test_rescue_no_hostile_entry_into_last_free_factory():
    # IMP-14: with one unblocked factory left, nobody may enter that province hostilely
    state = maneuver("AH")
    put(state, "AH", "A", "naples", hostile=True)
    put(state, "AH", "A", "venice")
    put(state, "AH", "A", "rome", hostile=False)
    assert moves_from(state, "A", "venice") >= {("rome", 0)}
    assert ("rome", 1) not in moves_from(state, "A", "venice")
    assert ("flip", "rome") not in legal_orders(state)


def test_three_armies_destroy_an_undefended_factory():
    # IMP-15: three armies of one nation in an undefended foreign factory province destroy it;
    # the factory and the three armies are removed
    state = maneuver("AH")
    put(state, "AH", "A", "rome", n=2, hostile=True)
    put(state, "AH", "A", "venice")
    after = play(state, ("move", "A", "venice", "rome", 1))
    assert "rome" not in after.factories
    assert after.units_of("AH") == []


def test_defended_factory_is_not_destroyed():
    # IMP-15: only an undefended factory falls
    state = maneuver("AH")
    put(state, "AH", "A", "rome", n=2, hostile=True)
    put(state, "IT", "F", "naples")
    put(state, "IT", "A", "rome")
    put(state, "AH", "A", "venice")
    after = play(state, ("move", "A", "venice", "rome", 1), ("no_fight",), ("reply", 0))
    assert "rome" in after.factories


def test_last_factory_is_protected():
    # IMP-14/15: the nation's last factory cannot be destroyed
    state = maneuver("AH")
    state.factories.discard("naples")
    put(state, "AH", "A", "rome", n=2, hostile=True)
    put(state, "AH", "A", "venice")
    after = play(state, ("move", "A", "venice", "rome", 1))
    assert "rome" in after.factories and len(after.units_in("rome")) == 3


def test_tax_chips_after_maneuver():
    # IMP-16: a chip where only its units are: seas, neutral land, own homeland; never another
    # power's homeland; replaces another nation's chip; stays when the units leave
    state = maneuver("AH")
    put(state, "AH", "F", "trieste")
    put(state, "AH", "A", "westbalkan")
    put(state, "AH", "A", "venice")
    put(state, "AH", "A", "prague")
    state.chips["ioniansea"] = "IT"
    after = play(state, ("move", "F", "trieste", "ioniansea", 0), ("end_maneuver",))
    assert after.chips["ioniansea"] == "AH"
    assert after.chips["westbalkan"] == "AH" and after.chips["prague"] == "AH"
    assert "venice" not in after.chips and "trieste" not in after.chips
    after.nation = "AH"
    await_(after, "maneuver", "AH")
    left = play(after, ("move", "A", "westbalkan", "greece", 0), ("end_maneuver",))
    assert left.chips["westbalkan"] == "AH" and left.chips["greece"] == "AH"


def test_tax_chips_switch_home_and_limit_ten():
    # IMP-16: at most 10 chips per nation; published switch: none in the homeland
    state = maneuver("AH", home_chips=False)
    put(state, "AH", "A", "prague")
    assert "prague" not in play(state, ("end_maneuver",)).chips
    state = maneuver("AH")
    for region in [
        "portugal",
        "spain",
        "morocco",
        "algeria",
        "tunis",
        "belgium",
        "holland",
        "denmark",
        "norway",
        "sweden",
    ]:
        state.chips[region] = "AH"
    put(state, "AH", "A", "westbalkan")
    assert "westbalkan" not in play(state, ("end_maneuver",)).chips


def test_mover_chooses_whom_to_fight_when_several_are_present():
    # IMP-12: the mover names the nation it fights; the other is not involved
    state = maneuver("AH")
    put(state, "AH", "F", "trieste")
    put(state, "IT", "F", "ioniansea")
    put(state, "FR", "F", "ioniansea")
    state = play(state, ("move", "F", "trieste", "ioniansea", 0))
    assert set(state.pending["candidates"]) == {"IT", "FR"}
    after = play(state, ("fight", "FR"))
    assert [u.nation for u in after.units_in("ioniansea")] == ["IT"]


def test_hostile_armies_block_import_and_rail_friendly_do_not():
    # IMP-13: only hostile armies block import (and rail, tested above)
    state = fresh()
    put(state, "IT", "A", "vienna", hostile=False)
    put(state, "IT", "A", "budapest", hostile=True)
    state = play(state, ("rondel", 4))
    regions = {o[2] for o in legal_orders(state) if o[0] == "import"}
    assert "vienna" in regions and "budapest" not in regions


def test_import_respects_piece_limits():
    # IMP-10 IMP-9: no import beyond the stock (GB: 6 armies)
    state = fresh()
    state.nation = "GB"
    put(state, "GB", "A", "norway", n=6)
    await_(state, "import", "GB", left=3)
    assert not any(o[0] == "import" and o[1] == "A" for o in legal_orders(state))
    assert ("import", "F", "london") in legal_orders(state)


def _gb_convoys_an_army_to_norway(**switches):
    """Issue 16 item 12: GB fleet in the North Sea, GB army in Edinburgh; the army is convoyed."""
    state = maneuver("GB", **switches)
    put(state, "GB", "F", "northsea")
    put(state, "GB", "A", "edinburgh")
    return play(state, ("move", "A", "edinburgh", "norway", 0))


def test_fleet_that_convoyed_may_not_move():
    # IMP-11 (seed 004: the convoy counts as the fleet's one action): the North Sea fleet that
    # carried the army to Norway has used its maneuver step
    after = _gb_convoys_an_army_to_norway()
    assert moves_from(after, "F", "northsea") == set()
    assert ("move", "F", "northsea", "balticsea", 0) not in legal_orders(after)


def test_fleet_may_move_first_and_then_convoy():
    # IMP-11 (seed 004: a fleet may enter a sea and convoy there in the same turn)
    state = maneuver("GB")
    put(state, "GB", "F", "northatlantic")
    put(state, "GB", "A", "edinburgh")
    state = play(state, ("move", "F", "northatlantic", "northsea", 0))
    assert ("norway", 0) in moves_from(state, "A", "edinburgh")


def test_convoy_uses_the_fleet_that_already_moved():
    # IMP-11 (issue 29; docs/imperial.md "Maneuver"): two GB fleets in the North Sea, one still
    # unmoved (lower id), one that just sailed in. The army's convoy is carried by the fleet
    # whose step is spent, so the other keeps its move (the engine used to take the lowest id)
    state = maneuver("GB")
    (waiting,) = put(state, "GB", "F", "northsea")
    (arrived,) = put(state, "GB", "F", "northatlantic")
    put(state, "GB", "A", "edinburgh")
    state = play(state, ("move", "F", "northatlantic", "northsea", 0))
    events, state = decide(state, ("move", "A", "edinburgh", "norway", 0))
    moved = [event for event in events if isinstance(event, ev.UnitMoved)]
    assert [event.convoy for event in moved] == [(arrived,)]
    assert waiting not in state.convoyed
    assert ("balticsea", 0) in moves_from(state, "F", "northsea")


def test_every_convoy_route_spares_the_fleet_that_can_still_move():
    # IMP-11: each sea gives its spent fleet if it has one (here the North Sea), else its
    # lowest id (here the English Channel's only fleet, reached by rail to London)
    state = maneuver("GB")
    (north_waiting,) = put(state, "GB", "F", "northsea")
    (north_arrived,) = put(state, "GB", "F", "northatlantic")
    (channel,) = put(state, "GB", "F", "englishchannel")
    put(state, "GB", "A", "edinburgh")
    state = play(state, ("move", "F", "northatlantic", "northsea", 0))
    unit = next(u for u in state.units_of("GB") if u.kind == "A")
    routes = army_destinations(state, unit)
    assert routes["norway"] == (north_arrived,)
    assert routes["brest"] == (channel,)
    assert all(north_waiting not in fleets for fleets in routes.values())


def test_published_switch_lets_a_convoying_fleet_move():
    # IMP-11 published reading (switch convoy_keeps_fleet_move): convoy and move in one turn
    after = _gb_convoys_an_army_to_norway(convoy_keeps_fleet_move=True)
    assert ("balticsea", 0) in moves_from(after, "F", "northsea")
