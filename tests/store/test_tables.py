"""The tables' DDL stays what existing databases have (docs/adr/0027-all-sql-in-the-store.md),
changed only by a migration (schema 3 added ``dn_schema_info.app_version``; ADR 0046).

``tests/store/ddl/*.sql`` was printed from the declarations before they became SQLModel classes
(the campaign tables were SQLAlchemy Core ``Table`` objects in ``store/models.py``, the ledger's
SQLModel classes lived in ``pbem/ledger.py``). A database created by either must be one the
store reads and writes unchanged, so the ``CREATE TABLE`` and ``CREATE INDEX`` statements must
be the same text on both dialects. DN-DATA-4 (the pinned hashes live in ``dn_campaign``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.schema import CreateIndex, CreateTable

from campaign.store.ledger import TABLE_OF
from campaign.store.repository import LEDGER_TABLE_NAMES, TABLE_NAMES
from campaign.store.tables import CAMPAIGN_TABLES, LEDGER_TABLES

DDL = Path(__file__).parent / "ddl"


def ddl(dialect) -> str:
    """Every table's CREATE TABLE, then its indexes, in table-name order."""
    tables = sorted(
        (model.__table__ for model in (*CAMPAIGN_TABLES, *LEDGER_TABLES)),
        key=lambda table: table.name,
    )
    lines: list[str] = []
    for table in tables:
        lines.append(str(CreateTable(table).compile(dialect=dialect)).strip() + ";")
        lines.extend(
            str(CreateIndex(index).compile(dialect=dialect)).strip() + ";"
            for index in sorted(table.indexes, key=lambda index: index.name)
        )
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("name", "dialect"), [("sqlite", sqlite.dialect()), ("postgresql", postgresql.dialect())]
)
def test_ddl_is_what_existing_databases_have(name, dialect):
    assert ddl(dialect) == (DDL / f"{name}.sql").read_text(encoding="utf-8")


def test_the_store_checks_every_declared_table_by_name():
    """The store checks which tables exist by name, without importing the declarations."""
    assert tuple(model.__tablename__ for model in CAMPAIGN_TABLES) == TABLE_NAMES
    assert tuple(model.__tablename__ for model in LEDGER_TABLES) == LEDGER_TABLE_NAMES


def test_each_ledger_row_has_its_tables_columns_in_order():
    """The rows read back (``rows.py``) are built from the columns by name: a column added to a
    table and not to its row (or the other way round) is caught here, not by a player."""
    declared = {model.__tablename__: model.__table__ for model in LEDGER_TABLES}
    for row, table in TABLE_OF.items():
        columns = [column.name for column in declared[table].columns if column.name != "id"]
        assert list(row.__struct_fields__) == columns, table
