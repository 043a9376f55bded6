"""Schema migrations run on open, atomically, with a backup copy of an SQLite file first
(issue 46 item 2; ADR 0046), on SQLite through both drivers and on PostgreSQL.

A throwaway migration written by the test (schema 4, which this version does not have) proves
the path a future version's migration takes; the real ones are checked on this version's own
databases taken back to schema 2 and on 0.1.0's databases (schema 1, ``tests/compat/``)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa

from campaign import __version__
from campaign.app import CampaignService
from campaign.app.upgrading import migration_notice
from campaign.records.rows import SCHEMA_VERSION
from campaign.rules.errors import SchemaVersionError
from campaign.store.migrations import Migrated, MigrationPlan, revision_of, script_head
from campaign.store.repository import Store
from tests.compat.game import COMPAT_DIR
from tests.engine.factory import SETUP_ORDERS, small_ruleset

THROWAWAY = '''"""A throwaway schema 4 of the test suite: a column with a value in every row."""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("dn_campaign", sa.Column("note", sa.String(), nullable=True))
    op.execute("UPDATE dn_campaign SET note = 'migrated ' || name")
    FAIL_HERE


def downgrade():
    op.drop_column("dn_campaign", "note")
'''


def _plan(tmp_path: Path, *, fails: bool = False) -> MigrationPlan:
    """This version's migrations plus the throwaway schema 4 (which fails at its end)."""
    folder = tmp_path / "throwaway"
    folder.mkdir(exist_ok=True)
    text = THROWAWAY.replace("    FAIL_HERE\n", '    raise RuntimeError("boom")\n' if fails else "")
    (folder / "0004_throwaway.py").write_text(text, encoding="utf-8")
    return MigrationPlan(head=4, extra=(folder,))


def _campaign(url: str) -> CampaignService:
    ruleset = small_ruleset()
    service = CampaignService(Store(url), ruleset_loader=lambda layout, seed: ruleset)
    service.create("c", dice_seed="s")
    for text in SETUP_ORDERS[:4]:
        service.order("c", text)
    service.store.dispose()
    return service


def _query(url: str, statement: str) -> list[tuple]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(sa.text(statement))]
    finally:
        engine.dispose()


def _columns(url: str, table: str) -> list[str]:
    engine = sa.create_engine(url)
    try:
        return [column["name"] for column in sa.inspect(engine).get_columns(table)]
    finally:
        engine.dispose()


def _events(url: str) -> list[tuple]:
    return _query(url, "SELECT seq, payload, hash FROM dn_event ORDER BY seq")


def _sqlite_file(url: str) -> Path | None:
    return Path(url.split(":///", 1)[1]) if url.startswith("sqlite") else None


def test_the_newest_migration_is_the_schema_this_version_writes():
    """One number: ``rows.SCHEMA_VERSION`` is the newest revision in ``versions/``."""
    assert script_head() == revision_of(SCHEMA_VERSION)


def test_a_throwaway_migration_runs_on_open(db_url, tmp_path):
    """Issue 46 item 2: opening a schema-3 database with a schema-4 plan migrates it once, in
    one transaction, keeps every event, records the version, and on SQLite leaves a copy of
    the database as it was."""
    _campaign(db_url)
    events = _events(db_url)
    store = Store(db_url, migrations=_plan(tmp_path))
    assert _query(db_url, "SELECT note FROM dn_campaign") == [("migrated c",)]
    assert _query(db_url, "SELECT version, app_version FROM dn_schema_info") == [(4, __version__)]
    assert _query(db_url, "SELECT version_num FROM alembic_version") == [("0004",)]
    assert _events(db_url) == events
    service = CampaignService(store, ruleset_loader=lambda layout, seed: small_ruleset())
    assert service.load("c").head.seq == len(events)  # the log still verifies and replays
    database = _sqlite_file(db_url)
    if database is None:
        assert store.migration_backup is None
    else:
        assert store.migration_backup == database.with_name(f"{database.name}.schema-3.bak")
        backup = f"sqlite:///{store.migration_backup}"
        assert _columns(backup, "dn_campaign") == _columns(db_url, "dn_campaign")[:-1]
        assert _events(backup) == events
    again = Store(db_url, migrations=_plan(tmp_path))  # nothing left to do
    assert again.migration_backup is None


def test_a_failing_migration_changes_nothing(db_url, tmp_path):
    """Issue 46 item 2: a migration that fails half-way (its column already added) is rolled
    back whole: same columns, same schema version, one clear message."""
    _campaign(db_url)
    columns, events = _columns(db_url, "dn_campaign"), _events(db_url)
    with pytest.raises(SchemaVersionError, match="could not: boom.*was not changed"):
        Store(db_url, migrations=_plan(tmp_path, fails=True))
    assert _columns(db_url, "dn_campaign") == columns
    assert _query(db_url, "SELECT version FROM dn_schema_info") == [(SCHEMA_VERSION,)]
    assert _events(db_url) == events


def test_a_schema_2_database_gets_the_app_version_column(db_url):
    """The real migration 3 on every backend: a database as the code before 0.2.0 wrote it
    (schema 2: no ``app_version``, no ``alembic_version``) is brought to schema 3."""
    _campaign(db_url)
    engine = sa.create_engine(db_url)
    with engine.begin() as connection:
        connection.execute(sa.text("ALTER TABLE dn_schema_info DROP COLUMN app_version"))
        connection.execute(sa.text("UPDATE dn_schema_info SET version = 2"))
    engine.dispose()
    events = _events(db_url)
    Store(db_url)
    assert _query(db_url, "SELECT version, app_version FROM dn_schema_info") == [
        (SCHEMA_VERSION, __version__)
    ]
    assert _events(db_url) == events


def test_a_0_1_0_database_migrates_to_the_tables_a_new_one_has(tmp_path):
    """Issue 46 items 2-3: 0.1.0's database (schema 1) opens as this version's schema, column
    for column what a new database has, with a copy of the old file beside it."""
    path = tmp_path / "bob.db"
    shutil.copyfile(COMPAT_DIR / "v0_1_0" / "bob.db", path)
    old_dump = list(sqlite3.connect(path).iterdump())
    store = Store(f"sqlite:///{path}")
    fresh = tmp_path / "fresh.db"
    Store(f"sqlite:///{fresh}")
    for table in ("dn_schema_info", "dn_campaign", "dn_event", "dn_snapshot"):
        assert _columns(f"sqlite:///{path}", table) == _columns(f"sqlite:///{fresh}", table)
    assert store.migration_backup is not None
    assert list(sqlite3.connect(store.migration_backup).iterdump()) == old_dump


def test_a_read_only_old_database_is_refused_unchanged(tmp_path):
    """A database that must be migrated but cannot be written says so and stays as it was."""
    path = tmp_path / "bob.db"
    shutil.copyfile(COMPAT_DIR / "v0_1_0" / "bob.db", path)
    before = path.read_bytes()
    with pytest.raises(SchemaVersionError, match="schema version 1.*could not"):
        Store(f"sqlite+pysqlite:///file:{path}?mode=ro&uri=true")
    assert path.read_bytes() == before


def test_an_edited_log_is_refused_before_the_migration_changes_anything(db_url, tmp_path):
    """ADR 0046, docs/compatibility.md "Upgrading": a database whose log fails its hash chain
    (an event edited outside the tool) is not migrated: the message names the campaign and
    the event, and the database keeps its schema, columns and rows; no copy is written."""
    _campaign(db_url)
    engine = sa.create_engine(db_url)
    with engine.begin() as connection:
        connection.execute(
            sa.text("UPDATE dn_event SET payload = replace(payload, '\"', ' \"') WHERE seq = 3")
        )
    engine.dispose()
    columns, events = _columns(db_url, "dn_campaign"), _events(db_url)
    with pytest.raises(
        SchemaVersionError,
        match=r"could not: campaign 'c': event 3 fails verification: content does not match "
        r"its hash.*was not changed",
    ):
        Store(db_url, migrations=_plan(tmp_path))
    assert _columns(db_url, "dn_campaign") == columns
    assert _query(db_url, "SELECT version FROM dn_schema_info") == [(SCHEMA_VERSION,)]
    assert _events(db_url) == events
    database = _sqlite_file(db_url)
    if database is not None:
        assert not list(database.parent.glob(f"{database.name}.schema-*"))


def test_a_log_cut_short_after_a_turn_file_is_refused_before_the_migration(tmp_path):
    """ADR 0046, docs/compatibility.md "Upgrading" (found by use): the hash chain cannot see
    events removed from the end of a log, but the play-by-e-mail ledger in the same database
    names the last event of every file exchanged. 0.1.0's database after sending file 17
    (events up to 131), with event 131 deleted outside the tool, is refused as it is, naming
    the campaign, the event and the file; no copy is written."""
    path = tmp_path / "bob.db"
    shutil.copyfile(COMPAT_DIR / "v0_1_0" / "snap" / "017-bob.db", path)
    with sqlite3.connect(path) as connection:
        (last,) = connection.execute("SELECT MAX(seq) FROM dn_event").fetchone()
        (head,) = connection.execute("SELECT MAX(head_seq) FROM dn_pbem_file").fetchone()
        assert last == head == 131
        connection.execute("DELETE FROM dn_event WHERE seq = 131")
    connection.close()
    before = path.read_bytes()
    with pytest.raises(
        SchemaVersionError,
        match=r"could not: campaign 'nebula': event 131 fails verification: event 131 is "
        r"missing: turn file 17 ended with it, and the log ends at event 130 .*was not changed",
    ):
        Store(f"sqlite:///{path}")
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("bob.db.schema-*"))


def test_a_failing_migration_leaves_no_copy_behind(tmp_path):
    """ADR 0046, docs/compatibility.md "Upgrading" (found by use, December 7, night): the copy
    of an SQLite file is made inside the migration's transaction; when the migration fails the
    database stays as it was and the copy is removed. Before, every try left one more full
    copy (``.schema-3.bak``, ``.schema-3.2.bak``, ...): a read-only 0.1.0 file opened by three
    commands had three copies beside it."""
    database = tmp_path / "campaigns.db"
    url = f"sqlite:///{database}"
    _campaign(url)
    before = database.read_bytes()
    for _ in range(2):
        with pytest.raises(SchemaVersionError, match="could not: boom.*was not changed"):
            Store(url, migrations=_plan(tmp_path, fails=True))
    assert database.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["campaigns.db", "throwaway"]


def test_a_copy_that_cannot_be_written_is_named(tmp_path):
    """ADR 0046 (found by use, December 7, night): a 0.1.0 file in a folder the user may not
    write was refused with SQLite's "unable to open database file", about a file that opens
    well; the refusal names the copy that could not be written and why it is needed. (The
    temporary name of the copy is taken by a folder here: the same failure, for a test run by
    any user.)"""
    path = tmp_path / "bob.db"
    shutil.copyfile(COMPAT_DIR / "v0_1_0" / "bob.db", path)
    before = path.read_bytes()
    (tmp_path / ".bob.db.schema-1.bak.tmp").mkdir()
    with pytest.raises(
        SchemaVersionError,
        match=r"could not: cannot write the copy .*bob\.db\.schema-1\.bak of the database as "
        r"it was.*was not changed",
    ):
        Store(f"sqlite:///{path}")
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("bob.db.schema-*"))


def _going_back() -> list[str]:
    """The statements of docs/compatibility.md, "Going back" (its SQL block), without the
    transaction's own (the test runs them in one)."""
    text = (COMPAT_DIR.parents[1] / "docs" / "compatibility.md").read_text(encoding="utf-8")
    block = text.split("### Going back", 1)[1].split("```sql\n", 1)[1].split("```", 1)[0]
    statements = [statement.strip() for statement in block.split(";")]
    return [s for s in statements if s and s not in ("BEGIN", "COMMIT")]


def test_going_back_as_the_docs_say_then_upgrading_again(db_url):
    """docs/compatibility.md "Going back" and "Upgrading" (found by use, December 7, late
    night: a PostgreSQL migration said nothing, not even how to go back). A schema-3 database
    taken through the page's statements has 0.1.0's schema (``dn_schema_info`` as 0.1.0's
    database has it, schema 1, no Alembic table, no snapshots) and its log untouched; the
    next open migrates it again and says so: on SQLite with its copy, on PostgreSQL with
    the schemas, the page's statements and the `pg_dump` command for the database's address
    (never its password). Twice: a database this version created, then a migrated one."""
    _campaign(db_url)
    events = _events(db_url)
    old = f"sqlite:///{COMPAT_DIR / 'v0_1_0' / 'bob.db'}"
    for _ in range(2):
        engine = sa.create_engine(db_url)
        with engine.begin() as connection:
            for statement in _going_back():
                connection.exec_driver_sql(statement)
        engine.dispose()
        assert _columns(db_url, "dn_schema_info") == _columns(old, "dn_schema_info")
        assert _query(db_url, "SELECT version FROM dn_schema_info") == [(1,)]
        assert _query(db_url, "SELECT COUNT(*) FROM dn_snapshot") == [(0,)]
        assert _events(db_url) == events
        store = Store(db_url)
        assert store.migrated == Migrated(1, SCHEMA_VERSION, store.migration_backup)
        service = CampaignService(store, ruleset_loader=lambda layout, seed: small_ruleset())
        notice = migration_notice(service)
        assert notice is not None
        if _sqlite_file(db_url) is not None:
            assert f"a copy of it as it was: {store.migration_backup}" in notice
        else:
            url = sa.engine.make_url(db_url)
            assert f"(schema 1) and is now migrated to schema {SCHEMA_VERSION}" in notice
            assert "gets no copy" in notice and '"Going back"' in notice, notice
            assert "`pg_dump --format=custom --file=FILE " in notice
            assert f"postgresql://{url.username}@{url.host}" in notice
            assert not url.password or url.password not in notice
        assert service.load("c").head.seq == len(events)
        store.dispose()
