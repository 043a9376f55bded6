"""The turn file: one model, versioned, with one canonical serialisation.

A turn file is an *envelope* ``{"body": ..., "body_sha256": ..., "signature": ...}``. The body
holds the header (campaign, sender, base and head of the event chain, rules profile, versions),
the order batches with the events they produced, and the sender's commit–reveal dice data. The
checksum and the optional Ed25519 signature cover ``canonical_json(body)`` (sorted keys, no
whitespace), so a file verifies however it was pretty-printed, re-indented or re-line-ended.

Events whose class is marked ``secret`` (face-down neutrals, DN-NEU-1) are never written out:
the file carries ``sealed`` = HMAC-SHA256(campaign secret, canonical event) instead, and the
receiver, who re-runs the order on its own copy of the campaign, checks the seal.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from msgspec import Meta

from campaign.rules.canonical import canonical_json, sha256_hex
from campaign.rules.ids import Side
from campaign.rules.model import FrozenModel
from campaign.rules.notation import MAX_ORDER_CHARS
from campaign.rules.wording import plural

FORMAT: Final = "dark-nebula-turn-file"
#: Bump on any incompatible change; readers refuse files with a higher version and read every
#: lower one (docs/compatibility.md). Version 1 (0.1.0): ``head_digest`` hashes the state's
#: key-sorted canonical JSON, events in payload format 1. Version 2 (0.2.0): it hashes the
#: state's canonical text (collections in their own order, ADR 0031); events in payload
#: format 2 (``campaign.rules.upcast``).
SCHEMA_VERSION = 2
DiceMode = Literal["commit-reveal", "seeded", "strict"]

_HEX64 = r"^[0-9a-f]{64}$"


class Header(FrozenModel, frozen=True, kw_only=True):
    """Who sent the file, for which campaign, and which stretch of the event chain it covers."""

    format: Literal["dark-nebula-turn-file"] = FORMAT
    schema_version: Annotated[int, Meta(ge=1)]
    app_version: str
    campaign_id: Annotated[str, Meta(min_length=1, max_length=200)]
    side: Side
    exchange: Annotated[
        int, Meta(ge=1, description="number of this file in the campaign's exchange")
    ]
    base_seq: Annotated[int, Meta(ge=0, description="last event the sender had from the receiver")]
    base_hash: Annotated[str, Meta(pattern=_HEX64)]
    head_seq: Annotated[int, Meta(ge=0, description="last event in this file")]
    head_hash: Annotated[str, Meta(pattern=_HEX64)]
    head_digest: Annotated[
        str, Meta(pattern=_HEX64, description="state digest after the last event")
    ]
    profile_hash: Annotated[str, Meta(min_length=1)]
    dice_mode: DiceMode
    pending_order: (
        Annotated[
            str,
            Meta(
                max_length=MAX_ORDER_CHARS,
                description="strict dice: the sender's order that ends the file undecided; the "
                "receiver rolls its dice (ADR 0028) and sends the decision back first",
            ),
        ]
        | None
    ) = None


class FileEvent(FrozenModel, frozen=True, kw_only=True):
    """One event: its type and either its canonical payload or, if secret, its seal."""

    type: str
    payload: dict[str, Any] | None = None
    sealed: Annotated[str, Meta(pattern=_HEX64)] | None = None

    def __post_init__(self) -> None:
        if (self.payload is None) == (self.sealed is None):
            raise ValueError("an event has exactly one of 'payload' and 'sealed'")


class Batch(FrozenModel, frozen=True, kw_only=True):
    """One order as given (notation) and every event it produced, in log order."""

    order: Annotated[str, Meta(max_length=MAX_ORDER_CHARS)]
    events: Annotated[list[FileEvent], Meta(min_length=1)]


class DiceExchange(FrozenModel, frozen=True, kw_only=True):
    """Commit–reveal data (docs/turn-files.md): a commitment to the sender's fresh secret and the
    reveal of the secret committed in the sender's previous file (None in the first one).
    In ``seeded`` mode: the SHA-256 commitment of the referee seed, ``reveal`` empty."""

    commitment: Annotated[str, Meta(pattern=_HEX64)]
    reveal: Annotated[str, Meta(pattern=r"^[0-9a-f]{64}$")] | None = None


class FairSection(FrozenModel, frozen=True, kw_only=True):
    """Fair mode (docs/adr/0028-fair-play-by-e-mail.md): the pass of the joint shuffle of the
    face-down decks that files 1, 2 and 3 carry (``campaign.pbem.fair.shuffle.Pass``, checked
    point by point on import). Shares and reveals travel as ordinary orders in ``batches``."""

    shuffle: dict[str, Any] | None = None


class TurnBody(FrozenModel, frozen=True, kw_only=True):
    """Everything the checksum and the signature cover (``fair`` only in fair mode)."""

    header: Header
    batches: list[Batch]
    dice: DiceExchange
    fair: FairSection | None = None

    def __post_init__(self) -> None:
        count = sum(len(b.events) for b in self.batches)
        if self.header.head_seq != self.header.base_seq + count:
            raise ValueError(
                f"head_seq {self.header.head_seq} is not base_seq {self.header.base_seq} plus "
                f"the {plural(count, 'event')} in the file"
            )

    def canonical(self) -> str:
        """The one byte-exact text that is hashed and signed (absent optional fields are left
        out, exactly as ``to_json`` writes them, so a third-party writer gets the same bytes)."""
        return canonical_json(self.model_dump(mode="json", exclude_none=True))


class Signature(FrozenModel, frozen=True, kw_only=True):
    """Ed25519 signature over ``canonical_json(body)`` (hex) and the signer's key id."""

    key_id: Annotated[str, Meta(pattern=r"^[0-9a-f]{16}$")]
    value: Annotated[str, Meta(pattern=r"^[0-9a-f]{128}$")]


class TurnFile(FrozenModel, frozen=True, kw_only=True):
    """The envelope written to disk or armoured into an e-mail."""

    body: TurnBody
    body_sha256: Annotated[str, Meta(pattern=_HEX64)]
    signature: Signature | None = None

    @classmethod
    def seal(cls, body: TurnBody, signature: Signature | None = None) -> TurnFile:
        """An envelope with the checksum computed from ``body``."""
        return cls(body=body, body_sha256=sha256_hex(body.canonical()), signature=signature)

    def checksum_ok(self) -> bool:
        """True when ``body_sha256`` matches the body."""
        return sha256_hex(self.body.canonical()) == self.body_sha256

    def to_json(self) -> str:
        """Readable JSON (indented); any whitespace or line ending variant verifies the same."""
        return self.model_dump_json(indent=1, exclude_none=True) + "\n"

    @property
    def header(self) -> Header:
        """Shortcut to ``body.header``."""
        return self.body.header


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the envelope (exported to docs/turn-file.schema.json)."""
    schema = TurnFile.model_json_schema()
    schema["$id"] = f"https://dark-nebula.invalid/turn-file/v{SCHEMA_VERSION}"
    schema["title"] = "Dark Nebula turn file"
    return schema
