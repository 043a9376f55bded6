"""Audit: what ``campaign verify`` proves about a stored log (hash chain, replay, snapshots,
pins, seeded dice) and the anchor a referee keeps outside the database (docs/turn-files.md,
"What verify guarantees")."""

from __future__ import annotations

from msgspec import Struct

from campaign.app.campaigns import START_ORDER_TEXT, Campaigns, parse_stored
from campaign.records.chain import verify_exchanged
from campaign.records.rows import CampaignRow
from campaign.rules import engine
from campaign.rules.base import Event
from campaign.rules.canonical import canonical_json
from campaign.rules.dice import SeededSource
from campaign.rules.errors import (
    CampaignError,
    RulesetMismatchError,
)
from campaign.rules.notation import parse_order
from campaign.rules.referee import DiceEntered
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState
from campaign.store.ledger import exchanged_heads
from campaign.store.repository import (
    GENESIS_HASH,
    StoredEvent,
)


class Anchor(Struct, frozen=True):
    """A point of the hash chain a referee keeps outside the database: event count and hash.

    Text form ``COUNT:HASH``; the hash of event ``COUNT`` covers every event before it."""

    count: int
    hash: str

    def text(self) -> str:
        """``COUNT:HASH``, as ``campaign verify NAME --anchor`` prints it."""
        return f"{self.count}:{self.hash}"

    @classmethod
    def parse(cls, text: str) -> Anchor:
        """Read ``COUNT:HASH`` (``CampaignError`` with an example otherwise)."""
        count, _, digest = text.strip().partition(":")
        if not (
            count.isascii()
            and count.isdigit()
            and len(count) <= 12
            and len(digest) == 64
            and all(c in "0123456789abcdef" for c in digest)
        ):
            raise CampaignError(
                f"anchor {text[:80]!r} is not COUNT:HASH (e.g. 412:3f1c...; 64 hex digits), as "
                "printed by `campaign verify NAME --anchor`"
            )
        return cls(int(count), digest)


class Audit(Campaigns):
    """Verify campaigns and give their anchors."""

    def verify(self, name: str, anchor: Anchor | None = None) -> list[str]:
        """Full check: hash chain, cold replay, every snapshot against the replay, data pins,
        the dice of a seeded campaign against its seed, and optionally an ``anchor``.

        Returns human-readable findings (empty = all good); raises ``TamperedLogError`` for a
        broken chain, or a log that no longer holds the last event of a turn file it exchanged
        (events cut off its end). What this does and does not prove: docs/turn-files.md
        ("What verify guarantees").
        """
        row = self.store.campaign(name)
        rows = self.store.rows(name)
        self.store.verify_rows(name, rows)
        verify_exchanged(name, rows, exchanged_heads(self.store, name))
        findings: list[str] = []
        if anchor is not None:
            findings.extend(self._check_anchor(rows, anchor))
        ruleset: Ruleset | None = None
        try:
            ruleset = self.ruleset_for(row)
        except RulesetMismatchError as error:
            findings.append(error.message)
        state = CampaignState()
        events = parse_stored(rows, name)
        done = 0
        for snapshot in self.store.snapshots(name):
            if snapshot.seq > len(events):
                findings.append(f"snapshot at event {snapshot.seq} is beyond the log")
                continue
            engine.fold(events[done : snapshot.seq], state)
            done = snapshot.seq
            if state.canonical_text() != snapshot.state:
                findings.append(f"snapshot at event {snapshot.seq} differs from the replayed log")
        engine.fold(events[done:], state)
        if ruleset is not None and self.store.dice_mode(name) == "seeded":
            findings.extend(self._check_seeded_dice(row, rows, events, ruleset))
        return findings

    def anchor(self, name: str) -> Anchor:
        """The head of the verified chain of ``name``, for the referee to keep elsewhere."""
        self.store.campaign(name)
        rows = self.store.rows(name)
        self.store.verify_rows(name, rows)
        last = rows[-1] if rows else None
        return Anchor(last.seq, last.hash) if last else Anchor(0, GENESIS_HASH)

    @staticmethod
    def _check_anchor(rows: list[StoredEvent], anchor: Anchor) -> list[str]:
        if anchor.count > len(rows):
            return [
                f"the anchor names event {anchor.count}, but the log has only {len(rows)} "
                "events: events were removed after the anchor was taken"
            ]
        have = rows[anchor.count - 1].hash if anchor.count else GENESIS_HASH
        if have != anchor.hash:
            return [
                f"event {anchor.count} no longer has the anchored hash "
                f"({anchor.hash[:12]}, now {have[:12]}): the log was changed at or before "
                f"event {anchor.count}"
            ]
        return []

    @staticmethod
    def _check_seeded_dice(
        row: CampaignRow, rows: list[StoredEvent], events: list[Event], ruleset: Ruleset
    ) -> list[str]:
        """Every batch that rolled dice without a ``dice-entered`` record must be what the
        campaign's seed gives: decided again and compared, event by event (DN-ERR-1)."""
        findings: list[str] = []
        state = CampaignState()
        start = 0
        while start < len(rows):
            stop = start
            while stop < len(rows) and rows[stop].batch == rows[start].batch:
                stop += 1
            batch = events[start:stop]
            first = rows[start]
            seeded = any(e.rolls for e in batch) and not any(
                isinstance(e, DiceEntered) for e in batch
            )
            if seeded and first.order_text != START_ORDER_TEXT:
                finding = _decided_again(state, rows[start:stop], batch, ruleset, row.dice_seed)
                if finding is not None:
                    findings.append(f"event {first.seq} ({first.order_text!r}): {finding}")
            engine.fold(batch, state)
            start = stop
        return findings


def _decided_again(
    state: CampaignState,
    rows: list[StoredEvent],
    batch: list[Event],
    ruleset: Ruleset,
    seed: str,
) -> str | None:
    """What is wrong with one seeded batch, decided again from ``state`` (None: nothing).

    The dice are compared apart from the rest of the decision: a log written by an earlier
    version whose rules decided an order otherwise (another event, another wording) keeps the
    dice the seed gave, and must not be reported as having other dice (DN-ERR-1). An outcome
    edited around the seed's dice is still reported, as a decision this version does not make.
    """
    try:
        order = engine.normalize(state, parse_order(rows[0].order_text))
        again = engine.decide(state, order, ruleset, SeededSource(seed))
    except CampaignError as error:
        return (
            f"this version refuses its order ({error}), so its dice cannot be checked "
            "against the campaign's seed (DN-ERR-1)"
        )
    if [canonical_json(e) for e in again] == [r.payload for r in rows]:
        return None
    if _rolls(again) == _rolls(batch):
        return (
            "its dice are the ones the campaign's seed gives, but this version decides the "
            "order otherwise: a log written by an earlier version, or an outcome edited "
            "(DN-ERR-1)"
        )
    return (
        "its dice are not the ones the campaign's seed gives, and no typed dice are recorded "
        "for it (DN-ERR-1)"
    )


def _rolls(events: list[Event]) -> list[tuple[str, int, int]]:
    """Every die of ``events`` in the order rolled: purpose, faces, value."""
    return [(roll.purpose, roll.sides, roll.value) for event in events for roll in event.rolls]


#: How a referee undo is written in the log (and so in turn files): ``referee undo "REASON"``.
REFEREE_UNDO = "referee undo "
