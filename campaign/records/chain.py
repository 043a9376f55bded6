"""The hash chain of an event log: how each stored event's hash is made, and how a log is checked.

Every row's ``hash`` is SHA-256 over (campaign, seq, batch, order text, type, payload,
prev_hash); ``verify_rows`` walks the chain and raises ``TamperedLogError`` naming the first bad
sequence number; ``verify_exchanged`` checks that the log still ends no earlier than the turn
files it exchanged. Pure computation, no database: the store uses it to append and to open a
campaign, and a turn file's receiver (``campaign.pbem.position``) to compute the rows a file
becomes before anything is stored.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from functools import lru_cache
from json.encoder import encode_basestring

from campaign.records.rows import Head, StoredEvent
from campaign.rules.errors import TamperedLogError

GENESIS_HASH = "0" * 64


def chain_hash(
    campaign: str, seq: int, batch: int, order_text: str, type_: str, payload: str, prev: str
) -> str:
    """SHA-256 of the canonical JSON of one stored event, ``prev_hash`` included.

    The object is ``{"batch", "campaign", "event", "order", "prev_hash", "seq", "type"}`` with
    sorted keys and no whitespace, where ``event`` is the stored payload (already canonical JSON,
    embedded as is). It is written out directly instead of through ``json.dumps`` of a dict so
    verifying 20,000 events stays fast.
    """
    return _hash(
        _json_str(campaign),
        seq,
        batch,
        _json_str(order_text),
        _json_str(type_),
        payload,
        _json_str(prev),
    )


def _hash(
    campaign_json: str,
    seq: int,
    batch: int,
    order_json: str,
    type_json: str,
    payload: str,
    prev_json: str,
) -> str:
    """``chain_hash`` with the string fields already JSON-encoded (lets callers cache them)."""
    text = (
        f'{{"batch":{batch},"campaign":{campaign_json},"event":{payload},'
        f'"order":{order_json},"prev_hash":{prev_json},"seq":{seq},"type":{type_json}}}'
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@lru_cache(maxsize=4096)
def _json_str(value: str) -> str:
    """A JSON string literal, as canonical JSON writes it (non-ASCII kept): the encoder
    ``json.dumps(value, ensure_ascii=False)`` uses for a string, without building a
    ``JSONEncoder`` for every call (a tenth of the cost; every load verifies the whole log)."""
    return encode_basestring(value)


def verify_rows(name: str, rows: Sequence[StoredEvent]) -> None:
    """Check sequence numbers and the hash chain; ``TamperedLogError`` at the first bad row."""
    verify_after(name, Head(0, GENESIS_HASH, -1), rows)


def verify_exchanged(
    name: str, rows: Sequence[StoredEvent], heads: Iterable[tuple[int, int, str]]
) -> None:
    """Check that a verified log still holds the last event of every turn file it exchanged:
    ``heads`` are (file number, head seq, head hash) as the play-by-e-mail ledger recorded them
    (a withdrawn or given-up file's record is deleted with it, and a plain undo never reaches
    back past an exchanged event). The hash chain cannot see events cut off at the end of the
    log; the ledger, in the same database, can (found by use: such a database verified and
    was migrated). ``TamperedLogError`` for the first file whose head is gone or changed."""
    for exchange, seq, digest in sorted(heads, key=lambda head: head[1]):
        if seq < 1:
            continue
        if seq > len(rows):
            raise TamperedLogError(
                name,
                seq,
                f"event {seq} is missing: turn file {exchange} ended with it, and the log "
                f"ends at event {len(rows)} (events were removed after the file was exchanged)",
            )
        if rows[seq - 1].hash != digest:
            raise TamperedLogError(
                name,
                seq,
                f"it is not the event turn file {exchange} ended with (the log was rewritten "
                "after the file was exchanged)",
            )


def verify_after(name: str, head: Head, rows: Sequence[StoredEvent]) -> None:
    """Check that ``rows`` continue a verified log ending at ``head``: sequence numbers and the
    hash chain from ``head`` on (a screen catching up reads only the new rows, issue 43);
    ``TamperedLogError`` at the first bad row."""
    prev = head.hash
    campaign_json = _json_str(name)
    for expected, row in enumerate(rows, start=head.seq + 1):
        if row.seq != expected:
            raise TamperedLogError(name, expected, f"event {expected} is missing")
        if row.prev_hash != prev:
            raise TamperedLogError(name, row.seq, "link to the previous event is broken")
        digest = _hash(
            campaign_json,
            row.seq,
            row.batch,
            _json_str(row.order_text),
            _json_str(row.type),
            row.payload,
            f'"{prev}"',  # a verified hex digest (or the genesis hash): no escaping needed
        )
        if digest != row.hash:
            raise TamperedLogError(name, row.seq, "content does not match its hash")
        prev = row.hash


def events_text(first: int, last: int) -> str:
    """Events ``first`` to ``last`` in words: ``events 6-9``, ``event 6``, or ``no events``
    when the stretch is empty (a file that carries no event: ``last`` is ``first - 1``)."""
    if last < first:
        return "no events"
    return f"event {first}" if last == first else f"events {first}-{last}"


def head_of_rows(rows: Sequence[StoredEvent]) -> Head:
    """The head of a log read back (seq 0 and the genesis hash when it is empty)."""
    if not rows:
        return Head(0, GENESIS_HASH, -1)
    last = rows[-1]
    return Head(last.seq, last.hash, last.batch)


def chain_events(
    name: str, head: Head, order_text: str, payloads: Sequence[tuple[str, str]]
) -> list[StoredEvent]:
    """One order batch's events as they are stored after ``head``: the next batch number,
    consecutive sequence numbers and the hash chain."""
    batch, prev = head.batch + 1, head.hash
    stored: list[StoredEvent] = []
    for offset, (type_, payload) in enumerate(payloads, start=1):
        seq = head.seq + offset
        digest = chain_hash(name, seq, batch, order_text, type_, payload, prev)
        stored.append(StoredEvent(seq, batch, order_text, type_, payload, prev, digest))
        prev = digest
    return stored
