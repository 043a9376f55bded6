"""The frozen rules profile a campaign is played with (DN-DATA-4).

A ``Ruleset`` = unit types + tables + assembled star map + house-rule switches, plus the content
hash of every data file it was built from. ``campaign.content`` builds it from ``data/``; the rules
engine only ever reads it. All models are frozen pydantic models so a ruleset can be shared and
hashed safely.

This module is the contract between the content loaders and the engine. Extend it; do not fork it.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from campaign.rules.ids import (
    CombatResult,
    Mark,
    Side,
    SystemType,
    TableLabel,
    UnitCategory,
    UnitFlag,
)


class Frozen(BaseModel):
    """Base for immutable value objects of the ruleset."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class UnitType(Frozen):
    """One counter kind of Table 1 or Table 2 (DN-DATA-1..3).

    ``kind`` is the unique key of the row, e.g. ``solomani:CL`` or ``aslan:RT-5`` (ground units and
    monitors have one row per strength/variant). ``count`` is the number of such counters in the
    counter mix.
    """

    kind: str
    side: Side
    code: str
    name: str
    category: UnitCategory
    cost: int = Field(ge=0)
    conscription_cost: int | None = Field(default=None, ge=0)
    beam: int = Field(default=0, ge=0)
    missile: int = Field(default=0, ge=0)
    defence: int = Field(default=0, ge=0)
    maintenance: int = Field(default=0, ge=0)
    strength: int = Field(default=0, ge=0)  # ground strength (GROUND) or PD defence (PD)
    count: int = Field(ge=0)
    flags: frozenset[UnitFlag] = frozenset()

    def has(self, flag: UnitFlag) -> bool:
        """True when the counter carries ``flag``."""
        return flag in self.flags

    @property
    def factors(self) -> str:
        """Printed factors: ``beam-missile-defence[maintenance]`` for ships, strength otherwise."""
        if self.category in (UnitCategory.SHIP, UnitCategory.FIGHTER, UnitCategory.MONITOR):
            return f"{self.beam}-{self.missile}-{self.defence}[{self.maintenance}]"
        return str(self.strength)


class CombatTable(Frozen):
    """An odds-column results table: 1d6 rows, columns by attack:defence ratio (DN-CBT-4).

    ``columns`` are the column headings in ascending order (e.g. ``"1:3"``, ``"1:2"``, ``"1:1"``,
    ``"2:1"``...). ``rows[die - 1][column_index]`` is the result for an unmodified die. Modified
    die rolls are clamped to 1..6.
    """

    name: str
    label: TableLabel
    source_file: str
    columns: tuple[str, ...]
    rows: tuple[tuple[CombatResult, ...], ...]


class HexCoord(Frozen):
    """A hex on the assembled map, in offset coordinates (see docs/data-formats.md)."""

    col: int
    row: int


class StarSystem(Frozen):
    """A stellar hex with its planetary surface box (DN-MAP-2/3)."""

    id: str
    name: str
    section: str
    hex: HexCoord
    type: SystemType
    mark: Mark | None = None
    original_owner: Side | None = None
    capital: bool = False


class JumpRoute(Frozen):
    """A printed jump route between two systems (DN-MAP-4)."""

    a: str
    b: str
    unexplored: bool = False


class HouseRules(Frozen):
    """Every switchable rule of the profile (file: data/tables/house_rules.toml)."""

    multiple_targets: bool = False  # DN-CBT-6 optional rule
    connection_needs_tanker_in_type3: bool = True  # DN-ECO-3 switch
    nebula_exploration: bool = True  # DN-NEB-1 house rule
    range_tie_reroll: bool = True  # DN-CBT-1
    monitors_and_pd_block: bool = True  # DN-MOV-3 house part
    unspent_ru_carry_over: bool = True  # DN-ECO-6 / DN-SET-1
    pd_carried_by_transport: bool = True  # DN-MOV-10
    lost_carrier_fighters_return_to_box: bool = True  # DN-CBT-9


class StarMap(Frozen):
    """The assembled map: the sections in play, their systems and jump routes.

    ``sections`` lists the section names in placement order. Adjacency queries are methods so the
    engine never scans route lists by hand.
    """

    sections: tuple[str, ...]
    systems: tuple[StarSystem, ...]
    routes: tuple[JumpRoute, ...]

    def system(self, system_id: str) -> StarSystem:
        """The system with ``system_id``; ``KeyError`` if the map has none."""
        for system in self.systems:
            if system.id == system_id:
                return system
        raise KeyError(system_id)

    def routes_from(self, system_id: str) -> tuple[JumpRoute, ...]:
        """Every route with ``system_id`` at one end."""
        return tuple(r for r in self.routes if system_id in (r.a, r.b))

    def capital_of(self, side: Side) -> StarSystem:
        """The capital system of ``side`` (DN-MAP-3)."""
        for system in self.systems:
            if system.capital and system.original_owner == side:
                return system
        raise KeyError(f"no capital for {side}")


class Ruleset(Frozen):
    """Units + tables + map + switches, with the content hash of every file (DN-DATA-4)."""

    units: tuple[UnitType, ...]
    tables: dict[str, CombatTable]
    star_map: StarMap
    house_rules: HouseRules
    file_hashes: dict[str, str]  # data-relative path -> sha256 hex
    profile_hash: str

    def unit_type(self, kind: str) -> UnitType:
        """The unit type keyed ``kind``; ``KeyError`` if unknown."""
        for unit in self.units:
            if unit.kind == kind:
                return unit
        raise KeyError(kind)
