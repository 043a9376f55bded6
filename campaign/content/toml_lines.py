"""Read a TOML file and remember on which line each table and key stands.

``tomllib`` gives values but no positions; error messages must name ``file:line`` (DN-DATA-5), so
this module scans the text once for table headers (``[name]``, ``[[name]]``) and ``key =`` lines.
It understands the plain TOML the data files use (one key per line, no multi-line strings).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, NoReturn

from msgspec import Struct, field

from campaign.content.data_files import read_data_text
from campaign.content.errors import DataFileError
from campaign.rules.plain_text import control_character

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")
_DECODE_LINE = re.compile(r"at line (\d+)")


class TomlPositions(Struct):
    """Line numbers of the tables and keys of one TOML document.

    A table is addressed as ``(name, index)``: ``("", 0)`` is the top level, ``("section", 0)``
    a ``[section]`` table, ``("system", 3)`` the fourth ``[[system]]`` entry.
    """

    tables: dict[tuple[str, int], int] = field(default_factory=dict)
    keys: dict[tuple[str, int, str], int] = field(default_factory=dict)

    def line(self, table: str = "", index: int = 0, key: str | None = None) -> int:
        """The line of ``key`` in the table, else of the table header, else 1."""
        if key is not None and (table, index, key) in self.keys:
            return self.keys[(table, index, key)]
        return self.tables.get((table, index), 1)

    def top_level_line(self, name: str) -> int:
        """The line of the top-level table ``[name]`` (its header) or key ``name``: where a
        misspelt one is named (found by use, December 8: ``[sektion]`` was blamed on line 1)."""
        table = name if (name, 0) in self.tables else ""
        return self.line(table, key=name)


def scan_positions(text: str) -> TomlPositions:
    """Index the header and key lines of ``text``."""
    positions = TomlPositions()
    counts: dict[str, int] = {}
    current = ("", 0)
    positions.tables[current] = 1
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            name = header.group(2)
            index = counts.get(name, 0)
            counts[name] = index + 1
            current = (name, index)
            positions.tables[current] = number
            continue
        key = _KEY.match(line)
        if key:
            positions.keys.setdefault((current[0], current[1], key.group(1)), number)
    return positions


def read_toml(path: Path) -> tuple[dict[str, Any], TomlPositions]:
    """Parse ``path``; ``DataFileError`` with the line for unreadable or malformed TOML."""
    text = read_data_text(path)
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = _DECODE_LINE.search(str(error))
        line = int(found.group(1)) if found else None
        raise DataFileError(path, line, f"malformed TOML: {error}") from None
    return document, scan_positions(text)


class TomlReader:
    """Typed access to one parsed TOML file, raising ``DataFileError`` with the right line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.document, self.positions = read_toml(path)

    def fail(
        self, reason: str, table: str = "", index: int = 0, key: str | None = None
    ) -> NoReturn:
        raise DataFileError(self.path, self.positions.line(table, index, key), reason)

    def tables(self, name: str, allowed: set[str]) -> list[dict[str, Any]]:
        """The ``[[name]]`` entries (or the single ``[name]`` table), unknown keys rejected."""
        value = self.document.get(name, [])
        entries = [value] if isinstance(value, dict) else value
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            self.fail(f"{name} must be a table", key=name)
        for index, entry in enumerate(entries):
            for key in entry:
                if key not in allowed:
                    self.fail(
                        f"unknown key {key!r} in [{name}] (known: {', '.join(sorted(allowed))})",
                        name,
                        index,
                        key,
                    )
        return entries

    def top_level(self, allowed: set[str]) -> None:
        """Reject unknown top-level tables and keys, at their lines."""
        for key in self.document:
            if key not in allowed:
                raise DataFileError(
                    self.path, self.positions.top_level_line(key), f"unknown table or key {key!r}"
                )

    def value(
        self, entry: dict[str, Any], table: str, index: int, key: str, kind: type, default: Any
    ) -> Any:
        """``entry[key]`` checked against ``kind``; ``default`` (``...`` = required) if absent."""
        if key not in entry:
            if default is ...:
                self.fail(f"missing key {key!r} in [{table}]", table, index)
            return default
        value = entry[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            self.fail(f"{key}: {value!r} is not a whole number", table, index, key)
        if not isinstance(value, kind):
            self.fail(f"{key}: {value!r} is not a {kind.__name__}", table, index, key)
        control = control_character(value) if isinstance(value, str) else None
        if control is not None:  # it would make the SVG ill-formed (issue 33 item 6)
            self.fail(
                f"{key}: {value!r} holds the control character {control}; names and "
                "values are printable text",
                table,
                index,
                key,
            )
        return value

    def line(self, table: str, index: int = 0, key: str | None = None) -> int:
        """The line of ``key`` in the table (see ``TomlPositions.line``)."""
        return self.positions.line(table, index, key)
