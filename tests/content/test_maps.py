"""The sample sections, the fixed layouts and the assembled StarMap (DN-MAP-1..5)."""

from __future__ import annotations

import shutil
from collections import deque
from functools import cache
from pathlib import Path

import pytest

from campaign.content import load_ruleset
from campaign.content.errors import DataFileError
from campaign.content.maps import load_section, system_id
from campaign.rules.ids import PLAYER_SIDES, Mark, Side, SystemType
from campaign.rules.map_assembly import Section
from campaign.rules.ruleset import HexCoord, JumpRoute, StarMap, StarSystem, adjacent_hexes
from tests.conftest import DATA_DIR

SECTION_NAMES = {
    "Aslan Hierate",
    "Solomani Quadrant",
    "Dark Nebula",
    "Bright Star",
    "Rift Routes",
    "Moralon",
    "The Fastnesses",
    "Vecinos",
}


@cache
def sections() -> dict[str, Section]:
    paths = sorted((DATA_DIR / "maps" / "sections").glob("*.toml"))
    return {path.stem: load_section(path) for path in paths}


@cache
def standard() -> StarMap:
    return load_ruleset(DATA_DIR).star_map


def reachable(star_map: StarMap, start: str, blocked: frozenset[str] = frozenset()) -> set[str]:
    """Systems reachable from ``start`` along routes, never entering ``blocked``."""
    seen, queue = {start}, deque([start])
    while queue:
        for other in star_map.neighbours(queue.popleft()):
            if other not in seen and other not in blocked:
                seen.add(other)
                queue.append(other)
    return seen


def test_eight_sample_sections_with_the_boxed_names():
    # DN-MAP-1: eight sections, original samples under the boxed names, about six systems each
    assert {s.name for s in sections().values()} == SECTION_NAMES
    for section in sections().values():
        assert 5 <= len(section.systems) <= 8, section.name


def test_standard_layout_uses_all_eight_sections():
    # DN-MAP-1 / DN-MAP-5: the standard fixed layout places every section once
    assert set(standard().sections) == SECTION_NAMES
    assert standard().layout == "standard" and standard().seed is None
    assert len(standard().systems) == sum(len(s.systems) for s in sections().values())


def test_a_layout_is_named_by_its_file(tmp_path: Path):
    """DN-MAP-5 (found by use, December 8): standard.toml copied as mine.toml, its
    ``name = "standard"`` kept, gave a map of layout "standard" for ``--layout mine`` (the log's
    "The map is assembled: layout standard", `data check`'s summary): the file names it."""
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    layouts = data / "maps" / "layouts"
    shutil.copyfile(layouts / "standard.toml", layouts / "mine.toml")
    assert 'name = "standard"' in (layouts / "mine.toml").read_text(encoding="utf-8")
    assert load_ruleset(data, layout="mine").star_map.layout == "mine"
    assert load_ruleset(data, layout="standard").star_map.layout == "standard"


def test_demo_layout_is_the_two_homes_and_the_nebula():
    # DN-MAP-5: a fixed layout from a file, here the small demo
    demo = load_ruleset(DATA_DIR, layout="demo").star_map
    assert set(demo.sections) == {"Aslan Hierate", "Dark Nebula", "Solomani Quadrant"}


def test_system_types_and_enough_tertiary_systems():
    # DN-MAP-2: types 1, 2, 3 all occur; at least five type 3 systems overall
    types = [system.type for system in standard().systems]
    assert {SystemType.PRIMARY, SystemType.SECONDARY, SystemType.TERTIARY} <= set(types)
    assert types.count(SystemType.TERTIARY) >= 5
    nebula = [standard().system(i) for i in standard().systems_in_section("Dark Nebula")]
    assert sum(1 for s in nebula if s.type is SystemType.TERTIARY) >= 2


@pytest.mark.parametrize("side", PLAYER_SIDES)
def test_home_sections_have_one_capital_and_marked_owned_boxes(side: Side):
    # DN-MAP-3: each home section has one capital; its boxes carry marks and the original owner
    star_map = standard()
    home = star_map.home_section(side)
    assert home == {"aslan": "Aslan Hierate", "solomani": "Solomani Quadrant"}[side.value]
    systems = [star_map.system(i) for i in star_map.systems_in_section(home)]
    capitals = [s for s in systems if s.capital]
    assert len(capitals) == 1 and star_map.capital_of(side) == capitals[0]
    assert capitals[0].mark is Mark.STAR and capitals[0].type is SystemType.PRIMARY
    assert all(s.original_owner is side for s in systems)
    assert {s.mark for s in systems} >= {Mark.STAR, Mark.CIRCLE, Mark.TRIANGLE}


def test_capitals_only_in_home_sections():
    # DN-MAP-3: no other section has a capital
    homes = set(standard().homes.values())
    assert all(s.section in homes for s in standard().systems if s.capital)


def test_dark_nebula_has_unexplored_routes_and_only_there_in_the_samples():
    # DN-MAP-4: a route may be marked unexplored (Dark Nebula section)
    star_map = standard()
    nebula = set(star_map.systems_in_section("Dark Nebula"))
    unexplored = [r for r in star_map.routes if r.unexplored]
    assert len(unexplored) >= 4
    assert all(r.a in nebula or r.b in nebula for r in unexplored)


def test_routes_are_symmetric_and_only_printed_routes_exist():
    # DN-MAP-4: neighbours follow printed routes only, both ways
    star_map = standard()
    for route in star_map.routes:
        assert route.b in star_map.neighbours(route.a)
        assert route.a in star_map.neighbours(route.b)
        assert star_map.route_between(route.b, route.a) == route
    assert star_map.route_between("hlirakh", "concord") is None
    assert star_map.neighbours("hlirakh") == ("wahtoi", "eawyo", "ftahr")
    assert {r.b if r.a == "beacon" else r.a for r in star_map.routes_from("beacon")} == set(
        star_map.neighbours("beacon")
    )


def test_edge_connectors_join_neighbouring_sections():
    # DN-MAP-5: lined-up stubs become routes across the section edge
    star_map = standard()
    assert star_map.route_between("khtaoi", "fissure") == JumpRoute(a="khtaoi", b="fissure")
    assert star_map.route_between("aokhtel", "solace") is not None  # Aslan south / Bright north
    crossing = star_map.route_between("murk", "drossel")  # nebula east 2 (unexplored stub)
    assert crossing is not None and crossing.unexplored


def test_map_is_connected_with_alternative_paths_between_capitals():
    # DN-MAP-4: routes leave real choices: two capital-to-capital paths sharing no system
    star_map = standard()
    aslan, solomani = (star_map.capital_of(side).id for side in PLAYER_SIDES)
    assert reachable(star_map, aslan) == {s.id for s in star_map.systems}
    explored = star_map.model_copy(
        update={"routes": tuple(r for r in star_map.routes if not r.unexplored)}
    )
    assert len(explored.routes) < len(star_map.routes)
    assert disjoint_paths(explored, aslan, solomani) >= 2


def disjoint_paths(star_map: StarMap, start: str, goal: str) -> int:
    """How many paths from ``start`` to ``goal`` share no intermediate system (max flow with
    every system split into an in and an out node of capacity one)."""
    capacity: dict[tuple[str, str], int] = {}
    for system in star_map.systems:
        inner = system.id not in (start, goal)
        capacity[(f"{system.id}>in", f"{system.id}>out")] = 1 if inner else 2
    for route in star_map.routes:
        capacity[(f"{route.a}>out", f"{route.b}>in")] = 1
        capacity[(f"{route.b}>out", f"{route.a}>in")] = 1
    source, sink, flow = f"{start}>out", f"{goal}>in", 0
    while True:
        previous: dict[str, str] = {source: source}
        queue = deque([source])
        while queue and sink not in previous:
            node = queue.popleft()
            for (a, b), left in capacity.items():
                if a == node and left > 0 and b not in previous:
                    previous[b] = a
                    queue.append(b)
        if sink not in previous:
            return flow
        node = sink
        while node != source:
            before = previous[node]
            capacity[(before, node)] -= 1
            capacity[(node, before)] = capacity.get((node, before), 0) + 1
            node = before
        flow += 1


def test_sample_sections_have_chokepoints():
    # DN-MAP-4: some systems are chokepoints: removing one splits its section
    star_map = standard()
    chokepoints = []
    for section in star_map.sections:
        members = set(star_map.systems_in_section(section))
        for system in members:
            rest = members - {system}
            start = next(iter(rest))
            inside = reachable(star_map, start, frozenset(star_map.systems) - rest)
            if inside != rest:
                chokepoints.append(system)
    assert "beacon" in chokepoints and len(chokepoints) >= 3


def test_adjacent_hexes_odd_q_offset():
    # DN-MOV-1 support (DN-MAP-2 hex grid): odd columns sit half a hex lower
    assert set(adjacent_hexes(2, 2)) == {(2, 1), (2, 3), (1, 1), (1, 2), (3, 1), (3, 2)}
    assert set(adjacent_hexes(3, 2)) == {(3, 1), (3, 3), (2, 2), (2, 3), (4, 2), (4, 3)}


def test_hex_neighbours_inside_and_across_sections():
    # DN-MOV-1 support: one-hex sublight moves use assembled coordinates across section edges
    star_map = standard()
    assert star_map.system("hlirakh").hex == HexCoord(col=2, row=2)
    assert star_map.hex_adjacent("hlirakh", "ftahr")
    assert not star_map.hex_adjacent("wahtoi", "eawyo")
    assert star_map.system("fissure").hex == HexCoord(col=6, row=1)
    assert star_map.hex_adjacent("khtaoi", "fissure")
    assert "fissure" in star_map.hex_neighbours("khtaoi")
    assert star_map.system_at(6, 1) == star_map.system("fissure")
    assert star_map.system_at(0, 0) is None


def test_system_ids_are_unique_slugs():
    # DN-MAP-1: ids unique across sections, derived from names
    ids = [s.id for s in standard().systems]
    assert len(ids) == len(set(ids))
    assert system_id("Umbra Gate") == "umbra-gate"
    assert standard().system("umbra-gate").name == "Umbra Gate"
    with pytest.raises(KeyError):
        standard().system("nowhere")


def test_star_map_model_rejects_routes_to_unknown_systems():
    # DN-DATA-5: even a hand-built map cannot hold a route to a system it does not have
    here = StarSystem(id="a", name="A", section="s", hex=HexCoord(col=0, row=0), type=1)
    with pytest.raises(ValueError, match="unknown system 'b'"):
        StarMap(sections=("s",), systems=(here,), routes=(JumpRoute(a="a", b="b"),))


def one_system_section(tmp_path: Path, *, width: int = 2, extra: str = "") -> Path:
    """A 2-row section file with one system at 0101; ``extra`` lines end its [[system]] (line 10
    is the first of them)."""
    path = tmp_path / "x.toml"
    path.write_text(
        f'[section]\nname = "X"\nwidth = {width}\nheight = 2\n\n[[system]]\nhex = "0101"\n'
        f'name = "Solo"\ntype = 1\n{extra}',
        encoding="utf-8",
    )
    return path


def test_section_unknown_key_is_rejected(tmp_path: Path):
    # DN-DATA-5: a misspelt key in a section file is an error with its line
    path = one_system_section(tmp_path, extra='colour = "red"\n')
    with pytest.raises(DataFileError, match=r"x.toml:10: unknown key 'colour'"):
        load_section(path)


def test_section_width_must_be_even(tmp_path: Path):
    # DN-MAP-1: even widths keep the odd-q column parity across section edges
    path = one_system_section(tmp_path, width=5)
    with pytest.raises(DataFileError, match=r"x.toml:3: width must be an even number"):
        load_section(path)


def test_unknown_layout_name_lists_the_layouts():
    # DN-MAP-5: fixed layouts come from files; a missing one is named
    with pytest.raises(DataFileError, match="no layout 'huge'.*demo, standard, random"):
        load_ruleset(DATA_DIR, layout="huge")


def test_model_copy_with_update_rebuilds_the_indexes():
    # DN-MAP-4: a copied map with other routes answers adjacency for its own routes
    star_map = standard()
    fewer = star_map.model_copy(update={"routes": ()})
    assert fewer.neighbours("hlirakh") == ()
    assert star_map.neighbours("hlirakh") != ()
    assert fewer.route_between("hlirakh", "ftahr") is None


def test_on_map_covers_empty_space_of_placed_sections_only():
    # DN-MOV-1 support (DN-MAP-1 sections are rectangular): empty hexes of a section are on the map
    star_map = standard()
    assert (star_map.section_width, star_map.section_height) == (6, 6)
    assert star_map.system_at(0, 0) is None and star_map.on_map(0, 0)
    assert star_map.on_map(23, 11)  # last hex of the 4x2 standard layout
    assert not star_map.on_map(24, 0) and not star_map.on_map(0, 12) and not star_map.on_map(-1, 0)
    demo = load_ruleset(DATA_DIR, layout="demo").star_map
    assert demo.on_map(17, 5) and not demo.on_map(0, 6)


def test_marked_box_needs_an_original_owner(tmp_path: Path):
    # DN-MAP-3: a mark keeps the box with its original owner, so the owner must be given
    path = one_system_section(tmp_path, extra='mark = "circle"\n')
    with pytest.raises(DataFileError, match=r"x.toml:10: a marked box needs an original owner"):
        load_section(path)
