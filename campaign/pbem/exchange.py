"""Export, import and verify turn files: the service the CLI and the TUI call.

- ``export_turn(name, side)``: every order batch since the last file exchanged, with its events
  (secret ones sealed), the sender's dice commitment/reveal, optionally signed.
- ``import_turn(name, data)``: parse → checksum → campaign/profile → signature → position in the
  exchange (stale, crossed, replayed, missing, diverged) → dice reveal → **re-run every order
  through the rules** and compare with the file's events → compare head hash and state digest →
  append everything in one transaction. Any failure raises a ``TurnFileError`` naming the
  problem, and the database is unchanged.
- ``verify_file(data, name)``: the same checks without storing, collected as findings.
- ``resolve_crossed(name, data, reason)``: keep the other side's crossed file, drop our own
  branch after the common base, log the decision (``dn_pbem_fork``).
- ``withdraw(name, exchange, reason)``: take back our last file, which the other side refused;
  its orders become unsent orders again (``dn_pbem_withdrawal``).

What a database agreed at set-up (its side, signed files) is checked by ``agreement``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from campaign import __version__
from campaign.app import CampaignService, parse_stored
from campaign.pbem import fairdice, signing
from campaign.pbem.agreement import Agreement
from campaign.pbem.armour import armour, parse_turn_file
from campaign.pbem.errors import (
    ChecksumError,
    DiceRevealError,
    MalformedTurnFileError,
    StaleFileError,
    TurnFileError,
    WrongCampaignError,
)
from campaign.pbem.ledger import (
    Ledger,
    PbemEnvelope,
    PbemFile,
    PbemFork,
    PbemSetup,
)
from campaign.pbem.model import (
    SCHEMA_VERSION,
    Batch,
    DiceExchange,
    DiceMode,
    Header,
    Signature,
    TurnBody,
    TurnFile,
)
from campaign.pbem.position import LocalCopy, check_base, replay, to_file_event
from campaign.rules import engine
from campaign.rules.canonical import canonical_json
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.rules.plain_text import check_reason
from campaign.rules.state import CampaignState
from campaign.rules.views import face_down_ids, player_view
from campaign.store.repository import GENESIS_HASH, StoredEvent


@dataclass(frozen=True)
class Exported:
    """A file made by ``export_turn``: the model, its JSON and its armoured text."""

    turn: TurnFile
    json_text: str
    armoured: str


@dataclass(frozen=True)
class Imported:
    """What an import appended."""

    exchange: int
    side: Side
    first_seq: int
    last_seq: int
    orders: list[str]
    digest: str
    notes: list[str] = field(default_factory=list)  # e.g. an option that had no effect


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


def _envelope(name: str, turn: TurnFile) -> PbemEnvelope:
    """What ``export_again`` needs besides the log to rebuild ``turn``."""
    signature = turn.signature
    return PbemEnvelope(
        campaign_name=name, exchange=turn.header.exchange,
        header=canonical_json(turn.header.model_dump(mode="json", exclude_none=True)),
        signature=canonical_json(signature.model_dump(mode="json")) if signature else None,
    )


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
    ) -> None:
        """``keys_dir`` holds the other side's ``SIDE.pub`` (it must be a directory);
        ``new_secret`` makes commit–reveal secrets (tests pass a reproducible one);
        ``allow_referee`` accepts referee orders in the other player's files;
        ``accept_dice`` accepts the first file's dice mode if it differs from the campaign's;
        ``side`` is the side this database's player plays (``--as``): needed to import a
        first file, checked against the recorded side afterwards."""
        self.service = service
        self.ledger = Ledger(service.store)
        self.keys_dir = keys_dir
        self.new_secret = new_secret
        self.allow_referee = allow_referee
        self.accept_dice = accept_dice
        self.agreement = Agreement(self.ledger, keys_dir, side)

    # --- set-up and dice ----------------------------------------------------------------------

    def _setup(self, name: str, file_mode: DiceMode | None = None, source: str = "", *,
               accept: DiceMode | None = None) -> PbemSetup:
        """The PBEM set-up of ``name``: saved, or a new one (not yet saved) on first contact,
        with the dice mode the campaign was created with (docs/turn-files.md, "Dice modes").

        A file whose mode differs is refused, unless before the first exchange the receiver
        ``accept``s exactly the file's mode (the set-up is then saved with the import)."""
        setup = self.ledger.setup(name)
        if setup is None:
            row = self.service.store.campaign(name)
            mode = self.service.store.dice_mode(name)
            if accept is not None and accept == file_mode:
                mode = accept
            if mode not in ("seeded", "commit-reveal"):
                raise WrongCampaignError(
                    f"campaign {name!r} was created with {mode} dice: it is played at the "
                    "table, not by e-mail (turn files need seeded or commit-reveal dice)",
                    source=source,
                )
            setup = PbemSetup(campaign_name=name, mode=mode, shared_seed=row.dice_seed)
        if file_mode is not None and file_mode != setup.mode:
            first = self.ledger.setup(name) is None
            advice = (
                f"both players create the campaign with the same `--dice`, or, if you agree to "
                f"{file_mode} dice, import with `--accept-dice {file_mode}`"
                if first else "the dice mode was fixed by the first files and cannot change"
            )
            raise WrongCampaignError(
                f"campaign {name!r} is played with {setup.mode} dice, the file uses "
                f"{file_mode} dice; {advice}", source=source,
            )
        return setup

    def mode(self, name: str) -> str:
        """The dice mode turn files of ``name`` use (agreed set-up, else the campaign's)."""
        setup = self.ledger.setup(name)
        return setup.mode if setup is not None else self.service.store.dice_mode(name)

    def configure(self, name: str, mode: DiceMode) -> PbemSetup:
        """Before the first file: accept ``mode`` for ``name`` (saved at once; later files
        must agree). The usual way is ``campaign new --dice MODE`` on both machines."""
        setup = self._setup(name, mode, accept=mode)
        if self.ledger.setup(name) is None:
            self.ledger.save_setup(setup, campaign_mode=mode)
        return setup

    def own_side(self, name: str) -> Side | None:
        """The side this database plays in ``name`` (``Agreement.own_side``)."""
        return self.agreement.own_side(name)

    def claim_side(self, name: str, side: Side) -> None:
        """Record that this database plays ``side`` in ``name`` (``campaign new --as``)."""
        self.service.store.campaign(name)
        self.agreement.claim_side(name, side)

    def _key(self, name: str, setup: PbemSetup, exchange: int, older: str | None,
             newer: str | None) -> str:
        if setup.mode == "seeded":
            return setup.shared_seed
        return fairdice.exchange_key(name, exchange, older, newer, setup.shared_seed)

    def exchange_lines(self, name: str) -> list[str]:
        """What ``campaign exchanges`` (and the TUI's mail tab) lists: every file sent or
        received, the side this database plays, the first signed file, forks resolved and
        files withdrawn."""
        lines = [f"{f.exchange:4} {f.direction:3} {f.side:9} events {f.base_seq + 1}-"
                 f"{f.head_seq}  {f.body_sha256[:12]}" for f in self.ledger.files(name)]
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
        as sent. If recording fails, ``deliver`` has already run: callers stage the file and
        put it in place only after this method returned (see ``campaign.userfiles``)."""
        if side not in (Side.ASLAN, Side.SOLOMANI):
            raise TurnFileError("turn files are sent by aslan or solomani")
        self.agreement.check_own(name, side)
        setup = self._setup(name)
        loaded = self.service.load(name)
        rows = self.service.store.rows(name)
        files = self.ledger.files(name)
        last = files[-1] if files else None
        if last is not None and last.direction == "out":
            raise StaleFileError(
                f"you already sent file {last.exchange} (events {last.base_seq + 1}-"
                f"{last.head_seq}); wait for the other side's reply and import it first "
                f"(`campaign export {name} --again {last.exchange} -o FILE` writes it again; "
                f"if the other side refused it, `campaign withdraw {name} {last.exchange} "
                "--reason ...` takes it back)"
            )
        if last is not None and Side(last.side) is side:
            raise TurnFileError(f"the last file came from {side.value}; you cannot be {side.value}")
        self.agreement.check_export_signed(name, sign_with is not None)
        base_seq = last.head_seq if last else max(r.seq for r in rows if r.batch == 0)
        if not rows[base_seq:]:
            raise TurnFileError(
                f"nothing to send: no orders since event {base_seq}; give your orders first"
            )
        exchange = (last.exchange + 1) if last else 1
        secret: str | None
        if setup.mode == "seeded":
            secret, dice = None, DiceExchange(commitment=fairdice.commitment(setup.shared_seed))
        else:  # a withdrawn file's number commits to the same secret again
            secret = self.ledger.secret(name, exchange) or self.new_secret()
            dice = DiceExchange(
                commitment=fairdice.commitment(secret),
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
        )
        batches = self._batches(name, rows, base_seq, loaded.head.seq, setup,
                                face_down_ids(loaded.state))
        body = TurnBody(header=header, batches=batches,
                        dice=dice)
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
        )
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
        record = next((f for f in self.ledger.files(name) if f.exchange == exchange), None)
        if record is None:
            numbers = ", ".join(str(f.exchange) for f in self.ledger.files(name)) or "none yet"
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
        rows = self.service.store.rows(name)
        header = Header.model_validate_json(envelope.header)
        signature = (Signature.model_validate_json(envelope.signature)
                     if envelope.signature else None)
        try:
            body = TurnBody(
                header=header,
                batches=self._batches(name, rows, record.base_seq, record.head_seq, setup,
                                      face_down_ids(self._local(name, record.head_seq).state)),
                dice=DiceExchange(commitment=record.commitment, reveal=record.reveal),
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

    # --- import and verification ---------------------------------------------------------------

    def import_turn(self, name: str, data: bytes | str, source: str = "") -> Imported:
        """Check ``data`` completely, then append its events in one transaction."""
        turn = parse_turn_file(data, source)
        local = self._local(name)
        self._check_position(name, turn, local, source)
        return self._apply(name, turn, local, source)

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
        local = self._local(name, at_seq=header.base_seq)
        self._check_identity(name, turn, local, source)
        dropped = self.service.store.rows(name, after_seq=header.base_seq)
        fork = PbemFork(
            campaign_name=name, exchange=header.exchange, base_seq=header.base_seq,
            kept_sha256=turn.body_sha256, dropped_sha256=mine.body_sha256,
            dropped_events="\n".join(f"{r.seq}:{r.hash}" for r in dropped), reason=reason,
        )
        files_before = [f for f in files if f.exchange < header.exchange]
        return self._apply(name, turn, local, source, fork=fork, files=files_before,
                           expected_seq=self.service.store.head(name).seq)

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
        self._check_signature(name, turn, source, report)
        if name is None:
            report.notes.append("no campaign of that name here: the orders were not re-run")
            return report
        try:
            local = self._local(name)
            self._check_position(name, turn, local, source, signature=False)
            files = self.ledger.files(name)
            setup = self._setup(name, turn.header.dice_mode, source, accept=self.accept_dice)
            key, _ = self._dice_key(name, turn, files, setup, source)
            replay(name, turn, local, key, setup.shared_seed, source,
                   allow_referee=self.allow_referee)
        except CampaignError as error:
            report.problems.append(error.message)
        return report

    def _local(self, name: str, at_seq: int | None = None) -> LocalCopy:
        loaded = self.service.load(name)
        rows = self.service.store.rows(name)
        if at_seq is None or at_seq == loaded.head.seq:
            return LocalCopy(rows, loaded.state, loaded.ruleset, loaded.head.seq,
                          loaded.head.hash, loaded.head.batch)
        kept = rows[:at_seq]
        state = engine.fold(parse_stored(kept, name))
        last = kept[-1]
        return LocalCopy(kept, state, loaded.ruleset, last.seq, last.hash, last.batch)

    def _check_signature(self, name: str | None, turn: TurnFile, source: str,
                         report: Verification | None = None) -> bool:
        """``Agreement.check_signature``, as a finding of ``report`` if one is given."""
        try:
            return self.agreement.check_signature(name, turn)
        except TurnFileError as error:
            if report is None:
                raise type(error)(error.message, source=source) from None
            report.problems.append(error.message)
            return False

    def _check_position(self, name: str, turn: TurnFile, local: LocalCopy, source: str, *,
                        signature: bool = True) -> None:
        """Campaign, profile, signature, sides, and where the file sits in the exchange."""
        self._check_identity(name, turn, local, source, signature=signature)
        self.agreement.check_sender(name, turn, source)
        files = self.ledger.files(name)
        if any(f.body_sha256 == turn.body_sha256 for f in files):
            raise StaleFileError(
                f"file {turn.header.exchange} from {turn.header.side.value} (events "
                f"{turn.header.base_seq + 1}-{turn.header.head_seq}) was already exchanged; "
                "nothing to do", source=source,
            )
        check_base(turn, local, files, source)

    def _check_identity(self, name: str, turn: TurnFile, local: LocalCopy, source: str, *,
                        signature: bool = True) -> None:
        """The right campaign, the same rules profile, a valid signature if keys are set, and
        at least one order."""
        header = turn.header
        if not turn.body.batches:
            raise MalformedTurnFileError(
                f"file {header.exchange} from {header.side.value} carries no orders; a turn "
                "file is sent after giving orders, and an empty one would only use up a file "
                "number; refused", source=source,
            )
        if header.campaign_id != local.state.campaign_id:
            raise WrongCampaignError(
                f"the file is for campaign {header.campaign_id!r}, not {name!r} "
                f"({local.state.campaign_id!r}); import it into the right campaign",
                source=source,
            )
        profile = self.service.store.campaign(name).profile_hash
        if header.profile_hash != profile:
            raise WrongCampaignError(
                f"DN-DATA-4: the file was played with rules profile {header.profile_hash[:12]}, "
                f"this campaign uses {profile[:12]}; both players need the same data files "
                "(or the referee re-pins both)", source=source,
            )
        if signature:
            self._check_signature(name, turn, source)

    def _dice_key(self, name: str, turn: TurnFile, files: list[PbemFile], setup: PbemSetup,
                  source: str) -> tuple[str, str | None]:
        """The key the sender's dice used, and our next key (None: unchanged)."""
        header, dice = turn.header, turn.body.dice
        n = header.exchange
        if setup.mode == "seeded":
            if dice.commitment != fairdice.commitment(setup.shared_seed):
                raise DiceRevealError(
                    "the file was played with another referee seed than this campaign's",
                    source=source,
                )
            return setup.shared_seed, None
        by_number = {f.exchange: f for f in files}
        earlier = by_number.get(n - 2)
        if earlier is None:
            if dice.reveal is not None:
                raise DiceRevealError(f"file {n} reveals a secret nobody committed",
                                      source=source)
        elif dice.reveal is None or not fairdice.reveal_matches(dice.reveal, earlier.commitment):
            raise DiceRevealError(
                f"the secret revealed in file {n} does not open the commitment of file {n - 2}: "
                "the dice of this file cannot be trusted; do not import it", source=source,
            )
        key = self._key(name, setup, n, self.ledger.secret(name, n - 3), dice.reveal)
        mine = self.ledger.secret(name, n - 1)
        return key, self._key(name, setup, n + 1, dice.reveal, mine)

    def _apply(self, name: str, turn: TurnFile, local: LocalCopy, source: str, *,
               fork: PbemFork | None = None, files: list[PbemFile] | None = None,
               expected_seq: int | None = None) -> Imported:
        header = turn.header
        own = self.agreement.check_sender(name, turn, source)
        files = self.ledger.files(name) if files is None else files
        notes = []
        if self.accept_dice is not None and self.ledger.setup(name) is not None:
            notes.append(f"--accept-dice {self.accept_dice} had no effect: the dice mode of "
                         f"{name!r} was fixed by the first files ({self.mode(name)})")
        setup = self._setup(name, header.dice_mode, source, accept=self.accept_dice)
        key, next_key = self._dice_key(name, turn, files, setup, source)
        batches, rows = replay(name, turn, local, key, setup.shared_seed, source,
                               allow_referee=self.allow_referee)
        record = PbemFile(
            campaign_name=name, exchange=header.exchange, side=header.side.value,
            direction="in", base_seq=header.base_seq, head_seq=header.head_seq,
            head_hash=header.head_hash, commitment=turn.body.dice.commitment,
            reveal=turn.body.dice.reveal, body_sha256=turn.body_sha256,
        )
        signed = turn.signature is not None  # verified by _check_identity on both paths
        self.ledger.commit_import(
            name, local.head_seq if expected_seq is None else expected_seq, rows, record,
            next_key, envelope=_envelope(name, turn), fork=fork,
            new_setup=setup if self.ledger.setup(name) is None else None,
            player=self.agreement.record_with(name, own, header.exchange, signed),
        )
        every = self.service.snapshot_every
        if header.head_seq // every > local.head_seq // every:
            self.service.snapshot(self.service.load(name, use_snapshot=False))
        return Imported(
            exchange=header.exchange, side=header.side, first_seq=local.head_seq + 1,
            last_seq=header.head_seq, orders=[b.order_text for b in batches],
            digest=header.head_digest, notes=notes,
        )
