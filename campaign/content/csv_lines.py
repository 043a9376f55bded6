"""Read a data CSV keeping the line number of every row (DN-DATA-5).

Data CSVs may carry ``#`` comment lines (anywhere) and blank lines, which are skipped. A comment
of the form ``# key: value`` is metadata (e.g. ``# label: house``). The first other line is the
header. Fields are parsed one line at a time, so quoted fields cannot span lines.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TypeVar

from campaign.content.errors import DataFileError

E = TypeVar("E", bound=Enum)


@dataclass(frozen=True)
class CsvRow:
    """One data row: its 1-based line number and its cells by column name."""

    line: int
    cells: dict[str, str]


@dataclass
class CsvDocument:
    """A parsed data CSV: metadata comments, the header (and its line), the rows."""

    path: Path
    header: tuple[str, ...]
    header_line: int
    rows: list[CsvRow] = field(default_factory=list)
    meta: dict[str, tuple[int, str]] = field(default_factory=dict)


def read_text(path: Path) -> str:
    """The file as text (UTF-8, optional BOM); ``DataFileError`` if missing or not UTF-8."""
    try:
        return path.read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise DataFileError(path, None, "file is missing") from None
    except UnicodeDecodeError as error:
        raise DataFileError(path, None, f"not UTF-8 text ({error.reason})") from None


def read_csv(path: Path, required: tuple[str, ...], *, exact: bool = True) -> CsvDocument:
    """Parse ``path``: every ``required`` column must be in the header, rows must be complete.

    With ``exact`` an unknown column is an error too (a misspelt column must not be ignored).
    """
    document: CsvDocument | None = None
    meta: dict[str, tuple[int, str]] = {}
    for number, raw in enumerate(read_text(path).splitlines(), start=1):
        stripped = raw.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            key, sep, value = stripped[1:].partition(":")
            if sep and key.strip():
                meta.setdefault(key.strip().lower(), (number, value.strip()))
            continue
        cells = [cell.strip() for cell in next(csv.reader([raw]))]
        if document is None:
            document = _header(path, number, cells, required, exact)
            continue
        if len(cells) != len(document.header):
            raise DataFileError(
                path, number, f"expected {len(document.header)} fields, found {len(cells)}"
            )
        document.rows.append(CsvRow(number, dict(zip(document.header, cells, strict=True))))
    if document is None:
        raise DataFileError(path, 1, "no header line (the file is empty)")
    document.meta = meta
    return document


def _header(
    path: Path, number: int, cells: list[str], required: tuple[str, ...], exact: bool
) -> CsvDocument:
    header = tuple(cell.lower() for cell in cells)
    missing = [name for name in required if name not in header]
    if missing:
        raise DataFileError(path, number, f"missing column(s): {', '.join(missing)}")
    if exact:
        unknown = [name for name in header if name not in required]
        if unknown:
            raise DataFileError(path, number, f"unknown column(s): {', '.join(unknown)}")
    duplicates = sorted({name for name in header if header.count(name) > 1})
    if duplicates:
        raise DataFileError(path, number, f"repeated column(s): {', '.join(duplicates)}")
    return CsvDocument(path=path, header=header, header_line=number)


def parse_int(path: Path, line: int, column: str, value: str, *, minimum: int = 0) -> int:
    """An integer cell ``>= minimum``; ``DataFileError`` naming the column otherwise."""
    try:
        number = int(value)
    except ValueError:
        raise DataFileError(path, line, f"{column}: {value!r} is not a whole number") from None
    if number < minimum:
        limit = "must not be negative" if minimum == 0 else f"must be at least {minimum}"
        raise DataFileError(path, line, f"{column}: {number} {limit}")
    return number


def parse_enum(path: Path, line: int, column: str, value: object, enum: type[E]) -> E:
    """``enum(value)``, or ``DataFileError`` listing the allowed values."""
    try:
        return enum(value)
    except ValueError:
        allowed = ", ".join(str(member.value) for member in enum)
        raise DataFileError(path, line, f"{column}: unknown value {value!r} ({allowed})") from None
