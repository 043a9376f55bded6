"""What the play-by-e-mail ledger reads back (docs/turn-files.md): one dataclass per table,
keyword-only, its fields the table's columns in order (``tables.py``; a test compares them).

Apart from ``rows.py`` so that a command that only reads or appends to a campaign does not build
these classes; a turn file's format (``campaign.pbem``) may use them without any database code.
"""

from __future__ import annotations

from msgspec import Struct


class PbemSetup(Struct, frozen=True, kw_only=True):
    """How a campaign is played by e-mail: dice mode and the shared set-up seed."""

    campaign_name: str
    mode: str
    shared_seed: str


class PbemFile(Struct, frozen=True, kw_only=True):
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


class PbemFork(Struct, frozen=True, kw_only=True):
    """A crossed-files decision: which file was kept, which events were dropped, and why."""

    campaign_name: str
    exchange: int
    base_seq: int
    kept_sha256: str
    dropped_sha256: str
    dropped_events: str  # "seq:hash" lines
    reason: str


class PbemEnvelope(Struct, frozen=True, kw_only=True):
    """What a turn file held besides its events: the header (canonical JSON) and the signature,
    as sent or received, so that ``campaign export --again N`` can rebuild file ``N``."""

    campaign_name: str
    exchange: int
    header: str
    signature: str | None = None


class PbemPlayer(Struct, frozen=True, kw_only=True):
    """The side this database plays, and the first signed file (after which every file both ways
    must be signed)."""

    campaign_name: str
    side: str
    signed_since: int | None = None


class PbemWithdrawal(Struct, frozen=True, kw_only=True):
    """A file this database sent and took back because the other side refused it."""

    campaign_name: str
    exchange: int
    body_sha256: str
    reason: str


class FairPass(Struct, frozen=True, kw_only=True):
    """One pass of the joint shuffle (fair mode): carried by file ``exchange``, made by
    ``side``; ``body`` is its canonical JSON (``campaign.pbem.fair.shuffle.Pass``)."""

    campaign_name: str
    exchange: int
    side: str
    body: str


class FairSecret(Struct, frozen=True, kw_only=True):
    """This database's own shuffle secrets (canonical JSON of ``shuffle.Secrets``)."""

    campaign_name: str
    side: str
    secrets: str


class StrictPending(Struct, frozen=True, kw_only=True):
    """Strict dice (ADR 0028): this database's order that waits for the other side's dice
    contribution. It ends this side's next file, the receiver rolls its dice; kept until the
    file that answers it (its decision) is imported. At most one per campaign."""

    campaign_name: str
    side: str
    order_text: str
