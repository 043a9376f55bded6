"""Play by e-mail, the use cases the CLI and the TUI both call: export, import, resolve,
withdraw, verify and list turn files, and the keys around them (docs/turn-files.md).

- ``export_turn(name, side)``: every order batch since the last file exchanged, with its events
  (secret ones sealed), the sender's dice commitment/reveal, optionally signed;
  ``export_file`` writes it to a path or a stream, recorded only once written.
- ``import_turn(name, data)``: parse → checksum → campaign/profile → signature → position in the
  exchange (stale, crossed, replayed, missing, diverged) → dice reveal → **re-run every order
  through the rules** and compare with the file's events → compare head hash and state digest →
  append everything in one transaction (``Ledger.commit_import``). Any failure raises a
  ``TurnFileError`` naming the problem, and the database is unchanged. The campaign is loaded
  once (one read of the log, one fold), and what was imported is told from that same state.
- ``verify_file(data, name)``: the same checks without storing, collected as findings.
- ``resolve_crossed(name, data, reason)``: keep the other side's crossed file, drop our own
  branch after the common base, log the decision (``dn_pbem_fork``).
- ``withdraw(name, exchange, reason)``: take back our last file, which the other side refused;
  its orders become unsent orders again (``dn_pbem_withdrawal``).

The front ends keep only their presentation: each result gives the line both print. The file
format (model, armour, signing, fair dice, base check, replay) is ``campaign.pbem``; the ledger's
statements are ``campaign.store.ledger``; what a database agreed (side, signatures) is checked by
``agreement`` and the checks of an incoming file are ``mail_checks``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import BinaryIO, TextIO

from campaign import __version__
from campaign.app import CampaignService, Loaded, authority, parse_stored, strict_dice
from campaign.app.agreement import KEYS_ENV, Agreement
from campaign.app.fair_mail import FairMail
from campaign.app.mail_checks import MailChecks, check_not_empty
from campaign.app.next_step import next_step
from campaign.app.orders import referee_restoration, referee_undo_reason
from campaign.pbem import fairdice, signing, strict_exchange
from campaign.pbem.armour import MAX_BYTES, armour, parse_turn_file
from campaign.pbem.errors import ChecksumError, StaleFileError, TurnFileError
from campaign.pbem.fair import strict
from campaign.pbem.fair.group import Random
from campaign.pbem.model import (
    SCHEMA_VERSION,
    Batch,
    DiceExchange,
    DiceMode,
    FairSection,
    Header,
    Signature,
    TurnBody,
    TurnFile,
)
from campaign.pbem.position import (
    LocalCopy,
    NewBatch,
    RefereeUndo,
    decide_pending,
    replay,
    to_file_event,
)
from campaign.records.chain import GENESIS_HASH, events_text
from campaign.records.ledger_rows import PbemEnvelope, PbemFile, PbemFork, PbemSetup
from campaign.records.rows import Head, StoredEvent
from campaign.rules import engine
from campaign.rules.canonical import canonical_json
from campaign.rules.errors import CampaignError, Wait
from campaign.rules.ids import Side
from campaign.rules.plain_text import check_reason
from campaign.rules.seats import REFEREE, Seat
from campaign.rules.state import CampaignState
from campaign.rules.views import face_down_ids, player_view, seen_text
from campaign.userfiles import FileRefusedError, StagedFile, read_bounded, read_stream_bounded
from campaign.views.log import StoryEntry
from campaign.views.log import story as tell
from campaign.views.words import plural

#: How a file carrying a referee undo is re-run: as ``campaign undo --referee`` ran it.
REFEREE_UNDO = RefereeUndo(referee_undo_reason, referee_restoration)
#: File names written as ASCII armour (an e-mail body) rather than JSON.
ARMOURED_SUFFIXES = (".txt", ".asc")


@dataclass(frozen=True)
class Exported:
    """A file made by ``export_turn``: the model, its JSON and its armoured text."""

    turn: TurnFile
    json_text: str
    armoured: str

    def line(self, shown: str, *, again: bool = False) -> str:
        """What was written to ``shown`` (the path as the user gave it)."""
        header = self.turn.header
        again_note = " (again, byte for byte)" if again else ""
        return (f"{shown}: file {header.exchange} from {header.side.value}{again_note}, "
                f"{_carried(self.turn)}")


@dataclass(frozen=True)
class Imported:
    """What an import appended, and its story as the importing player may read it."""

    exchange: int
    side: Side
    first_seq: int
    last_seq: int
    orders: list[str]
    digest: str
    notes: list[str] = field(default_factory=list)  # e.g. an option that had no effect
    story: list[StoryEntry] = field(default_factory=list)  # DN-NEU-1: the receiver's view
    shuffle: bool = False  # fair mode: the file carried a pass of the joint shuffle
    rolled_here: str | None = None  # strict dice: the held order that ended it, rolled here
    next_step: str | None = None  # what the importing player does next (issue 42 item 6)

    def line(self, shown: str) -> str:
        """The one line saying what ``shown`` (the file as the user named it) brought."""
        orders = (f"{events_text(self.first_seq, self.last_seq)}, "
                  f"{plural(len(self.orders), 'order')} re-run and matched" if self.orders
                  else "no orders")
        shuffle = f", pass {self.exchange} of the joint shuffle checked" if self.shuffle else ""
        held = (f", its held order '{self.rolled_here}' rolled here" if self.rolled_here
                else "")
        return (f"{shown}: file {self.exchange} from {self.side.value} imported: {orders}"
                f"{shuffle}{held}; state digest {self.digest[:12]}")

    def resolved_line(self, shown: str) -> str:
        """The line of ``campaign resolve``: the other side's crossed file was kept."""
        return (f"{shown}: kept file {self.exchange} from {self.side.value}; your crossed "
                f"events were dropped (logged). Now at event {self.last_seq}")


@dataclass
class Verification:
    """Findings of ``verify_file`` (empty ``problems`` = the file would import cleanly)."""

    source: str
    header: Header | None = None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when nothing is wrong."""
        return not self.problems


@dataclass
class Rerun:
    """The orders of an incoming file as this machine's rules gave them: batches and rows to
    store; with strict dice the order of ours it answered, the keys it opened and the order
    that ended it (decided here, its batch last)."""

    batches: list[NewBatch]
    rows: list[StoredEvent]
    answers: str | None = None
    keys: strict_exchange.StrictKeys | None = None
    pending: str | None = None

    def notes(self, exchange: int, sender: str) -> list[str]:
        """What the import tells about strict dice: the answer received, the dice rolled."""
        notes = []
        if self.answers is not None:
            notes.append(f"strict dice: file {exchange} decided your order '{self.answers}' "
                         f"(it ended file {exchange - 1}) with {sender}'s contribution, opened "
                         "only now")
        if self.pending is not None:
            notes.append(f"strict dice: your machine rolled the dice of {sender}'s order "
                         f"'{self.pending}' (it ended file {exchange}) with your contribution; "
                         "the decision goes back first in your next file")
        return notes


def withdrawn_line(record: PbemFile) -> str:
    """What ``campaign withdraw`` prints once file ``record`` was taken back."""
    return (f"file {record.exchange} withdrawn (logged): "
            f"{events_text(record.base_seq + 1, record.head_seq)} are orders not yet sent "
            "again; undo them or export again "
            f"(the next file is number {record.exchange} again)")


def keys_dir(given: Path | None = None) -> Path | None:
    """The directory of the other side's public keys: ``given``, else ``$CAMPAIGN_PBEM_KEYS``."""
    if given is not None:
        return given
    return Path(os.environ[KEYS_ENV]) if os.environ.get(KEYS_ENV) else None


def keygen(side: str, directory: Path) -> str:
    """Make ``side``'s key pair in ``directory`` (``signing.generate_keys``); the line to show."""
    private, public = signing.generate_keys(directory, side)
    return f"private key {private} (keep it), public key {public} (send it to the other player)"


def read_turn_file(path: Path) -> bytes:
    """A turn file's bytes, bounded before anything is parsed (devices and FIFOs refused)."""
    return read_bounded(path, MAX_BYTES, "turn file")


def read_turn_stream(stream: BinaryIO, name: str = "stdin") -> bytes:
    """A turn file read from ``stream`` (a mail piped in), bounded like a file."""
    return read_stream_bounded(stream, MAX_BYTES, name, "turn file")


def _envelope(name: str, turn: TurnFile) -> PbemEnvelope:
    """What ``export_again`` needs besides the log to rebuild ``turn``."""
    signature = turn.signature
    return PbemEnvelope(
        campaign_name=name, exchange=turn.header.exchange,
        header=canonical_json(turn.header.model_dump(mode="json", exclude_none=True)),
        signature=canonical_json(signature.model_dump(mode="json")) if signature else None,
    )


def _local(loaded: Loaded, at_seq: int | None = None) -> LocalCopy:
    """The loaded campaign as a receiver's copy: at its head (its state is then consumed by a
    replay), or folded again up to ``at_seq`` (a crossed file's base, an older file's head)."""
    if at_seq is None or at_seq == loaded.head.seq:
        head = loaded.head
        return LocalCopy(loaded.rows, loaded.state, loaded.ruleset, head.seq, head.hash,
                         head.batch)
    kept = loaded.rows[:at_seq]
    state = engine.fold(parse_stored(kept, loaded.row.name))
    last = kept[-1]
    return LocalCopy(kept, state, loaded.ruleset, last.seq, last.hash, last.batch)


class PbemService:
    """Turn files for one campaign database (wraps a ``CampaignService``)."""

    def __init__(
        self,
        service: CampaignService,
        keys_dir: Path | None = None,
        *,
        new_secret: Callable[[], str] = fairdice.new_secret,
        allow_referee: bool = False,
        accept_dice: DiceMode | None = None,
        side: Side | None = None,
        fair_random: Random = os.urandom,
    ) -> None:
        """``keys_dir`` holds the other side's ``SIDE.pub`` (it must be a directory);
        ``new_secret`` makes commit–reveal secrets (tests pass a reproducible one);
        ``allow_referee`` accepts referee orders in the other player's files;
        ``accept_dice`` accepts the first file's dice mode if it differs from the campaign's;
        ``side`` is the side this database's player plays (``--as``): needed to import a
        first file, checked against the recorded side afterwards; ``fair_random``: the
        randomness of this side's shuffle secrets in fair mode (tests pass a seeded stream)."""
        self.service = service
        self.ledger = service.store.ledger
        self.keys_dir = keys_dir
        self.new_secret = new_secret
        self.allow_referee = allow_referee
        self.accept_dice = accept_dice
        self.agreement = Agreement(self.ledger, keys_dir, side)
        self.checks = MailChecks(self.ledger, self.agreement)
        self.fair = FairMail(service, self.ledger, fair_random)

    # --- set-up, sides, history -----------------------------------------------------------------

    def mode(self, name: str) -> str:
        """The dice mode turn files of ``name`` use (agreed set-up, else the campaign's)."""
        setup = self.ledger.setup(name)
        return setup.mode if setup is not None else self.service.store.dice_mode(name)

    def configure(self, name: str, mode: DiceMode) -> PbemSetup:
        """Before the first file: accept ``mode`` for ``name`` (saved at once; later files
        must agree). The usual way is ``campaign new --dice MODE`` on both machines."""
        store = self.service.store
        setup = self.checks.setup(store.campaign(name), store.dice_mode(name), mode, accept=mode)
        if self.ledger.setup(name) is None:
            self.ledger.save_setup(setup, campaign_mode=mode)
        return setup

    def _held_orders(self, name: str, files: list[PbemFile]) -> dict[int, str]:
        """Strict dice: the order each file ended with, held for the receiver's dice."""
        if self.mode(name) != "strict":
            return {}
        held = {record.exchange: self.checks.held_order(name, record.exchange)
                for record in files}
        return {number: order for number, order in held.items() if order is not None}

    def own_side(self, name: str) -> Side | None:
        """The side this database plays in ``name`` (``Agreement.own_side``)."""
        return self.agreement.own_side(name)

    def claim_side(self, name: str, side: Side) -> None:
        """Record that this database plays ``side`` in ``name`` (``campaign new --as``)."""
        self.service.store.campaign(name)
        self.agreement.claim_side(name, side)

    def exchange_lines(self, name: str) -> list[str]:
        """What ``campaign exchanges`` (and the TUI's mail tab) lists: every file sent or
        received, the side this database plays, the first signed file, forks resolved and
        files withdrawn."""
        files = self.ledger.files(name)
        held = self._held_orders(name, files)
        lines = [f"{f.exchange:4} {f.direction:3} {f.side:9} "
                 f"{events_text(f.base_seq + 1, f.head_seq)}  {f.body_sha256[:12]}"
                 + (f"  ends with '{held[f.exchange]}' (strict dice)" if f.exchange in held
                    else "") for f in files]
        if held:
            lines.append(f"strict dice: {len(held)} files ended with an order whose dice the "
                         "other side's machine rolled")
        player = self.ledger.player(name)
        if player is not None:
            signed = (f"; signed files since file {player.signed_since}"
                      if player.signed_since is not None else "; files are not signed")
            lines.append(f"this database plays {player.side}{signed}")
        lines += [f"fork at file {fork.exchange}: kept {fork.kept_sha256[:12]}, dropped "
                  f"{fork.dropped_sha256[:12]} after event {fork.base_seq}: {fork.reason}"
                  for fork in self.ledger.forks(name)]
        lines += [f"file {w.exchange} withdrawn ({w.body_sha256[:12]}): {w.reason}"
                  for w in self.ledger.withdrawals(name)]
        return lines

    def next_step(self, name: str, loaded: Loaded | None = None) -> str | None:
        """What this database's player does next by e-mail (``app.next_step``): export and
        send file N, or wait for the other side's; None if this database plays no side.
        ``loaded``: the campaign as already loaded (else it is loaded here)."""
        own = self.own_side(name)
        if own is None:
            return None
        loaded = loaded if loaded is not None else self.service.load(name)
        files = self.ledger.files(name)
        number = files[-1].exchange + 1 if files else 1
        return next_step(name, loaded, own, files, self.fair.pass_ready(loaded, own, number),
                         self.ledger.strict_pending(name) is not None)

    def dice_wait(self, name: str) -> Wait | None:
        """Strict dice: the wait of this side's order held for the other side's dice
        contribution (``waiting for aslan's dice contribution to file 7``), None if none."""
        return strict_dice.waiting(self.ledger, name)

    def view(self, name: str, side: Side | None) -> CampaignState:
        """The campaign as ``side`` may see it (face-down neutrals hidden, DN-NEU-1); None =
        the referee's full view. What the TUI and reports of a PBEM player should show."""
        return player_view(self.service.load(name).state, side)

    # --- export ---------------------------------------------------------------------------------

    def export_turn(
        self,
        name: str,
        side: Side,
        *,
        sign_with: Path | None = None,
        deliver: Callable[[Exported], None] | None = None,
    ) -> Exported:
        """The turn file of ``side`` with every batch since the last exchanged file.

        ``deliver(exported)`` writes the file (to disk, stdout, the clipboard); the exchange is
        recorded only after it returned, so a file that could not be written is never counted
        as sent. If recording fails, ``deliver`` has already run: ``export_file`` stages the
        file and puts it in place only after this method returned (``campaign.userfiles``)."""
        if side not in (Side.ASLAN, Side.SOLOMANI):
            raise TurnFileError("turn files are sent by aslan or solomani")
        self.agreement.check_own(name, side)
        loaded = self.service.load(name)
        setup = self.checks.setup(loaded.row, loaded.dice_mode)
        files = self.ledger.files(name)
        last = files[-1] if files else None
        if last is not None and last.direction == "out":
            raise StaleFileError(
                f"you already sent file {last.exchange} "
                f"({events_text(last.base_seq + 1, last.head_seq)}); wait for the other "
                "side's reply and import it first "
                f"(`campaign export {name} --again {last.exchange} -o FILE` writes it again; "
                f"if the other side refused it, `campaign withdraw {name} {last.exchange} "
                "--reason ...` takes it back)"
            )
        if last is not None and Side(last.side) is side:
            raise TurnFileError(f"the last file came from {side.value}; you cannot be {side.value}")
        self.agreement.check_export_signed(name, sign_with is not None)
        self.fair.duties(loaded, side.value)  # fair mode: the seal, shares and reveals owed
        rows = loaded.rows
        base_seq = last.head_seq if last else max(r.seq for r in rows if r.batch == 0)
        exchange = (last.exchange + 1) if last else 1
        section, fair_rows = self.fair.outgoing(loaded, side.value, exchange)
        held = self.ledger.strict_pending(name) if setup.mode == "strict" else None
        if not rows[base_seq:] and section is None and held is None:
            raise TurnFileError(
                f"nothing to send: no orders since event {base_seq}; give your orders first"
            )
        secret: str | None
        if setup.mode == "seeded":
            secret, dice = None, DiceExchange(commitment=fairdice.commitment(setup.shared_seed))
        else:  # a withdrawn file's number commits to the same secret again
            secret = self.ledger.secret(name, exchange) or self.new_secret()
            dice = DiceExchange(
                commitment=(strict.commitment(name, exchange, secret) if setup.mode == "strict"
                            else fairdice.commitment(secret)),
                reveal=self.ledger.secret(name, exchange - 2),
            )
        header = Header(
            schema_version=SCHEMA_VERSION,
            app_version=__version__,
            campaign_id=loaded.state.campaign_id,
            side=side,
            exchange=exchange,
            base_seq=base_seq,
            base_hash=rows[base_seq - 1].hash if base_seq else GENESIS_HASH,
            head_seq=loaded.head.seq,
            head_hash=loaded.head.hash,
            head_digest=engine.state_digest(loaded.state),
            profile_hash=loaded.ruleset.profile_hash,
            dice_mode=setup.mode,  # type: ignore[arg-type]
            pending_order=held.order_text if held is not None else None,
        )
        batches = self._batches(name, rows, base_seq, loaded.head.seq, setup,
                                face_down_ids(loaded.state))
        body = TurnBody(header=header, batches=batches, dice=dice, fair=section)
        signature = signing.sign(body, sign_with) if sign_with is not None else None
        turn = TurnFile.seal(body, signature)
        made = Exported(turn, turn.to_json(), armour(turn))
        if deliver is not None:
            deliver(made)
        self.ledger.record_export(
            PbemFile(
                campaign_name=name, exchange=exchange, side=side.value, direction="out",
                base_seq=base_seq, head_seq=loaded.head.seq, head_hash=loaded.head.hash,
                commitment=dice.commitment, reveal=dice.reveal, body_sha256=turn.body_sha256,
            ),
            secret,
            _envelope(name, turn),
            new_setup=setup if self.ledger.setup(name) is None else None,
            player=self.agreement.record_with(name, side, exchange, signature is not None),
            fair=fair_rows,
        )
        return made

    def export_file(self, name: str, side: Side | None, to: Path | TextIO, *,
                    armoured: bool = False, sign_with: Path | None = None,
                    again: int | None = None, seat: Seat = REFEREE) -> Exported:
        """Write ``side``'s turn file (or with ``again`` the recorded file ``again``, byte for
        byte) to the path or stream ``to``: ASCII armour when ``armoured``, for a stream or a
        ``.txt``/``.asc`` path, else JSON.

        A path is written to a temporary file beside it (fsynced) before the exchange is
        recorded and renamed into place after: a file that cannot be written is never counted
        as sent, and a failure leaves the user's path as it was (docs/turn-files.md)."""
        staged: list[StagedFile] = []

        def deliver(made: Exported) -> None:
            text = made.armoured if armoured or _armoured(to) else made.json_text
            if isinstance(to, Path):
                staged.append(StagedFile.write(to, text.encode("utf-8")))
            else:
                to.write(text)
                to.flush()

        if isinstance(to, Path) and not to.parent.is_dir():  # refused before anything is made
            raise FileRefusedError(f"{to}: cannot write: directory {to.parent} does not exist")
        if again is not None:
            made = self.export_again(name, again)
            authority.check_export(seat, made.turn.header.side)
            deliver(made)
        else:
            if side is None:
                raise TurnFileError("give the side that sends the file")
            authority.check_export(seat, side)  # a seat writes only its own side's files
            try:
                made = self.export_turn(name, side, sign_with=sign_with, deliver=deliver)
            except BaseException:
                for file in staged:
                    file.discard()
                raise
        exchange = made.turn.header.exchange
        for file in staged:
            try:
                file.commit()
            except ValueError as error:
                raise FileRefusedError(
                    f"{error}; file {exchange} is recorded: write it with `campaign export "
                    f"{name} --again {exchange} -o FILE`") from None
        return made

    def withdraw(self, name: str, exchange: int, reason: str) -> PbemFile:
        """Take back file ``exchange``, our last file sent, which the other side refused
        (a referee order it did not agree to, an unsigned file, other rules): its events stay
        as orders not yet sent, to be undone or sent again with the next export (same number,
        same dice commitment). Logged with ``reason``; the file record is returned."""
        reason = check_reason(reason, "the reason for withdrawing the file")
        files = self.ledger.files(name)
        last = files[-1] if files else None
        if last is None or last.exchange != exchange or last.direction != "out":
            sent = [f.exchange for f in files if f.direction == "out"]
            raise TurnFileError(
                f"campaign {name!r}: file {exchange} is not your last file sent "
                f"(your files: {', '.join(map(str, sent)) or 'none'}"
                f"{'; the last file was received' if last and last.direction == 'in' else ''}"
                "); only your last file, not yet answered, can be withdrawn"
            )
        self.ledger.withdraw(last, reason)
        return last

    @staticmethod
    def _batches(name: str, rows: list[StoredEvent], base_seq: int, head_seq: int,
                 setup: PbemSetup, hidden: frozenset[str]) -> list[Batch]:
        """The order batches of events ``base_seq+1 .. head_seq`` in file form; events naming
        a counter of ``hidden`` (face down at ``head_seq``) travel sealed."""
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

    def export_again(self, name: str, exchange: int) -> Exported:
        """File ``exchange`` (sent or received) rebuilt from the database, byte for byte:
        its recorded header, signature and dice data, and its events from the log. Records
        nothing. Refused when the log no longer holds that file (a resolved fork)."""
        files = self.ledger.files(name)
        record = next((f for f in files if f.exchange == exchange), None)
        if record is None:
            numbers = ", ".join(str(f.exchange) for f in files) or "none yet"
            raise TurnFileError(
                f"campaign {name!r} has no file {exchange} (files exchanged: {numbers})"
            )
        envelope = self.ledger.envelope(name, exchange)
        setup = self.ledger.setup(name)
        if envelope is None or setup is None:
            raise TurnFileError(
                f"file {exchange} was recorded by an older version of the tool, which kept no "
                "copy of its header; it cannot be rebuilt"
            )
        loaded = self.service.load(name)
        header = Header.model_validate_json(envelope.header)
        signature = (Signature.model_validate_json(envelope.signature)
                     if envelope.signature else None)
        try:
            body = TurnBody(
                header=header,
                batches=self._batches(name, loaded.rows, record.base_seq, record.head_seq,
                                      setup,
                                      face_down_ids(_local(loaded, record.head_seq).state)),
                dice=DiceExchange(commitment=record.commitment, reveal=record.reveal),
                fair=self._section_again(name, exchange),
            )
        except ValueError:
            body = None
        turn = TurnFile.seal(body, signature) if body is not None else None
        if turn is None or turn.body_sha256 != record.body_sha256:
            raise TurnFileError(
                f"file {exchange} cannot be rebuilt: this campaign's log no longer holds its "
                "events as they were sent (a crossed file was resolved, or the log was edited; "
                "`campaign verify` tells which)"
            )
        return Exported(turn, turn.to_json(), armour(turn))

    def _section_again(self, name: str, exchange: int) -> FairSection | None:
        """The ``fair`` section file ``exchange`` carried: its shuffle pass, as stored."""
        carried = next((row for row in self.ledger.fair_passes(name) if row.exchange == exchange),
                       None)
        return FairSection(shuffle=json.loads(carried.body)) if carried is not None else None

    # --- import and verification ---------------------------------------------------------------

    def import_turn(self, name: str, data: bytes | str, source: str = "") -> Imported:
        """Check ``data`` completely, then append its events in one transaction."""
        turn = parse_turn_file(data, source)
        loaded = self.service.load(name)
        local = _local(loaded)
        files = self.checks.position(loaded.row, turn, local, source)
        return self._apply(turn, loaded, local, files, source)

    def resolve_crossed(
        self, name: str, data: bytes | str, reason: str, source: str = ""
    ) -> Imported:
        """Keep the other side's file that crossed ours; drop our events after the common base.

        The decision (both files' checksums, the dropped events, ``reason``) is logged in
        ``dn_pbem_fork``; afterwards export as usual: your next file continues from theirs."""
        reason = check_reason(reason, "the reason for choosing a branch")
        turn = parse_turn_file(data, source)
        files = self.ledger.files(name)
        mine = files[-1] if files else None
        header = turn.header
        if header.side is self.own_side(name):
            raise TurnFileError(
                f"file {header.exchange} is from {header.side.value}, your own side: `resolve` "
                "keeps the other side's file that crossed yours, never your own; nothing "
                "changed", source=source,
            )
        if (
            mine is None
            or mine.direction != "out"
            or mine.exchange != header.exchange
            or mine.base_seq != header.base_seq
        ):
            raise TurnFileError(
                "this file did not cross one of yours (same file number, same base): nothing "
                "to resolve; import it normally", source=source,
            )
        loaded = self.service.load(name)
        local = _local(loaded, at_seq=header.base_seq)
        self.checks.identity(loaded.row, turn, local, source)
        dropped = loaded.rows[header.base_seq:]
        fork = PbemFork(
            campaign_name=name, exchange=header.exchange, base_seq=header.base_seq,
            kept_sha256=turn.body_sha256, dropped_sha256=mine.body_sha256,
            dropped_events="\n".join(f"{r.seq}:{r.hash}" for r in dropped), reason=reason,
        )
        files_before = [f for f in files if f.exchange < header.exchange]
        at_base = replace(loaded, head=local.head, state=local.state, rows=list(local.rows),
                          from_snapshot=0)
        return self._apply(turn, at_base, local, files_before, source, fork=fork,
                           expected_seq=loaded.head.seq)

    def verify_file(self, data: bytes | str, name: str | None = None,
                    source: str = "") -> Verification:
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
        if name is None and turn.header.campaign_id in self.service.store.campaigns():
            name = turn.header.campaign_id
        self.checks.signature(name, turn, source, report.problems)
        if name is None:
            report.notes.append("no campaign of that name here: the orders were not re-run")
            return report
        try:
            loaded = self.service.load(name)
            local = _local(loaded)
            files = self.checks.position(loaded.row, turn, local, source, signature=False)
            setup = self.checks.setup(loaded.row, loaded.dice_mode, turn.header.dice_mode,
                                      source, accept=self.accept_dice)
            key, _ = self.checks.dice_key(name, turn, files, setup, source)
            own = self.agreement.own_side(name)
            fair = self.fair.incoming(loaded, local.state, turn, own.value if own else "",
                                      source)
            rerun = self._replay(name, turn, local, files, setup, key, own, source)
            self.fair.check_replayed(turn, fair.deck, local.state, rerun.rows, name, source)
            self._decide_pending(name, turn, local, rerun, source)
        except CampaignError as error:
            report.problems.append(error.message)
        return report

    def _replay(self, name: str, turn: TurnFile, local: LocalCopy, files: list[PbemFile],
                setup: PbemSetup, key: str, own: Side | None, source: str) -> Rerun:
        """Re-run the file's orders on ``local`` (``position.replay``). With strict dice each
        batch rolls only what its sender may: the answer to our own order that ended our last
        file (checked to be that order) with the dice our contribution completed, every
        other batch none (``strict_exchange``)."""
        if setup.mode != "strict":
            batches, rows = replay(name, turn, local, key, setup.shared_seed, source,
                                   REFEREE_UNDO, allow_referee=self.allow_referee)
            return Rerun(batches, rows)
        answers = self._answers(name, turn.header.exchange, files)
        keys = self.checks.strict_keys(name, turn)
        strict_exchange.check_answer(turn, answers, source)
        check_not_empty(turn, source)
        receiver = own.value if own is not None else turn.header.side.enemy.value
        batches, rows = replay(name, turn, local, key, setup.shared_seed, source, REFEREE_UNDO,
                               allow_referee=self.allow_referee, answers=answers,
                               dice=strict_exchange.sources(turn, keys, answers, receiver))
        return Rerun(batches, rows, answers, keys)

    def _answers(self, name: str, exchange: int, files: list[PbemFile]) -> str | None:
        """Our order that ended our file ``exchange - 1`` (strict dice), which incoming file
        ``exchange`` must decide first; None when that file was not ours or ended with none."""
        ours = any(f.exchange == exchange - 1 and f.direction == "out" for f in files)
        return self.checks.held_order(name, exchange - 1) if ours else None

    @staticmethod
    def _decide_pending(name: str, turn: TurnFile, local: LocalCopy, rerun: Rerun,
                        source: str) -> None:
        """Strict dice: decide the order that ends ``turn`` here, with the dice our own
        contribution completes; its batch and rows are added to ``rerun``."""
        text = turn.header.pending_order
        if text is None or rerun.keys is None:
            return
        last = rerun.rows[-1] if rerun.rows else None
        head = Head(last.seq, last.hash, last.batch) if last is not None else local.head
        dice = strict_exchange.pending_source(turn, rerun.keys, source)
        batch, rows = decide_pending(name, turn, local.state, local.ruleset, dice, head, source)
        rerun.batches.append(batch)
        rerun.rows.extend(rows)
        rerun.pending = text

    def _apply(self, turn: TurnFile, loaded: Loaded, local: LocalCopy, files: list[PbemFile],
               source: str, *, fork: PbemFork | None = None,
               expected_seq: int | None = None) -> Imported:
        """Re-run ``turn`` on ``local`` (the state of ``loaded`` at the file's base), store it
        in one transaction, and bring ``loaded`` up to the new head (a snapshot is written when
        the file crosses a multiple of ``snapshot_every``), without reading the log again."""
        name, header = loaded.row.name, turn.header
        own = self.agreement.check_sender(name, turn, source)
        saved_setup = self.ledger.setup(name)
        notes = []
        if self.accept_dice is not None and saved_setup is not None:
            notes.append(f"--accept-dice {self.accept_dice} had no effect: the dice mode of "
                         f"{name!r} was fixed by the first files ({saved_setup.mode})")
        setup = self.checks.setup(loaded.row, loaded.dice_mode, header.dice_mode, source,
                                  accept=self.accept_dice)
        key, next_key = self.checks.dice_key(name, turn, files, setup, source)
        before = local.state.clone()  # the story is told from here
        fair = self.fair.incoming(loaded, local.state, turn, own.value, source)
        rerun = self._replay(name, turn, local, files, setup, key, own, source)
        self.fair.check_replayed(turn, fair.deck, local.state, rerun.rows, name, source)
        self._decide_pending(name, turn, local, rerun, source)
        batches, rows = rerun.batches, rerun.rows
        record = PbemFile(
            campaign_name=name, exchange=header.exchange, side=header.side.value,
            direction="in", base_seq=header.base_seq, head_seq=header.head_seq,
            head_hash=header.head_hash, commitment=turn.body.dice.commitment,
            reveal=turn.body.dice.reveal, body_sha256=turn.body_sha256,
        )
        signed = turn.signature is not None  # verified by the identity check on both paths
        self.ledger.commit_import(
            name, local.head_seq if expected_seq is None else expected_seq, rows, record,
            next_key, envelope=_envelope(name, turn), fork=fork,
            new_setup=setup if saved_setup is None else None,
            player=self.agreement.record_with(name, own, header.exchange, signed),
            fair=fair.rows, answered=rerun.answers is not None,
        )
        if saved_setup is None:  # the first contact made the agreed mode the campaign's
            loaded.dice_mode = setup.mode
        if next_key is not None:
            loaded.row = loaded.row._replace(dice_seed=next_key)
        self.service.appended(loaded, rows)  # local.state is now the state at the new head
        story = tell(rows, parse_stored(rows, name), loaded.ruleset, loaded.dice_mode,
                     viewer=own, before=before)
        notes += rerun.notes(header.exchange, header.side.value)
        notes += [f"fair play: your machine gave `{_short(seen_text(text, loaded.state, own))}`"
                  " (it goes with your next file)" for text in self.fair.duties(loaded, own.value)]
        return Imported(
            exchange=header.exchange, side=header.side, first_seq=local.head_seq + 1,
            last_seq=rows[-1].seq if rows else header.head_seq,
            orders=[b.order_text for b in batches[:len(turn.body.batches)]],
            rolled_here=rerun.pending,
            digest=header.head_digest, notes=notes, story=story,
            shuffle=turn.body.fair is not None and turn.body.fair.shuffle is not None,
            next_step=self.next_step(name, loaded),
        )


def _armoured(to: Path | TextIO) -> bool:
    """True when ``to`` is written as ASCII armour by default: a stream (an e-mail body) or
    a ``.txt``/``.asc`` file."""
    return not isinstance(to, Path) or to.name.endswith(ARMOURED_SUFFIXES)


def _carried(turn: TurnFile) -> str:
    """What a file carries, as ``export`` says it: its events and orders, and a shuffle pass."""
    header, batches = turn.header, turn.body.batches
    orders = (f"{events_text(header.base_seq + 1, header.head_seq)} "
              f"({plural(len(batches), 'order')})" if batches else "no orders")
    fair = turn.body.fair
    pending = (f", ends with '{header.pending_order}', whose dice the other side's machine "
               "rolls (strict dice)" if header.pending_order is not None else "")
    return orders + (f", pass {header.exchange} of the joint shuffle"
                     if fair is not None and fair.shuffle is not None else "") + pending


def _short(order: str) -> str:
    """A fair-play order as a note shows it: keys and digests (64 hex digits) cut short."""
    return " ".join(word[:12] + "…" if len(word) == 64 else word for word in order.split())
