"""The campaign repository: append-only event log with a hash chain, plus snapshots.

- ``open_campaign`` reads what a load needs in one go: the campaign row, its dice mode, its whole
  log (hash chain verified, ``campaign.records.chain``) and the snapshot it may start from,
  trusted when this machine sealed it (``seal.py``); ``vouch_for_snapshot`` seals a snapshot
  the caller's replay agreed with, ``save_snapshot`` stores and seals a new one.
- ``append`` takes the sequence number the caller based its decision on; if another writer got
  there first the caller gets ``ConflictError`` and nothing of its batch is stored (a check in the
  transaction, and the unique ``(campaign, seq)`` constraint for true races).
- ``ledger`` gives the play-by-e-mail tables' statements (``ledger.py``).
- A database whose schema version is newer than ours is refused (``SchemaVersionError``).

Every statement is plain SQL run through ``database.py``; the tables are declared in
``tables.py``, imported only to create missing ones.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from campaign import __version__
from campaign.records.chain import (
    GENESIS_HASH,
    chain_events,
    chain_hash,
    verify_rows,
)
from campaign.records.rows import (
    NAME_LENGTH,
    CampaignRow,
    Head,
    Opened,
    SnapshotRow,
    StoredEvent,
)
from campaign.rules.canonical import canonical_json, sha256_hex
from campaign.rules.errors import (
    CampaignError,
    CampaignNotFoundError,
    ConflictError,
    SchemaVersionError,
)
from campaign.rules.suggest import did_you_mean
from campaign.store.changes import ChangeWatch
from campaign.store.database import (
    Connection,
    Database,
    DatabaseUnavailable,
    IntegrityViolation,
    missing_database,
    open_database,
)
from campaign.store.migrations import Migrated, MigrationPlan
from campaign.store.names import names_in
from campaign.store.places import APP_NAME, DB_URL_ENV, data_dir, default_url, named_url
from campaign.store.statements import (
    LEDGER_TABLE_NAMES,
    LEGACY_DICE_MODE,
    MAIL_MARKS,
    SCHEMA_TABLE,
    SCHEMA_VERSION_QUERY,
    SNAPSHOT_QUERY,
    TABLE_NAMES,
    delete_after,
    dice_mode_of,
    expect_head,
    head_of,
    insert_events,
    log_of,
    set_dice_mode,
)

if TYPE_CHECKING:
    from pathlib import Path

    from sqlalchemy.engine import Engine

    from campaign.store.ledger import Ledger
    from campaign.store.seal import Seals

__all__ = [
    "APP_NAME",
    "DB_URL_ENV",
    "GENESIS_HASH",
    "LEDGER_TABLE_NAMES",
    "CampaignRow",
    "Head",
    "Opened",
    "SnapshotRow",
    "StoredEvent",
    "chain_hash",
    "data_dir",
    "default_url",
    "delete_after",
    "expect_head",
    "insert_events",
    "set_dice_mode",
]

#: Longest campaign name (the database column holds 200 characters).
NAME_MAX = NAME_LENGTH
#: Dice modes a campaign can be created with (docs/turn-files.md, "Dice modes").
DICE_MODES = ("seeded", "physical", "commit-reveal", "strict")


def check_campaign_name(name: str) -> str:
    """``name`` if it can name a campaign, else ``CampaignError`` saying why.

    1 to 200 printable characters, no path separator (``campaign verify ARG`` tells a turn file
    from a campaign by the separator), no leading or trailing blanks."""
    if not name.strip():
        raise CampaignError("a campaign name must not be empty or blank")
    if len(name) > NAME_MAX:
        raise CampaignError(f"a campaign name has at most {NAME_MAX} characters, not {len(name)}")
    if name != name.strip():
        raise CampaignError(f"campaign name {name!r}: no leading or trailing blanks")
    if not name.isprintable() or "/" in name or "\\" in name:
        raise CampaignError(
            f"campaign name {name!r}: printable characters only, without '/' or '\\'"
        )
    return name


class CampaignExistsError(CampaignError):
    """A campaign of that name already exists."""


class Store:
    """Repository over one database URL (SQLite file or PostgreSQL): plain SQL statements run
    through ``campaign.store.database`` (``sqlite3`` for an SQLite file, SQLAlchemy otherwise).

    ``durable=False`` switches off SQLite's fsync on commit (tests only)."""

    def __init__(
        self,
        url: str | None = None,
        *,
        durable: bool = True,
        migrations: MigrationPlan | None = None,
        create: bool = True,
    ) -> None:
        """``migrations``: the schema migrations to run on an older database (default: this
        version's; a test adds a throwaway one). ``create=False``: a database the user named
        (``url`` or ``$CAMPAIGN_DB_URL``) whose SQLite file is missing or empty is refused
        (``CampaignError``) and nothing is created: a command that only uses campaigns must
        not turn a typo into a new database (docs/seats.md, "Databases"). The default
        database in the data directory is always created when missing."""
        named = named_url(url)
        self.url = named or default_url()
        self._durable = durable
        self._migrations = migrations or MigrationPlan()
        #: What this open's migration did (None: the database was not migrated).
        self.migrated: Migrated | None = None
        self._engine: Engine | None = None
        try:
            self.database: Database = open_database(self.url, durable=durable)
        except DatabaseUnavailable as error:
            raise CampaignError(str(error)) from None
        missing = None if create or named is None else missing_database(self.database)
        if missing is not None:
            raise CampaignError(missing)
        try:
            self._ensure_schema()
        except DatabaseUnavailable as error:
            raise CampaignError(f"cannot open database {self._safe_url()}: {error}") from None

    @property
    def migration_backup(self) -> Path | None:
        """Where the copy of an SQLite file migrated by this open went (None: not migrated,
        or a server's database, which gets no copy)."""
        return self.migrated.backup if self.migrated is not None else None

    def ever_migrated(self) -> bool:
        """Whether a migration ever ran on this database, so that its log may hold orders an
        older version gave (Alembic's ``alembic_version`` table is made by the first migration
        only, never for a database this version creates: ``campaign.store.migrations``)."""
        return "alembic_version" in self.database.table_names()

    @property
    def safe_url(self) -> str:
        """The database's URL without its password, as messages name it."""
        return self._safe_url()

    @property
    def engine(self) -> Engine:
        """A SQLAlchemy engine on the same database, made on first use: only for creating
        tables (``tables.create_tables``); every query runs through ``self.database``."""
        if self._engine is None:
            engine = getattr(self.database, "engine", None)
            if engine is None:
                from campaign.store.database import SqlAlchemyDatabase

                engine = SqlAlchemyDatabase(self.url, durable=self._durable).engine
            self._engine = engine
        return self._engine

    def create_missing(self, names: Sequence[str], present: set[str] | None = None) -> None:
        """Create the tables ``names`` (declared in ``tables.py``) that do not exist yet;
        SQLAlchemy and SQLModel are imported only when one is missing."""
        present = self.database.table_names() if present is None else present
        if all(name in present for name in names):
            return
        from campaign.store.tables import CAMPAIGN_TABLES, LEDGER_TABLES, create_tables

        create_tables(
            self.engine,
            [model for model in (*CAMPAIGN_TABLES, *LEDGER_TABLES) if model.__tablename__ in names],
        )

    def plays_by_mail(self, name: str) -> bool:
        """Whether ``name`` is played by e-mail from this database: its side is recorded, or
        a turn file was sent or received. Where not, ``ledger.player(name)`` is None, and a
        read that needs no more (``status``, whose eyes a read is for) leaves the ledger's code
        unloaded and its tables uncreated (issue 47 item 2)."""
        present = self.database.table_names()
        tables = [table for table in MAIL_MARKS if table in present]
        if not tables:
            return False
        with self.database.read() as connection:
            return any(
                connection.first(f"SELECT 1 FROM {table} WHERE campaign_name = :name", params)
                is not None
                for table, params in ((table, {"name": name}) for table in tables)
            )

    @functools.cached_property
    def ledger(self) -> Ledger:
        """The play-by-e-mail ledger of this database (its tables are created on first use)."""
        from campaign.store.ledger import Ledger

        return Ledger(self)

    def _safe_url(self) -> str:
        return self.database.safe_url()

    def files(self) -> tuple[Path, ...]:
        """The files on this machine that hold the database (``Database.files``): an export
        never writes its turn file over one of them."""
        return self.database.files()

    def keep_private(self) -> None:
        """The database readable by its owner only (an SQLite file: 0600), because it holds a
        player's secrets: fair-mode shuffle keys, dice secrets (issue 42 item 5)."""
        self.database.keep_private()

    def _ensure_schema(self) -> None:
        """Refuse newer schemas before touching anything; create missing tables; migrate an
        older schema (``campaign.store.migrations``, ADR 0046).

        An existing database of this version costs one query for the table names and one for
        the version; only an older one imports Alembic."""
        present = self.database.table_names()
        version = self._schema_version() if SCHEMA_TABLE in present else None
        if version is not None and version > self._migrations.head:
            raise SchemaVersionError(
                f"database {self._safe_url()}: made by {self._made_by()}; this is "
                f"version {__version__}: upgrade (the database has schema version {version}, "
                f"this version knows schemas 1 to {self._migrations.head}). The database was "
                "not changed."
            )
        if version is not None and version < self._migrations.head:
            self._migrate(version)
        self.create_missing(TABLE_NAMES, present)
        if version is None:
            try:
                with self.database.write() as connection:
                    if connection.first(SCHEMA_VERSION_QUERY) is None:
                        connection.run(
                            "INSERT INTO dn_schema_info (id, version, app_version)"
                            " VALUES (1, :version, :app)",
                            {"version": self._migrations.head, "app": __version__},
                        )
            except IntegrityViolation:  # another process created it at the same moment
                pass

    def _migrate(self, version: int) -> None:
        """Run the migrations from schema ``version`` (one transaction; an SQLite file is
        copied first); a failure is one message, and the database stays as it was."""
        from campaign.store.migrations import MigrationFailed, upgrade

        try:
            self.migrated = upgrade(self.url, self._migrations)
        except MigrationFailed as error:
            raise SchemaVersionError(
                f"database {self._safe_url()} has schema version {version}; this version "
                f"({__version__}) must migrate it to schema {self._migrations.head} and could "
                f"not: {error}. The database was not changed."
            ) from None

    def _made_by(self) -> str:
        """The version of the tool that wrote the database, as it recorded it (``version
        0.3.0``), or ``a newer version`` when it recorded none."""
        try:
            with self.database.read() as connection:
                row = connection.first("SELECT app_version FROM dn_schema_info WHERE id = 1")
        except DatabaseUnavailable:  # written before the column existed
            row = None
        made_by = row[0] if row is not None else None
        return f"version {made_by}" if isinstance(made_by, str) and made_by else "a newer version"

    def _schema_version(self) -> int | None:
        with self.database.read() as connection:
            row = connection.first(SCHEMA_VERSION_QUERY)
        return int(row[0]) if row is not None else None

    def watch(self) -> ChangeWatch:
        """A watch on the whole database: ``changed()`` tells cheaply that anyone wrote to it
        since it was last asked (``campaign.store.changes``; issue 43)."""
        try:
            return self.database.watch()
        except DatabaseUnavailable as error:
            raise CampaignError(f"cannot watch database {self._safe_url()}: {error}") from None

    def dispose(self) -> None:
        """Close pooled connections."""
        self.database.dispose()
        if self._engine is not None:
            self._engine.dispose()

    # --- campaigns ------------------------------------------------------------------------------

    def create_campaign(self, row: CampaignRow, dice_mode: str = LEGACY_DICE_MODE) -> None:
        """Insert a new campaign row (no events yet) with its dice mode."""
        check_campaign_name(row.name)
        if dice_mode not in DICE_MODES:
            raise CampaignError(f"unknown dice mode {dice_mode!r} ({', '.join(DICE_MODES)})")
        exists = CampaignExistsError(
            f"campaign {row.name!r} already exists in {self._safe_url()}: choose another name, "
            f"or `campaign delete {row.name}` to start it again"
        )
        try:
            with self.database.write() as connection:
                if self._campaign_row(connection, row.name) is not None:
                    raise exists
                connection.run(
                    "INSERT INTO dn_campaign (name, layout, layout_seed, dice_seed, file_hashes,"
                    " profile_hash) VALUES (:name, :layout, :layout_seed, :dice_seed,"
                    " :file_hashes, :profile_hash)",
                    {
                        "name": row.name,
                        "layout": row.layout,
                        "layout_seed": row.layout_seed,
                        "dice_seed": row.dice_seed,
                        "file_hashes": row.file_hashes,
                        "profile_hash": row.profile_hash,
                    },
                )
                set_dice_mode(connection, row.name, dice_mode)  # it refers to the campaign row
        except IntegrityViolation:
            raise exists from None

    @staticmethod
    def _campaign_row(connection: Connection, name: str) -> CampaignRow | None:
        found = connection.first(
            "SELECT name, layout, dice_seed, file_hashes, profile_hash, layout_seed"
            " FROM dn_campaign WHERE name = :name",
            {"name": name},
        )
        return CampaignRow(*found) if found is not None else None

    def campaign(self, name: str) -> CampaignRow:
        """The campaign row; ``CampaignNotFoundError`` if none."""
        self._check_name_length(name)
        with self.database.read() as connection:
            row = self._campaign_row(connection, name)
        if row is None:
            raise self._not_found(name)
        return row

    @staticmethod
    def _check_name_length(name: str) -> None:
        """No campaign has a longer name; PostgreSQL would refuse the query itself."""
        if len(name) > NAME_MAX:
            raise CampaignNotFoundError(f"no campaign named {name[:40]!r}... (name too long)")

    def _not_found(self, name: str) -> CampaignNotFoundError:
        """The refusal of an unknown name, with the closest stored names (issue 45 item 4)."""
        known = self.campaigns()
        hint = did_you_mean(name, known) if known else "; this database holds no campaign yet"
        return CampaignNotFoundError(
            f"no campaign named {name!r} in {self._safe_url()}{hint} (campaign list shows them)"
        )

    def dice_mode(self, name: str) -> str:
        """The dice mode ``name`` was created with (``seeded`` for older campaigns)."""
        with self.database.read() as connection:
            return dice_mode_of(connection, name)

    def campaigns(self) -> list[str]:
        """Names of all campaigns."""
        return names_in(self.database)

    def delete_campaign(self, name: str) -> None:
        """Remove a campaign with its events and snapshots, and its play-by-e-mail records
        when this database keeps any (a campaign created again under the name must not
        inherit them); ``CampaignNotFoundError`` if none."""
        from campaign.store.tables import LEDGER_TABLES

        self.campaign(name)
        present = set(self.database.table_names())
        ledger = [
            str(model.__tablename__) for model in LEDGER_TABLES if model.__tablename__ in present
        ]
        with self.database.write() as connection:
            for table in (
                *ledger,
                "dn_snapshot_seal",
                "dn_snapshot",
                "dn_event",
                "dn_campaign_dice",
            ):
                connection.run(f"DELETE FROM {table} WHERE campaign_name = :name", {"name": name})
            connection.run("DELETE FROM dn_campaign WHERE name = :name", {"name": name})

    def update_pins(self, name: str, file_hashes: dict[str, str], profile_hash: str) -> None:
        """Record new data-file hashes (explicit re-pin, DN-DATA-4)."""
        with self.database.write() as connection:
            changed = connection.run(
                "UPDATE dn_campaign SET file_hashes = :file_hashes, profile_hash = :profile_hash"
                " WHERE name = :name",
                {
                    "name": name,
                    "file_hashes": canonical_json(file_hashes),
                    "profile_hash": profile_hash,
                },
            )
            if changed == 0:
                raise CampaignNotFoundError(f"no campaign named {name!r}")

    # --- events ---------------------------------------------------------------------------------

    def head(self, name: str) -> Head:
        """The last stored event of ``name``."""
        with self.database.read() as connection:
            return head_of(connection, name)

    def append(
        self, name: str, expected_seq: int, order_text: str, payloads: Sequence[tuple[str, str]]
    ) -> list[StoredEvent]:
        """Append one order's events (``(type, canonical JSON)`` pairs) after ``expected_seq``.

        ``ConflictError`` if the log's head is not ``expected_seq`` (another writer won).
        """
        try:
            with self.database.write() as connection:
                head = expect_head(
                    connection,
                    name,
                    expected_seq,
                    "reload and try again",
                    f", your order was based on event {expected_seq}",
                )
                stored = chain_events(name, head, order_text, payloads)
                insert_events(connection, name, stored)
        except IntegrityViolation:
            raise ConflictError(
                f"campaign {name!r}: another writer appended event {expected_seq + 1} first; "
                "nothing was stored, reload and try again"
            ) from None
        return stored

    def rows(self, name: str, after_seq: int = 0) -> list[StoredEvent]:
        """Stored events with ``seq > after_seq`` in order (not verified)."""
        with self.database.read() as connection:
            return log_of(connection, name, after_seq)

    #: Check sequence numbers and the hash chain (``chain.verify_rows``).
    verify_rows = staticmethod(verify_rows)

    def truncate(self, name: str, expected_seq: int, keep_seq: int) -> None:
        """Delete events after ``keep_seq`` (undo), if the head is still ``expected_seq``."""
        with self.database.write() as connection:
            expect_head(connection, name, expected_seq, "nothing undone")
            delete_after(connection, name, keep_seq)

    # --- snapshots ------------------------------------------------------------------------------

    def save_snapshot(
        self,
        name: str,
        seq: int,
        event_hash: str,
        digest: str,
        state: str,
        seals: Seals | None = None,
    ) -> None:
        """Store the state after ``seq`` (ignored if one exists already); with ``seals``, the
        caller computed ``state`` itself, so it is sealed as well."""
        self._store_snapshot(name, seq, event_hash, digest, state)
        if seals is not None:
            self._seal(name, seq, event_hash, digest, seals)

    def _store_snapshot(
        self, name: str, seq: int, event_hash: str, digest: str, state: str
    ) -> None:
        try:
            with self.database.write() as connection:
                exists = connection.first(
                    "SELECT seq FROM dn_snapshot WHERE campaign_name = :name AND seq = :seq",
                    {"name": name, "seq": seq},
                )
                if exists is None:
                    connection.run(
                        "INSERT INTO dn_snapshot (campaign_name, seq, event_hash, digest, state)"
                        " VALUES (:name, :seq, :event_hash, :digest, :state)",
                        {
                            "name": name,
                            "seq": seq,
                            "event_hash": event_hash,
                            "digest": digest,
                            "state": state,
                        },
                    )
        except IntegrityViolation:  # another process saved the same snapshot meanwhile
            pass

    def latest_snapshot(self, name: str) -> SnapshotRow | None:
        """The most recent snapshot of ``name``."""
        with self.database.read() as connection:
            row = connection.first(SNAPSHOT_QUERY + " ORDER BY seq DESC LIMIT 1", {"name": name})
        return SnapshotRow(*row) if row is not None else None

    def snapshots(self, name: str) -> list[SnapshotRow]:
        """Every snapshot of ``name`` by sequence number."""
        with self.database.read() as connection:
            rows = connection.all(SNAPSHOT_QUERY + " ORDER BY seq", {"name": name})
        return [SnapshotRow(*row) for row in rows]

    def snapshot_count(self, name: str) -> int:
        """How many snapshots ``name`` has."""
        with self.database.read() as connection:
            row = connection.first(
                "SELECT COUNT(*) FROM dn_snapshot WHERE campaign_name = :name", {"name": name}
            )
        return int(row[0]) if row is not None else 0

    def drop_snapshots(self, name: str) -> None:
        """Remove every snapshot of ``name`` and its seal (forces a cold replay)."""
        with self.database.write() as connection:
            for table in ("dn_snapshot_seal", "dn_snapshot"):
                connection.run(f"DELETE FROM {table} WHERE campaign_name = :name", {"name": name})

    # --- opening a campaign: the log and the snapshot this machine may trust (seal.py) --------

    def open_campaign(self, name: str, seals: Seals, *, use_snapshot: bool = True) -> Opened:
        """What loading ``name`` needs, read in one go: the campaign row (else
        ``CampaignNotFoundError``), its dice mode, its whole log with the hash chain verified
        (else ``TamperedLogError``), and with ``use_snapshot`` the newest snapshot that sits
        inside the log: ``trusted`` when it carries this machine's seal for exactly this log
        (the event hash at its seq and its digest are the sealed ones), so that the state may
        be restored from it without replaying the events before it."""
        self._check_name_length(name)
        with self.database.read() as connection:
            row = self._campaign_row(connection, name)
            if row is None:
                raise self._not_found(name)
            rows = log_of(connection, name)
            mode = dice_mode_of(connection, name)
            found = (
                connection.first(SNAPSHOT_QUERY + " ORDER BY seq DESC LIMIT 1", {"name": name})
                if use_snapshot
                else None
            )
            snapshot = SnapshotRow(*found) if found is not None else None
            mac = (
                connection.first(
                    "SELECT mac FROM dn_snapshot_seal WHERE campaign_name = :name AND seq = :seq",
                    {"name": name, "seq": snapshot.seq},
                )
                if snapshot is not None
                else None
            )
        verify_rows(name, rows)
        if snapshot is None or not 0 < snapshot.seq <= len(rows):
            return Opened(row, mode, rows)
        # the key is read first: a key file that must not be used is refused on every such load
        trusted = (
            seals.key is not None
            and mac is not None
            and _on_log(snapshot, rows)
            and seals.vouches(mac[0], name, snapshot.seq, snapshot.event_hash, snapshot.digest)
        )
        return Opened(row, mode, rows, snapshot, trusted)

    def vouch_for_snapshot(
        self,
        name: str,
        snapshot: SnapshotRow,
        rows: Sequence[StoredEvent],
        replayed: str,
        seals: Seals,
    ) -> bool:
        """True when ``snapshot`` is ``replayed``, the canonical text of the state the caller
        folded from ``rows`` up to the snapshot's event (the order of every collection
        included: a snapshot written in another order would bind dice and aliases differently,
        so it is not used); it is then sealed, so later loads start from it."""
        if not (_on_log(snapshot, rows) and snapshot.state == replayed):
            return False
        self._seal(name, snapshot.seq, snapshot.event_hash, snapshot.digest, seals)
        return True

    def _seal(self, name: str, seq: int, event_hash: str, digest: str, seals: Seals) -> None:
        """Record this machine's seal of a snapshot. Best effort: without a key, or when the
        database refuses the write (read-only, another process sealing at the same moment),
        the snapshot stays unsealed, which only costs a replay."""
        mac = seals.seal(name, seq, event_hash, digest)
        if mac is None:
            return
        try:
            with self.database.write() as connection:
                params = {"name": name, "seq": seq}
                connection.run(
                    "DELETE FROM dn_snapshot_seal WHERE campaign_name = :name AND seq = :seq",
                    params,
                )
                connection.run(
                    "INSERT INTO dn_snapshot_seal (campaign_name, seq, mac)"
                    " VALUES (:name, :seq, :mac)",
                    {**params, "mac": mac},
                )
        except (IntegrityViolation, DatabaseUnavailable):
            pass


def _on_log(snapshot: SnapshotRow, rows: Sequence[StoredEvent]) -> bool:
    """True when ``snapshot`` still sits on the verified log ``rows`` (the event hash at its seq
    is the one it was taken at) and its state is the one its digest names."""
    return (
        0 < snapshot.seq <= len(rows)
        and rows[snapshot.seq - 1].hash == snapshot.event_hash
        and sha256_hex(snapshot.state) == snapshot.digest
    )
