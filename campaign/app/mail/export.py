"""Export: the turn file of this database's side with every order batch since the last file
exchanged, its dice data and fair section, optionally signed (``export_turn``); written to a path
or a stream and recorded only once written (``export_file``); a recorded file rebuilt byte for
byte (``export_again``). Each reads the ledger once (``MailRecord``)."""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from campaign import __version__
from campaign.app import Loaded, authority, parse_stored
from campaign.app.mail.fair import Duties
from campaign.app.mail.keys import own_key
from campaign.app.mail.parts import Parts, local_copy
from campaign.app.mail.results import Exported
from campaign.app.next_step import hands_over
from campaign.app.upgrading import check_sendable
from campaign.pbem import fairdice, signing
from campaign.pbem.armour import MAX_BYTES, armour, parse_turn_file
from campaign.pbem.errors import (
    ForeignOrderError,
    SignatureError,
    StaleFileError,
    TurnFileError,
)
from campaign.pbem.fair import strict
from campaign.pbem.model import (
    SCHEMA_VERSION,
    Batch,
    DiceExchange,
    FairSection,
    Header,
    Signature,
    TurnBody,
    TurnFile,
)
from campaign.pbem.position import to_file_event
from campaign.records.chain import GENESIS_HASH, events_text
from campaign.records.ledger_rows import PbemEnvelope, PbemFile, PbemSetup, StrictPending
from campaign.records.mail_record import MailRecord
from campaign.records.rows import StoredEvent
from campaign.rules import engine, fairplay
from campaign.rules.acting import who_must_act
from campaign.rules.canonical import canonical_json
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.rules.notation import parse_order
from campaign.rules.phases import Phase
from campaign.rules.seats import REFEREE, Seat
from campaign.rules.state import CampaignState
from campaign.rules.views import face_down_ids, seen_text
from campaign.userfiles import (
    FileRefusedError,
    StagedFile,
    holds_a_file,
    read_bounded,
    refuse_unwritable,
)

#: Why a turn file must not be written over the key it is signed with.
SIGNING_KEY = "that is the private key the file is signed with (--sign)"

#: File names written as ASCII armour (an e-mail body) rather than JSON.
ARMOURED_SUFFIXES = (".txt", ".asc")


def envelope(name: str, turn: TurnFile) -> PbemEnvelope:
    """What ``export_again`` needs besides the log to rebuild ``turn``."""
    signature = turn.signature
    return PbemEnvelope(
        campaign_name=name,
        exchange=turn.header.exchange,
        header=canonical_json(turn.header.model_dump(mode="json", exclude_none=True)),
        signature=canonical_json(signature.model_dump(mode="json")) if signature else None,
    )


def _check_not_over(loaded: Loaded, mail: MailRecord) -> None:
    """Refuse an export once the game is over and the file that carries the end has been
    exchanged (DN-VIC-1). Found by use (December 7, evening): it said "give your orders first"
    or "wait for the other side's reply", neither of which can happen any more."""
    state, last = loaded.state, mail.last
    if state.phase is not Phase.GAME_OVER or state.winner is None:
        return
    base_seq = last.head_seq if last else max(r.seq for r in loaded.rows if r.batch == 0)
    if last is not None and (last.direction == "out" or loaded.head.seq <= base_seq):
        carried = "sent" if last.direction == "out" else "imported"
        raise TurnFileError(
            f"nothing to send: the game is over ({state.winner.value} won, DN-VIC-1) and file "
            f"{last.exchange}, which you {carried}, carried the end to both machines "
            f"(`campaign status {shlex.quote(mail.name)}` says why)"
        )


def _before_sending(loaded: Loaded, side: Side, name: str) -> str:
    """What ``side``'s player does when his export has nothing to send: give his orders when
    the game waits for some of his, else wait for the other side's file and import it. Found
    by use (December 8): at the start of a game by e-mail, where the Solomani open (DN-NEU-1),
    the Aslan player's export said "give your orders first", and he had none to give."""
    if any(
        duty.side is side and duty.orders for duty in who_must_act(loaded.state, loaded.ruleset)
    ):
        return "give your orders first"
    other = side.enemy.value
    return (
        f"{other} must act now: wait for {other}'s file and import it "
        f"(`campaign import {shlex.quote(name)} FILE`)"
    )


def _last_sent(mail: MailRecord, side: Side) -> PbemFile | None:
    """The last file exchanged, once ``side`` may send the next (refused otherwise)."""
    last, name = mail.last, mail.name
    if last is not None and last.direction == "out":
        raise StaleFileError(
            f"you already sent file {last.exchange} "
            f"({events_text(last.base_seq + 1, last.head_seq)}); wait for the other "
            "side's reply and import it first "
            f"(`campaign export {shlex.quote(name)} --again {last.exchange} -o FILE` writes "
            "it again; if the other side refused it, `campaign withdraw "
            f"{shlex.quote(name)} {last.exchange} --reason ...` takes it back)"
        )
    if last is not None and Side(last.side) is side:
        raise TurnFileError(f"the last file came from {side.value}; you cannot be {side.value}")
    return last


def _dice(
    parts: Parts, mail: MailRecord, setup: PbemSetup, exchange: int
) -> tuple[str | None, DiceExchange]:
    """Our secret committed in file ``exchange`` (None with seeded dice) and its dice data."""
    if setup.mode == "seeded":
        return None, DiceExchange(commitment=fairdice.commitment(setup.shared_seed))
    # a withdrawn file's number commits to the same secret again
    secret = mail.secret(exchange) or parts.new_secret()
    return secret, DiceExchange(
        commitment=(
            strict.commitment(mail.name, exchange, secret)
            if setup.mode == "strict"
            else fairdice.commitment(secret)
        ),
        reveal=mail.secret(exchange - 2),
    )


def _header(
    loaded: Loaded,
    side: Side,
    exchange: int,
    base_seq: int,
    setup: PbemSetup,
    held: StrictPending | None,
) -> Header:
    """The header of ``side``'s file ``exchange`` carrying events after ``base_seq``."""
    return Header(
        schema_version=SCHEMA_VERSION,
        app_version=__version__,
        campaign_id=loaded.state.campaign_id,
        side=side,
        exchange=exchange,
        base_seq=base_seq,
        base_hash=loaded.rows[base_seq - 1].hash if base_seq else GENESIS_HASH,
        head_seq=loaded.head.seq,
        head_hash=loaded.head.hash,
        head_digest=engine.state_digest(loaded.state),
        profile_hash=loaded.ruleset.profile_hash,
        dice_mode=setup.mode,  # type: ignore[arg-type]
        pending_order=held.order_text if held is not None else None,
    )


def fair_key(parts: Parts, side: Side) -> Path:
    """The key a fair campaign's files of ``side`` are signed with by default (issue 42 item
    4): ``SIDE.key`` in the keys home; refused, saying how to make it, when there is none."""
    home = parts.agreement.keys_home()
    key = own_key(home, side.value)
    if not os.path.lexists(key):
        raise SignatureError(
            f"fair mode signs every turn file, and there is no key {key}: make it with "
            f"`campaign keygen {side.value} --dir {home}` (or give --sign KEYFILE), send "
            f'{side.value}.pub to the other player (docs/turn-files.md, "Keys in fair mode")'
        )
    return key


def export_turn(
    parts: Parts,
    name: str,
    side: Side,
    *,
    sign_with: Path | None = None,
    deliver: Callable[[Exported], None] | None = None,
    dry_run: bool = False,
) -> Exported:
    """The turn file of ``side`` with every batch since the last exchanged file.

    ``deliver(exported)`` writes the file (to disk, stdout, the clipboard); the exchange is
    recorded only after it returned, so a file that could not be written is never counted as
    sent. If recording fails, ``deliver`` has already run: ``export_file`` stages the file and
    puts it in place only after this returned (``campaign.userfiles``).

    ``dry_run`` runs every check and stops before anything is stored, delivered or recorded:
    fair mode's seal, share and reveal orders are not given (the file made then lacks them,
    and a duty owed counts as something to send)."""
    if side not in (Side.ASLAN, Side.SOLOMANI):
        raise TurnFileError("turn files are sent by aslan or solomani")
    mail = parts.read(name)
    parts.agreement.check_own(mail, side)
    loaded = parts.service.load(name)
    setup = parts.checks.setup(loaded.row, mail, loaded.dice_mode)
    _check_not_over(loaded, mail)
    last = _last_sent(mail, side)
    base_seq = last.head_seq if last else max(r.seq for r in loaded.rows if r.batch == 0)
    exchange = (last.exchange + 1) if last else 1
    # before any order is given (fair duties) or anything written: an order an older version
    # accepted and this one refuses would have the other player's import refuse the file
    check_sendable(loaded, base_seq, side, exchange, parts.service.store)
    _check_own_orders(loaded, base_seq, side, exchange, strict=setup.mode == "strict")
    if sign_with is None and fairplay.active(loaded.state):
        sign_with = fair_key(parts, side)
    parts.agreement.check_export_signed(mail, sign_with is not None)
    parts.agreement.check_side_chosen(mail, side)  # before fair mode's duties store orders
    if dry_run:
        owed, duties = parts.fair.owes(loaded, mail, side.value), Duties()
    else:  # the seal, shares, reveals owed
        owed, duties = False, parts.fair.duties(loaded, mail, side.value)
    section, fair_rows = parts.fair.outgoing(loaded, mail, side.value, exchange)
    held = (
        None
        if setup.mode != "strict"
        else parts.ledger.strict_pending(name)
        if duties.held
        else mail.held
    )
    if (
        not loaded.rows[base_seq:]
        and not owed
        and section is None
        and held is None
        and not (last is not None and hands_over(loaded.state, loaded.ruleset, side))
    ):
        raise TurnFileError(
            f"nothing to send: no orders since event {base_seq}; "
            + _before_sending(loaded, side, name)
        )
    secret, dice = _dice(parts, mail, setup, exchange)
    batches = _batches(
        name, loaded.rows, base_seq, loaded.head.seq, setup, face_down_ids(loaded.state)
    )
    body = TurnBody(
        header=_header(loaded, side, exchange, base_seq, setup, held),
        batches=batches,
        dice=dice,
        fair=section,
    )
    signature = signing.sign(body, sign_with) if sign_with is not None else None
    if signature is not None:
        parts.agreement.check_export_key(mail, side, signature.key_id)
    turn = TurnFile.seal(body, signature)
    made = Exported(turn, turn.to_json(), armour(turn), held_as_read(turn, loaded.state, side))
    if dry_run:
        return made
    if deliver is not None:
        deliver(made)
    parts.ledger.record_export(
        PbemFile(
            campaign_name=name,
            exchange=exchange,
            side=side.value,
            direction="out",
            base_seq=base_seq,
            head_seq=loaded.head.seq,
            head_hash=loaded.head.hash,
            commitment=dice.commitment,
            reveal=dice.reveal,
            body_sha256=turn.body_sha256,
        ),
        secret,
        envelope(name, turn),
        new_setup=setup if mail.setup is None else None,
        player=parts.agreement.record_with(mail, side, exchange, signature is not None),
        fair=fair_rows,
    )
    return made


def _check_own_orders(
    loaded: Loaded, base_seq: int, side: Side, exchange: int, *, strict: bool
) -> None:
    """``ForeignOrderError`` before anything is written or stored when file ``exchange`` of
    ``side`` would carry an order of the other side, which the other player's import refuses
    (``position.check_author``). Only orders given before this database played ``side`` by
    e-mail can be such (from then on they are refused when given): a game begun at the table.
    With strict dice the first batch may be the other side's held order, answered here.
    Found by use, December 8: the file was written, recorded as sent, then refused."""
    orders = {row.batch: row.order_text for row in loaded.rows[base_seq:]}
    for number, text in enumerate(orders.values(), start=1):
        if strict and number == 1:
            continue
        try:
            order = parse_order(text)
        except CampaignError:  # not an order of a side (a referee undo): the import judges it
            continue
        if order.side is None or order.side is side:
            continue
        name = shlex.quote(loaded.row.name)
        raise ForeignOrderError(
            f"nothing written: file {exchange} would carry {order.side.value}'s order "
            f"{text!r}, given here before this database played {side.value} by e-mail, and "
            f"{side.enemy.value}'s import refuses it: each player sends only his own orders. "
            f"Take the orders back to it (`campaign undo {name}`) or, for a game begun at "
            "the table, start it by e-mail anew: both players `campaign new` it the same way "
            '(docs/turn-files.md, "Workflow for two players")'
        )


def _armoured(to: Path | TextIO) -> bool:
    """True when ``to`` is written as ASCII armour by default: a stream (an e-mail body) or a
    ``.txt``/``.asc`` file."""
    return not isinstance(to, Path) or to.name.endswith(ARMOURED_SUFFIXES)


def export_file(
    parts: Parts,
    name: str,
    side: Side | None,
    to: Path | TextIO,
    *,
    armoured: bool = False,
    sign_with: Path | None = None,
    again: int | None = None,
    seat: Seat = REFEREE,
    dry_run: bool = False,
) -> Exported:
    """Write ``side``'s turn file (or with ``again`` the recorded file ``again``, byte for
    byte) to the path or stream ``to``: ASCII armour when ``armoured``, for a stream or a
    ``.txt``/``.asc`` path, else JSON.

    A path is written to a temporary file beside it (fsynced) before the exchange is recorded
    and renamed into place after: a file that cannot be written is never counted as sent, and
    a failure leaves the user's path as it was (docs/turn-files.md).

    ``dry_run`` runs every check of the real export (the same code: the seat, the path, the
    side, the ledger, the signature, "nothing to send") and stops before anything is written,
    stored or recorded (``export_turn``): the TUI asks before a first export records the side
    for good only when the export would succeed."""
    parts.check_exchange(name, seat)  # before any path is looked at
    staged: list[StagedFile] = []

    def deliver(made: Exported) -> None:
        text = made.armoured if armoured or _armoured(to) else made.json_text
        if isinstance(to, Path):
            staged.append(StagedFile.write(to, text.encode("utf-8")))
        else:
            write_stream(to, text)

    if isinstance(to, Path):  # refused before anything is made or recorded
        refuse_unwritable(to)
        key = [] if sign_with is None else [(sign_with, SIGNING_KEY)]
        parts.service.refuse_own_files(to, name, "turn file", key)
        refuse_replacing(parts, name, side, to)
    if again is not None:
        made = export_again(parts, name, again)
        authority.check_export(seat, made.turn.header.side)
        if not dry_run:
            deliver(made)
    else:
        if side is None:
            raise TurnFileError("give the side that sends the file")
        authority.check_export(seat, side)  # a seat writes only its own side's files
        try:
            made = export_turn(
                parts, name, side, sign_with=sign_with, deliver=deliver, dry_run=dry_run
            )
        except BaseException:
            for file in staged:
                file.discard()
            raise
    if dry_run:
        return made
    _commit_staged(staged, name, made.turn.header.exchange)
    return made


def refuse_replacing(parts: Parts, name: str, side: Side | None, to: Path) -> None:
    """``FileRefusedError`` when ``to`` holds a file the export would lose by replacing it
    (found by use, December 7, evening: `-o keys/solomani.key` without `--sign` replaced the
    private key). Replaced are only an empty file, a turn file of campaign ``name`` from
    ``side`` (this database's own file: sent, it is written again by `--again`; withdrawn, it
    was taken back) and a file of ``name`` this database recorded with the same checksum;
    anything else (a key, a letter, another game's file, a file not imported) is refused
    before anything is made or recorded. A path that is no regular file is left to the
    write, which refuses it naming its kind."""
    if not holds_a_file(to):  # nothing to lose there
        return
    keep = "export to another name or move it away; nothing was written or recorded"
    try:
        turn = parse_turn_file(read_bounded(to, MAX_BYTES, "turn file"), str(to), checksum=False)
    except (TurnFileError, FileRefusedError):
        raise FileRefusedError(
            f"{to}: a file that is not a turn file is there already; {keep}"
        ) from None
    header = turn.body.header
    if header.campaign_id == name and (
        (side is not None and header.side == side.value)
        or any(
            f.exchange == header.exchange and f.body_sha256 == turn.body_sha256
            for f in parts.read(name).files
        )
    ):
        return
    raise FileRefusedError(
        f"{to}: {header.side}'s file {header.exchange} of campaign {header.campaign_id!r} is "
        f"there already, and this database could not write it again; {keep}"
    )


def write_stream(to: TextIO, text: str) -> None:
    """Write ``text`` to the stream ``to`` (`-o -`: standard output); ``FileRefusedError`` in
    one line when it cannot take it (found by use, December 7, evening: `-o - > /dev/full`
    printed a traceback). The export is recorded only after this returned."""
    where = "standard output" if getattr(to, "name", "") == "<stdout>" else "the output"
    try:
        to.write(text)
        to.flush()
    except (OSError, ValueError) as error:  # a full disk, a closed pipe or stream
        reason = getattr(error, "strerror", None) or str(error)
        raise FileRefusedError(
            f"{where}: cannot write: {reason}; the turn file is not recorded as sent"
        ) from None


def _commit_staged(staged: list[StagedFile], name: str, exchange: int) -> None:
    """Put the files written for file ``exchange`` in place (it is recorded by now)."""
    for file in staged:
        try:
            file.commit()
        except ValueError as error:
            raise FileRefusedError(
                f"{error}; file {exchange} is recorded: write it with `campaign export "
                f"{shlex.quote(name)} --again {exchange} -o FILE`"
            ) from None


def _batches(
    name: str,
    rows: list[StoredEvent],
    base_seq: int,
    head_seq: int,
    setup: PbemSetup,
    hidden: frozenset[str],
) -> list[Batch]:
    """The order batches of events ``base_seq+1 .. head_seq`` in file form; events naming a
    counter of ``hidden`` (face down at ``head_seq``) travel sealed."""
    chosen = rows[base_seq:head_seq]
    batches: list[Batch] = []
    previous_batch = -1
    for row, event in zip(chosen, parse_stored(chosen, name), strict=True):
        file_event = to_file_event(event, setup.shared_seed, hidden)
        if batches and row.batch == previous_batch:
            batches[-1].events.append(file_event)
        else:
            batches.append(Batch(order=row.order_text, events=[file_event]))
        previous_batch = row.batch
    return batches


def export_again(parts: Parts, name: str, exchange: int) -> Exported:
    """File ``exchange`` (sent or received) rebuilt from the database, byte for byte: its
    recorded header, signature and dice data, and its events from the log. Records nothing.
    Refused when the log no longer holds that file (a resolved fork)."""
    mail = parts.read(name)
    record = next((f for f in mail.files if f.exchange == exchange), None)
    if record is None:
        numbers = ", ".join(str(f.exchange) for f in mail.files) or "none yet"
        raise TurnFileError(
            f"campaign {name!r} has no file {exchange} (files exchanged: {numbers})"
        )
    return rebuilt(mail, parts.service.load(name), record)


def every_file(parts: Parts, name: str) -> list[Exported]:
    """Every file exchanged in ``name``, rebuilt byte for byte (with its signature): what a
    fair-play record shows an umpire (``umpire``); the log is loaded once."""
    mail, loaded = parts.read(name), parts.service.load(name)
    return [rebuilt(mail, loaded, record) for record in mail.files]


def rebuilt(mail: MailRecord, loaded: Loaded, record: PbemFile) -> Exported:
    """File ``record`` rebuilt from ``mail`` and the log of ``loaded`` (``export_again``)."""
    exchange, name = record.exchange, mail.name
    stored, setup = mail.envelopes.get(exchange), mail.setup
    if stored is None or setup is None:
        raise TurnFileError(
            f"file {exchange} was recorded by an older version of the tool, which kept no "
            "copy of its header; it cannot be rebuilt"
        )
    state: CampaignState | None = None
    try:
        state = local_copy(loaded, record.head_seq).state
        body = TurnBody(
            header=Header.model_validate_json(stored.header),
            batches=_batches(
                name,
                loaded.rows,
                record.base_seq,
                record.head_seq,
                setup,
                face_down_ids(state),
            ),
            dice=DiceExchange(commitment=record.commitment, reveal=record.reveal),
            fair=_section_again(mail, exchange),
        )
    except ValueError:
        body = None
    signature = Signature.model_validate_json(stored.signature) if stored.signature else None
    turn = TurnFile.seal(body, signature) if body is not None else None
    if turn is None or turn.body_sha256 != record.body_sha256:
        raise TurnFileError(
            f"file {exchange} cannot be rebuilt: this campaign's log no longer holds its "
            "events as they were sent (a crossed file was resolved, or the log was edited; "
            "`campaign verify` tells which)"
        )
    held = held_as_read(turn, state, turn.header.side) if state is not None else None
    return Exported(turn, turn.to_json(), armour(turn), held)


def held_as_read(turn: TurnFile, state: CampaignState, side: Side) -> str | None:
    """The order ``turn`` ends with (strict dice) as its sender ``side`` reads it at
    ``state``, the file's last event: its battle by the short id every screen shows."""
    pending = turn.header.pending_order
    return seen_text(pending, state, side) if pending is not None else None


def _section_again(mail: MailRecord, exchange: int) -> FairSection | None:
    """The ``fair`` section file ``exchange`` carried: its shuffle pass, as stored."""
    carried = next((row for row in mail.passes if row.exchange == exchange), None)
    return FairSection(shuffle=json.loads(carried.body)) if carried is not None else None
