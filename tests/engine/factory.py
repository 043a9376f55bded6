"""A small hand-built ``Ruleset`` for engine tests: the real unit table, a seven-system map.

Map (three sections):  asl-cap(1,capital) - asl-b(2) - neb-a(1) - neb-b(3) - neb-c(1)
                       - sol-b(1) - sol-cap(1,capital)
"""

from __future__ import annotations

from functools import cache

from campaign.content.units import load_units
from campaign.rules import engine
from campaign.rules.dice import SeededSource
from campaign.rules.flow import MapAssembled, layout_record
from campaign.rules.ids import Side, SystemType
from campaign.rules.ruleset import HexCoord, HouseRules, JumpRoute, Ruleset, StarMap, StarSystem
from tests import harness
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


#: Orders that take the small map from the opening to game turn 1 (Aslan's production).
SETUP_ORDERS: tuple[str, ...] = (
    "solomani place-neutral neb-a",
    "aslan place-neutral neb-c",
    "solomani place-neutral neb-a",
    "aslan buy CL 2",
    "aslan buy RT-5",
    "aslan end-phase",
    "solomani buy DD 3",
    "solomani buy RT-4",
    "solomani end-phase",
    "aslan deploy A-CL-1 hex:asl-cap",
    "aslan deploy A-CL-2 hex:asl-b",
    "aslan deploy A-RT-1 box:asl-cap",
    "aslan end-phase",
    "solomani deploy S-DD-1 hex:sol-cap",
    "solomani deploy S-DD-2 hex:sol-cap",
    "solomani deploy S-DD-3 box:sol-b",
    "solomani deploy S-RT-1 box:sol-b",
    "solomani end-phase",
)
#: The same set-up with manual stepping (``Game(manual_steps=True)``): the neutral step, too,
#: waits for end-phase once every counter is placed (DN-SEQ-2).
SETUP_ORDERS_MANUAL: tuple[str, ...] = (*SETUP_ORDERS[:3], "aslan end-phase", *SETUP_ORDERS[3:])


class Game(harness.Game):
    """The opening of a campaign on ``ruleset`` (the small map by default), in memory: the
    position the opening events give, orders rolling the seeded dice (``tests.harness``)."""

    def __init__(
        self,
        dice_seed: str = "test-seed",
        ruleset: Ruleset | None = None,
        campaign_id: str = "test",
        *,
        manual_steps: bool = False,
    ) -> None:
        """``manual_steps``: keep every step until ``end-phase`` (the ``stepping manual``
        option), for tests that walk the sequence of play step by step."""
        ruleset = ruleset or small_ruleset()
        source = SeededSource(dice_seed)
        layout = MapAssembled(layout=layout_record(ruleset.star_map))
        super().__init__(ruleset, engine.start(campaign_id, ruleset, layout, source), dice=source)
        if manual_steps:
            self.play("referee stepping manual")
