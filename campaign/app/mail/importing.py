"""Import: parse → checksum → campaign/profile → signature → position in the exchange (stale,
crossed, replayed, missing, diverged) → dice reveal → fair section → **re-run every order
through the rules** and compare with the file's events → compare head hash and state digest →
append everything in one transaction (``Ledger.commit_import``). Any failure raises a
``TurnFileError`` naming the problem, and the database is unchanged.

The campaign is loaded once (one read of the log, one fold) and the ledger read once (one
``MailRecord``, brought up to date in memory after the commit); what was imported is told from
that same state. ``verify_file`` makes the same checks without storing, as findings.
"""

from __future__ import annotations

from functools import partial

from msgspec import Struct

from campaign.app import Loaded, parse_stored
from campaign.app.mail.checks import check_not_empty, held_order
from campaign.app.mail.export import envelope
from campaign.app.mail.fair import Incoming
from campaign.app.mail.parts import Parts, local_copy
from campaign.app.mail.results import Imported, Verification, short
from campaign.app.orders import referee_restoration, referee_undo_reason
from campaign.pbem import strict_exchange
from campaign.pbem.armour import parse_turn_file
from campaign.pbem.errors import ChecksumError, TurnFileError
from campaign.pbem.model import TurnFile
from campaign.pbem.position import (
    LocalCopy,
    NewBatch,
    RefereeUndo,
    decide_pending,
    replay,
)
from campaign.records.ledger_rows import PbemFile, PbemFork, PbemSetup
from campaign.records.mail_record import MailRecord
from campaign.records.rows import Head, StoredEvent
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.rules.seats import REFEREE, Seat
from campaign.rules.views import seen_text, view_digest
from campaign.views.log import story as tell

#: How a file carrying a referee undo is re-run: as ``campaign undo --referee`` ran it.
REFEREE_UNDO = RefereeUndo(referee_undo_reason, referee_restoration)
#: The same with strict dice, where an order that rolled is never reverted (DN-ERR-1): the
#: receiver refuses such an undo whatever ``--allow-referee`` says.
STRICT_REFEREE_UNDO = RefereeUndo(referee_undo_reason, partial(referee_restoration, strict=True))


class Rerun(Struct):
    """The orders of an incoming file as this machine's rules gave them: batches and rows to
    store; with strict dice the order of ours it answered, the keys it opened and the order
    that ended it (decided here, its batch last)."""

    batches: list[NewBatch]
    rows: list[StoredEvent]
    answers: str | None = None
    keys: strict_exchange.StrictKeys | None = None
    answers_shown: str | None = None  # ``answers`` as this seat reads it (its battle ``b1``)
    pending: str | None = None  # the order that ended the file, as this seat reads it
    sent_digest: str = ""  # the importing player's view at the file's last event

    def notes(self, exchange: int, sender: str) -> list[str]:
        """What the import tells about strict dice: the answer received, the dice rolled."""
        notes = []
        if self.answers is not None:
            notes.append(
                f"strict dice: file {exchange} decided your order '{self.answers_shown}' "
                f"(it ended file {exchange - 1}) with {sender}'s contribution, opened "
                "only now"
            )
        if self.pending is not None:
            notes.append(
                f"strict dice: your machine rolled the dice of {sender}'s order "
                f"'{self.pending}' (it ended file {exchange}) with your contribution; "
                "the decision goes back first in your next file"
            )
        return notes


class Arrival(Struct):
    """One incoming file and what the command read for it, once: the campaign (``local``: its
    copy at the file's base), the ledger and the files exchanged before it."""

    turn: TurnFile
    loaded: Loaded
    local: LocalCopy
    mail: MailRecord
    files: tuple[PbemFile, ...]
    source: str
    fork: PbemFork | None = None  # resolve: our crossed branch, dropped in the same transaction
    expected_seq: int | None = None  # the head the log must still have (default: the base)


class Checked(Struct):
    """An arrival that passed every check: what to store and what to tell."""

    own: Side
    setup: PbemSetup
    next_key: str | None
    notes: list[str]
    fair: Incoming
    rerun: Rerun


def import_turn(
    parts: Parts, name: str, data: bytes | str, source: str = "", seat: Seat = REFEREE
) -> Imported:
    """Check ``data`` completely, then append its events in one transaction; only from a seat
    that may exchange turn files on this database (``Parts.check_exchange``)."""
    parts.check_exchange(name, seat)
    turn = parse_turn_file(data, source)
    loaded = parts.service.load(name)
    mail = parts.read(name)
    local = local_copy(loaded)
    files = parts.checks.position(loaded.row, mail, turn, local, source)
    return apply(parts, Arrival(turn, loaded, local, mail, files, source))


def verify_file(
    parts: Parts, data: bytes | str, name: str | None = None, source: str = ""
) -> Verification:
    """Every check of an import that can be made, as findings; never stores anything."""
    report = Verification(source)
    try:
        turn = parse_turn_file(data, source)
    except ChecksumError as error:
        report.problems.append(error.message)
        try:  # locate the damage: re-run what is there against the campaign
            turn = parse_turn_file(data, source, checksum=False)
        except TurnFileError:
            return report
    except TurnFileError as error:
        report.problems.append(error.message)
        return report
    report.header = turn.header
    report.shuffle = turn.body.fair is not None and turn.body.fair.shuffle is not None
    if name is None and turn.header.campaign_id in parts.service.store.campaigns():
        name = turn.header.campaign_id
    mail = parts.read(name) if name is not None else None
    if mail is not None:  # our own file: its signature is ours, its key not in the folder
        try:
            parts.agreement.check_not_sent_here(mail, turn, source)
        except TurnFileError as error:
            report.problems.append(error.message)
            return report
    fair = turn.body.fair is not None or (mail is not None and bool(mail.passes))
    if parts.checks.signature(mail, turn, source, report.problems, fair=fair):
        report.signed_by = turn.signature.key_id if turn.signature is not None else None
    if name is None or mail is None:
        return report  # ``Verification.lines`` says what could not be checked
    try:
        _verify_rerun(parts, turn, name, mail, source)
    except CampaignError as error:
        report.problems.append(error.message)
    report.complete = True
    return report


def _verify_rerun(parts: Parts, turn: TurnFile, name: str, mail: MailRecord, source: str) -> None:
    """``verify_file``'s re-run of ``turn`` on campaign ``name``, storing nothing."""
    loaded = parts.service.load(name)
    local = local_copy(loaded)
    files = parts.checks.position(loaded.row, mail, turn, local, source, signature=False)
    setup = parts.checks.setup(
        loaded.row, mail, loaded.dice_mode, turn.header.dice_mode, source, accept=parts.accept_dice
    )
    key, _ = parts.checks.dice_key(mail, turn, files, setup, source)
    arrival = Arrival(turn, loaded, local, mail, files, source)
    _rerun(parts, arrival, setup, key, parts.agreement.own_side(mail))


def _rerun(
    parts: Parts, arrival: Arrival, setup: PbemSetup, key: str, own: Side | None
) -> tuple[Incoming, Rerun]:
    """The fair section checked (our answering pass made), the orders re-run on
    ``arrival.local`` and checked again, and with strict dice the held order decided here."""
    turn, loaded, local, source = arrival.turn, arrival.loaded, arrival.local, arrival.source
    fair = parts.fair.incoming(
        loaded, arrival.mail, local.state, turn, own.value if own else "", source
    )
    rerun = _replay(parts, arrival, setup, key, own)
    parts.fair.check_replayed(turn, fair.deck, local.state, rerun.rows, loaded.row.name, source)
    # what the sender's `campaign status` shows: the view at the file's last event, before
    # this machine adds anything (a held order rolled here, fair-play orders after the import)
    rerun.sent_digest = view_digest(local.state, own)
    _decide_pending(loaded.row.name, turn, local, rerun, source, own)
    return fair, rerun


def _replay(parts: Parts, arrival: Arrival, setup: PbemSetup, key: str, own: Side | None) -> Rerun:
    """Re-run the file's orders on ``local`` (``position.replay``). With strict dice each batch
    rolls only what its sender may: the answer to our own order that ended our last file
    (checked to be that order) with the dice our contribution completed, every other batch
    none (``strict_exchange``)."""
    turn, local, source, name = arrival.turn, arrival.local, arrival.source, arrival.mail.name
    answers: str | None = None
    keys: strict_exchange.StrictKeys | None = None
    dice = None
    if setup.mode == "strict":
        answers = _answers(arrival.mail, turn.header.exchange, arrival.files)
        keys = parts.checks.strict_keys(arrival.mail, turn)
        strict_exchange.check_answer(turn, answers, source)
        check_not_empty(turn, source, local)
        receiver = own.value if own is not None else turn.header.side.enemy.value
        dice = strict_exchange.sources(turn, keys, answers, receiver)
    # read at the file's base, where the answered order's battle is still the step's
    shown = seen_text(answers, local.state, own) if answers is not None else None
    batches, rows = replay(
        name,
        turn,
        local,
        key,
        setup.shared_seed,
        source,
        STRICT_REFEREE_UNDO if setup.mode == "strict" else REFEREE_UNDO,
        allow_referee=parts.allow_referee,
        answers=answers,
        dice=dice,
    )
    return Rerun(batches, rows, answers, keys, answers_shown=shown)


def _answers(mail: MailRecord, exchange: int, files: tuple[PbemFile, ...]) -> str | None:
    """Our order that ended our file ``exchange - 1`` (strict dice), which incoming file
    ``exchange`` must decide first; None when that file was not ours or ended with none."""
    ours = any(f.exchange == exchange - 1 and f.direction == "out" for f in files)
    return held_order(mail, exchange - 1) if ours else None


def _decide_pending(
    name: str, turn: TurnFile, local: LocalCopy, rerun: Rerun, source: str, own: Side | None
) -> None:
    """Strict dice: decide the order that ends ``turn`` here, with the dice our own
    contribution completes; its batch and rows are added to ``rerun``, its text as ``own``
    reads it before it is decided (its battle ``b1``, as every screen names it)."""
    text = turn.header.pending_order
    if text is None or rerun.keys is None:
        return
    last = rerun.rows[-1] if rerun.rows else None
    head = Head(last.seq, last.hash, last.batch) if last is not None else local.head
    dice = strict_exchange.pending_source(turn, rerun.keys, source)
    shown = seen_text(text, local.state, own)
    batch, rows = decide_pending(name, turn, local.state, local.ruleset, dice, head, source)
    rerun.batches.append(batch)
    rerun.rows.extend(rows)
    rerun.pending = shown


def _check(parts: Parts, arrival: Arrival) -> Checked:
    """Every check of ``arrival`` after its position: sender, dice set-up and key, fair
    section, the re-run orders; nothing is stored."""
    turn, loaded, mail, source = arrival.turn, arrival.loaded, arrival.mail, arrival.source
    own = parts.agreement.check_sender(mail, turn, source, arrival.loaded.rows)
    notes = []
    if parts.accept_dice is not None and mail.setup is not None:
        notes.append(
            f"--accept-dice {parts.accept_dice} had no effect: the dice mode of "
            f"{mail.name!r} was fixed by the first files ({mail.setup.mode})"
        )
    setup = parts.checks.setup(
        loaded.row, mail, loaded.dice_mode, turn.header.dice_mode, source, accept=parts.accept_dice
    )
    key, next_key = parts.checks.dice_key(mail, turn, arrival.files, setup, source)
    fair, rerun = _rerun(parts, arrival, setup, key, own)
    return Checked(own, setup, next_key, notes, fair, rerun)


def _store(parts: Parts, arrival: Arrival, checked: Checked) -> MailRecord:
    """Store the checked file in one transaction; the ledger as it is now (not read again)."""
    turn, mail, local = arrival.turn, arrival.mail, arrival.local
    name, header, rerun = mail.name, turn.header, checked.rerun
    record = PbemFile(
        campaign_name=name,
        exchange=header.exchange,
        side=header.side.value,
        direction="in",
        base_seq=header.base_seq,
        head_seq=header.head_seq,
        head_hash=header.head_hash,
        commitment=turn.body.dice.commitment,
        reveal=turn.body.dice.reveal,
        body_sha256=turn.body_sha256,
    )
    signed = turn.signature is not None  # verified by the identity check on both paths
    player = parts.agreement.record_with(mail, checked.own, header.exchange, signed)
    new_setup = checked.setup if mail.setup is None else None
    stored = envelope(name, turn)
    parts.ledger.commit_import(
        name,
        local.head_seq if arrival.expected_seq is None else arrival.expected_seq,
        rerun.rows,
        record,
        checked.next_key,
        envelope=stored,
        fork=arrival.fork,
        new_setup=new_setup,
        player=player,
        fair=checked.fair.rows,
        answered=rerun.answers is not None,
    )
    return mail.imported(
        record,
        stored,
        setup=new_setup,
        player=player,
        fair=tuple(checked.fair.rows),
        answered=rerun.answers is not None,
    )


def apply(parts: Parts, arrival: Arrival) -> Imported:
    """Re-run ``arrival.turn`` on its local copy, store it in one transaction, and bring the
    loaded campaign up to the new head (a snapshot is written when the file crosses a multiple
    of ``snapshot_every``), without reading the log or the ledger again."""
    loaded, header = arrival.loaded, arrival.turn.header
    before = arrival.local.state.clone()  # the story is told from here
    checked = _check(parts, arrival)
    mail = _store(parts, arrival, checked)
    if arrival.mail.setup is None:  # the first contact made the agreed mode the campaign's
        loaded.dice_mode = checked.setup.mode
    if checked.next_key is not None:
        loaded.row = loaded.row._replace(dice_seed=checked.next_key)
    rows, own = checked.rerun.rows, checked.own
    parts.service.appended(loaded, rows)  # local.state is now the state at the new head
    story = tell(
        rows,
        parse_stored(rows, mail.name),
        loaded.ruleset,
        loaded.dice_mode,
        viewer=own,
        before=before,
    )
    duties = parts.fair.duties(loaded, mail, own.value)
    notes = checked.notes + checked.rerun.notes(header.exchange, header.side.value)
    notes += [
        f"fair play: your machine gave `{short(seen_text(text, loaded.state, own))}`"
        " (it goes with your next file)"
        for text in duties.given
    ]
    return Imported(
        exchange=header.exchange,
        side=header.side,
        first_seq=arrival.local.head_seq + 1,
        last_seq=rows[-1].seq if rows else header.head_seq,
        orders=[b.order_text for b in checked.rerun.batches[: len(arrival.turn.body.batches)]],
        rolled_here=checked.rerun.pending,
        # the digest of the importing player's view, as `campaign status` shows it: the whole
        # state's digest would let him test guesses about face-down counters (DN-NEU-1)
        digest=view_digest(loaded.state, own),
        sent=(header.head_seq, checked.rerun.sent_digest),
        head_seq=loaded.head.seq,
        notes=notes,
        story=story,
        next_step=parts.next_step(loaded, mail, own, held=duties.held),
        shuffle=arrival.turn.body.fair is not None and arrival.turn.body.fair.shuffle is not None,
    )
