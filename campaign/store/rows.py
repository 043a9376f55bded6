"""What the store reads back: campaign, event and snapshot rows, and the limits of the tables.

Kept apart from the table definitions (``models.py``, SQLAlchemy) so that reading a campaign
from an SQLite file needs no SQLAlchemy import (docs/adr/0021-sqlite-without-sqlalchemy.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

#: Bump when the tables change incompatibly; older tools refuse newer databases. Version 2:
#: snapshots hold the state's canonical text in the order of its collections (version 1 wrote
#: them key-sorted, which reordered the units); opening a version-1 database drops its old
#: snapshots and seals, which are caches (``Store._upgrade``).
SCHEMA_VERSION = 2
#: Longest campaign name (the database column holds 200 characters).
NAME_LENGTH = 200


@dataclass(frozen=True)
class CampaignRow:
    """A campaign as stored: name, layout (and its seed), dice seed, pinned data hashes."""

    name: str
    layout: str
    dice_seed: str
    file_hashes: str  # canonical JSON
    profile_hash: str
    layout_seed: int | None = None


@dataclass(frozen=True)
class SnapshotRow:
    """A stored snapshot: the state (canonical JSON) after event ``seq`` and its digest."""

    campaign_name: str
    seq: int
    event_hash: str
    digest: str
    state: str


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
