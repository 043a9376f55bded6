"""Seed 001 §9.0 / DN-MOV-10 (issue 16 item 7): at most one PD marker per surface box, also at
neutral placement and when a transport lands in the interaction sub-phase."""

from __future__ import annotations

from collections import Counter

from campaign.rules import catalog, engine
from campaign.rules.dice import SeededSource
from campaign.rules.flow import MapAssembled, layout_record
from campaign.rules.ids import Side, UnitCategory
from campaign.rules.notation import parse_order
from campaign.rules.phases import Phase, SubPhase
from campaign.rules.state import Where
from tests.combat.campaign_helpers import Campaign, place
from tests.rulesets import sample


def _pd_boxes(state, ruleset) -> Counter:
    return Counter(
        u.location.system
        for u in state.units.values()
        if u.location.where is Where.BOX and ruleset.unit_type(u.kind).category is UnitCategory.PD
    )


def test_second_neutral_pd_drawn_for_a_box_is_set_aside():
    # DN-MOV-10 [HOUSE] (DN-NEU-1 placement): every counter goes to Lantern; once its box holds a
    # neutral PD, a PD drawn for it is set aside and the next counter is placed instead
    catalog.load()
    ruleset = sample()
    dice = SeededSource("one-pd-per-box")
    events = engine.start("pd", ruleset, MapAssembled(layout=layout_record(ruleset.star_map)), dice)
    state = engine.fold(events)
    pile = list(state.neutral_pile)
    pds = [
        i
        for i, kind in enumerate(pile[: len(ruleset.star_map.sections) + 4])
        if ruleset.unit_type(kind).category is UnitCategory.PD
    ]
    assert len(pds) >= 2, "pick a dice seed whose first draws hold two PD"
    set_aside: list[str] = []
    while state.phase is Phase.SETUP_NEUTRALS:
        order = parse_order(f"{state.acting.value} place-neutral lantern")
        for event in engine.decide(state, order, ruleset, dice):
            set_aside += getattr(event, "set_aside", [])
            state = engine.evolve(state, event)
    assert _pd_boxes(state, ruleset)["lantern"] == 1
    assert set_aside, "a second PD was drawn for Lantern and must have been set aside"
    placed = [u.kind for u in state.units.values() if u.owner is Side.NEUTRAL]
    assert len(placed) == len(ruleset.star_map.sections)
    assert all(ruleset.unit_type(k).category is UnitCategory.PD for k in set_aside)
    assert len(state.neutral_pile) == len(pile) - len(placed) - len(set_aside)


def test_transport_cannot_land_a_second_pd_in_a_box():
    # DN-MOV-10: a landing transport unloads its cargo; the box already holds a PD
    game = Campaign(
        [
            place("A-TR-1", "aslan:TR", "hex:neb-a"),
            place("A-PD-1", "aslan:PD", "on:A-TR-1"),
            place("A-RT-1", "aslan:RT-4", "box:neb-a"),
            place("A-PD-2", "aslan:PD", "box:neb-a"),
        ],
        sub_phase=SubPhase.INTERACTION,
        phasing=Side.ASLAN,
    )
    game.enter()
    error = game.reject("aslan interact neb-a A-TR-1 - -")
    assert "DN-MOV-10" in str(error) and "A-PD-2" in str(error)
