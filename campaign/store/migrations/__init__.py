"""Schema migrations: Alembic revisions, run by the store when it opens an older database.

The schema version is an integer kept in ``dn_schema_info.version`` (``rows.SCHEMA_VERSION`` is
this version's); Alembic's revision ``NNNN`` (``versions/``) brings a database to schema
``NNNN``. Opening a database reads that one number with the store's own driver (no SQLAlchemy
on an SQLite file, ADR 0021); only a database older than this version imports Alembic and runs
``upgrade``, once (ADR 0046):

- in **one transaction** on both backends (SQLite: ``BEGIN IMMEDIATE``, which makes SQLite's
  DDL transactional too; PostgreSQL: its DDL is transactional, and the schema table is locked
  so that two processes opening the same database migrate it once): a migration that fails
  leaves the database as it was;
- only when every campaign's log passes its hash chain (``records.chain``) and still holds the
  last event of every turn file it exchanged: a database whose log was edited or cut short
  outside the tool is refused as it is, naming the campaign and the event;
- after a **backup copy** of an SQLite file, made inside that transaction (so it is exactly the
  database before the migration), written as ``FILE.schema-N.bak`` beside it (temporary name,
  fsync, rename), and removed again when the migration fails;
- Alembic's own ``alembic_version`` table is created by the first migration, stamped with the
  revision of the database's schema number (0.1.0's databases have none).

``MigrationPlan`` says where the revisions are and which is the newest: the store uses
``DEFAULT_PLAN``; a test gives an extra folder with a throwaway revision to prove the path.
"""

from __future__ import annotations

import itertools
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct, field

from campaign import __version__
from campaign.records.chain import verify_exchanged, verify_rows
from campaign.records.rows import SCHEMA_VERSION, StoredEvent

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from sqlalchemy.engine import Connection as SaConnection
    from sqlalchemy.engine import Engine

MIGRATIONS_DIR = Path(__file__).resolve().parent


def revision_of(version: int) -> str:
    """The Alembic revision that brings a database to schema ``version`` (``0003``)."""
    return f"{version:04d}"


class MigrationPlan(Struct, frozen=True):
    """The revisions a store may run: ours (``versions/``) and ``extra`` folders, up to schema
    ``head`` (the newest revision's number)."""

    head: int = SCHEMA_VERSION
    extra: Sequence[Path] = field(default_factory=tuple)

    def locations(self) -> list[str]:
        return [str(MIGRATIONS_DIR / "versions"), *map(str, self.extra)]


DEFAULT_PLAN = MigrationPlan()


def script_head(plan: MigrationPlan = DEFAULT_PLAN) -> str:
    """The newest revision Alembic finds in ``plan``'s folders (a test checks it is the
    schema number the store expects)."""
    script = _script(plan)
    head = script.get_current_head()
    assert head is not None
    return head


def backup_path(database: Path, version: int) -> Path:
    """Where the copy of ``database`` at schema ``version`` goes: beside it, never over an
    earlier copy (``.schema-1.bak``, then ``.schema-1.2.bak``, ...)."""
    candidate = database.with_name(f"{database.name}.schema-{version}.bak")
    number = 2
    while candidate.exists():
        candidate = database.with_name(f"{database.name}.schema-{version}.{number}.bak")
        number += 1
    return candidate


class Migrated(Struct, frozen=True):
    """What one open's migration did: the schema the database had (``before``) and has now
    (``after``), and where the copy of an SQLite file went (``backup``; ``None`` for a
    server's database, which gets no copy: docs/compatibility.md says how to go back)."""

    before: int
    after: int
    backup: Path | None = None


class MigrationFailed(Exception):
    """A migration could not run (read-only file, lost server, a failing revision); the
    database was left as it was."""


def upgrade(url: str, plan: MigrationPlan = DEFAULT_PLAN) -> Migrated | None:
    """Bring the database at ``url`` from its schema to ``plan.head`` in one
    transaction; what was done (``None``: another process had migrated it already).
    ``MigrationFailed`` if it cannot: the database is then unchanged."""
    try:
        return _upgrade(url, plan)
    except Exception as error:  # a revision is code: whatever it raises, nothing was changed
        cause = getattr(error, "orig", None) or error
        raise MigrationFailed(
            str(cause).splitlines()[0] if str(cause) else type(cause).__name__
        ) from None


def _upgrade(url: str, plan: MigrationPlan) -> Migrated | None:
    """``upgrade``'s work. The copy of an SQLite file is removed again when the transaction
    fails (the database is then as the copy has it): found by use (December 7, night), every
    failed try on a read-only file left one more full copy beside it."""
    from sqlalchemy import text

    engine = _engine(url)
    backup: Path | None = None
    try:
        with engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.exec_driver_sql("LOCK TABLE dn_schema_info IN EXCLUSIVE MODE")
            found = connection.exec_driver_sql(
                "SELECT version FROM dn_schema_info WHERE id = 1"
            ).scalar()
            if found is None or int(found) >= plan.head:  # another process did it
                return None
            _check_logs(connection)
            backup = _backup(connection, int(found))
            _run(connection, plan, int(found))
            connection.execute(
                text(
                    "UPDATE dn_schema_info SET version = :version, app_version = :app WHERE id = 1"
                ),
                {"version": plan.head, "app": __version__},
            )
        return Migrated(int(found), plan.head, backup)
    except BaseException:
        if backup is not None:
            backup.unlink(missing_ok=True)
        raise
    finally:
        engine.dispose()


def _check_logs(connection: SaConnection) -> None:
    """``TamperedLogError`` for the first campaign whose log fails its hash chain, or no longer
    holds the last event of a turn file it exchanged (events cut off its end, which the chain
    cannot show): a database whose log was edited is not migrated (the migration would drop its
    old snapshots and mark it as this version's), so it stays byte for byte as it was. Reads
    each event once: a migration runs once per database."""
    from sqlalchemy import inspect

    inspector = inspect(connection)
    if not inspector.has_table("dn_event"):
        return
    heads: dict[str, list[tuple[int, int, str]]] = {}
    if inspector.has_table("dn_pbem_file"):
        for name, exchange, seq, digest in connection.exec_driver_sql(
            "SELECT campaign_name, exchange, head_seq, head_hash FROM dn_pbem_file"
        ):
            heads.setdefault(str(name), []).append((int(exchange), int(seq), str(digest)))
    rows = connection.exec_driver_sql(
        "SELECT campaign_name, seq, batch, order_text, type, payload, prev_hash, hash"
        " FROM dn_event ORDER BY campaign_name, seq"
    )
    for name, events in itertools.groupby(rows, key=lambda row: str(row[0])):
        stored = [StoredEvent(*row[1:]) for row in events]
        verify_rows(name, stored)
        verify_exchanged(name, stored, heads.get(name, ()))


def _engine(url: str) -> Engine:
    """An engine whose transactions start with ``BEGIN IMMEDIATE`` on SQLite (the driver
    would otherwise run the DDL outside a transaction and let another writer in)."""
    from sqlalchemy import create_engine, event

    from campaign.store.database import SQLITE_BUSY_TIMEOUT

    sqlite = url.startswith("sqlite")
    engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT} if sqlite else {})
    if sqlite:

        @event.listens_for(engine, "connect")
        def _no_implicit_transactions(dbapi_connection, _record):  # type: ignore[no-untyped-def]
            dbapi_connection.isolation_level = None

        @event.listens_for(engine, "begin")
        def _begin_immediate(connection):  # type: ignore[no-untyped-def]
            connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def _backup(connection: SaConnection, version: int) -> Path | None:
    """Copy an SQLite file as it is before the migration. ``connection``'s transaction holds
    the write lock, so nobody changes the file meanwhile; the copy is read through a second
    connection (SQLite's backup cannot read through a connection that holds the write lock)."""
    if connection.dialect.name != "sqlite":
        return None
    database = connection.engine.url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    target = backup_path(Path(database), version)
    temporary = target.with_name(f".{target.name}.tmp")
    try:
        source = sqlite3.connect(database)
        try:
            copy = sqlite3.connect(temporary)
            try:
                source.backup(copy)
            finally:
                copy.close()
        finally:
            source.close()
        with open(temporary, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except (sqlite3.Error, OSError) as error:
        if temporary.is_file():
            temporary.unlink()
        # SQLite's own words ("unable to open database file") name no file, and the database
        # itself opens well: say which file could not be written (found by use, December 7,
        # night: a 0.1.0 file in a folder its user may not write)
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise MigrationFailed(
            f"cannot write the copy {target} of the database as it was ({reason}); the "
            "migration makes it first, beside the file: its folder must be writable"
        ) from None
    return target


def _script(plan: MigrationPlan) -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_config(plan))


def _config(plan: MigrationPlan) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("path_separator", "os")
    config.set_main_option("version_locations", os.pathsep.join(plan.locations()))
    return config


def _run(connection: SaConnection, plan: MigrationPlan, version: int) -> None:
    """Alembic's upgrade to ``plan.head`` on ``connection``, in its transaction (``env.py``);
    a database that has no ``alembic_version`` yet is stamped with its schema's revision."""
    from alembic import command
    from sqlalchemy import inspect

    config = _config(plan)
    config.attributes["connection"] = connection
    if "alembic_version" not in inspect(connection).get_table_names():
        command.stamp(config, revision_of(version))
    command.upgrade(config, revision_of(plan.head))
