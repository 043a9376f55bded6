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
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from sqlalchemy import Table, create_engine, delete, func, insert, inspect, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import (
    ArgumentError,
    IntegrityError,
    NoSuchModuleError,
    OperationalError,
    SQLAlchemyError,
)

from campaign.rules.canonical import canonical_json
from campaign.rules.errors import (
    CampaignError,
    CampaignNotFoundError,
    ConflictError,
    SchemaVersionError,
    TamperedLogError,
)
from campaign.store.models import (
    NAME_LENGTH,
    SCHEMA_VERSION,
    TABLES,
    CampaignRow,
    SnapshotRow,
    campaign_dice,
    campaigns,
    events,
    schema_info,
    snapshots,
)

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


def default_url() -> str:
    """``$CAMPAIGN_DB_URL``, else SQLite in the user's data directory (created if needed)."""
    url = os.environ.get(DB_URL_ENV)
    if url:
        return url
    from platformdirs import user_data_dir

    directory = Path(user_data_dir(APP_NAME))
    directory.mkdir(parents=True, exist_ok=True)
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


class StoredEvent(NamedTuple):
    """One row of the log as read back (payload still JSON text). A named tuple, not a frozen
    dataclass: a load builds one per event, and a tuple is several times cheaper to build."""

    seq: int
    batch: int
    order_text: str
    type: str
    payload: str
    prev_hash: str
    hash: str


@dataclass(frozen=True)
class Head:
    """The last stored event of a campaign (seq 0 / genesis hash when empty)."""

    seq: int
    hash: str
    batch: int


class CampaignExistsError(CampaignError):
    """A campaign of that name already exists."""


class Store:
    """Repository over one database URL (SQLite file or PostgreSQL), in SQLAlchemy Core."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        connect_args = {"timeout": 30} if self.url.startswith("sqlite") else {}
        try:
            self.engine: Engine = create_engine(self.url, connect_args=connect_args)
        except (ArgumentError, NoSuchModuleError, ImportError) as error:
            raise CampaignError(f"cannot use database URL {self.url!r}: {error}") from None
        try:
            self._ensure_schema()
        except OperationalError as error:
            raise CampaignError(
                f"cannot open database {self._safe_url()}: {error.orig}"
            ) from None

    def _safe_url(self) -> str:
        return self.engine.url.render_as_string(hide_password=True)

    def _ensure_schema(self) -> None:
        """Refuse newer schemas before touching anything; create missing tables.

        An existing database costs one query for the table names and one for the version."""
        with self.engine.connect() as connection:
            present = set(inspect(connection).get_table_names())
            version = self._schema_version(connection) if schema_info.name in present else None
        if version is not None and version > SCHEMA_VERSION:
            raise SchemaVersionError(
                f"database {self._safe_url()} was written by schema version {version}; "
                f"this version of the tool knows schema {SCHEMA_VERSION} only. "
                "Upgrade the tool; the database was not changed."
            )
        if any(table.name not in present for table in TABLES):
            create_tables(self.engine, TABLES)
        if version is None:
            try:
                with self.engine.begin() as connection:
                    if self._schema_version(connection) is None:
                        connection.execute(insert(schema_info).values(id=1,
                                                                      version=SCHEMA_VERSION))
            except IntegrityError:  # another process created it at the same moment
                pass

    @staticmethod
    def _schema_version(connection: Connection) -> int | None:
        return connection.execute(
            select(schema_info.c.version).where(schema_info.c.id == 1)
        ).scalar()

    def dispose(self) -> None:
        """Close pooled connections."""
        self.engine.dispose()

    # --- campaigns ------------------------------------------------------------------------------

    def create_campaign(self, row: CampaignRow, dice_mode: str = LEGACY_DICE_MODE) -> None:
        """Insert a new campaign row (no events yet) with its dice mode."""
        check_campaign_name(row.name)
        if dice_mode not in DICE_MODES:
            raise CampaignError(f"unknown dice mode {dice_mode!r} ({', '.join(DICE_MODES)})")
        exists = CampaignExistsError(f"campaign {row.name!r} already exists")
        try:
            with self.engine.begin() as connection:
                if self._campaign_row(connection, row.name) is not None:
                    raise exists
                connection.execute(insert(campaigns).values(
                    name=row.name, layout=row.layout, layout_seed=row.layout_seed,
                    dice_seed=row.dice_seed, file_hashes=row.file_hashes,
                    profile_hash=row.profile_hash,
                ))
                # the campaign row first: the dice row refers to it
                connection.execute(insert(campaign_dice).values(campaign_name=row.name,
                                                                mode=dice_mode))
        except IntegrityError:
            raise exists from None

    @staticmethod
    def _campaign_row(connection: Connection, name: str) -> CampaignRow | None:
        found = connection.execute(
            select(campaigns.c.name, campaigns.c.layout, campaigns.c.dice_seed,
                   campaigns.c.file_hashes, campaigns.c.profile_hash, campaigns.c.layout_seed)
            .where(campaigns.c.name == name)
        ).first()
        return CampaignRow(*found) if found is not None else None

    def campaign(self, name: str) -> CampaignRow:
        """The campaign row; ``CampaignNotFoundError`` if none."""
        if len(name) > NAME_MAX:  # no such row; PostgreSQL would refuse the query itself
            raise CampaignNotFoundError(f"no campaign named {name[:40]!r}... (name too long)")
        with self.engine.connect() as connection:
            row = self._campaign_row(connection, name)
        if row is None:
            raise CampaignNotFoundError(f"no campaign named {name!r} in {self._safe_url()}")
        return row

    def dice_mode(self, name: str) -> str:
        """The dice mode ``name`` was created with (``seeded`` for older campaigns)."""
        with self.engine.connect() as connection:
            mode = connection.execute(
                select(campaign_dice.c.mode).where(campaign_dice.c.campaign_name == name)
            ).scalar()
        return mode if mode is not None else LEGACY_DICE_MODE

    def campaigns(self) -> list[str]:
        """Names of all campaigns."""
        with self.engine.connect() as connection:
            return list(connection.execute(
                select(campaigns.c.name).order_by(campaigns.c.name)).scalars())

    def delete_campaign(self, name: str) -> None:
        """Remove a campaign with its events and snapshots (``CampaignNotFoundError`` if none)."""
        self.campaign(name)
        with self.engine.begin() as connection:
            for table in (snapshots, events, campaign_dice):
                connection.execute(delete(table).where(table.c.campaign_name == name))
            connection.execute(delete(campaigns).where(campaigns.c.name == name))

    def update_pins(self, name: str, file_hashes: dict[str, str], profile_hash: str) -> None:
        """Record new data-file hashes (explicit re-pin, DN-DATA-4)."""
        with self.engine.begin() as connection:
            done = connection.execute(
                update(campaigns).where(campaigns.c.name == name)
                .values(file_hashes=canonical_json(file_hashes), profile_hash=profile_hash)
            )
            if done.rowcount == 0:
                raise CampaignNotFoundError(f"no campaign named {name!r}")

    # --- events ---------------------------------------------------------------------------------

    def head(self, name: str) -> Head:
        """The last stored event of ``name``."""
        with self.engine.connect() as connection:
            return self._head(connection, name)

    @staticmethod
    def _head(connection: Connection, name: str) -> Head:
        """The last stored event of ``name`` as seen in ``connection``'s transaction (the PBEM
        ledger checks it inside its own import transaction)."""
        row = connection.execute(
            select(events.c.seq, events.c.hash, events.c.batch)
            .where(events.c.campaign_name == name)
            .order_by(events.c.seq.desc())
            .limit(1)
        ).first()
        if row is None:
            return Head(0, GENESIS_HASH, -1)
        return Head(row[0], row[1], row[2])

    def append(
        self, name: str, expected_seq: int, order_text: str, payloads: Sequence[tuple[str, str]]
    ) -> list[StoredEvent]:
        """Append one order's events (``(type, canonical JSON)`` pairs) after ``expected_seq``.

        ``ConflictError`` if the log's head is not ``expected_seq`` (another writer won).
        """
        try:
            with self.engine.begin() as connection:
                head = self._head(connection, name)
                if head.seq != expected_seq:
                    raise ConflictError(
                        f"campaign {name!r} changed meanwhile (now at event {head.seq}, your "
                        f"order was based on event {expected_seq}); reload and try again"
                    )
                stored = chain_events(name, head, order_text, payloads)
                insert_events(connection, name, stored)
        except IntegrityError:
            raise ConflictError(
                f"campaign {name!r}: another writer appended event {expected_seq + 1} first; "
                "nothing was stored, reload and try again"
            ) from None
        return stored

    def rows(self, name: str, after_seq: int = 0) -> list[StoredEvent]:
        """Stored events with ``seq > after_seq`` in order (not verified).

        Reads the DB-API cursor directly: building 20,000 SQLAlchemy rows would cost more than
        replaying them.
        """
        columns = events.c
        query = (
            select(
                columns.seq,
                columns.batch,
                columns.order_text,
                columns.type,
                columns.payload,
                columns.prev_hash,
                columns.hash,
            )
            .where(columns.campaign_name == name, columns.seq > after_seq)
            .order_by(columns.seq)
        )
        with self.engine.connect() as connection:
            # plain DB-API tuples: every column is a str or int already, no conversion needed
            result = connection.execute(query).cursor.fetchall()
        return [StoredEvent._make(row) for row in result]

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
        with self.engine.begin() as connection:
            head = self._head(connection, name)
            if head.seq != expected_seq:
                raise ConflictError(
                    f"campaign {name!r} changed meanwhile (now at event {head.seq}); nothing undone"
                )
            delete_after(connection, name, keep_seq)

    # --- snapshots ------------------------------------------------------------------------------

    def save_snapshot(self, name: str, seq: int, event_hash: str, digest: str, state: str) -> None:
        """Store the state after ``seq`` (ignored if one exists already)."""
        try:
            with self.engine.begin() as connection:
                exists = connection.execute(
                    select(snapshots.c.seq)
                    .where(snapshots.c.campaign_name == name, snapshots.c.seq == seq)
                ).first()
                if exists is None:
                    connection.execute(insert(snapshots).values(
                        campaign_name=name, seq=seq, event_hash=event_hash, digest=digest,
                        state=state,
                    ))
        except IntegrityError:  # another process saved the same snapshot meanwhile
            pass

    def latest_snapshot(self, name: str) -> SnapshotRow | None:
        """The most recent snapshot of ``name``."""
        with self.engine.connect() as connection:
            row = connection.execute(
                self._snapshot_query(name).order_by(snapshots.c.seq.desc()).limit(1)
            ).first()
        return SnapshotRow(*row) if row is not None else None

    def snapshots(self, name: str) -> list[SnapshotRow]:
        """Every snapshot of ``name`` by sequence number."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                self._snapshot_query(name).order_by(snapshots.c.seq)
            ).all()
        return [SnapshotRow(*row) for row in rows]

    @staticmethod
    def _snapshot_query(name: str):  # noqa: ANN205 (a SQLAlchemy Select of the five columns)
        columns = snapshots.c
        return select(columns.campaign_name, columns.seq, columns.event_hash, columns.digest,
                      columns.state).where(columns.campaign_name == name)

    def snapshot_count(self, name: str) -> int:
        """How many snapshots ``name`` has."""
        with self.engine.connect() as connection:
            return int(connection.execute(
                select(func.count()).select_from(snapshots)
                .where(snapshots.c.campaign_name == name)
            ).scalar_one())

    def drop_snapshots(self, name: str) -> None:
        """Remove every snapshot of ``name`` (forces a cold replay)."""
        with self.engine.begin() as connection:
            connection.execute(delete(snapshots).where(snapshots.c.campaign_name == name))


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
        connection.execute(insert(events), [
            {"campaign_name": name, "seq": e.seq, "batch": e.batch, "order_text": e.order_text,
             "type": e.type, "payload": e.payload, "prev_hash": e.prev_hash, "hash": e.hash}
            for e in stored
        ])


def delete_after(connection: Connection, name: str, keep_seq: int) -> None:
    """Delete the events and snapshots of ``name`` after event ``keep_seq``."""
    for table in (snapshots, events):
        connection.execute(
            delete(table).where(table.c.campaign_name == name, table.c.seq > keep_seq)
        )
