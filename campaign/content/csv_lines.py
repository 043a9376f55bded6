"""Read a data CSV keeping the line number of every row (DN-DATA-5).

Data CSVs may carry ``#`` comment lines (anywhere) and blank lines, which are skipped. A comment
of the form ``# key: value`` is metadata (e.g. ``# label: house``). The first other line is the
header. Fields are parsed one line at a time, so quoted fields cannot span lines.
"""

from __future__ import annotations

import csv
import re
from enum import Enum
from pathlib import Path
from typing import TypeVar

from msgspec import Struct, field

from campaign.content.data_files import read_data_text
from campaign.content.errors import DataFileError
from campaign.rules.plain_text import control_character
from campaign.rules.wording import plural

E = TypeVar("E", bound=Enum)


class CsvRow(Struct, frozen=True):
    """One data row: its 1-based line number and its cells by column name."""

    line: int
    cells: dict[str, str]


class CsvDocument(Struct):
    """A parsed data CSV: metadata comments, the header (and its line), the rows."""

    path: Path
    header: tuple[str, ...]
    header_line: int
    rows: list[CsvRow] = field(default_factory=list)
    meta: dict[str, tuple[int, str]] = field(default_factory=dict)
    #: The line of each metadata key's second comment line, if any (``meta`` keeps the first).
    repeated_meta: dict[str, int] = field(default_factory=dict)

    def single_meta(self, key: str) -> tuple[int, str] | None:
        """The ``# key: value`` comment (its line and value), or ``DataFileError`` at a second
        one: of "# label: official" and "# label: house" neither may win silently (found by
        use, December 8: the first won, and a house table could be shown as official)."""
        if key in self.repeated_meta:
            raise DataFileError(
                self.path,
                self.repeated_meta[key],
                f"a second '# {key}:' line (the first is line {self.meta[key][0]}); keep one",
            )
        return self.meta.get(key)


_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def read_csv(path: Path, required: tuple[str, ...], *, exact: bool = True) -> CsvDocument:
    """Parse ``path``: every ``required`` column must be in the header, rows must be complete.

    With ``exact`` an unknown column is an error too (a misspelt column must not be ignored).

    A file saved by a spreadsheet reads as the text it shows (found by use, December 8): the
    empty cells it adds at the end of a line are no columns, a line of empty cells is blank,
    and a comment it put in quotes (it held a comma) is a comment.
    """
    document: CsvDocument | None = None
    meta: dict[str, tuple[int, str]] = {}
    repeated_meta: dict[str, int] = {}
    for number, raw in enumerate(read_data_text(path).splitlines(), start=1):
        stripped = raw.strip()
        if stripped.startswith('"#'):  # a comment a spreadsheet quoted
            stripped = ",".join(_cells(path, number, stripped))
        if stripped.startswith("#"):
            key, sep, value = stripped[1:].rstrip(", ").partition(":")
            name = key.strip().lower()
            if sep and name in meta:
                repeated_meta.setdefault(name, number)
            elif sep and name:
                meta[name] = (number, value.strip())
            continue
        control = control_character(raw)
        if control is not None:  # names reach SVG pictures and terminals (issue 33 item 6)
            raise DataFileError(
                path,
                number,
                f"holds the control character {control}; data files are printable text",
            )
        cells = [cell.strip() for cell in _cells(path, number, raw)]
        if not any(cells):  # blank, or a spreadsheet's row of empty cells
            continue
        if document is None:
            while not cells[-1]:  # a spreadsheet's empty columns after the last one
                cells.pop()
            document = _header(path, number, cells, required, exact)
            continue
        if len(cells) > len(document.header) and not any(cells[len(document.header) :]):
            cells = cells[: len(document.header)]
        if len(cells) != len(document.header):
            raise DataFileError(
                path, number, f"expected {len(document.header)} fields, found {len(cells)}"
            )
        document.rows.append(CsvRow(number, dict(zip(document.header, cells, strict=True))))
    if document is None:
        raise DataFileError(path, 1, "no header line (the file is empty)")
    document.meta = meta
    document.repeated_meta = repeated_meta
    return document


def _header(
    path: Path, number: int, cells: list[str], required: tuple[str, ...], exact: bool
) -> CsvDocument:
    header = tuple(cell.lower() for cell in cells)
    separator = next((mark for mark in (";", "\t") if len(cells) == 1 and mark in cells[0]), None)
    if separator is not None:  # a spreadsheet set to another list separator
        raise DataFileError(
            path, number, f"the columns are separated by {separator!r}: save with commas (,)"
        )
    if "" in header:  # one left empty between named ones
        raise DataFileError(path, number, f"column {header.index('') + 1} has no name")
    missing = [name for name in required if name not in header]
    if missing:
        raise _columns_error(path, number, "missing", missing)
    if exact:
        unknown = [name for name in header if name not in required]
        if unknown:
            raise _columns_error(path, number, "unknown", unknown)
    duplicates = sorted({name for name in header if header.count(name) > 1})
    if duplicates:
        raise _columns_error(path, number, "repeated", duplicates)
    return CsvDocument(path=path, header=header, header_line=number)


def _cells(path: Path, number: int, raw: str) -> list[str]:
    """The fields of one line, quotes read strictly: an unclosed quote made the rest of the
    line one field, refused as "expected 9 fields, found 3" (found by use, December 8)."""
    try:
        return next(csv.reader([raw], strict=True))
    except csv.Error as error:
        if "end of data" in str(error):
            reason = 'a quote (") is not closed: a quoted field ends on its own line'
        else:
            reason = f'a quoted field is not as CSV writes it ({error}; "" is a quote inside one)'
        raise DataFileError(path, number, reason) from None


def _columns_error(path: Path, number: int, what: str, names: list[str]) -> DataFileError:
    """A header's fault with the columns it names: "1 missing column: count" (DN-DATA-5)."""
    return DataFileError(
        path, number, f"{plural(len(names), f'{what} column')}: {', '.join(names)}"
    )


def parse_int(
    path: Path, line: int, column: str, value: str, *, minimum: int = 0, maximum: int
) -> int:
    """An integer cell in ``minimum..maximum`` written with ASCII digits only (no ``1_000``,
    no other scripts' digits, no blanks inside); ``DataFileError`` naming the column otherwise.
    The documented ranges are in docs/data-formats.md."""
    if not _WHOLE_NUMBER.fullmatch(value):
        raise DataFileError(
            path, line, f"{column}: {value[:20]!r} is not a whole number (ASCII digits 0-9)"
        )
    number = int(value) if len(value) <= 12 else maximum + 1  # no huge conversions
    if number < minimum:
        limit = "must not be negative" if minimum == 0 else f"must be at least {minimum}"
        raise DataFileError(path, line, f"{column}: {number} {limit}")
    if number > maximum:
        raise DataFileError(
            path,
            line,
            f"{column}: {value[:20]} is above {maximum}, the "
            "largest value allowed (docs/data-formats.md)",
        )
    return number


def parse_enum(path: Path, line: int, column: str, value: object, enum: type[E]) -> E:
    """``enum(value)``, or ``DataFileError`` listing the allowed values."""
    try:
        return enum(value)
    except ValueError:
        allowed = ", ".join(str(member.value) for member in enum)
        raise DataFileError(path, line, f"{column}: unknown value {value!r} ({allowed})") from None
