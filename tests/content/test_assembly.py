"""Seeded random assembly and fixed-layout assembly of sections (DN-MAP-5)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.content import load_ruleset
from campaign.content.loader import load_sections_of
from campaign.rules.ids import PLAYER_SIDES, Side, SystemType
from campaign.rules.map_assembly import (
    AssemblyError,
    Edge,
    EdgeConnector,
    Section,
    assemble,
    assemble_random,
    random_placements,
)
from campaign.rules.ruleset import HexCoord, SectionPlacement, StarSystem
from tests.conftest import DATA_DIR

REQUIRED = {"aslan_hierate", "solomani_quadrant", "dark_nebula"}


@cache
def catalog() -> dict[str, Section]:
    return load_sections_of(DATA_DIR)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63))
def test_random_assembly_is_valid_complete_and_reproducible(seed: int):
    # DN-MAP-5: any seed gives a legal map with both homes and the Dark Nebula, reproducibly
    star_map = assemble_random(catalog(), seed)
    keys = [p.section for p in star_map.placements]
    assert set(keys) >= REQUIRED
    assert set(star_map.homes) == set(PLAYER_SIDES)
    assert assemble_random(catalog(), seed) == star_map
    # stops as soon as the three required sections are down: the last one placed completes them
    assert keys[-1] in REQUIRED and not set(keys[:-1]) >= REQUIRED
    # Aslan draws first, then the players alternate (a draw that did not fit still counts)
    for placement in star_map.placements:
        expected = Side.ASLAN if placement.draw % 2 == 1 else Side.SOLOMANI
        assert placement.drawn_by is expected
    # re-assembling the logged placements as a fixed layout lines up and gives the same map
    again = assemble(catalog(), star_map.placements, layout="random", seed=seed)
    assert again == star_map
    # every section is joined to the rest by at least one route
    assert all(star_map.neighbours(c.id) for c in (star_map.capital_of(s) for s in PLAYER_SIDES))


def test_random_assembly_record_has_slots_from_zero():
    # DN-MAP-5: the logged placements are normalised so the map starts at slot (0, 0)
    placements = random_placements(catalog(), random.Random(11))
    assert min(p.slot_col for p in placements) == 0
    assert min(p.slot_row for p in placements) == 0
    assert [p.draw for p in placements] == sorted(p.draw for p in placements)


def test_different_seeds_give_different_maps_and_profile_hashes():
    # DN-MAP-5 / DN-DATA-4: the seed is part of the profile
    first, second = load_ruleset(DATA_DIR, seed=1), load_ruleset(DATA_DIR, seed=2)
    assert first.star_map.layout == "random" and first.star_map.seed == 1
    assert first.star_map.placements != second.star_map.placements
    assert first.profile_hash != second.profile_hash
    assert load_ruleset(DATA_DIR, seed=1).profile_hash == first.profile_hash


def test_seed_with_a_fixed_layout_is_refused():
    # DN-MAP-5: a seed only makes sense for random assembly
    with pytest.raises(ValueError, match="seed only applies"):
        load_ruleset(DATA_DIR, layout="standard", seed=3)


def tiny(key: str, *, home: Side | None = None, nebula: bool = False, ports=()) -> Section:
    """A 2x2 section with one system and stubs ``(edge, at)`` from it."""
    here = StarSystem(
        id=f"{key}-world",
        name=f"{key} world",
        section=key,
        hex=HexCoord(col=0, row=0),
        type=SystemType.PRIMARY,
        original_owner=home,
        capital=home is not None,
    )
    return Section(
        key=key,
        name=key,
        width=2,
        height=2,
        home=home,
        nebula=nebula,
        systems=(here,),
        connectors=tuple(EdgeConnector(edge=e, at=a, system=here.id) for e, a in ports),
    )


def test_fixed_layout_joins_lined_up_stubs_and_rejects_mismatches():
    # DN-MAP-5: stubs must line up; matched stubs become routes
    sections = {
        "a": tiny("a", home=Side.ASLAN, ports=[(Edge.EAST, 1)]),
        "n": tiny("n", nebula=True, ports=[(Edge.WEST, 1), (Edge.EAST, 2)]),
        "s": tiny("s", home=Side.SOLOMANI, ports=[(Edge.WEST, 2)]),
        "bad": tiny("bad", home=Side.SOLOMANI, ports=[(Edge.WEST, 1)]),
    }
    row = [SectionPlacement(section=k, slot_col=i, slot_row=0) for i, k in enumerate("ans")]
    star_map = assemble(sections, row, layout="t")
    assert star_map.neighbours("n-world") == ("a-world", "s-world")
    assert star_map.system("s-world").hex == HexCoord(col=4, row=0)
    broken = [*row[:2], SectionPlacement(section="bad", slot_col=2, slot_row=0)]
    with pytest.raises(AssemblyError) as caught:
        assemble(sections, broken, layout="t")
    assert caught.value.placement == 2 and "do not line up" in caught.value.reason


def test_fixed_layout_rejects_overlaps_repeats_and_missing_roles():
    # DN-MAP-5 / DN-MAP-1: one section per slot, each once, homes and nebula present
    sections = {
        "a": tiny("a", home=Side.ASLAN),
        "n": tiny("n", nebula=True),
        "s": tiny("s", home=Side.SOLOMANI),
    }
    same_slot = [SectionPlacement(section=k, slot_col=0, slot_row=0) for k in "an"]
    with pytest.raises(AssemblyError, match="already holds"):
        assemble(sections, same_slot, layout="t")
    twice = [SectionPlacement(section="a", slot_col=i, slot_row=0) for i in range(2)]
    with pytest.raises(AssemblyError, match="placed twice"):
        assemble(sections, twice, layout="t")
    apart = [SectionPlacement(section=k, slot_col=2 * i, slot_row=0) for i, k in enumerate("ans")]
    with pytest.raises(AssemblyError, match="touches no other section") as caught:
        assemble(sections, apart, layout="t")
    assert caught.value.placement == 1
    no_nebula = [SectionPlacement(section=k, slot_col=i, slot_row=0) for i, k in enumerate("as")]
    with pytest.raises(AssemblyError, match="no Dark Nebula section"):
        assemble(sections, no_nebula, layout="t")


def test_random_assembly_defers_a_section_that_fits_nowhere_yet():
    # DN-MAP-5: a drawn section that cannot line up anywhere goes back under the deck
    sections = {
        "a": tiny("a", home=Side.ASLAN, ports=[(Edge.EAST, 1)]),
        "n": tiny("n", nebula=True, ports=[(Edge.WEST, 1), (Edge.EAST, 2)]),
        "s": tiny("s", home=Side.SOLOMANI, ports=[(Edge.WEST, 2)]),
    }
    orders, deferred = set(), 0
    for seed in range(30):
        placements = random_placements(sections, random.Random(seed))
        orders.add("".join(p.section for p in placements))
        deferred += any(p.draw != index for index, p in enumerate(placements, start=1))
    # "s" can never go straight next to "a" (stubs 2 vs 1): it waits until "n" is down
    assert orders <= {"ans", "nas", "nsa", "sna"}
    assert deferred > 0


def test_random_assembly_fails_clearly_when_nothing_can_fit():
    # DN-MAP-5: a section set that can never line up is an error, not an endless loop
    sections = {
        "a": tiny("a", home=Side.ASLAN, ports=[(Edge.EAST, 1)]),
        "n": tiny("n", nebula=True, ports=[(Edge.NORTH, 1)]),
        "s": tiny("s", home=Side.SOLOMANI, ports=[(Edge.SOUTH, 2)]),
    }
    with pytest.raises(AssemblyError, match="fit nowhere"):
        random_placements(sections, random.Random(0))


def test_two_stub_pairs_between_the_same_systems_form_one_route():
    # DN-MAP-5 / DN-MAP-4: lined-up stubs never create a duplicate route
    sections = {
        "a": tiny("a", home=Side.ASLAN, ports=[(Edge.EAST, 1), (Edge.EAST, 2)]),
        "n": tiny("n", nebula=True, ports=[(Edge.WEST, 1), (Edge.WEST, 2), (Edge.EAST, 1)]),
        "s": tiny("s", home=Side.SOLOMANI, ports=[(Edge.WEST, 1)]),
    }
    row = [SectionPlacement(section=k, slot_col=i, slot_row=0) for i, k in enumerate("ans")]
    star_map = assemble(sections, row, layout="t")
    assert star_map.neighbours("a-world") == ("n-world",)


def test_system_id_clash_between_hand_built_sections_is_an_assembly_error():
    # DN-MAP-1: system ids are unique across sections, also for sections built in code
    clash = tiny("s", home=Side.SOLOMANI, ports=[(Edge.WEST, 1)])
    renamed = clash.model_copy(
        update={
            "systems": (clash.systems[0].model_copy(update={"id": "a-world"}),),
            "connectors": (EdgeConnector(edge=Edge.WEST, at=1, system="a-world"),),
        }
    )
    sections = {
        "a": tiny("a", home=Side.ASLAN, ports=[(Edge.EAST, 1)]),
        "n": tiny("n", nebula=True, ports=[(Edge.WEST, 1), (Edge.EAST, 1)]),
        "s": renamed,
    }
    row = [SectionPlacement(section=k, slot_col=i, slot_row=0) for i, k in enumerate("ans")]
    with pytest.raises(AssemblyError, match="duplicate system id 'a-world'"):
        assemble(sections, row, layout="t")
