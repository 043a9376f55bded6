"""Tables of the campaign store: schema version, campaigns, events, snapshots, dice mode (the
rows read back from them are in ``rows.py``).

The tables are SQLAlchemy Core ``Table`` objects, used to create the tables (``CREATE TABLE``
in each database's own dialect) and by the PBEM ledger; the store's queries are plain SQL
(``repository.py``), and a command that only opens an existing SQLite file never imports this
module (docs/adr/0021-sqlite-without-sqlalchemy.md). The PBEM ledger keeps its own tables as
SQLModel classes; it is imported only by the commands that use it.

Events are stored as canonical JSON text with their sequence number, the order batch they came
from, the order's notation, and the hash chain (``prev_hash``, ``hash``). ``(campaign_name,
seq)`` is unique, so two writers appending the same sequence number cannot both succeed.
"""

from __future__ import annotations

from sqlalchemy import (
    Column,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from campaign.store.rows import NAME_LENGTH

metadata = MetaData()


def _campaign_key() -> Column:
    """The campaign a row belongs to, as (part of) its primary key."""
    return Column("campaign_name", String(NAME_LENGTH), ForeignKey("dn_campaign.name"),
                  primary_key=True)


def _seq_key() -> Column:
    """The event a row is about, as part of its primary key (never generated)."""
    return Column("seq", Integer, primary_key=True, autoincrement=False)


#: One row: the schema version the database was written with.
schema_info = Table(
    "dn_schema_info",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=False),
    Column("version", Integer, nullable=False),
)

#: A campaign: its name, how its map was made, its dice seed and its pinned data hashes.
campaigns = Table(
    "dn_campaign",
    metadata,
    Column("name", String(NAME_LENGTH), primary_key=True),
    Column("layout", String, nullable=False),
    Column("layout_seed", Integer, nullable=True),
    Column("dice_seed", String, nullable=False),
    Column("file_hashes", Text, nullable=False),  # canonical JSON
    Column("profile_hash", String, nullable=False),
)

#: One event of one campaign's log.
events = Table(
    "dn_event",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("campaign_name", String(NAME_LENGTH), ForeignKey("dn_campaign.name"), nullable=False,
           index=True),
    Column("seq", Integer, nullable=False),
    Column("batch", Integer, nullable=False),
    Column("order_text", Text, nullable=False),
    Column("type", String, nullable=False),
    Column("payload", Text, nullable=False),  # canonical JSON of the event
    Column("prev_hash", String, nullable=False),
    Column("hash", String, nullable=False),
    UniqueConstraint("campaign_name", "seq", name="uq_dn_event_seq"),
)

#: The state after event ``seq`` (a cache for fast loading; the log stays the truth).
snapshots = Table(
    "dn_snapshot",
    metadata,
    _campaign_key(),
    _seq_key(),
    Column("event_hash", String, nullable=False),
    Column("digest", String, nullable=False),
    Column("state", Text, nullable=False),
)

#: The dice mode chosen when the campaign was created (``seeded``, ``physical`` or
#: ``commit-reveal``). Campaigns created before this table existed have no row: ``seeded``.
campaign_dice = Table(
    "dn_campaign_dice",
    metadata,
    _campaign_key(),
    Column("mode", String, nullable=False),
)

#: This machine's seal on a snapshot it checked (``campaign/store/seal.py``): the snapshot is
#: then used without replaying the log before it. Older tools ignore the table.
snapshot_seals = Table(
    "dn_snapshot_seal",
    metadata,
    _campaign_key(),
    _seq_key(),
    Column("mac", String, nullable=False),
)

TABLES = (schema_info, campaigns, events, snapshots, campaign_dice, snapshot_seals)

