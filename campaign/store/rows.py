"""What the store reads back: campaign, event, snapshot and ledger rows, and the limits of the
tables.

Plain dataclasses and named tuples, kept apart from the table declarations (``tables.py``,
SQLModel) so that reading a campaign from an SQLite file needs no SQLAlchemy import
(docs/adr/0021-sqlite-without-sqlalchemy.md, docs/adr/0027-all-sql-in-the-store.md).
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


@dataclass(frozen=True)
class Opened:
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


# --- the play-by-e-mail ledger (docs/turn-files.md): keyword-only, the fields are the columns --


@dataclass(frozen=True, kw_only=True)
class PbemSetup:
    """How a campaign is played by e-mail: dice mode and the shared set-up seed."""

    campaign_name: str
    mode: str
    shared_seed: str


@dataclass(frozen=True, kw_only=True)
class PbemFile:
    """One turn file sent (``out``) or received (``in``)."""

    campaign_name: str
    exchange: int
    side: str
    direction: str
    base_seq: int
    head_seq: int
    head_hash: str
    commitment: str
    reveal: str | None = None
    body_sha256: str


@dataclass(frozen=True, kw_only=True)
class PbemFork:
    """A crossed-files decision: which file was kept, which events were dropped, and why."""

    campaign_name: str
    exchange: int
    base_seq: int
    kept_sha256: str
    dropped_sha256: str
    dropped_events: str  # "seq:hash" lines
    reason: str


@dataclass(frozen=True, kw_only=True)
class PbemEnvelope:
    """What a turn file held besides its events: the header (canonical JSON) and the signature,
    as sent or received, so that ``campaign export --again N`` can rebuild file ``N``."""

    campaign_name: str
    exchange: int
    header: str
    signature: str | None = None


@dataclass(frozen=True, kw_only=True)
class PbemPlayer:
    """The side this database plays, and the first signed file (after which every file both ways
    must be signed)."""

    campaign_name: str
    side: str
    signed_since: int | None = None


@dataclass(frozen=True, kw_only=True)
class PbemWithdrawal:
    """A file this database sent and took back because the other side refused it."""

    campaign_name: str
    exchange: int
    body_sha256: str
    reason: str
