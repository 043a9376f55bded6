"""What the play-by-e-mail ledger reads back (docs/turn-files.md): one dataclass per table,
keyword-only, its fields the table's columns in order (``tables.py``; a test compares them).

Apart from ``rows.py`` so that a command that only reads or appends to a campaign does not build
these classes; a turn file's format (``campaign.pbem``) may use them without any database code.
"""

from __future__ import annotations

from dataclasses import dataclass


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
