"""What the store reads back: campaign, event and snapshot rows, and the limits of the tables.

Kept apart from the table declarations (``tables.py``, SQLModel) so that reading a campaign from
an SQLite file needs no SQLAlchemy import (docs/adr/0021-sqlite-without-sqlalchemy.md,
docs/adr/0027-all-sql-in-the-store.md). They are named tuples: every command builds these
classes, and a named tuple class costs about a quarter of a frozen dataclass's (about 1 against
4 million instructions each). The ledger's rows are in ``ledger_rows.py``: only the
play-by-e-mail commands build those classes.
"""

from __future__ import annotations

from typing import NamedTuple

#: The database schema this version writes: the newest migration's number
#: (``campaign/store/migrations/versions/``; docs/compatibility.md). Older tools refuse newer
#: databases; opening an older one migrates it. 1: version 0.1.0. 2: snapshots in the order of
#: the state's collections (schema 1's key-sorted snapshots are dropped: caches). 3 (0.2.0):
#: ``dn_schema_info.app_version``.
SCHEMA_VERSION = 3
#: Longest campaign name (the database column holds 200 characters).
NAME_LENGTH = 200


class CampaignRow(NamedTuple):
    """A campaign as stored: name, layout (and its seed), dice seed, pinned data hashes."""

    name: str
    layout: str
    dice_seed: str
    file_hashes: str  # canonical JSON
    profile_hash: str
    layout_seed: int | None = None


class SnapshotRow(NamedTuple):
    """A stored snapshot: the state (canonical JSON) after event ``seq`` and its digest."""

    campaign_name: str
    seq: int
    event_hash: str
    digest: str
    state: str


class StoredEvent(NamedTuple):
    """One row of the log as read back (payload still JSON text). A load builds one per event,
    and a tuple is several times cheaper to build than a frozen dataclass."""

    seq: int
    batch: int
    order_text: str
    type: str
    payload: str
    prev_hash: str
    hash: str


class Head(NamedTuple):
    """The last stored event of a campaign (seq 0 / genesis hash when empty)."""

    seq: int
    hash: str
    batch: int


class Opened(NamedTuple):
    """A campaign as ``Store.open_campaign`` reads it in one go: its row and dice mode, its whole
    log (hash chain verified) and the snapshot a load may start from.

    ``snapshot`` is the newest snapshot that sits inside the log (``None``: none, or none was
    asked for). ``trusted``: it carries this machine's seal for exactly this log, so the state
    is restored from it and only the events after it are folded; otherwise the caller replays
    the log up to it and offers the result to ``Store.vouch_for_snapshot``."""

    row: CampaignRow
    dice_mode: str
    rows: list[StoredEvent]
    snapshot: SnapshotRow | None = None
    trusted: bool = False
