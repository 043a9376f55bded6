"""Resolve: keep the other side's file that crossed ours, drop our own branch after the common
base, and log the decision (``dn_pbem_fork``), in the import's one transaction."""

from __future__ import annotations

from msgspec.structs import replace

from campaign.app.mail.importing import Arrival, apply
from campaign.app.mail.parts import Parts, local_copy
from campaign.app.mail.results import Imported
from campaign.pbem.armour import parse_turn_file
from campaign.pbem.errors import TurnFileError
from campaign.records.ledger_rows import PbemFork
from campaign.rules.plain_text import check_reason


def resolve_crossed(
    parts: Parts, name: str, data: bytes | str, reason: str, source: str = ""
) -> Imported:
    """Keep the other side's file that crossed ours; drop our events after the common base.

    The decision (both files' checksums, the dropped events, ``reason``) is logged in
    ``dn_pbem_fork``; afterwards export as usual: your next file continues from theirs."""
    reason = check_reason(reason, "the reason for choosing a branch")
    turn = parse_turn_file(data, source)
    mail = parts.read(name)
    mine, header = mail.last, turn.header
    if header.side is parts.agreement.own_side(mail):
        raise TurnFileError(
            f"file {header.exchange} is from {header.side.value}, your own side: `resolve` "
            "keeps the other side's file that crossed yours, never your own; nothing "
            "changed",
            source=source,
        )
    if (
        mine is None
        or mine.direction != "out"
        or mine.exchange != header.exchange
        or mine.base_seq != header.base_seq
    ):
        raise TurnFileError(
            "this file did not cross one of yours (same file number, same base): nothing "
            "to resolve; import it normally",
            source=source,
        )
    loaded = parts.service.load(name)
    local = local_copy(loaded, at_seq=header.base_seq)
    parts.checks.identity(loaded.row, mail, turn, local, source)
    dropped = loaded.rows[header.base_seq :]
    fork = PbemFork(
        campaign_name=name,
        exchange=header.exchange,
        base_seq=header.base_seq,
        kept_sha256=turn.body_sha256,
        dropped_sha256=mine.body_sha256,
        dropped_events="\n".join(f"{r.seq}:{r.hash}" for r in dropped),
        reason=reason,
    )
    at_base = replace(
        loaded, head=local.head, state=local.state, rows=list(local.rows), from_snapshot=0
    )
    kept = mail.forked(header.exchange)  # the ledger as the fork leaves it
    return apply(
        parts,
        Arrival(
            turn, at_base, local, kept, kept.files, source, fork=fork, expected_seq=loaded.head.seq
        ),
    )
