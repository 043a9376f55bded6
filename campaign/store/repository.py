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

from sqlalchemy import create_engine, delete, func, inspect
from sqlalchemy import select as sa_select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import (
    ArgumentError,
    IntegrityError,
    NoSuchModuleError,
    OperationalError,
    SQLAlchemyError,
)
from sqlmodel import Session, SQLModel, select

from campaign.rules.canonical import canonical_json
from campaign.rules.errors import (
    CampaignError,
    CampaignNotFoundError,
    ConflictError,
    SchemaVersionError,
    TamperedLogError,
)
from campaign.store.models import (
    SCHEMA_VERSION,
    TABLES,
    CampaignDice,
    CampaignRow,
    EventRow,
    SchemaInfo,
    SnapshotRow,
)

DB_URL_ENV = "CAMPAIGN_DB_URL"
APP_NAME = "dark-nebula-campaign"
GENESIS_HASH = "0" * 64
#: Longest campaign name (the database column holds 200 characters).
NAME_MAX = 200
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


def create_tables(engine: Engine, tables: Sequence[object]) -> None:
    """Create the missing ``tables``, safe when several processes open a new database at once.

    ``create_all`` checks and then creates; another process may create a table in between, so
    the CREATE fails ("already exists") or the database is briefly locked. Checking is cheap and
    idempotent: try again a few times, then accept the failure only if every table now exists.
    """
    for attempt in range(CREATE_ATTEMPTS):
        try:
            SQLModel.metadata.create_all(engine, tables=tables)  # type: ignore[arg-type]
            return
        except SQLAlchemyError:
            if attempt == CREATE_ATTEMPTS - 1:
                present = set(inspect(engine).get_table_names())
                if all(table.name in present for table in tables):  # type: ignore[attr-defined]
                    return
                raise
            time.sleep(0.05 * (attempt + 1))


@dataclass(frozen=True)
class StoredEvent:
    """One row of the log as read back (payload still JSON text)."""

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
    """Repository over one database URL (SQLite file or PostgreSQL)."""

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
        """Refuse newer schemas before touching anything; create missing tables."""
        info_table = SchemaInfo.__table__  # type: ignore[attr-defined]
        if inspect(self.engine).has_table(info_table.name):
            with Session(self.engine) as session:
                info = session.get(SchemaInfo, 1)
            if info is not None and info.version > SCHEMA_VERSION:
                raise SchemaVersionError(
                    f"database {self._safe_url()} was written by schema version {info.version}; "
                    f"this version of the tool knows schema {SCHEMA_VERSION} only. "
                    "Upgrade the tool; the database was not changed."
                )
        create_tables(self.engine, [t.__table__ for t in TABLES])  # type: ignore[attr-defined]
        with Session(self.engine) as session:
            if session.get(SchemaInfo, 1) is None:
                session.add(SchemaInfo(id=1, version=SCHEMA_VERSION))
                try:
                    session.commit()
                except IntegrityError:  # another process created it at the same moment
                    session.rollback()

    def dispose(self) -> None:
        """Close pooled connections."""
        self.engine.dispose()

    # --- campaigns ------------------------------------------------------------------------------

    def create_campaign(self, row: CampaignRow, dice_mode: str = LEGACY_DICE_MODE) -> None:
        """Insert a new campaign row (no events yet) with its dice mode."""
        check_campaign_name(row.name)
        if dice_mode not in DICE_MODES:
            raise CampaignError(f"unknown dice mode {dice_mode!r} ({', '.join(DICE_MODES)})")
        with Session(self.engine) as session:
            if session.get(CampaignRow, row.name) is not None:
                raise CampaignExistsError(f"campaign {row.name!r} already exists")
            session.add(row)
            try:
                session.flush()  # the campaign row first: the dice row refers to it
                session.add(CampaignDice(campaign_name=row.name, mode=dice_mode))
                session.commit()
            except IntegrityError:
                raise CampaignExistsError(f"campaign {row.name!r} already exists") from None

    def campaign(self, name: str) -> CampaignRow:
        """The campaign row; ``CampaignNotFoundError`` if none."""
        if len(name) > NAME_MAX:  # no such row; PostgreSQL would refuse the query itself
            raise CampaignNotFoundError(f"no campaign named {name[:40]!r}... (name too long)")
        with Session(self.engine) as session:
            row = session.get(CampaignRow, name)
            if row is None:
                raise CampaignNotFoundError(f"no campaign named {name!r} in {self._safe_url()}")
            session.expunge(row)
            return row

    def dice_mode(self, name: str) -> str:
        """The dice mode ``name`` was created with (``seeded`` for older campaigns)."""
        with Session(self.engine) as session:
            row = session.get(CampaignDice, name)
            return row.mode if row is not None else LEGACY_DICE_MODE

    def campaigns(self) -> list[str]:
        """Names of all campaigns."""
        with Session(self.engine) as session:
            return list(session.exec(select(CampaignRow.name).order_by(CampaignRow.name)))

    def delete_campaign(self, name: str) -> None:
        """Remove a campaign with its events and snapshots (``CampaignNotFoundError`` if none)."""
        self.campaign(name)
        with Session(self.engine) as session:
            for table in (SnapshotRow, EventRow, CampaignDice):
                session.exec(  # type: ignore[call-overload]
                    delete(table).where(table.campaign_name == name)
                )
            session.exec(  # type: ignore[call-overload]
                delete(CampaignRow).where(CampaignRow.name == name)
            )
            session.commit()

    def update_pins(self, name: str, file_hashes: dict[str, str], profile_hash: str) -> None:
        """Record new data-file hashes (explicit re-pin, DN-DATA-4)."""
        with Session(self.engine) as session:
            row = session.get(CampaignRow, name)
            if row is None:
                raise CampaignNotFoundError(f"no campaign named {name!r}")
            row.file_hashes = canonical_json(file_hashes)
            row.profile_hash = profile_hash
            session.add(row)
            session.commit()

    # --- events ---------------------------------------------------------------------------------

    def head(self, name: str) -> Head:
        """The last stored event of ``name``."""
        with Session(self.engine) as session:
            return self._head(session, name)

    @staticmethod
    def _head(session: Session, name: str) -> Head:
        row = session.exec(
            select(EventRow.seq, EventRow.hash, EventRow.batch)
            .where(EventRow.campaign_name == name)
            .order_by(EventRow.seq.desc())  # type: ignore[attr-defined]
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
        with Session(self.engine) as session:
            head = self._head(session, name)
            if head.seq != expected_seq:
                raise ConflictError(
                    f"campaign {name!r} changed meanwhile (now at event {head.seq}, your order "
                    f"was based on event {expected_seq}); reload and try again"
                )
            batch = head.batch + 1
            prev = head.hash
            stored: list[StoredEvent] = []
            for offset, (type_, payload) in enumerate(payloads, start=1):
                seq = expected_seq + offset
                digest = chain_hash(name, seq, batch, order_text, type_, payload, prev)
                stored.append(StoredEvent(seq, batch, order_text, type_, payload, prev, digest))
                session.add(
                    EventRow(
                        campaign_name=name,
                        seq=seq,
                        batch=batch,
                        order_text=order_text,
                        type=type_,
                        payload=payload,
                        prev_hash=prev,
                        hash=digest,
                    )
                )
                prev = digest
            try:
                session.commit()
            except IntegrityError:
                session.rollback()
                raise ConflictError(
                    f"campaign {name!r}: another writer appended event {expected_seq + 1} first; "
                    "nothing was stored, reload and try again"
                ) from None
            return stored

    def rows(self, name: str, after_seq: int = 0) -> list[StoredEvent]:
        """Stored events with ``seq > after_seq`` in order (not verified).

        Uses a Core query and reads the DB-API cursor directly: building 20,000 ORM objects (or
        even SQLAlchemy rows) would cost more than replaying them.
        """
        table = EventRow.__table__  # type: ignore[attr-defined]
        columns = table.c
        query = (
            sa_select(
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
        return [StoredEvent(*row) for row in result]

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
        with Session(self.engine) as session:
            head = self._head(session, name)
            if head.seq != expected_seq:
                raise ConflictError(
                    f"campaign {name!r} changed meanwhile (now at event {head.seq}); nothing undone"
                )
            session.exec(  # type: ignore[call-overload]
                delete(SnapshotRow).where(
                    SnapshotRow.campaign_name == name, SnapshotRow.seq > keep_seq
                )
            )
            session.exec(  # type: ignore[call-overload]
                delete(EventRow).where(EventRow.campaign_name == name, EventRow.seq > keep_seq)
            )
            session.commit()

    # --- snapshots ------------------------------------------------------------------------------

    def save_snapshot(self, name: str, seq: int, event_hash: str, digest: str, state: str) -> None:
        """Store the state after ``seq`` (ignored if one exists already)."""
        with Session(self.engine) as session:
            if session.get(SnapshotRow, (name, seq)) is not None:
                return
            session.add(
                SnapshotRow(
                    campaign_name=name, seq=seq, event_hash=event_hash, digest=digest, state=state
                )
            )
            try:
                session.commit()
            except IntegrityError:
                session.rollback()

    def latest_snapshot(self, name: str) -> SnapshotRow | None:
        """The most recent snapshot of ``name``."""
        with Session(self.engine) as session:
            row = session.exec(
                select(SnapshotRow)
                .where(SnapshotRow.campaign_name == name)
                .order_by(SnapshotRow.seq.desc())  # type: ignore[attr-defined]
                .limit(1)
            ).first()
            if row is not None:
                session.expunge(row)
            return row

    def snapshots(self, name: str) -> list[SnapshotRow]:
        """Every snapshot of ``name`` by sequence number."""
        with Session(self.engine) as session:
            rows = list(
                session.exec(
                    select(SnapshotRow)
                    .where(SnapshotRow.campaign_name == name)
                    .order_by(SnapshotRow.seq)  # type: ignore[arg-type]
                )
            )
            for row in rows:
                session.expunge(row)
            return rows

    def snapshot_count(self, name: str) -> int:
        """How many snapshots ``name`` has."""
        with Session(self.engine) as session:
            return int(
                session.exec(
                    select(func.count()).where(SnapshotRow.campaign_name == name)
                ).one()
            )

    def drop_snapshots(self, name: str) -> None:
        """Remove every snapshot of ``name`` (forces a cold replay)."""
        with Session(self.engine) as session:
            session.exec(  # type: ignore[call-overload]
                delete(SnapshotRow).where(SnapshotRow.campaign_name == name)
            )
            session.commit()
