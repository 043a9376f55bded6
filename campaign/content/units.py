"""Load ``data/units.csv``: Table 1 and Table 2 of the expanded variant (DN-DATA-1..3, 5).

Columns: ``side, code, name, category, cost, conscription_cost, factors, count, flags``.
``factors`` is ``beam-missile-defence[maintenance]`` (e.g. ``5-2-3[3]``) for ships, fighters and
monitors, and a single number (ground strength or PD defence) for ground units and PD.
``flags`` is a space-separated list of ``UnitFlag`` values. The ``kind`` key is derived (see
``kind_of``) and must be unique. See docs/data-formats.md.
"""

from __future__ import annotations

import re
from pathlib import Path

from campaign.content.csv_lines import CsvRow, parse_enum, parse_int, read_csv
from campaign.content.errors import DataFileError
from campaign.rules.ids import Side, UnitCategory, UnitFlag
from campaign.rules.ruleset import UnitType

COLUMNS = (
    "side",
    "code",
    "name",
    "category",
    "cost",
    "conscription_cost",
    "factors",
    "count",
    "flags",
)

#: Every counter code of Tables 1 and 2, with the category a counter of that code must have.
CODE_CATEGORY: dict[str, UnitCategory] = {
    "PD": UnitCategory.PD,
    "RT": UnitCategory.GROUND,
    "JT": UnitCategory.GROUND,
    "AT": UnitCategory.GROUND,
    "TR": UnitCategory.SHIP,
    "AO": UnitCategory.SHIP,
    "EX": UnitCategory.SHIP,
    "SC": UnitCategory.SHIP,
    "DD": UnitCategory.SHIP,
    "CL": UnitCategory.SHIP,
    "CS": UnitCategory.SHIP,
    "CR": UnitCategory.SHIP,
    "CA": UnitCategory.SHIP,
    "B1": UnitCategory.SHIP,
    "B2": UnitCategory.SHIP,
    "BB": UnitCategory.SHIP,
    "MS": UnitCategory.SHIP,
    "F": UnitCategory.FIGHTER,
    "M": UnitCategory.MONITOR,
}

_SHIP_FACTORS = re.compile(r"^([0-9]{1,2})-([0-9]{1,2})-([0-9]{1,2})\[([0-9]{1,2})\]$")
#: The largest value of each number column (docs/data-formats.md, "Ranges"): far above any
#: counter of the game, far below anything that could exhaust memory (``count`` builds counters).
MAX_COST = 999
MAX_COUNT = 99
MAX_FACTOR = 99
_FACTOR_CATEGORIES = (UnitCategory.SHIP, UnitCategory.FIGHTER, UnitCategory.MONITOR)


def kind_of(side: Side, code: str, category: UnitCategory, factors: dict[str, int]) -> str:
    """The unique key of a counter kind.

    ``side:CODE`` for ships, fighters and PD; ``side:CODE-strength`` for ground units (one kind
    per printed strength, e.g. ``aslan:RT-5``); ``side:M-beam-missile-defence`` for monitors
    (e.g. ``neutral:M-8-0-7``).
    """
    if category is UnitCategory.GROUND:
        return f"{side.value}:{code}-{factors['strength']}"
    if category is UnitCategory.MONITOR:
        return f"{side.value}:{code}-{factors['beam']}-{factors['missile']}-{factors['defence']}"
    return f"{side.value}:{code}"


def load_units(path: Path) -> tuple[UnitType, ...]:
    """Every unit type of ``path``, validated; ``DataFileError`` on the first bad row."""
    document = read_csv(path, COLUMNS)
    units: list[UnitType] = []
    seen: dict[str, int] = {}
    for row in document.rows:
        unit = _parse_row(path, row)
        if unit.kind in seen:
            first = seen[unit.kind]
            raise DataFileError(
                path, row.line, f"duplicate row: {unit.kind} already defined on line {first}"
            )
        seen[unit.kind] = row.line
        units.append(unit)
    if not units:
        raise DataFileError(path, document.header_line, "no unit rows")
    return tuple(units)


def _parse_row(path: Path, row: CsvRow) -> UnitType:
    cells, line = row.cells, row.line
    side = parse_enum(path, line, "side", cells["side"], Side)
    code = cells["code"]
    if code not in CODE_CATEGORY:
        raise DataFileError(
            path, line, f"unknown code {code!r} (known: {', '.join(CODE_CATEGORY)})"
        )
    category = parse_enum(path, line, "category", cells["category"], UnitCategory)
    if category is not CODE_CATEGORY[code]:
        raise DataFileError(
            path, line, f"code {code} must have category {CODE_CATEGORY[code].value}"
        )
    if not cells["name"]:
        raise DataFileError(path, line, "name is empty")
    conscription = cells["conscription_cost"]
    conscription_cost: int | None = None
    if conscription not in ("", "-"):
        if side is not Side.NEUTRAL:
            raise DataFileError(path, line, "only neutral units have a conscription cost")
        conscription_cost = parse_int(
            path, line, "conscription_cost", conscription, maximum=MAX_COST
        )
    factors = _parse_factors(path, line, category, cells["factors"])
    flags = frozenset(
        parse_enum(path, line, "flags", flag, UnitFlag) for flag in cells["flags"].split()
    )
    return UnitType(
        kind=kind_of(side, code, category, factors),
        side=side,
        code=code,
        name=cells["name"],
        category=category,
        cost=parse_int(path, line, "cost", cells["cost"], maximum=MAX_COST),
        conscription_cost=conscription_cost,
        count=parse_int(path, line, "count", cells["count"], maximum=MAX_COUNT),
        flags=flags,
        **factors,
    )


def _parse_factors(path: Path, line: int, category: UnitCategory, text: str) -> dict[str, int]:
    """``beam-missile-defence[maintenance]`` for ships, fighters, monitors; else a strength."""
    if category in _FACTOR_CATEGORIES:
        match = _SHIP_FACTORS.match(text)
        if match is None:
            raise DataFileError(
                path,
                line,
                f"factors: {text!r} is not beam-missile-defence[maintenance] (e.g. 5-2-3[3]; "
                f"each 0-{MAX_FACTOR}, ASCII digits)",
            )
        beam, missile, defence, maintenance = (int(group) for group in match.groups())
        return {"beam": beam, "missile": missile, "defence": defence, "maintenance": maintenance}
    return {"strength": parse_int(path, line, "factors", text, maximum=MAX_FACTOR)}
