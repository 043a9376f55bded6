"""SQLModel tables of the campaign store: schema version, campaigns, events, snapshots.

Events are stored as canonical JSON text with their sequence number, the order batch they came
from, the order's notation, and the hash chain (``prev_hash``, ``hash``). ``(campaign_id, seq)``
is unique, so two writers appending the same sequence number cannot both succeed.
"""

from __future__ import annotations

from sqlalchemy import Column, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

#: Bump when the tables change incompatibly; older tools refuse newer databases.
SCHEMA_VERSION = 1


class SchemaInfo(SQLModel, table=True):
    """One row: the schema version the database was written with."""

    __tablename__ = "dn_schema_info"

    id: int = Field(default=1, primary_key=True)
    version: int


class CampaignRow(SQLModel, table=True):
    """A campaign: its name, how its map was made, its dice seed and its pinned data hashes."""

    __tablename__ = "dn_campaign"

    name: str = Field(primary_key=True, max_length=200)
    layout: str
    layout_seed: int | None = None
    dice_seed: str
    file_hashes: str = Field(sa_column=Column(Text, nullable=False))  # canonical JSON
    profile_hash: str


class EventRow(SQLModel, table=True):
    """One event of one campaign's log."""

    __tablename__ = "dn_event"
    __table_args__ = (UniqueConstraint("campaign_name", "seq", name="uq_dn_event_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    campaign_name: str = Field(foreign_key="dn_campaign.name", index=True, max_length=200)
    seq: int
    batch: int
    order_text: str = Field(sa_column=Column(Text, nullable=False))
    type: str
    payload: str = Field(sa_column=Column(Text, nullable=False))  # canonical JSON of the event
    prev_hash: str
    hash: str


class SnapshotRow(SQLModel, table=True):
    """The state after event ``seq`` (a cache for fast loading; the log stays the truth)."""

    __tablename__ = "dn_snapshot"

    campaign_name: str = Field(foreign_key="dn_campaign.name", primary_key=True, max_length=200)
    seq: int = Field(primary_key=True)
    event_hash: str
    digest: str
    state: str = Field(sa_column=Column(Text, nullable=False))


class CampaignDice(SQLModel, table=True):
    """The dice mode chosen when the campaign was created (``seeded``, ``physical`` or
    ``commit-reveal``). Campaigns created before this table existed have no row: ``seeded``."""

    __tablename__ = "dn_campaign_dice"

    campaign_name: str = Field(foreign_key="dn_campaign.name", primary_key=True, max_length=200)
    mode: str


TABLES = (SchemaInfo, CampaignRow, EventRow, SnapshotRow, CampaignDice)
