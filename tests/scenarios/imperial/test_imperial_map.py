"""The board data file and its validation (map facts of the spec, IMP-8/11 details)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scenarios.imperial.constants import NATIONS
from scenarios.imperial.mapdata import DEFAULT_MAP, MapDataError, load_board, parse_board
from tests.conftest import RULES_DIR

TEXT = DEFAULT_MAP.read_text(encoding="utf-8")


def spec_edges() -> set[frozenset[str]]:
    block = (RULES_DIR / "imperial.md").read_text(encoding="utf-8").split("```")[1]
    edges = set()
    for line in block.strip().splitlines():
        head, rest = line.split(":")
        edges |= {frozenset((head.strip(), other)) for other in rest.split()}
    return edges


def test_board_has_54_regions_and_impassable_switzerland():
    # IMP-11: 54 regions; armies never into Switzerland (impassable, no neighbours)
    board = load_board()
    passable = [r for r in board.regions if r.kind != "impassable"]
    assert len(passable) == 54
    assert sum(r.is_sea for r in board.regions) == 9
    assert sum(r.is_land and r.home is None for r in board.regions) == 15
    assert board.region("switzerland").kind == "impassable"
    assert board.neighbours("switzerland") == frozenset()


def test_adjacency_is_exactly_the_spec_list_and_symmetric():
    # IMP-11: movement uses the board's adjacency, listed in the spec
    board = load_board()
    ours = {frozenset((a, b)) for a, ns in board.adjacency.items() for b in ns}
    assert ours == spec_edges()
    for a, ns in board.adjacency.items():
        assert all(a in board.neighbours(b) for b in ns)


def test_home_provinces_cities_factories_and_ports():
    # IMP-8: two starting factories per nation, cities A/S; IMP-11: ports name their sea
    board = load_board()
    for nation in NATIONS:
        homes = [board.region(k) for k in board.home_provinces(nation)]
        assert len(homes) == 5
        assert sum(r.factory for r in homes) == 2
        for r in homes:
            assert (r.city == "S") == (r.port is not None)
    assert board.region("naples").port == "westernmed"
    assert board.region("venice").port == "ioniansea"
    assert board.region("vienna").city == "A" and board.region("london").city == "S"


def test_norway_denmark_switch_adds_the_edge():
    # IMP-11: the published board's Norway-Denmark link is kept out unless switched on
    assert "denmark" not in load_board().neighbours("norway")
    assert "denmark" in load_board(norway_denmark=True).neighbours("norway")


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        (
            'algeria = ["morocco"',
            'algeria = ["atlantis", "morocco"',
            "algeria = [",
            "unknown region",
        ),
        (
            'portugal = ["bayofbiscay", "spain"]',
            'portugal = ["bayofbiscay"]',
            "spain = [",
            "asymmetric",
        ),
        ('city = "S", port = "ioniansea" }', 'city = "S" }', "trieste = {", "without a port"),
        ('kind = "impassable" }', 'kind = "mountain" }', "switzerland = {", "kind must be"),
        ("switzerland = []", 'switzerland = ["spain"]', "switzerland = [", "impassable"),
        # a misspelt field is named with the fields a region has, no "field(s)" (DN-ERR-1)
        (
            'prague = { name = "Prague", kind = "land"',
            'prague = { name = "Prague", kind = "land", factroy = true',
            "prague = {",
            "fields a region does not have: factroy (it has city, factory, home, kind, name, port)",
        ),
    ],
)
def test_bad_map_names_file_line_and_key(old, new, needle, message):
    # IMP-11: a broken board is refused with file:line and key, nothing loaded
    assert old in TEXT
    broken = TEXT.replace(old, new, 1)
    with pytest.raises(MapDataError) as error:
        parse_board(broken, Path("map.toml"))
    assert message in error.value.reason
    assert error.value.line == line_of(broken, needle)
    assert re.match(r"map\.toml:\d+: \[", str(error.value))


def test_port_sea_must_be_adjacent():
    # IMP-11: a fleet leaves port into that port's sea, which must touch the port
    broken = TEXT.replace(
        '"Trieste", kind = "land", home = "AH", city = "S", port = "ioniansea"',
        '"Trieste", kind = "land", home = "AH", city = "S", port = "blacksea"',
    )
    with pytest.raises(MapDataError, match="not adjacent"):
        parse_board(broken)


def test_board_is_frozen():
    # IMP-11: the loaded board cannot be changed by the rules
    board = load_board()
    with pytest.raises(TypeError):
        board.adjacency["spain"] = frozenset()  # type: ignore[index]
    with pytest.raises(AttributeError):
        board.region("spain").kind = "sea"  # type: ignore[misc]
