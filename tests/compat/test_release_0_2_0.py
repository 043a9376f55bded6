"""This version's own recorded game goes on, from its SQLite files and from its SQL dumps on
SQLite and PostgreSQL (issue 46 item 3 and "Done when" 2: a database made by this version, and
its dump, are fixtures; every later version must open, migrate, verify and continue them)."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.compat.game import CAMPAIGN, Machine, copy_release, run

pytestmark = pytest.mark.slow

#: Bob's last file, which Alice has not imported yet (README.md of the fixtures).
NEXT_FILE = "files/f023-solomani.json"


@pytest.fixture
def release(tmp_path: Path) -> Path:
    return copy_release("0.2.0", tmp_path / "0.2.0")


def _alice(release: Path, db: Path) -> Machine:
    return Machine(db, "aslan", release / "keys" / "aslan" / "aslan.key", release / "trust-alice")


def _go_on(db_args: list[str], release: Path) -> None:
    """Alice imports Bob's file, gives her next order and the campaign verifies."""
    code, out, err = run(
        "import",
        CAMPAIGN,
        str(release / NEXT_FILE),
        "--keys",
        str(release / "trust-alice"),
        *db_args,
    )
    assert code == 0, err
    assert "file 23 from solomani imported" in out
    code, out, err = run("order", CAMPAIGN, "aslan maintain", *db_args)
    assert code == 0, err
    code, out, err = run("verify", CAMPAIGN, *db_args)
    assert code == 0 and "hash chain intact" in out, err


def test_the_sqlite_file_goes_on(release):
    _go_on(["--db", f"sqlite:///{release / 'alice.db'}"], release)


def _load(url: str, dump: Path) -> None:
    """Run the dump's statements (one a line-ending ``;``) into the empty database ``url``."""
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        for statement in dump.read_text(encoding="utf-8").split(";\n"):
            if statement.strip():
                connection.exec_driver_sql(statement)
    engine.dispose()


def test_the_sql_dump_goes_on(release, db_url):
    """The dump for the backend loads into an empty database there, which this version
    opens, verifies and plays on."""
    name = "postgresql" if db_url.startswith("postgresql") else "sqlite"
    _load(db_url, release / f"alice.{name}.sql")
    _go_on(["--db", db_url], release)
