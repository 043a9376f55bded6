"""The frozen rules profile a campaign is played with (DN-DATA-4).

A ``Ruleset`` = unit types + tables + assembled star map + house-rule switches, plus the content
hash of every data file it was built from. ``campaign.content`` builds it from ``data/``; the rules
engine only ever reads it. All models are frozen msgspec Structs (``FrozenModel``) so a ruleset
can be shared and hashed safely.

This module is the contract between the content loaders and the engine. Extend it; do not fork it.
"""

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Annotated, Any

from msgspec import Meta, field

from campaign.rules.errors import KindHidden
from campaign.rules.ids import (
    HIDDEN_KIND,
    CombatResult,
    Mark,
    Side,
    SystemType,
    TableLabel,
    UnitCategory,
    UnitFlag,
)
from campaign.rules.model import FrozenModel


class Frozen(FrozenModel, frozen=True, kw_only=True):
    """Base for immutable value objects of the ruleset."""


class Indexed(Frozen, frozen=True, kw_only=True, dict=True):
    """A frozen model that keeps private lookup indexes in its instance dict, built (and
    checked) in ``__post_init__``, which runs whenever one is made: constructed, read from
    data, or copied with ``model_copy``."""


class UnitType(Frozen, frozen=True, kw_only=True):
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
    cost: Annotated[int, Meta(ge=0)]
    conscription_cost: Annotated[int, Meta(ge=0)] | None = None
    beam: Annotated[int, Meta(ge=0)] = 0
    missile: Annotated[int, Meta(ge=0)] = 0
    defence: Annotated[int, Meta(ge=0)] = 0
    maintenance: Annotated[int, Meta(ge=0)] = 0
    strength: Annotated[int, Meta(ge=0)] = 0  # ground strength (GROUND) or PD defence (PD)
    count: Annotated[int, Meta(ge=0)]
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


class CombatTable(Indexed, frozen=True, kw_only=True):
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
    title: str = ""  # human-readable heading, from the file's "# title:" comment

    def __post_init__(self) -> None:
        """Check the shape, then keep the column ratios as integer pairs for fast lookups."""
        self._check_shape()
        self.__dict__["_ratios"] = tuple(map(parse_odds, self.columns))

    def _check_shape(self) -> None:
        """Six rows, one result per column, strictly ascending ``a:b`` column headings."""
        ratios = [parse_odds(column) for column in self.columns]
        if not ratios:
            raise ValueError("a combat table needs at least one odds column")
        if not strictly_ascending(ratios):
            raise ValueError("odds columns must be strictly ascending")
        if len(self.rows) != DIE_FACES:
            raise ValueError(f"a combat table needs {DIE_FACES} rows (1d6), got {len(self.rows)}")
        for die, row in enumerate(self.rows, start=1):
            if len(row) != len(self.columns):
                raise ValueError(
                    f"row {die} has {len(row)} results for {len(self.columns)} columns"
                )

    def column_for(self, attack: int, defence: int) -> str:
        """The odds column used for ``attack`` against ``defence``.

        The ratio is rounded down in the defender's favour: the column is the rightmost heading
        ``a:b`` with ``a/b <= attack/defence``. At or beyond the rightmost column the rightmost is
        used (also when ``defence`` is 0 and ``attack`` positive). Below the leftmost column, or
        with an attack of 0, the result is ``"<"`` + leftmost heading: automatically no effect.
        """
        index = self._column_index(attack, defence)
        return self.columns[index] if index >= 0 else BELOW_TABLE + self.columns[0]

    def _column_index(self, attack: int, defence: int) -> int:
        """Index of the column for the odds (``len - 1`` for defence 0), ``-1`` below the table."""
        if attack <= 0:
            return -1
        ratios: tuple[tuple[int, int], ...] = _private(self)["_ratios"]
        if defence <= 0:
            return len(ratios) - 1
        chosen = -1
        for index, (left, right) in enumerate(ratios):
            if left * defence > attack * right:
                break  # columns ascend: no later column fits either
            chosen = index
        return chosen

    def lookup(self, attack: int, defence: int, die: int) -> CombatResult:
        """The result for ``attack`` against ``defence`` with the (modified) ``die`` roll.

        A modified die below 1 counts as 1 and above 6 as 6. Odds below the table give
        ``CombatResult.NO_EFFECT`` (see ``column_for``).
        """
        index = self._column_index(attack, defence)
        if index < 0:
            return CombatResult.NO_EFFECT
        clamped = min(max(die, 1), DIE_FACES)
        return self.rows[clamped - 1][index]


#: Number of faces of the die every table is rolled with (1d6).
DIE_FACES = 6
#: Prefix ``column_for`` puts before the leftmost heading when the odds are below the table.
BELOW_TABLE = "<"


@lru_cache(maxsize=256)
def parse_odds(column: str) -> tuple[int, int]:
    """The ratio of an odds heading ``"a:b"`` (positive integers) in lowest terms, as the pair
    ``(a, b)``; ``ValueError`` otherwise. A pair of integers rather than a ``Fraction``: the
    ``fractions`` module (with ``decimal``) cost every command that reads a ruleset 3 ms to
    import (issue 47 item 2); ``strictly_ascending`` compares pairs exactly."""
    left, sep, right = column.partition(":")
    if not sep or not left.strip().isdigit() or not right.strip().isdigit():
        raise ValueError(f"odds column {column!r} is not of the form a:b")
    attack, defence = int(left), int(right)
    if attack <= 0 or defence <= 0:
        raise ValueError(f"odds column {column!r} needs positive numbers")
    common = math.gcd(attack, defence)
    return attack // common, defence // common


def strictly_ascending(ratios: Sequence[tuple[int, int]]) -> bool:
    """Whether each ratio ``(a, b)`` (positive terms) is greater than the one before it:
    ``a2/b2 > a1/b1`` compared as ``a2 * b1 > a1 * b2``, exactly."""
    return all(
        later[0] * earlier[1] > earlier[0] * later[1]
        for earlier, later in zip(ratios, ratios[1:], strict=False)
    )


class HexCoord(Frozen, frozen=True, kw_only=True):
    """A hex on the assembled map, in offset coordinates (see docs/data-formats.md)."""

    col: int
    row: int


class StarSystem(Frozen, frozen=True, kw_only=True):
    """A stellar hex with its planetary surface box (DN-MAP-2/3)."""

    id: str
    name: str
    section: str
    hex: HexCoord
    type: SystemType
    mark: Mark | None = None
    original_owner: Side | None = None
    capital: bool = False


class JumpRoute(Frozen, frozen=True, kw_only=True):
    """A printed jump route between two systems (DN-MAP-4)."""

    a: str
    b: str
    unexplored: bool = False


class HouseRules(Frozen, frozen=True, kw_only=True):
    """Every switchable rule of the profile (file: data/tables/house_rules.toml)."""

    multiple_targets: bool = False  # DN-CBT-6 optional rule
    connection_needs_tanker_in_type3: bool = True  # DN-ECO-3 switch
    nebula_exploration: bool = True  # DN-NEB-1 house rule
    range_tie_reroll: bool = True  # DN-CBT-1
    monitors_and_pd_block: bool = True  # DN-MOV-3 house part
    unspent_ru_carry_over: bool = True  # DN-ECO-6 / DN-SET-1
    pd_carried_by_transport: bool = True  # DN-MOV-10
    lost_carrier_fighters_return_to_box: bool = True  # DN-CBT-9
    type3_standing_tanker_refuels_all: bool = False  # DN-MOV-4: ships may leave without it
    withdraw_into_empty_box: bool = False  # DN-CBT-7: also into a box nobody controls
    players_assign_freely: bool = False  # DN-CBT-3: players agreed to give whole assignments


class SectionPlacement(Frozen, frozen=True, kw_only=True):
    """Where one section lies on the assembled map (DN-MAP-5): a slot on the section grid.

    ``slot_col``/``slot_row`` count whole sections; the section's hex (c, r) lies at assembled hex
    (slot_col * width + c, slot_row * height + r). ``draw`` and ``drawn_by`` are set by random
    assembly (1-based draw number, the side that drew and placed it) and are ``None`` for a fixed
    layout.
    """

    section: str
    slot_col: Annotated[int, Meta(ge=0)]
    slot_row: Annotated[int, Meta(ge=0)]
    draw: int | None = None
    drawn_by: Side | None = None


class StarMap(Indexed, frozen=True, kw_only=True):
    """The assembled map: the sections in play, their systems and jump routes.

    ``sections`` lists the section names in placement order. Adjacency queries are methods so the
    engine never scans route lists by hand; they use indexes built once when the map is created.
    ``homes`` names the home section of each player side and ``nebula`` the Dark Nebula section
    (DN-MAP-1); ``placements`` records where each section lies (and, for random assembly, who
    drew it), ``layout`` and ``seed`` say how the map was assembled so it can be logged and
    rebuilt.
    """

    sections: tuple[str, ...]
    systems: tuple[StarSystem, ...]
    routes: tuple[JumpRoute, ...]
    homes: dict[Side, str] = field(default_factory=dict)
    placements: tuple[SectionPlacement, ...] = ()
    layout: str = ""
    seed: int | None = None
    section_width: Annotated[int, Meta(ge=0)] = 0  # hexes per section; 0 = unknown (hand-built map)
    section_height: Annotated[int, Meta(ge=0)] = 0
    nebula: str = ""  # name of the Dark Nebula section ("" when unknown, e.g. a hand-built map)

    # Lookup indexes, built once in __post_init__ and kept in the instance dict (``_private``):
    # _by_id, _by_hex, _adjacent, _route_index, _by_section, _hex_adjacent, _routes_from.

    def __post_init__(self) -> None:
        """Check ids, hexes and route ends, then build the lookup indexes once."""
        by_id: dict[str, StarSystem] = {}
        by_hex: dict[tuple[int, int], str] = {}
        by_section: dict[str, list[str]] = {name: [] for name in self.sections}
        for system in self.systems:
            if system.id in by_id:
                raise ValueError(f"duplicate system id {system.id!r}")
            key = (system.hex.col, system.hex.row)
            if key in by_hex:
                raise ValueError(f"systems {by_hex[key]!r} and {system.id!r} share a hex")
            by_id[system.id] = system
            by_hex[key] = system.id
            by_section.setdefault(system.section, []).append(system.id)
        adjacent: dict[str, list[str]] = {system_id: [] for system_id in by_id}
        route_index: dict[frozenset[str], JumpRoute] = {}
        for route in self.routes:
            for end in (route.a, route.b):
                if end not in by_id:
                    raise ValueError(f"route {route.a}-{route.b} ends at unknown system {end!r}")
            pair = frozenset((route.a, route.b))
            if len(pair) != 2 or pair in route_index:
                raise ValueError(f"route {route.a}-{route.b} is a loop or a duplicate")
            route_index[pair] = route
            adjacent[route.a].append(route.b)
            adjacent[route.b].append(route.a)
        index = self.__dict__
        index["_by_id"] = by_id
        index["_by_hex"] = by_hex
        index["_adjacent"] = adjacent_ids = {key: tuple(value) for key, value in adjacent.items()}
        index["_route_index"] = route_index
        index["_by_section"] = {key: tuple(value) for key, value in by_section.items()}
        index["_hex_adjacent"] = {
            system.id: tuple(
                by_hex[key]
                for key in adjacent_hexes(system.hex.col, system.hex.row)
                if key in by_hex
            )
            for system in self.systems
        }
        index["_routes_from"] = {
            system_id: tuple(route_index[frozenset((system_id, other))] for other in others)
            for system_id, others in adjacent_ids.items()
        }

    def system(self, system_id: str) -> StarSystem:
        """The system with ``system_id``; ``KeyError`` if the map has none."""
        by_id: dict[str, StarSystem] = _private(self)["_by_id"]
        return by_id[system_id]

    def has_system(self, system_id: str) -> bool:
        """True when ``system_id`` is a system of this map."""
        return system_id in _private(self)["_by_id"]

    def routes_from(self, system_id: str) -> tuple[JumpRoute, ...]:
        """Every route with ``system_id`` at one end."""
        routes_from: dict[str, tuple[JumpRoute, ...]] = _private(self)["_routes_from"]
        return routes_from.get(system_id, ())

    def neighbours(self, system_id: str) -> tuple[str, ...]:
        """Ids of the systems one printed jump route away (DN-MAP-4), explored or not.

        ``KeyError`` for an unknown system.
        """
        adjacent: dict[str, tuple[str, ...]] = _private(self)["_adjacent"]
        return adjacent[system_id]

    def route_between(self, a: str, b: str) -> JumpRoute | None:
        """The printed route joining ``a`` and ``b``, or ``None`` (only printed routes exist)."""
        route_index: dict[frozenset[str], JumpRoute] = _private(self)["_route_index"]
        return route_index.get(frozenset((a, b)))

    def system_at(self, col: int, row: int) -> StarSystem | None:
        """The system in assembled hex (col, row), or ``None`` for empty space / off the map."""
        system_id = _private(self)["_by_hex"].get((col, row))
        return _private(self)["_by_id"][system_id] if system_id is not None else None

    def on_map(self, col: int, row: int) -> bool:
        """True when assembled hex (col, row) lies on a placed section (empty space included).

        A hand-built map without section sizes only knows its system hexes.
        """
        if not (self.section_width and self.section_height and self.placements):
            return (col, row) in _private(self)["_by_hex"]
        if col < 0 or row < 0:
            return False
        slot = (col // self.section_width, row // self.section_height)
        return any((p.slot_col, p.slot_row) == slot for p in self.placements)

    def hex_neighbours(self, system_id: str) -> tuple[str, ...]:
        """Ids of the systems in the six hexes around ``system_id`` (sublight, DN-MOV-1)."""
        hex_adjacent: dict[str, tuple[str, ...]] = _private(self)["_hex_adjacent"]
        return hex_adjacent[system_id]

    def hex_adjacent(self, a: str, b: str) -> bool:
        """True when systems ``a`` and ``b`` lie in adjacent hexes (DN-MOV-1)."""
        first, second = _private(self)["_by_id"][a].hex, _private(self)["_by_id"][b].hex
        return (second.col, second.row) in adjacent_hexes(first.col, first.row)

    def systems_in_section(self, name: str) -> tuple[str, ...]:
        """Ids of the systems of section ``name`` (``KeyError`` if not in play)."""
        by_section: dict[str, tuple[str, ...]] = _private(self)["_by_section"]
        return by_section[name]

    def home_section(self, side: Side) -> str:
        """The home section name of a player ``side`` (DN-MAP-1, DN-SET-2)."""
        if side in self.homes:
            return self.homes[side]
        return self.capital_of(side).section

    def capital_of(self, side: Side) -> StarSystem:
        """The capital system of ``side`` (DN-MAP-3)."""
        for system in self.systems:
            if system.capital and system.original_owner == side:
                return system
        raise KeyError(f"no capital for {side}")


def _private(model: Indexed) -> dict[str, Any]:
    """The lookup indexes of ``model`` (its instance dict, filled by its ``__post_init__``).
    Its values are untyped: each caller names the type of the index it reads."""
    return model.__dict__


def adjacent_hexes(col: int, row: int) -> tuple[tuple[int, int], ...]:
    """The six hexes around (col, row) in "odd-q" offset coordinates.

    Columns are vertical; odd columns (0-based) sit half a hex lower than even ones. Off-map
    coordinates are returned too; callers look them up.
    """
    shift = col & 1
    return (
        (col, row - 1),
        (col, row + 1),
        (col - 1, row - 1 + shift),
        (col - 1, row + shift),
        (col + 1, row - 1 + shift),
        (col + 1, row + shift),
    )


class Ruleset(Indexed, frozen=True, kw_only=True):
    """Units + tables + map + switches, with the content hash of every file (DN-DATA-4).

    ``tables`` is keyed by table name: ``space_crt``, ``bombard_crt``, ``pd_crt``, ``ground_crt``
    (the file stem under ``data/tables/``).
    """

    units: tuple[UnitType, ...]
    tables: dict[str, CombatTable]
    star_map: StarMap
    house_rules: HouseRules
    file_hashes: dict[str, str]  # data-relative path -> sha256 hex
    profile_hash: str
    house_rules_label: TableLabel = TableLabel.HOUSE  # label of data/tables/house_rules.toml

    def __post_init__(self) -> None:
        """Index the unit types by ``kind`` (kinds must be unique)."""
        index: dict[str, UnitType] = {}
        for unit in self.units:
            if unit.kind in index:
                raise ValueError(f"duplicate unit kind {unit.kind!r}")
            index[unit.kind] = unit
        self.__dict__["_unit_index"] = index

    def unit_type(self, kind: str) -> UnitType:
        """The unit type keyed ``kind``; ``KeyError`` if unknown — the bare ``HIDDEN_KIND`` of
        a player's view included, as views expect —, ``KindHidden`` for a face-down counter
        whose kind nobody's machine knows yet (``HIDDEN_KIND`` + its id: fair mode, ADR 0028)."""
        unit_index: dict[str, UnitType] = _private(self)["_unit_index"]
        try:
            return unit_index[kind]
        except KeyError:
            unit = kind[len(HIDDEN_KIND) :] if kind.startswith(HIDDEN_KIND) else ""
            if unit:
                raise KindHidden((unit,)) from None
            raise

    def units_of(self, side: Side) -> tuple[UnitType, ...]:
        """Every unit type of ``side``, in file order."""
        return tuple(unit for unit in self.units if unit.side == side)

    def table(self, name: str) -> CombatTable:
        """The table called ``name`` (e.g. ``"space_crt"``); ``KeyError`` if absent."""
        return self.tables[name]
