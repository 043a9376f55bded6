"""Read a TOML file and remember on which line each table and key stands.

``tomllib`` gives values but no positions; error messages must name ``file:line`` (DN-DATA-5), so
this module scans the text once for table headers (``[name]``, ``[[name]]``) and ``key =`` lines.
It understands the plain TOML the data files use (one key per line, no multi-line strings).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from campaign.content.errors import DataFileError

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")
_DECODE_LINE = re.compile(r"at line (\d+)")


@dataclass
class TomlPositions:
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
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise DataFileError(path, None, "file is missing") from None
    except UnicodeDecodeError as error:
        raise DataFileError(path, None, f"not UTF-8 text ({error.reason})") from None
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = _DECODE_LINE.search(str(error))
        line = int(found.group(1)) if found else None
        raise DataFileError(path, line, f"malformed TOML: {error}") from None
    return document, scan_positions(text)
