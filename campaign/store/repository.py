"""The campaign repository: append-only event log with a hash chain, plus snapshots.

- ``append`` takes the sequence number the caller based its decision on; if another writer got
  there first the caller gets ``ConflictError`` and nothing of its batch is stored (a check in the
  transaction, and the unique ``(campaign, seq)`` constraint for true races).
- Every row's ``hash`` is SHA-256 over (campaign, seq, batch, order text, type, payload,
  prev_hash); ``verify_rows`` walks the chain and raises ``TamperedLogError`` naming the first bad
  sequence number.
- A database whose schema version is newer than ours is refused (``SchemaVersionError``).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from campaign.rules.canonical import canonical_json
from campaign.rules.errors import (
    CampaignError,
    CampaignNotFoundError,
    ConflictError,
    SchemaVersionError,
    TamperedLogError,
)
from campaign.store.database import (
    Connection,
    Database,
    DatabaseUnavailable,
    IntegrityViolation,
    open_database,
)
from campaign.store.rows import (
    NAME_LENGTH,
    SCHEMA_VERSION,
    CampaignRow,
    Head,
    SnapshotRow,
    StoredEvent,
)

if TYPE_CHECKING:
    from sqlalchemy import Table
    from sqlalchemy.engine import Engine

__all__ = ["CampaignRow", "Head", "SnapshotRow", "StoredEvent"]

DB_URL_ENV = "CAMPAIGN_DB_URL"
APP_NAME = "dark-nebula-campaign"
GENESIS_HASH = "0" * 64
#: Longest campaign name (the database column holds 200 characters).
NAME_MAX = NAME_LENGTH
#: Dice modes a campaign can be created with (docs/turn-files.md, "Dice modes").
DICE_MODES = ("seeded", "physical", "commit-reveal")
LEGACY_DICE_MODE = "seeded"


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


def data_dir() -> Path:
    """The user's data directory of the tool (not created here)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME))


def default_url() -> str:
    """``$CAMPAIGN_DB_URL``, else SQLite in the user's data directory (created if needed)."""
    url = os.environ.get(DB_URL_ENV)
    if url:
        return url
    directory = data_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CampaignError(
            f"{directory}: cannot make the data directory for the default database "
            f"({error.strerror}); name a database with --db URL or ${DB_URL_ENV}"
        ) from None
    return f"sqlite:///{directory / 'campaigns.db'}"


def chain_hash(
    campaign: str, seq: int, batch: int, order_text: str, type_: str, payload: str, prev: str
) -> str:
    """SHA-256 of the canonical JSON of one stored event, ``prev_hash`` included.

    The object is ``{"batch", "campaign", "event", "order", "prev_hash", "seq", "type"}`` with
    sorted keys and no whitespace, where ``event`` is the stored payload (already canonical JSON,
    embedded as is). It is written out directly instead of through ``json.dumps`` of a dict so
    verifying 20,000 events stays fast.
    """
    return _hash(_json_str(campaign), seq, batch, _json_str(order_text), _json_str(type_), payload,
                 _json_str(prev))


def _hash(
    campaign_json: str, seq: int, batch: int, order_json: str, type_json: str, payload: str,
    prev_json: str,
) -> str:
    """``chain_hash`` with the string fields already JSON-encoded (lets callers cache them)."""
    text = (
        f'{{"batch":{batch},"campaign":{campaign_json},"event":{payload},'
        f'"order":{order_json},"prev_hash":{prev_json},"seq":{seq},"type":{type_json}}}'
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@lru_cache(maxsize=4096)
def _json_str(value: str) -> str:
    """A JSON string literal, as canonical JSON writes it (non-ASCII kept)."""
    return json.dumps(value, ensure_ascii=False)


#: How often ``create_tables`` tries again when another process creates the same tables.
CREATE_ATTEMPTS = 5


def create_tables(engine: Engine, tables: Sequence[Table]) -> None:
    """Create the missing ``tables``, safe when several processes open a new database at once.

    ``create_all`` checks and then creates; another process may create a table in between, so
    the CREATE fails ("already exists") or the database is briefly locked. Checking is cheap and
    idempotent: try again a few times, then accept the failure only if every table now exists.
    """
    from sqlalchemy import inspect
    from sqlalchemy.exc import SQLAlchemyError

    for attempt in range(CREATE_ATTEMPTS):
        try:
            tables[0].metadata.create_all(engine, tables=list(tables))
            return
        except SQLAlchemyError:
            if attempt == CREATE_ATTEMPTS - 1:
                present = set(inspect(engine).get_table_names())
                if all(table.name in present for table in tables):
                    return
                raise
            time.sleep(0.05 * (attempt + 1))


class CampaignExistsError(CampaignError):
    """A campaign of that name already exists."""


class Store:
    """Repository over one database URL (SQLite file or PostgreSQL): plain SQL statements run
    through ``campaign.store.database`` (``sqlite3`` for an SQLite file, SQLAlchemy otherwise).

    ``durable=False`` switches off SQLite's fsync on commit (tests only)."""

    def __init__(self, url: str | None = None, *, durable: bool = True) -> None:
        self.url = url or default_url()
        self._durable = durable
        self._engine: Engine | None = None
        try:
            self.database: Database = open_database(self.url, durable=durable)
        except DatabaseUnavailable as error:
            raise CampaignError(str(error)) from None
        try:
            self._ensure_schema()
        except DatabaseUnavailable as error:
            raise CampaignError(f"cannot open database {self._safe_url()}: {error}") from None

    @property
    def engine(self) -> Engine:
        """A SQLAlchemy engine on the same database, made on first use: for creating tables
        and for the PBEM ledger's SQLModel tables (the store's own queries do not need it)."""
        if self._engine is None:
            engine = getattr(self.database, "engine", None)
            if engine is None:
                from campaign.store.database import SqlAlchemyDatabase

                engine = SqlAlchemyDatabase(self.url, durable=self._durable).engine
            self._engine = engine
        return self._engine

    def _safe_url(self) -> str:
        return self.database.safe_url()

    def _ensure_schema(self) -> None:
        """Refuse newer schemas before touching anything; create missing tables.

        An existing database costs one query for the table names and one for the version."""
        present = self.database.table_names()
        version = self._schema_version() if SCHEMA_TABLE in present else None
        if version is not None and version > SCHEMA_VERSION:
            raise SchemaVersionError(
                f"database {self._safe_url()} was written by schema version {version}; "
                f"this version of the tool knows schema {SCHEMA_VERSION} only. "
                "Upgrade the tool; the database was not changed."
            )
        if any(name not in present for name in TABLE_NAMES):
            from campaign.store.models import TABLES

            create_tables(self.engine, TABLES)
        if version is not None and version < SCHEMA_VERSION:
            self._upgrade(version)
        if version is None:
            try:
                with self.database.write() as connection:
                    if connection.first(SCHEMA_VERSION_QUERY) is None:
                        connection.run(
                            "INSERT INTO dn_schema_info (id, version) VALUES (1, :version)",
                            {"version": SCHEMA_VERSION})
            except IntegrityViolation:  # another process created it at the same moment
                pass

    def _upgrade(self, version: int) -> None:
        """Bring a database written by an older schema up to ``SCHEMA_VERSION`` in one
        transaction. 1 -> 2: snapshots were key-sorted (units in alphabetical order, not the
        order they entered play), so they and their seals are dropped; the next order writes
        new ones. The log is untouched."""
        try:
            with self.database.write() as connection:
                row = connection.first(SCHEMA_VERSION_QUERY)
                if row is None or int(row[0]) >= SCHEMA_VERSION:  # another process did it
                    return
                for table in ("dn_snapshot_seal", "dn_snapshot"):
                    connection.run(f"DELETE FROM {table}", {})
                connection.run("UPDATE dn_schema_info SET version = :version WHERE id = 1",
                               {"version": SCHEMA_VERSION})
        except DatabaseUnavailable:  # read-only: the old snapshots stay, never used (seal.py)
            pass

    def _schema_version(self) -> int | None:
        with self.database.read() as connection:
            row = connection.first(SCHEMA_VERSION_QUERY)
        return int(row[0]) if row is not None else None

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
        exists = CampaignExistsError(f"campaign {row.name!r} already exists")
        try:
            with self.database.write() as connection:
                if self._campaign_row(connection, row.name) is not None:
                    raise exists
                connection.run(
                    "INSERT INTO dn_campaign (name, layout, layout_seed, dice_seed, file_hashes,"
                    " profile_hash) VALUES (:name, :layout, :layout_seed, :dice_seed,"
                    " :file_hashes, :profile_hash)",
                    {"name": row.name, "layout": row.layout, "layout_seed": row.layout_seed,
                     "dice_seed": row.dice_seed, "file_hashes": row.file_hashes,
                     "profile_hash": row.profile_hash},
                )
                # the campaign row first: the dice row refers to it
                connection.run(
                    "INSERT INTO dn_campaign_dice (campaign_name, mode) VALUES (:name, :mode)",
                    {"name": row.name, "mode": dice_mode})
        except IntegrityViolation:
            raise exists from None

    @staticmethod
    def _campaign_row(connection: Connection, name: str) -> CampaignRow | None:
        found = connection.first(
            "SELECT name, layout, dice_seed, file_hashes, profile_hash, layout_seed"
            " FROM dn_campaign WHERE name = :name", {"name": name})
        return CampaignRow(*found) if found is not None else None

    def campaign(self, name: str) -> CampaignRow:
        """The campaign row; ``CampaignNotFoundError`` if none."""
        if len(name) > NAME_MAX:  # no such row; PostgreSQL would refuse the query itself
            raise CampaignNotFoundError(f"no campaign named {name[:40]!r}... (name too long)")
        with self.database.read() as connection:
            row = self._campaign_row(connection, name)
        if row is None:
            raise CampaignNotFoundError(f"no campaign named {name!r} in {self._safe_url()}")
        return row

    def dice_mode(self, name: str) -> str:
        """The dice mode ``name`` was created with (``seeded`` for older campaigns)."""
        with self.database.read() as connection:
            row = connection.first(
                "SELECT mode FROM dn_campaign_dice WHERE campaign_name = :name", {"name": name})
        return row[0] if row is not None else LEGACY_DICE_MODE

    def campaigns(self) -> list[str]:
        """Names of all campaigns."""
        with self.database.read() as connection:
            return [row[0] for row in connection.all("SELECT name FROM dn_campaign ORDER BY name")]

    def delete_campaign(self, name: str) -> None:
        """Remove a campaign with its events and snapshots (``CampaignNotFoundError`` if none)."""
        self.campaign(name)
        with self.database.write() as connection:
            for table in ("dn_snapshot_seal", "dn_snapshot", "dn_event", "dn_campaign_dice"):
                connection.run(f"DELETE FROM {table} WHERE campaign_name = :name", {"name": name})
            connection.run("DELETE FROM dn_campaign WHERE name = :name", {"name": name})

    def update_pins(self, name: str, file_hashes: dict[str, str], profile_hash: str) -> None:
        """Record new data-file hashes (explicit re-pin, DN-DATA-4)."""
        with self.database.write() as connection:
            changed = connection.run(
                "UPDATE dn_campaign SET file_hashes = :file_hashes, profile_hash = :profile_hash"
                " WHERE name = :name",
                {"name": name, "file_hashes": canonical_json(file_hashes),
                 "profile_hash": profile_hash},
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
                head = head_of(connection, name)
                if head.seq != expected_seq:
                    raise ConflictError(
                        f"campaign {name!r} changed meanwhile (now at event {head.seq}, your "
                        f"order was based on event {expected_seq}); reload and try again"
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
            found = connection.all(
                "SELECT seq, batch, order_text, type, payload, prev_hash, hash FROM dn_event"
                " WHERE campaign_name = :name AND seq > :after ORDER BY seq",
                {"name": name, "after": after_seq},
            )
        return [StoredEvent._make(row) for row in found]

    @staticmethod
    def verify_rows(name: str, rows: Sequence[StoredEvent]) -> None:
        """Check sequence numbers and the hash chain; ``TamperedLogError`` at the first bad row."""
        prev = GENESIS_HASH
        campaign_json = _json_str(name)
        for expected, row in enumerate(rows, start=1):
            if row.seq != expected:
                raise TamperedLogError(name, expected, f"event {expected} is missing")
            if row.prev_hash != prev:
                raise TamperedLogError(name, row.seq, "link to the previous event is broken")
            digest = _hash(
                campaign_json,
                row.seq,
                row.batch,
                _json_str(row.order_text),
                _json_str(row.type),
                row.payload,
                f'"{prev}"',  # a verified hex digest (or the genesis hash): no escaping needed
            )
            if digest != row.hash:
                raise TamperedLogError(name, row.seq, "content does not match its hash")
            prev = row.hash

    def truncate(self, name: str, expected_seq: int, keep_seq: int) -> None:
        """Delete events after ``keep_seq`` (undo), if the head is still ``expected_seq``."""
        with self.database.write() as connection:
            head = head_of(connection, name)
            if head.seq != expected_seq:
                raise ConflictError(
                    f"campaign {name!r} changed meanwhile (now at event {head.seq}); nothing undone"
                )
            delete_after(connection, name, keep_seq)

    # --- snapshots ------------------------------------------------------------------------------

    def save_snapshot(self, name: str, seq: int, event_hash: str, digest: str, state: str) -> None:
        """Store the state after ``seq`` (ignored if one exists already)."""
        try:
            with self.database.write() as connection:
                exists = connection.first(
                    "SELECT seq FROM dn_snapshot WHERE campaign_name = :name AND seq = :seq",
                    {"name": name, "seq": seq})
                if exists is None:
                    connection.run(
                        "INSERT INTO dn_snapshot (campaign_name, seq, event_hash, digest, state)"
                        " VALUES (:name, :seq, :event_hash, :digest, :state)",
                        {"name": name, "seq": seq, "event_hash": event_hash, "digest": digest,
                         "state": state},
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
                "SELECT COUNT(*) FROM dn_snapshot WHERE campaign_name = :name", {"name": name})
        return int(row[0]) if row is not None else 0

    def drop_snapshots(self, name: str) -> None:
        """Remove every snapshot of ``name`` and its seal (forces a cold replay)."""
        with self.database.write() as connection:
            for table in ("dn_snapshot_seal", "dn_snapshot"):
                connection.run(f"DELETE FROM {table} WHERE campaign_name = :name", {"name": name})

    def snapshot_seal(self, name: str, seq: int) -> str | None:
        """The seal recorded for the snapshot of ``name`` after ``seq`` (``seal.py``), if any."""
        with self.database.read() as connection:
            row = connection.first(
                "SELECT mac FROM dn_snapshot_seal WHERE campaign_name = :name AND seq = :seq",
                {"name": name, "seq": seq})
        return row[0] if row is not None else None

    def seal_snapshot(self, name: str, seq: int, mac: str) -> None:
        """Record ``mac`` as the seal of the snapshot of ``name`` after ``seq`` (replacing an
        older one). Best effort: a database that refuses the write (read-only, another process
        sealing at the same moment) leaves the snapshot unsealed, which only costs a replay."""
        try:
            with self.database.write() as connection:
                params = {"name": name, "seq": seq}
                connection.run("DELETE FROM dn_snapshot_seal WHERE campaign_name = :name"
                               " AND seq = :seq", params)
                connection.run("INSERT INTO dn_snapshot_seal (campaign_name, seq, mac)"
                               " VALUES (:name, :seq, :mac)", {**params, "mac": mac})
        except (IntegrityViolation, DatabaseUnavailable):
            pass


#: The tables the store needs (``models.TABLES``, by name: checking them needs no SQLAlchemy).
TABLE_NAMES = ("dn_schema_info", "dn_campaign", "dn_event", "dn_snapshot", "dn_campaign_dice",
               "dn_snapshot_seal")
SCHEMA_TABLE = "dn_schema_info"
SCHEMA_VERSION_QUERY = "SELECT version FROM dn_schema_info WHERE id = 1"
SNAPSHOT_QUERY = ("SELECT campaign_name, seq, event_hash, digest, state FROM dn_snapshot"
                  " WHERE campaign_name = :name")


def head_of(connection: Connection, name: str) -> Head:
    """The last stored event of ``name`` as seen in ``connection``'s transaction (the PBEM
    ledger checks it inside its own import transaction)."""
    row = connection.first(
        "SELECT seq, hash, batch FROM dn_event WHERE campaign_name = :name"
        " ORDER BY seq DESC LIMIT 1", {"name": name})
    if row is None:
        return Head(0, GENESIS_HASH, -1)
    return Head(row[0], row[1], row[2])


def chain_events(name: str, head: Head, order_text: str, payloads: Sequence[tuple[str, str]]
                 ) -> list[StoredEvent]:
    """One order batch's events as they are stored after ``head``: the next batch number,
    consecutive sequence numbers and the hash chain."""
    batch, prev = head.batch + 1, head.hash
    stored: list[StoredEvent] = []
    for offset, (type_, payload) in enumerate(payloads, start=1):
        seq = head.seq + offset
        digest = chain_hash(name, seq, batch, order_text, type_, payload, prev)
        stored.append(StoredEvent(seq, batch, order_text, type_, payload, prev, digest))
        prev = digest
    return stored


def insert_events(connection: Connection, name: str, stored: Sequence[StoredEvent]) -> None:
    """Insert ``stored`` events of ``name`` in ``connection``'s transaction."""
    if stored:
        connection.run_many(
            "INSERT INTO dn_event (campaign_name, seq, batch, order_text, type, payload,"
            " prev_hash, hash) VALUES (:campaign_name, :seq, :batch, :order_text, :type,"
            " :payload, :prev_hash, :hash)",
            [{"campaign_name": name, "seq": e.seq, "batch": e.batch, "order_text": e.order_text,
              "type": e.type, "payload": e.payload, "prev_hash": e.prev_hash, "hash": e.hash}
             for e in stored],
        )


def delete_after(connection: Connection, name: str, keep_seq: int) -> None:
    """Delete the events, snapshots and seals of ``name`` after event ``keep_seq``."""
    for table in ("dn_snapshot_seal", "dn_snapshot", "dn_event"):
        connection.run(f"DELETE FROM {table} WHERE campaign_name = :name AND seq > :keep",
                       {"name": name, "keep": keep_seq})
