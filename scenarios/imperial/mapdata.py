"""Load and validate the Imperial board (``data/map.toml``) into frozen structures.

The file is checked completely before anything is returned; every problem raises
``MapDataError`` naming the file, the line and the key, so a broken board never reaches the rules.
The format is described in ``docs/imperial.md``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from scenarios.imperial.constants import NATIONS

#: The board shipped with the package (package data ``data/map.toml``, installed as plain files).
DEFAULT_MAP = Path(str(resources.files(__package__).joinpath("data", "map.toml")))

_KINDS = ("land", "sea", "impassable")
_REGION_KEYS = {"name", "kind", "home", "city", "factory", "port"}
_KEY_LINE = re.compile(r"^\s*([A-Za-z0-9_]+)\s*=")
_SECTION_LINE = re.compile(r"^\s*\[([A-Za-z0-9_.]+)\]\s*$")


#: ``fail(section, key, reason)``: the error naming the file and line of ``[section] key``.
Failure = Callable[[str, str, str], "MapDataError"]


class MapDataError(ValueError):
    """A defect in a map file: ``file:line: [key] reason``; nothing is loaded."""

    def __init__(self, file: Path | str, line: int, key: str, reason: str) -> None:
        super().__init__(f"{file}:{line}: [{key}] {reason}")
        self.file = str(file)
        self.line = line
        self.key = key
        self.reason = reason


@dataclass(frozen=True)
class Region:
    """One board region (a home province, a neutral land, a sea or impassable Switzerland)."""

    key: str
    name: str
    kind: str  # "land" | "sea" | "impassable"
    home: str | None = None  # nation code for great-power home provinces
    city: str | None = None  # "A" armaments (brown) or "S" shipyard (blue)
    factory: bool = False  # factory at the start of the game
    port: str | None = None  # the sea a fleet from this port enters (IMP-11)

    @property
    def is_sea(self) -> bool:
        """True for sea regions."""
        return self.kind == "sea"

    @property
    def is_land(self) -> bool:
        """True for passable land."""
        return self.kind == "land"


@dataclass(frozen=True)
class Board:
    """The validated board: regions in file order and symmetric adjacency."""

    regions: tuple[Region, ...]
    adjacency: Mapping[str, frozenset[str]]

    def __post_init__(self) -> None:
        object.__setattr__(self, "adjacency", MappingProxyType(dict(self.adjacency)))
        object.__setattr__(self, "_by_key", MappingProxyType({r.key: r for r in self.regions}))

    def region(self, key: str) -> Region:
        """The region called ``key`` (KeyError if unknown)."""
        return self._by_key[key]  # type: ignore[attr-defined]

    def has(self, key: str) -> bool:
        """True if ``key`` names a region."""
        return key in self._by_key  # type: ignore[attr-defined]

    def neighbours(self, key: str) -> frozenset[str]:
        """Adjacent regions of ``key``."""
        return self.adjacency[key]

    def home_provinces(self, nation: str) -> tuple[str, ...]:
        """The five home provinces of ``nation`` in file order."""
        return tuple(r.key for r in self.regions if r.home == nation)

    def with_edges(self, edges: tuple[tuple[str, str], ...]) -> Board:
        """A copy with extra undirected ``edges`` (used by map switches)."""
        adjacency = {k: set(v) for k, v in self.adjacency.items()}
        for a, b in edges:
            adjacency[a].add(b)
            adjacency[b].add(a)
        return Board(self.regions, {k: frozenset(v) for k, v in adjacency.items()})


def _line_index(text: str) -> dict[tuple[str, str], int]:
    """Map (section, key) to its 1-based line, so errors can point into the file."""
    index: dict[tuple[str, str], int] = {}
    section = ""
    for number, line in enumerate(text.splitlines(), start=1):
        match = _SECTION_LINE.match(line)
        if match:
            section = match.group(1)
            index.setdefault((section, ""), number)
            continue
        match = _KEY_LINE.match(line)
        if match:
            index.setdefault((section, match.group(1)), number)
    return index


def parse_board(text: str, file: Path | str = "<map>") -> tuple[Board, dict[str, tuple]]:
    """Validate map ``text`` and return the board and its switch edges (name → edges)."""
    lines = _line_index(text)

    def fail(section: str, key: str, reason: str) -> MapDataError:
        line = lines.get((section, key), lines.get((section, ""), 1))
        return MapDataError(file, line, f"{section}.{key}" if key else section, reason)

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"line (\d+)", str(error))
        raise MapDataError(file, int(match.group(1)) if match else 1, "toml", str(error)) from None
    for section in ("regions", "adjacency"):
        if not isinstance(data.get(section), dict):
            raise MapDataError(file, 1, section, f"missing [{section}] table")
    regions = [_parse_region(key, raw, fail) for key, raw in data["regions"].items()]
    keys = {r.key for r in regions}
    adjacency = _parse_adjacency(data["adjacency"], regions, keys, fail)
    for region in regions:
        if region.port is not None and region.port not in adjacency[region.key]:
            raise fail("regions", region.key, f"port sea {region.port!r} is not adjacent")
    _check_homes(regions, fail)
    switch_edges: dict[str, tuple] = {}
    for name, edges in data.get("switch_edges", {}).items():
        checked = []
        for edge in edges:
            if len(edge) != 2 or any(e not in keys for e in edge):
                raise fail("switch_edges", name, f"edge {edge!r} must name two known regions")
            checked.append((edge[0], edge[1]))
        switch_edges[name] = tuple(checked)
    board = Board(tuple(regions), {k: frozenset(v) for k, v in adjacency.items()})
    return board, switch_edges


def _parse_region(key: str, raw: object, fail: Failure) -> Region:
    if not isinstance(raw, dict):
        raise fail("regions", key, "a region must be an inline table")
    unknown = set(raw) - _REGION_KEYS
    if unknown:
        raise fail(
            "regions",
            key,
            (
                f"fields a region does not have: {', '.join(sorted(unknown))} "
                f"(it has {', '.join(sorted(_REGION_KEYS))})"
            ),
        )
    kind = raw.get("kind")
    if kind not in _KINDS:
        raise fail("regions", key, f"kind must be one of {_KINDS}, not {kind!r}")
    home, city, port = raw.get("home"), raw.get("city"), raw.get("port")
    if home is not None and home not in NATIONS:
        raise fail("regions", key, f"home {home!r} is not a nation code {NATIONS}")
    if home is not None and kind != "land":
        raise fail("regions", key, "only land can be a home province")
    if (home is None) != (city is None):
        raise fail("regions", key, "home provinces need a city (A or S) and only they have one")
    if city is not None and city not in ("A", "S"):
        raise fail("regions", key, f"city must be 'A' or 'S', not {city!r}")
    if city == "S" and port is None:
        raise fail("regions", key, "shipyard city (S) without a port sea")
    if port is not None and city != "S":
        raise fail("regions", key, "only shipyard cities (S) have a port sea")
    factory = raw.get("factory", False)
    if not isinstance(factory, bool) or (factory and home is None):
        raise fail("regions", key, "factory must be true/false and only in home provinces")
    return Region(key, str(raw.get("name", key)), kind, home, city, factory, port)


def _parse_adjacency(
    raw: dict[str, Any], regions: list[Region], keys: set[str], fail: Failure
) -> dict[str, set[str]]:
    by_key = {r.key: r for r in regions}
    adjacency: dict[str, set[str]] = {}
    for key, neighbours in raw.items():
        if key not in keys:
            raise fail("adjacency", key, f"unknown region {key!r}")
        if not isinstance(neighbours, list):
            raise fail("adjacency", key, "neighbours must be a list")
        for other in neighbours:
            if other not in keys:
                raise fail("adjacency", key, f"unknown region {other!r} in adjacency")
            if other == key:
                raise fail("adjacency", key, "a region cannot be adjacent to itself")
        if len(set(neighbours)) != len(neighbours):
            raise fail("adjacency", key, "duplicate neighbour")
        if by_key[key].kind == "impassable" and neighbours:
            raise fail("adjacency", key, "impassable regions have no neighbours")
        adjacency[key] = set(neighbours)
    for key in keys:
        if key not in adjacency:
            raise fail("regions", key, "region has no [adjacency] entry")
    for key, neighbours in adjacency.items():
        for other in neighbours:
            if key not in adjacency[other]:
                raise fail("adjacency", key, f"asymmetric: {other!r} does not list {key!r}")
    return adjacency


def _check_homes(regions: list[Region], fail: Failure) -> None:
    for nation in NATIONS:
        homes = [r for r in regions if r.home == nation]
        if len(homes) != 5:
            raise fail("regions", "", f"{nation} has {len(homes)} home provinces, expected 5")


@cache
def load_board(path: Path = DEFAULT_MAP, norway_denmark: bool = False) -> Board:
    """Read, validate and freeze the board (``norway_denmark`` adds that switch edge)."""
    board, switch_edges = parse_board(path.read_text(encoding="utf-8"), path)
    if norway_denmark:
        board = board.with_edges(switch_edges.get("norway_denmark", ()))
    return board
