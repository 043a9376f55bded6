"""Every table of the campaign database, declared once: SQLModel classes, used for ``CREATE TABLE``.

- The campaign tables (``CAMPAIGN_TABLES``): schema version, campaigns, events, snapshots, dice
  mode and snapshot seals, created when a database is first opened.
- The play-by-e-mail ledger (``LEDGER_TABLES``): set-up, files sent and received, own dice
  secrets, fork decisions, envelopes, the side this database plays, withdrawals, and in fair
  mode the shuffle passes and this side's own shuffle secrets; created on
  first use of the ledger (an older database gets them when it first exchanges a file).

Only the tables are declared here. The store's queries are plain SQL statements run through
``database.py`` (``repository.py``, ``ledger.py``), and what they read back are the light rows
of ``campaign.records.rows``: this module, and with it SQLAlchemy and SQLModel, is imported
only when tables are missing (a new database, or the ledger's first use), never by a command
that opens an existing SQLite file (docs/adr/0021-sqlite-without-sqlalchemy.md,
0027-all-sql-in-the-store.md).

The DDL is what the earlier Core ``Table`` objects and ledger classes wrote, on SQLite and on
PostgreSQL alike (``tests/store/test_tables.py`` compares it with a copy taken from them), so
existing databases need no change. Hence the explicit ``autoincrement=False`` on integer keys
that are never generated (PostgreSQL would otherwise make ``dn_schema_info.id`` a ``SERIAL``),
and ``Text`` where a column held long text.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from sqlalchemy import Column, Text, UniqueConstraint, inspect
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Field, SQLModel

from campaign.records.rows import NAME_LENGTH
from campaign.store.database import DatabaseUnavailable

CAMPAIGN_KEY = "dn_campaign.name"


def _not_generated() -> dict:
    """Column options of an integer key that the store always gives (never a ``SERIAL``)."""
    return {"autoincrement": False}


def _text(*, nullable: bool = False) -> Column:
    """A long text column (``TEXT``: canonical JSON, order texts, reasons)."""
    return Column(Text, nullable=nullable)


# --- the campaign tables ----------------------------------------------------------------------


class DnSchemaInfo(SQLModel, table=True):
    """One row: the schema version the database was written with (``rows.SCHEMA_VERSION``) and
    the version of the tool that created or last migrated it (schema 3 on; an older tool
    names it when it refuses the database)."""

    __tablename__ = "dn_schema_info"

    id: int = Field(primary_key=True, sa_column_kwargs=_not_generated())
    version: int
    app_version: str | None = None


class DnCampaign(SQLModel, table=True):
    """A campaign: its name, how its map was made, its dice seed and its pinned data hashes."""

    __tablename__ = "dn_campaign"

    name: str = Field(primary_key=True, max_length=NAME_LENGTH)
    layout: str
    layout_seed: int | None = None
    dice_seed: str
    file_hashes: str = Field(sa_column=_text())  # canonical JSON
    profile_hash: str


class DnEvent(SQLModel, table=True):
    """One event of one campaign's log: canonical JSON with its sequence number, the order batch
    it came from, the order's notation and the hash chain. ``(campaign_name, seq)`` is unique,
    so two writers appending the same sequence number cannot both succeed."""

    __tablename__ = "dn_event"
    __table_args__ = (UniqueConstraint("campaign_name", "seq", name="uq_dn_event_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    campaign_name: str = Field(foreign_key=CAMPAIGN_KEY, index=True, max_length=NAME_LENGTH)
    seq: int
    batch: int
    order_text: str = Field(sa_column=_text())
    type: str
    payload: str = Field(sa_column=_text())  # canonical JSON of the event
    prev_hash: str
    hash: str


class DnSnapshot(SQLModel, table=True):
    """The state after event ``seq`` (a cache for fast loading; the log stays the truth)."""

    __tablename__ = "dn_snapshot"

    campaign_name: str = Field(primary_key=True, foreign_key=CAMPAIGN_KEY, max_length=NAME_LENGTH)
    seq: int = Field(primary_key=True, sa_column_kwargs=_not_generated())
    event_hash: str
    digest: str
    state: str = Field(sa_column=_text())


class DnCampaignDice(SQLModel, table=True):
    """The dice mode chosen when the campaign was created (``seeded``, ``physical`` or
    ``commit-reveal``). Campaigns created before this table existed have no row: ``seeded``."""

    __tablename__ = "dn_campaign_dice"

    campaign_name: str = Field(primary_key=True, foreign_key=CAMPAIGN_KEY, max_length=NAME_LENGTH)
    mode: str


class DnSnapshotSeal(SQLModel, table=True):
    """This machine's seal on a snapshot it checked (``seal.py``): the snapshot is then used
    without replaying the log before it. Older tools ignore the table."""

    __tablename__ = "dn_snapshot_seal"

    campaign_name: str = Field(primary_key=True, foreign_key=CAMPAIGN_KEY, max_length=NAME_LENGTH)
    seq: int = Field(primary_key=True, sa_column_kwargs=_not_generated())
    mac: str


# --- the play-by-e-mail ledger ----------------------------------------------------------------


class DnPbemSetup(SQLModel, table=True):
    """How a campaign is played by e-mail: dice mode and the shared set-up seed."""

    __tablename__ = "dn_pbem_setup"

    campaign_name: str = Field(primary_key=True, max_length=NAME_LENGTH)
    mode: str
    shared_seed: str


class DnPbemFile(SQLModel, table=True):
    """One turn file sent (``out``) or received (``in``)."""

    __tablename__ = "dn_pbem_file"

    campaign_name: str = Field(primary_key=True, max_length=NAME_LENGTH)
    exchange: int = Field(primary_key=True, sa_column_kwargs=_not_generated())
    side: str
    direction: str
    base_seq: int
    head_seq: int
    head_hash: str
    commitment: str
    reveal: str | None = None
    body_sha256: str


class DnPbemSecret(SQLModel, table=True):
    """This machine's own commit–reveal secret for the file it sent as ``exchange``."""

    __tablename__ = "dn_pbem_secret"

    campaign_name: str = Field(primary_key=True, max_length=NAME_LENGTH)
    exchange: int = Field(primary_key=True, sa_column_kwargs=_not_generated())
    secret: str


class DnPbemFork(SQLModel, table=True):
    """A crossed-files decision: which file was kept, which events were dropped, and why."""

    __tablename__ = "dn_pbem_fork"

    id: int | None = Field(default=None, primary_key=True)
    campaign_name: str = Field(index=True, max_length=NAME_LENGTH)
    exchange: int
    base_seq: int
    kept_sha256: str
    dropped_sha256: str
    dropped_events: str = Field(sa_column=_text())  # "seq:hash" lines
    reason: str = Field(sa_column=_text())


class DnPbemEnvelope(SQLModel, table=True):
    """What a turn file held besides its events: the header and the signature, as sent or
    received, so that ``campaign export --again N`` can rebuild file ``N`` byte for byte."""

    __tablename__ = "dn_pbem_envelope"

    campaign_name: str = Field(primary_key=True, max_length=NAME_LENGTH)
    exchange: int = Field(primary_key=True, sa_column_kwargs=_not_generated())
    header: str = Field(sa_column=_text())  # canonical JSON
    signature: str | None = Field(default=None, sa_column=_text(nullable=True))


class DnPbemPlayer(SQLModel, table=True):
    """The side this database plays and the first signed file (docs/turn-files.md, "Sides and
    signatures")."""

    __tablename__ = "dn_pbem_player"

    campaign_name: str = Field(primary_key=True, max_length=NAME_LENGTH)
    side: str
    signed_since: int | None = None


class DnPbemWithdrawal(SQLModel, table=True):
    """A file this database sent and took back because the other side refused it."""

    __tablename__ = "dn_pbem_withdrawal"

    id: int | None = Field(default=None, primary_key=True)
    campaign_name: str = Field(index=True, max_length=NAME_LENGTH)
    exchange: int
    body_sha256: str
    reason: str = Field(sa_column=_text())


class DnFairPass(SQLModel, table=True):
    """One pass of the joint shuffle of the face-down decks (fair mode, ADR 0028), made here
    or received: public data (masked points and key commitments), carried by turn file
    ``exchange`` (pass ``n`` rides on file ``n``)."""

    __tablename__ = "dn_fair_pass"

    campaign_name: str = Field(primary_key=True, max_length=NAME_LENGTH)
    exchange: int = Field(primary_key=True, sa_column_kwargs=_not_generated())
    side: str
    body: str = Field(sa_column=_text())  # canonical JSON of the pass


class DnFairSecret(SQLModel, table=True):
    """This database's own shuffle secrets (its permutations, its mask, its key for every
    card): only its own side's, never sent but in an opening for the audit (ADR 0028)."""

    __tablename__ = "dn_fair_secret"

    campaign_name: str = Field(primary_key=True, max_length=NAME_LENGTH)
    side: str
    secrets: str = Field(sa_column=_text())  # canonical JSON (hex keys)


class DnStrictPending(SQLModel, table=True):
    """Strict dice (ADR 0028): this database's order whose dice the other side's machine rolls
    (its contribution is opened only after the order is fixed); kept until answered."""

    __tablename__ = "dn_strict_pending"

    campaign_name: str = Field(primary_key=True, max_length=NAME_LENGTH)
    side: str
    order_text: str = Field(sa_column=_text())


CAMPAIGN_TABLES: tuple[type[SQLModel], ...] = (
    DnSchemaInfo,
    DnCampaign,
    DnEvent,
    DnSnapshot,
    DnCampaignDice,
    DnSnapshotSeal,
)
LEDGER_TABLES: tuple[type[SQLModel], ...] = (
    DnPbemSetup,
    DnPbemFile,
    DnPbemSecret,
    DnPbemFork,
    DnPbemEnvelope,
    DnPbemPlayer,
    DnPbemWithdrawal,
    DnFairPass,
    DnFairSecret,
    DnStrictPending,
)

#: How often ``create_tables`` tries again when another process creates the same tables.
CREATE_ATTEMPTS = 5


def create_tables(engine: Engine, tables: Sequence[type[SQLModel]]) -> None:
    """Create the missing ``tables``, safe when several processes open a new database at once.

    ``create_all`` checks and then creates; another process may create a table in between, so
    the CREATE fails ("already exists") or the database is briefly locked. Checking is cheap and
    idempotent: try again a few times, then accept the failure only if every table now exists.
    A failure that remains (a read-only file, a lost server) is ``DatabaseUnavailable``, as
    every other failure of the store's drivers: no SQLAlchemy error leaves the store.
    """
    chosen = [model.__table__ for model in tables]  # type: ignore[attr-defined]
    for attempt in range(CREATE_ATTEMPTS):
        try:
            SQLModel.metadata.create_all(engine, tables=chosen)
            return
        except SQLAlchemyError as error:
            if attempt == CREATE_ATTEMPTS - 1:
                present = _present(engine)
                if all(table.name in present for table in chosen):
                    return
                cause = getattr(error, "orig", None) or error
                lines = str(cause).strip().splitlines()
                raise DatabaseUnavailable(lines[0] if lines else type(cause).__name__) from None
            time.sleep(0.05 * (attempt + 1))


def _present(engine: Engine) -> set[str]:
    """The tables the database holds now (none known if it cannot even be read)."""
    try:
        return set(inspect(engine).get_table_names())
    except SQLAlchemyError:
        return set()
