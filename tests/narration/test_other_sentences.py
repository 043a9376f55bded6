"""Sentences of set-up, economy and movement found wrong or silent at the table (issue 29): the
neutral PD set aside, the rule ids of income and production, a failed exploration that moved
nobody, the tanker that refuels."""

from __future__ import annotations

from campaign.rules import narration
from campaign.rules.combat.space_events import JoinedBattle
from campaign.rules.combat.surface_orders import LiftedOff
from campaign.rules.economy.production import UnitsProduced
from campaign.rules.economy.treasury import IncomeCollected
from campaign.rules.ids import Side
from campaign.rules.movement.cargo import CargoLoaded, CargoUnloaded
from campaign.rules.movement.moves import MovementEnded, StackMoved
from campaign.rules.movement.paths import Arrival
from campaign.rules.movement.stacks import StackRelabelled
from campaign.rules.referee import DiceEntered, RefereeAdjusted, RefereeRestored
from campaign.rules.setup_rules import NeutralPlaced
from campaign.rules.state import CampaignState, Location, Unit
from tests.rulesets import sample

A = Side.ASLAN


def _read(event, state: CampaignState | None = None, viewer: Side | None = None) -> str:
    view = narration.NarrationView(state or CampaignState(), viewer, sample())
    return narration.describe(event, view) or ""


def _with(*units: Unit) -> CampaignState:
    state = CampaignState()
    for unit in units:
        state.add_unit(unit)
    return state


def test_a_second_neutral_pd_set_aside_is_told_to_the_referee_only():
    # DN-NEU-1, DN-MOV-10 [HOUSE]: the referee reads that a PD drawn for a box that already
    # holds one was set aside; a player learns nothing about the counters
    event = NeutralPlaced(
        drawn_by=A,
        unit_id="N-RT-1",
        kind="neutral:RT-2",
        location=Location.box("lantern"),
        set_aside=["neutral:PD"],
    )
    referee = _read(event)
    assert "first drawn: PD, set aside" in referee and "DN-MOV-10" in referee
    player = _read(event, viewer=Side.SOLOMANI)
    assert "set aside" not in player and "PD" not in player


def test_income_cites_table_3_and_production_cites_the_placement_rules():
    # DN-ECO-4 is Table 3 (income); DN-ECO-8 places new units, DN-ECO-9 brings PD in unplaced
    income = IncomeCollected(
        side=A, turn=1, before=30, kept=30, budget=25, boxes={"hlirakh": 10}, income=35
    )
    assert _read(income).endswith("(DN-ECO-4)")
    ships = UnitsProduced(
        side=A, kind="aslan:CL", unit_ids=["A-CL-4"], cost=6, location=Location.hex("hlirakh")
    )
    assert _read(ships).endswith("(DN-ECO-8)")
    pd = UnitsProduced(
        side=A, kind="aslan:PD", unit_ids=["A-PD-1"], cost=10, location=Location.unplaced()
    )
    assert _read(pd).endswith("(DN-ECO-8, DN-ECO-9)")


def test_a_failed_exploration_that_moved_nobody_does_not_read_as_a_jump():
    # DN-NEB-1: the scout tried Scarp-Cinder, failed, and stayed at Scarp
    state = _with(Unit(id="A-SC-2", kind="aslan:SC", owner=A, location=Location.hex("scarp")))
    event = StackMoved(
        side=A,
        mode="jump",
        units=["A-SC-2"],
        start="scarp",
        path=[],
        arrival=Arrival.FINISHED,
        explore_failed=["scarp", "cinder"],
        disrupted=["A-SC-2"],
    )
    text = _read(event, state)
    assert "jump Scarp;" not in text
    assert text.startswith("A-SC-2 stays at Scarp: exploring Scarp – Cinder failed")
    assert "A-SC-2 disrupted (DN-NEB-1)" in text


def test_refuelling_names_the_tanker_and_the_system():
    # DN-MOV-4: "A-AO-1 refuels the friendly ships at Sirehk", not "sirehk refuels"
    state = _with(
        Unit(id="A-AO-1", kind="aslan:AO", owner=A, location=Location.hex("sirehk")),
        Unit(id="A-CL-1", kind="aslan:CL", owner=A, location=Location.hex("sirehk")),
    )
    ended = MovementEnded(side=A, units=["A-AO-1", "A-CL-1"], refuelled="sirehk")
    text = _read(ended, state)
    assert "A-AO-1 refuels the friendly ships at Sirehk (DN-MOV-4)" in text
    assert "sirehk refuels" not in text
    moved = StackMoved(
        side=A,
        mode="jump",
        units=["A-AO-1"],
        start="ftahr",
        path=["sirehk"],
        arrival=Arrival.FINISHED,
        refuelled="sirehk",
    )
    assert "A-AO-1 refuels the friendly ships at Sirehk (DN-MOV-4)" in _read(moved, state)


def test_a_player_reads_that_dice_were_typed_at_the_table_but_not_how_many():
    # DN-NEU-1, DN-ERR-1: the referee's typed dice may include dice by or at a face-down
    # counter; their number would bound its factors, so a player's sentence gives no values
    # (his dice line shows those he may see, with their purposes); the referee reads them all
    event = DiceEntered(origin="physical", values=(3, 4, 2), reason="left-hand table")
    assert _read(event) == "Dice typed at the table: 3, 4, 2 (left-hand table)"
    for side in (Side.ASLAN, Side.SOLOMANI):
        assert _read(event, viewer=side) == "Dice typed at the table (left-hand table)"


def test_a_box_emptied_of_its_last_ground_unit_is_said_to_be_controlled_by_nobody():
    # DN-ECO-1 (found by use): a bombardment that destroyed the last Solomani troops of
    # Bulwark, an unmarked box, said nothing of control, though Bulwark left the Solomani
    # income; a box left empty is controlled by nobody, as a contested one is
    state = _with(
        Unit(id="A-TR-1", kind="aslan:TR", owner=A, location=Location.hex("span")),
        Unit(id="A-RT-1", kind="aslan:RT-5", owner=A, location=Location.box("span")),
    )
    loaded = CargoLoaded(side=A, cargo="A-RT-1", carrier="A-TR-1")
    (told,) = narration.narrate([loaded], state, ruleset=sample())
    assert "Box Span: nobody controls it now (DN-ECO-1)" in told.lines


def test_a_referee_override_says_what_it_changed_and_cites_its_rule():
    # DN-ERR-1 (found by use): "Referee: the Solomani now have 8 RU (reason)" named neither
    # the RU it replaced nor a rule id, where every other sentence ends with one (engine.md);
    # the log of an override is the referee's record of what the table agreed to change
    state = _with(Unit(id="A-CL-1", kind="aslan:CL", owner=A, location=Location.hex("marrow")))
    state.ru[Side.SOLOMANI] = 5
    ru = RefereeAdjusted(reason="miscounted", side=Side.SOLOMANI, ru=8)
    assert _read(ru, state) == (
        "Referee: the Solomani had 5 RU, now have 8 RU (miscounted) (DN-ERR-1)"
    )
    moved = RefereeAdjusted(
        reason="set up wrongly", unit_id="A-CL-1", location=Location.hex("redoubt")
    )
    assert _read(moved, state) == (
        "Referee: A-CL-1 put in the stellar hex of Redoubt (was in the stellar hex of Marrow) "
        "(set up wrongly) (DN-ERR-1)"
    )
    restored = RefereeRestored(reason="misread die", to_seq=183, state_text=state.canonical_text())
    assert _read(restored, state).endswith("(misread die) (DN-ERR-1)")


def test_one_ship_split_off_its_stack_leaves_its_stack():
    # DN-MOV-2 (found by use): "aslan split-stack fuel - A-AO-2" read "A-AO-2 leave their
    # stack"; the verb agrees with one unit as with several
    state = _with(Unit(id="A-AO-2", kind="aslan:AO", owner=A, location=Location.hex("chasm")))
    one = StackRelabelled(side=A, label=None, units=["A-AO-2"])
    assert _read(one, state) == "A-AO-2 leaves its stack (DN-MOV-2)"
    two = StackRelabelled(side=A, label=None, units=["A-AO-2", "A-DD-2"])
    assert _read(two, state) == "A-AO-2, A-DD-2 leave their stack (DN-MOV-2)"


def test_a_marked_box_taken_cites_the_marked_box_rule():
    # DN-ECO-2 (found by use): Aslan troops alone in Marrow's triangle-marked box take it from
    # the Solomani by DN-ECO-2, not DN-ECO-1; the control sentence cited DN-ECO-1 for every box
    state = _with(Unit(id="A-RT-1", kind="aslan:RT-5", owner=A, location=Location.box("span")))
    moved = RefereeAdjusted(reason="check", unit_id="A-RT-1", location=Location.box("marrow"))
    (told,) = narration.narrate([moved], state, ruleset=sample())
    assert "Box Marrow: control passes to the Aslan (DN-ECO-2)" in told.lines
    assert "Box Span: nobody controls it now (DN-ECO-1)" in told.lines


def test_one_ship_lifting_off_lifts_off():
    """DN-INT-5, DN-MOV-6 (found by use, December 7, late night): "A-B1-1 lift off to the
    stellar hex of Umbra Gate"; the verb agrees with the ships."""
    one = _read(LiftedOff(system="hlirakh", units=["A-B1-1"]))
    assert one == "A-B1-1 lifts off to the stellar hex of Hlirakh (DN-INT-5)"
    two = _read(LiftedOff(system="hlirakh", units=["A-B1-1", "A-B2-1"]))
    assert two.startswith("A-B1-1, A-B2-1 lift off to the stellar hex of Hlirakh")
    joined = _read(JoinedBattle(system="hlirakh", side=A, units=["A-CL-1"], battles={}))
    assert joined == "A-CL-1 lifts off into the battle at Hlirakh (DN-MOV-6)"


def test_loading_and_unloading_cite_the_rule_of_cargo_handling():
    """DN-MOV-5 DN-MOV-10 (found by use, December 8): "A-RT-2 boards A-TR-1 (DN-MOV-7)" and
    "A-PD-3 unloads from A-TR-6 at Eawyo (DN-MOV-7)" cited the rule of what fits where; the
    referee looking them up in the catalogue found loading under DN-MOV-5 and the setting up
    of a PD under DN-MOV-10."""
    state = _with(
        Unit(id="A-TR-1", kind="aslan:TR", owner=A, location=Location.hex("eawyo")),
        Unit(id="A-RT-1", kind="aslan:RT-5", owner=A, location=Location.box("eawyo")),
        Unit(id="A-PD-1", kind="aslan:PD", owner=A, location=Location.carried("A-TR-1")),
    )
    loaded = CargoLoaded(side=A, cargo="A-RT-1", carrier="A-TR-1")
    assert _read(loaded, state) == "A-RT-1 boards A-TR-1 (DN-MOV-5)"
    troops = CargoUnloaded(side=A, cargo="A-RT-1", carrier="A-TR-1", system="eawyo")
    assert _read(troops, state) == "A-RT-1 unloads from A-TR-1 at Eawyo (DN-MOV-5)"
    pd = CargoUnloaded(side=A, cargo="A-PD-1", carrier="A-TR-1", system="eawyo")
    assert _read(pd, state) == (
        "A-PD-1 unloads from A-TR-1 at Eawyo: PD set up in its surface box (DN-MOV-10)"
    )
