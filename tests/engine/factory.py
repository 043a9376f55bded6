"""A small hand-built ``Ruleset`` for engine tests: the real unit table, a seven-system map.

Map (three sections):  asl-cap(1,capital) - asl-b(2) - neb-a(1) - neb-b(3) - neb-c(1)
                       - sol-b(1) - sol-cap(1,capital)
"""

from __future__ import annotations

from functools import cache

from campaign.content.units import load_units
from campaign.rules.ids import Side, SystemType
from campaign.rules.ruleset import HexCoord, HouseRules, JumpRoute, Ruleset, StarMap, StarSystem
from tests.conftest import DATA_DIR

ASLAN_HOME = "Aslan Hierate"
SOLOMANI_HOME = "Solomani Quadrant"
NEBULA = "Dark Nebula"

_SYSTEMS = (
    ("asl-cap", "Kuiir", ASLAN_HOME, 0, SystemType.PRIMARY, Side.ASLAN, True),
    ("asl-b", "Howl", ASLAN_HOME, 1, SystemType.SECONDARY, Side.ASLAN, False),
    ("neb-a", "Aagar", NEBULA, 2, SystemType.PRIMARY, None, False),
    ("neb-b", "Kuzu", NEBULA, 3, SystemType.TERTIARY, None, False),
    ("neb-c", "Veri", NEBULA, 4, SystemType.PRIMARY, None, False),
    ("sol-b", "Terra Nova", SOLOMANI_HOME, 5, SystemType.PRIMARY, Side.SOLOMANI, False),
    ("sol-cap", "Sol Prime", SOLOMANI_HOME, 6, SystemType.PRIMARY, Side.SOLOMANI, True),
)


@cache
def small_ruleset() -> Ruleset:
    """The test profile (cached: rulesets are frozen)."""
    systems = tuple(
        StarSystem(
            id=ident,
            name=name,
            section=section,
            hex=HexCoord(col=col, row=0),
            type=kind,
            original_owner=owner,
            capital=capital,
        )
        for ident, name, section, col, kind, owner, capital in _SYSTEMS
    )
    ids = [s[0] for s in _SYSTEMS]
    routes = tuple(JumpRoute(a=a, b=b) for a, b in zip(ids, ids[1:], strict=False))
    star_map = StarMap(
        sections=(ASLAN_HOME, NEBULA, SOLOMANI_HOME),
        systems=systems,
        routes=routes,
        homes={Side.ASLAN: ASLAN_HOME, Side.SOLOMANI: SOLOMANI_HOME},
        layout="test",
    )
    return Ruleset(
        units=load_units(DATA_DIR / "units.csv"),
        tables={},
        star_map=star_map,
        house_rules=HouseRules(),
        file_hashes={"units.csv": "0" * 64},
        profile_hash="test-profile",
    )
