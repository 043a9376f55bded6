"""Small builders for the economy tests: hand-drawn maps, unit tables and pieces."""

from __future__ import annotations

import itertools
from functools import cache

from campaign.content.units import load_units
from campaign.rules.economy.occupancy import Occupancy, Piece
from campaign.rules.ids import Mark, Side, SystemType
from campaign.rules.ruleset import (
    HexCoord,
    HouseRules,
    JumpRoute,
    Ruleset,
    StarMap,
    StarSystem,
    UnitType,
)
from tests.conftest import DATA_DIR

_labels = itertools.count(1)


@cache
def real_units() -> tuple[UnitType, ...]:
    """Table 1 and Table 2 as shipped in data/units.csv."""
    return load_units(DATA_DIR / "units.csv")


def system(
    system_id: str,
    kind: int = 1,
    *,
    mark: Mark | None = None,
    owner: Side | None = None,
    capital: bool = False,
    col: int = 0,
) -> StarSystem:
    """A system in its own hex (column ``col``; rows are assigned by ``make_map``)."""
    return StarSystem(
        id=system_id,
        name=system_id.capitalize(),
        section="test",
        hex=HexCoord(col=col, row=0),
        type=SystemType(kind),
        mark=mark,
        original_owner=owner,
        capital=capital,
    )


def make_ruleset(
    systems: list[StarSystem], routes: str, house_rules: HouseRules | None = None
) -> Ruleset:
    """A ruleset with the real unit table and a hand-drawn map.

    ``routes`` is a space-separated list of ``a-b`` pairs; ``a~b`` is an unexplored route.
    """
    placed = [s.model_copy(update={"hex": HexCoord(col=i, row=0)}) for i, s in enumerate(systems)]
    jumps = []
    for token in routes.split():
        unexplored = "~" in token
        a, b = token.split("~" if unexplored else "-")
        jumps.append(JumpRoute(a=a, b=b, unexplored=unexplored))
    star_map = StarMap(sections=("test",), systems=tuple(placed), routes=tuple(jumps))
    return Ruleset(
        units=real_units(),
        tables={},
        star_map=star_map,
        house_rules=house_rules or HouseRules(),
        file_hashes={},
        profile_hash="test",
    )


def piece(
    ruleset: Ruleset,
    kind: str,
    system_id: str | None,
    *,
    box: bool = False,
    side: Side | None = None,
    disrupted: bool = False,
    label: str | None = None,
) -> Piece:
    """A unit of ``kind`` (e.g. ``aslan:CR``) at ``system_id``; ``side`` overrides the owner."""
    unit_type = ruleset.unit_type(kind)
    return Piece(
        label=label or f"{unit_type.code}#{next(_labels)}",
        side=side or unit_type.side,
        unit_type=unit_type,
        system_id=system_id,
        in_box=box,
        disrupted=disrupted,
    )


def occupancy(*pieces: Piece) -> Occupancy:
    """The occupancy of the given pieces."""
    return Occupancy.from_pieces(pieces)
