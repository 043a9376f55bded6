"""Load the map sections of ``data/maps/sections/`` (DN-MAP-1..4, DN-DATA-5).

``data/maps/sections/<key>.toml`` holds one section (layouts: ``campaign.content.layouts``).
Hexes are written ``CCRR`` (column, row; both 1-based, two digits each, as printed on
Traveller-style maps). The formats are described in docs/data-formats.md; assembly itself is the
pure ``campaign.rules.map_assembly``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from campaign.content.csv_lines import parse_enum
from campaign.content.errors import DataFileError
from campaign.content.toml_lines import TomlPositions, TomlReader, read_toml
from campaign.rules.ids import PLAYER_SIDES, Mark, Side, SystemType
from campaign.rules.map_assembly import (
    Edge,
    EdgeConnector,
    Section,
)
from campaign.rules.ruleset import HexCoord, JumpRoute, StarSystem

SECTIONS_DIR = "sections"
_HEX = re.compile(r"^(\d\d)(\d\d)$")

_SECTION_KEYS = {"name", "width", "height", "home", "nebula"}
_SYSTEM_KEYS = {"hex", "name", "type", "mark", "owner", "capital"}
_ROUTE_KEYS = {"between", "unexplored"}
_CONNECTOR_KEYS = {"edge", "at", "hex", "unexplored"}


def system_id(name: str) -> str:
    """The id of a system: its name in lower case, runs of other characters replaced by ``-``.

    ``"Umbra Gate"`` -> ``"umbra-gate"``. Ids must be unique across all sections.
    """
    return re.sub(r"[^\w]+", "-", name.lower()).strip("-_")


def _parse_hex(
    reader: TomlReader, text: Any, table: str, index: int, key: str, width: int, height: int
) -> HexCoord:
    """``CCRR`` (1-based) inside the section -> 0-based section-local ``HexCoord``."""
    match = _HEX.match(text) if isinstance(text, str) else None
    if match is None:
        reader.fail(f'{key}: {text!r} is not a hex CCRR (e.g. "0304")', table, index, key)
    col, row = int(match.group(1)), int(match.group(2))
    if not (1 <= col <= width and 1 <= row <= height):
        reason = f"{key}: {text} lies outside the {width}x{height} section"
        reader.fail(reason, table, index, key)
    return HexCoord(col=col - 1, row=row - 1)


def load_section(path: Path) -> Section:
    """One section file, fully validated; the section key is the file stem."""
    reader = TomlReader(path)
    reader.top_level({"section", "system", "route", "connector"})
    if "section" not in reader.document:
        reader.fail("missing [section] table")
    head = reader.tables("section", _SECTION_KEYS)[0]
    name = reader.value(head, "section", 0, "name", str, ...)
    width = reader.value(head, "section", 0, "width", int, ...)
    height = reader.value(head, "section", 0, "height", int, ...)
    if width < 2 or width % 2 or width > 99:
        reader.fail("width must be an even number from 2 to 98", "section", 0, "width")
    if not 1 <= height <= 99:
        reader.fail("height must be from 1 to 99", "section", 0, "height")
    home_text = reader.value(head, "section", 0, "home", str, None)
    home = None
    if home_text is not None:
        home = parse_enum(path, reader.line("section", 0, "home"), "home", home_text, Side)
        if home not in PLAYER_SIDES:
            reader.fail("home must be aslan or solomani", "section", 0, "home")
    nebula = reader.value(head, "section", 0, "nebula", bool, False)
    systems = _systems(reader, name, width, height, home)
    by_hex = {(s.hex.col, s.hex.row): s for s in systems}
    routes = _routes(reader, width, height, by_hex)
    connectors = _connectors(reader, width, height, by_hex)
    return Section(
        key=path.stem,
        name=name,
        width=width,
        height=height,
        home=home,
        nebula=nebula,
        systems=tuple(systems),
        routes=tuple(routes),
        connectors=tuple(connectors),
    )


def _systems(
    reader: TomlReader, section: str, width: int, height: int, home: Side | None
) -> list[StarSystem]:
    systems: list[StarSystem] = []
    seen_hex: dict[tuple[int, int], int] = {}
    seen_id: dict[str, int] = {}
    entries = reader.tables("system", _SYSTEM_KEYS)
    if not entries:
        reader.fail("a section needs at least one [[system]]")
    for index, entry in enumerate(entries):
        line = reader.line("system", index)
        hex_ = _parse_hex(reader, entry.get("hex"), "system", index, "hex", width, height)
        name = reader.value(entry, "system", index, "name", str, ...)
        ident = system_id(name)
        if not ident:
            reader.fail(f"name {name!r} gives an empty system id", "system", index, "name")
        first = seen_hex.get((hex_.col, hex_.row))
        if first is not None:
            reader.fail(
                f"hex {entry['hex']} already holds a system (line {first})", "system", index, "hex"
            )
        if ident in seen_id:
            reader.fail(
                f"system id {ident!r} already used on line {seen_id[ident]}",
                "system",
                index,
                "name",
            )
        seen_hex[(hex_.col, hex_.row)] = line
        seen_id[ident] = line
        type_number = reader.value(entry, "system", index, "type", int, ...)
        system_type = parse_enum(
            reader.path, reader.line("system", index, "type"), "type", type_number, SystemType
        )
        mark_text = reader.value(entry, "system", index, "mark", str, None)
        mark = None
        if mark_text is not None:
            mark = parse_enum(
                reader.path, reader.line("system", index, "mark"), "mark", mark_text, Mark
            )
        owner_text = reader.value(entry, "system", index, "owner", str, None)
        owner = None
        if owner_text is not None:
            owner = parse_enum(
                reader.path, reader.line("system", index, "owner"), "owner", owner_text, Side
            )
        if mark is not None and owner is None:
            reader.fail("a marked box needs an original owner (DN-ECO-2)", "system", index, "mark")
        capital = reader.value(entry, "system", index, "capital", bool, False)
        if capital and (home is None or owner != home):
            reader.fail(
                "a capital must lie in a home section and be owned by that section's side",
                "system",
                index,
                "capital",
            )
        systems.append(
            StarSystem(
                id=ident,
                name=name,
                section=section,
                hex=hex_,
                type=system_type,
                mark=mark,
                original_owner=owner,
                capital=capital,
            )
        )
    capitals = [s for s in systems if s.capital]
    if home is not None and len(capitals) != 1:
        reader.fail(f"a home section needs exactly one capital, found {len(capitals)}", "section")
    return systems


def _routes(
    reader: TomlReader, width: int, height: int, by_hex: dict[tuple[int, int], StarSystem]
) -> list[JumpRoute]:
    routes: list[JumpRoute] = []
    seen: dict[frozenset[str], int] = {}
    for index, entry in enumerate(reader.tables("route", _ROUTE_KEYS)):
        ends = reader.value(entry, "route", index, "between", list, ...)
        if len(ends) != 2:
            reader.fail("between must list two hexes", "route", index, "between")
        systems = []
        for end in ends:
            hex_ = _parse_hex(reader, end, "route", index, "between", width, height)
            system = by_hex.get((hex_.col, hex_.row))
            if system is None:
                reader.fail(f"route to hex {end} which has no system", "route", index, "between")
            systems.append(system)
        pair = frozenset(s.id for s in systems)
        if len(pair) != 2:
            reader.fail("a route needs two different systems", "route", index, "between")
        if pair in seen:
            reader.fail(f"duplicate route (first on line {seen[pair]})", "route", index, "between")
        seen[pair] = reader.line("route", index)
        unexplored = reader.value(entry, "route", index, "unexplored", bool, False)
        routes.append(JumpRoute(a=systems[0].id, b=systems[1].id, unexplored=unexplored))
    return routes


def _connectors(
    reader: TomlReader, width: int, height: int, by_hex: dict[tuple[int, int], StarSystem]
) -> list[EdgeConnector]:
    connectors: list[EdgeConnector] = []
    seen: dict[tuple[Edge, int], int] = {}
    for index, entry in enumerate(reader.tables("connector", _CONNECTOR_KEYS)):
        edge_text = reader.value(entry, "connector", index, "edge", str, ...)
        edge = parse_enum(
            reader.path, reader.line("connector", index, "edge"), "edge", edge_text, Edge
        )
        at = reader.value(entry, "connector", index, "at", int, ...)
        limit = height if edge in (Edge.EAST, Edge.WEST) else width
        if not 1 <= at <= limit:
            reader.fail(
                f"at: {at} is not a position 1..{limit} on the {edge.value} edge",
                "connector",
                index,
                "at",
            )
        if (edge, at) in seen:
            reader.fail(
                f"two stubs at {edge.value} {at} (first on line {seen[(edge, at)]})",
                "connector",
                index,
                "at",
            )
        seen[(edge, at)] = reader.line("connector", index)
        hex_ = _parse_hex(reader, entry.get("hex"), "connector", index, "hex", width, height)
        system = by_hex.get((hex_.col, hex_.row))
        if system is None:
            reader.fail(
                f"connector from hex {entry['hex']} which has no system", "connector", index, "hex"
            )
        unexplored = reader.value(entry, "connector", index, "unexplored", bool, False)
        connectors.append(EdgeConnector(edge=edge, at=at, system=system.id, unexplored=unexplored))
    return connectors


def load_sections(sections_dir: Path) -> dict[str, Section]:
    """Every section file of ``sections_dir`` keyed by file stem; system ids unique across all."""
    catalog: dict[str, Section] = {}
    owners: dict[str, Path] = {}
    paths = sorted(sections_dir.glob("*.toml"))
    if not paths:
        raise DataFileError(sections_dir, None, "no section files (*.toml)")
    for path in paths:
        section = load_section(path)
        for system in section.systems:
            if system.id in owners:
                positions = read_toml(path)[1]
                raise DataFileError(
                    path,
                    _system_line(positions, section, system.id),
                    f"system id {system.id!r} is also used in {owners[system.id].name}",
                )
            owners[system.id] = path
        catalog[section.key] = section
    named: dict[str, Path] = {}
    for section in catalog.values():
        path = sections_dir / f"{section.key}.toml"
        if section.name in named:  # the later file, at its name (found by use, December 8:
            # the shipped file was blamed, at line 1, for the name a referee's copy repeated)
            raise DataFileError(
                path,
                read_toml(path)[1].line("section", 0, "name"),
                f"section name {section.name!r} is also used in {named[section.name].name}",
            )
        named[section.name] = path
    return catalog


def _system_line(positions: TomlPositions, section: Section, ident: str) -> int:
    index = next(i for i, s in enumerate(section.systems) if s.id == ident)
    return positions.line("system", index, "name")
