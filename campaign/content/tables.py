"""Load the results tables and the house-rule switches under ``data/tables/`` (DN-DATA-4/5).

A table CSV starts with a ``# label: house`` (or ``official``) comment, then a header
``die,<odds>,<odds>...`` with odds headings ``a:b`` in ascending order, then six rows for the die
values 1..6 whose cells are ``-``, ``D`` or ``X``. ``house_rules.toml`` sets the ``HouseRules``
switches; unknown keys are rejected. See docs/data-formats.md.
"""

from __future__ import annotations

from pathlib import Path

from campaign.content.csv_lines import parse_enum, read_csv
from campaign.content.errors import DataFileError
from campaign.content.toml_lines import read_toml
from campaign.rules.ids import CombatResult, TableLabel
from campaign.rules.model import ModelError
from campaign.rules.ruleset import (
    DIE_FACES,
    CombatTable,
    HouseRules,
    parse_odds,
    strictly_ascending,
)
from campaign.rules.wording import plural

#: The tables the engine needs (file stems under data/tables/).
REQUIRED_TABLES = ("space_crt", "bombard_crt", "pd_crt", "ground_crt")
HOUSE_RULES_FILE = "house_rules.toml"


def load_table(path: Path, *, relative_name: str | None = None) -> CombatTable:
    """One results table; ``DataFileError`` with the line for any problem."""
    document = read_csv(path, ("die",), exact=False)
    label_entry = document.single_meta("label")
    if label_entry is None:
        raise DataFileError(path, 1, "no '# label: house' (or official) comment line")
    label = parse_enum(path, label_entry[0], "label", label_entry[1], TableLabel)
    if document.header[0] != "die":
        raise DataFileError(path, document.header_line, "the first column must be 'die'")
    columns = tuple(document.header[1:])
    for column in columns:
        try:
            parse_odds(column)
        except ValueError as error:
            raise DataFileError(path, document.header_line, str(error)) from None
    ratios = [parse_odds(column) for column in columns]
    if not columns or not strictly_ascending(ratios):
        raise DataFileError(
            path, document.header_line, "odds columns must be given in strictly ascending order"
        )
    rows: list[tuple[CombatResult, ...]] = []
    for expected, row in enumerate(document.rows, start=1):
        if expected > DIE_FACES:
            raise DataFileError(path, row.line, f"more than {DIE_FACES} die rows")
        if row.cells["die"] != str(expected):
            raise DataFileError(
                path, row.line, f"die: expected {expected}, found {row.cells['die']!r}"
            )
        rows.append(
            tuple(
                parse_enum(
                    path, row.line, f"result in column {column}", row.cells[column], CombatResult
                )
                for column in columns
            )
        )
    if len(rows) != DIE_FACES:
        last = document.rows[-1].line if document.rows else document.header_line
        raise DataFileError(path, last, f"expected {DIE_FACES} die rows, found {len(rows)}")
    title = (document.single_meta("title") or (0, path.stem))[1]
    return CombatTable(
        name=path.stem,
        label=label,
        source_file=relative_name or path.name,
        columns=columns,
        rows=tuple(rows),
        title=title,
    )


def load_tables(tables_dir: Path, data_dir: Path) -> dict[str, CombatTable]:
    """Every ``*.csv`` under ``tables_dir``; the four required tables must be present."""
    tables: dict[str, CombatTable] = {}
    for path in sorted(tables_dir.glob("*.csv")):
        tables[path.stem] = load_table(path, relative_name=path.relative_to(data_dir).as_posix())
    for name in REQUIRED_TABLES:
        if name not in tables:
            raise DataFileError(tables_dir / f"{name}.csv", None, "required table file is missing")
    return tables


def load_house_rules(path: Path) -> HouseRules:
    """The house-rule switches of ``path`` (see ``load_house_rules_with_label``)."""
    return load_house_rules_with_label(path)[0]


def load_house_rules_with_label(path: Path) -> tuple[HouseRules, TableLabel]:
    """The house-rule switches; every key must be a ``HouseRules`` field with a true/false value.

    Keys left out keep their default. The file lives beside the tables and carries
    ``label = "house"`` or ``"official"`` like them.
    """
    document, positions = read_toml(path)
    label = document.pop("label", None)
    if label is None:
        raise DataFileError(path, 1, 'missing label = "house" (or "official")')
    table_label = parse_enum(path, positions.line(key="label"), "label", label, TableLabel)
    switches = document.pop("switches", None)
    if document:
        key = next(iter(document))
        raise DataFileError(path, positions.top_level_line(key), f"unknown top-level key {key!r}")
    if not isinstance(switches, dict):
        raise DataFileError(path, 1, "missing [switches] table")
    left_out = [name for name in HouseRules.model_fields if name not in switches]
    if table_label is TableLabel.OFFICIAL and left_out:
        # a switch left out takes the tool's own default, a house value (DN-DATA-4)
        raise DataFileError(
            path,
            positions.line("switches"),
            f'label = "official", but {plural(len(left_out), "switch", "switches")} left out '
            f"would keep the tool's house default: {', '.join(left_out)}; give each its "
            "rulebook value",
        )
    known = HouseRules.model_fields
    for key, value in switches.items():
        line = positions.line("switches", 0, key)
        if key not in known:
            raise DataFileError(
                path, line, f"unknown house-rule switch {key!r} (known: {', '.join(known)})"
            )
        if not isinstance(value, bool):
            raise DataFileError(path, line, f"{key}: must be true or false, not {value!r}")
    try:
        return HouseRules(**switches), table_label
    except ModelError as error:  # pragma: no cover - keys and types were checked above
        raise DataFileError(path, None, str(error)) from None
