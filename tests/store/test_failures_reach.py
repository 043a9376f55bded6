"""What a store failure can be when it reaches the user (issue 48 item 6, DN-ERR-1).

``campaign.app.failures`` tells only the store's own two exceptions (``DatabaseUnavailable``,
``IntegrityViolation``); these tests check that no SQLAlchemy error leaves the store even where
it still creates tables through SQLAlchemy (``tables.create_tables``: a missing ledger table on
a read-only database), and that such a failure is still one line on the command line.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine
from sqlalchemy.exc import OperationalError

from campaign.app.failures import database_problem
from campaign.cli import main
from campaign.store.database import DatabaseUnavailable, IntegrityViolation
from campaign.store.repository import Store
from campaign.store.tables import LEDGER_TABLES, create_tables

NAME = "war"


@pytest.fixture
def read_only(tmp_path: Path) -> str:
    """A campaign database whose ledger lacks one table, as a read-only URL."""
    path = tmp_path / "c.db"
    assert main(["new", NAME, "--db", f"sqlite:///{path}"]) == 0
    Store(f"sqlite:///{path}").ledger  # noqa: B018 - the ledger's tables, created on first use
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE dn_fair_pass")
    return f"sqlite:///file:{path}?mode=ro&uri=true"


def test_creating_a_table_on_a_read_only_database_is_the_stores_own_failure(read_only):
    engine = create_engine(read_only)
    with pytest.raises(DatabaseUnavailable, match="readonly database"):
        create_tables(engine, LEDGER_TABLES)
    engine.dispose()


def test_the_failure_that_reaches_the_command_line_is_one_line(read_only, capsys):
    # `campaign exchanges` reads the ledger: its missing table cannot be created on a
    # read-only file. (`campaign status` no longer opens the ledger of a campaign this database
    # does not play by e-mail, issue 47 item 2: it answers.)
    assert main(["status", NAME, "--db", read_only]) == 0
    capsys.readouterr()
    assert main(["exchanges", NAME, "--db", read_only]) == 1
    err = capsys.readouterr().err
    assert err == (
        "campaign: the database refused the change: attempt to write a readonly "
        "database; nothing was changed\n"
    )


def test_only_the_stores_two_failures_are_told():
    assert database_problem(DatabaseUnavailable("disk I/O error")) == (
        "the database refused the change: disk I/O error; nothing was changed"
    )
    assert database_problem(IntegrityViolation("UNIQUE constraint failed: dn_event.seq")) == (
        "the database refused the change: UNIQUE constraint failed: dn_event.seq; nothing was "
        "changed"
    )
    # a driver's error is the store's to translate: one that escaped would be a bug, shown
    assert database_problem(OperationalError("SELECT 1", {}, Exception("locked"))) is None
