"""``PbemService``: the play-by-e-mail use cases of one campaign database, as the CLI and the
TUI call them. Each method is one command: it reads the ledger once (``MailRecord``) and hands
it to ``export``, ``importing`` or ``resolve``; the rest (sides, history, withdraw) is here."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from campaign.app import CampaignService, Loaded, authority, strict_dice
from campaign.app.mail.agreement import Agreement
from campaign.app.mail.checks import MailChecks, held_order
from campaign.app.mail.export import (
    every_file,
    export_again,
    export_file,
    export_turn,
    fair_key,
)
from campaign.app.mail.fair import FairMail
from campaign.app.mail.importing import import_turn, verify_file
from campaign.app.mail.parts import Parts
from campaign.app.mail.resolve import resolve_crossed
from campaign.app.mail.results import Exported, Imported, Verification
from campaign.app.mail.umpire import record_text, refuse_replacing
from campaign.pbem import fairdice, signing
from campaign.pbem.armour import parse_turn_file
from campaign.pbem.errors import FairPlayFileError, TurnFileError
from campaign.pbem.fair.group import Random
from campaign.pbem.model import DiceMode
from campaign.records.chain import events_text
from campaign.records.ledger_rows import PbemFile, PbemSetup
from campaign.records.mail_record import MailRecord
from campaign.rules.errors import CampaignError, Wait
from campaign.rules.ids import Side
from campaign.rules.plain_text import check_reason
from campaign.rules.seats import REFEREE, Seat
from campaign.rules.state import CampaignState
from campaign.rules.views import player_view, seen_text
from campaign.userfiles import FileRefusedError, StagedFile


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
        keys_home: Path | None = None,
    ) -> None:
        """``keys_dir`` holds the other side's ``SIDE.pub`` (it must be a directory);
        ``new_secret`` makes commit–reveal secrets (tests pass a reproducible one);
        ``allow_referee`` accepts referee orders in the other player's files;
        ``accept_dice`` accepts the first file's dice mode if it differs from the campaign's;
        ``side`` is the side this database's player plays (``--as``): needed to import a
        first file, checked against the recorded side afterwards; ``fair_random``: the
        randomness of this side's shuffle secrets in fair mode (tests pass a seeded stream);
        ``keys_home``: where this player's own keys are (``keys.keys_home()`` when None)."""
        self.service = service
        self.ledger = service.store.ledger
        self.keys_dir = keys_dir
        self.agreement = Agreement(self.ledger, keys_dir, side, keys_home)
        self.checks = MailChecks(self.agreement)
        self.fair = FairMail(service, self.ledger, fair_random)
        self.parts = Parts(
            service,
            self.ledger,
            self.agreement,
            self.checks,
            self.fair,
            new_secret,
            allow_referee,
            accept_dice,
        )

    @property
    def allow_referee(self) -> bool:
        """Referee orders are accepted in the other player's files (``--allow-referee``)."""
        return self.parts.allow_referee

    @allow_referee.setter
    def allow_referee(self, allowed: bool) -> None:
        self.parts.allow_referee = allowed

    @property
    def accept_dice(self) -> DiceMode | None:
        """The first file's dice mode accepted if it differs (``--accept-dice``)."""
        return self.parts.accept_dice

    @accept_dice.setter
    def accept_dice(self, mode: DiceMode | None) -> None:
        self.parts.accept_dice = mode

    def record(self, name: str) -> MailRecord:
        """What the ledger holds about ``name``, in one read."""
        return self.parts.read(name)

    # --- set-up, sides, history -----------------------------------------------------------------

    def mode(self, name: str) -> str:
        """The dice mode turn files of ``name`` use (agreed set-up, else the campaign's)."""
        setup = self.ledger.setup(name)
        return setup.mode if setup is not None else self.service.store.dice_mode(name)

    def configure(self, name: str, mode: DiceMode) -> PbemSetup:
        """Before the first file: accept ``mode`` for ``name`` (saved at once; later files
        must agree). The usual way is ``campaign new --dice MODE`` on both machines."""
        store, mail = self.service.store, self.record(name)
        setup = self.checks.setup(
            store.campaign(name), mail, store.dice_mode(name), mode, accept=mode
        )
        if mail.setup is None:
            self.ledger.save_setup(setup, campaign_mode=mode)
        return setup

    def own_side(self, name: str) -> Side | None:
        """The side this database plays in ``name`` (``Agreement.own_side``)."""
        return self.agreement.own_side(self.record(name))

    def claim_side(self, name: str, side: Side) -> None:
        """Record that this database plays ``side`` in ``name`` (``campaign new --as``)."""
        self.service.store.campaign(name)
        self.agreement.claim_side(name, side)

    def exchange_lines(self, name: str) -> list[str]:
        """What ``campaign exchanges`` (and the TUI's mail tab) lists: every file sent or
        received, the side this database plays, the first signed file, forks resolved and
        files withdrawn."""
        mail = self.record(name)
        held = _held_orders(mail)
        if held:  # the battles of the step by their short ids, as every screen names them
            state, own = self.service.load(name).state, self.own_side(name)
            held = {number: seen_text(text, state, own) for number, text in held.items()}
        lines = [
            f"{f.exchange:4} {f.direction:3} {f.side:9} "
            f"{events_text(f.base_seq + 1, f.head_seq)}  {f.body_sha256[:12]}"
            + (f"  ends with '{held[f.exchange]}' (strict dice)" if f.exchange in held else "")
            for f in mail.files
        ]
        if held:
            lines.append(
                f"strict dice: {len(held)} files ended with an order whose dice the "
                "other side's machine rolled"
            )
        player = mail.player
        if player is not None:
            signed = (
                f"; signed files since file {player.signed_since}"
                if player.signed_since is not None
                else "; files are not signed"
            )
            lines.append(f"this database plays {player.side}{signed}")
        lines += [
            f"fork at file {fork.exchange}: kept {fork.kept_sha256[:12]}, dropped "
            f"{fork.dropped_sha256[:12]} after event {fork.base_seq}: {fork.reason}"
            for fork in mail.forks
        ]
        lines += [
            f"file {w.exchange} withdrawn ({w.body_sha256[:12]}): {w.reason}"
            for w in mail.withdrawals
        ]
        return lines

    def next_step(
        self,
        name: str,
        loaded: Loaded | None = None,
        *,
        orders_above: bool = False,
        seat: Seat = REFEREE,
    ) -> str | None:
        """What this database's player does next by e-mail (``app.next_step``): export and
        send file N, or wait for the other side's; None if this database plays no side.
        ``loaded``: the campaign as already loaded (else it is loaded here); ``orders_above``:
        the line follows the legal orders (``campaign status``). ``seat``: who reads it; the
        other player's seat is told where his orders and files are given, not the owner's
        next step (found by use, December 7: `status --side solomani` on the Aslan player's
        database said "your turn: give your orders (legal orders above)", and listed none)."""
        mail = self.record(name)
        own = self.agreement.own_side(mail)
        if own is None:
            return None
        if seat.side is not None and not authority.may_give(seat, own, seat.side):
            return (
                f"this database plays {own.value} by e-mail: {seat.name}'s orders are given, "
                f"and his turn files exported and imported, on the {seat.name} player's machine"
            )
        loaded = loaded if loaded is not None else self.service.load(name)
        return self.parts.next_step(loaded, mail, own, orders_above=orders_above)

    def dice_wait(self, name: str) -> Wait | None:
        """Strict dice: the wait of this side's order held for the other side's dice
        contribution (``waiting for aslan's dice contribution to file 7``), None if none."""
        return strict_dice.waiting(self.ledger, name)

    def view(self, name: str, side: Side | None) -> CampaignState:
        """The campaign as ``side`` may see it (face-down neutrals hidden, DN-NEU-1); None =
        the referee's full view. What the TUI and reports of a PBEM player should show."""
        return player_view(self.service.load(name).state, side)

    # --- the use cases (``export``, ``importing``, ``resolve``) ---------------------------------

    def export_turn(
        self,
        name: str,
        side: Side,
        *,
        sign_with: Path | None = None,
        deliver: Callable[[Exported], None] | None = None,
    ) -> Exported:
        """``export.export_turn``."""
        return export_turn(self.parts, name, side, sign_with=sign_with, deliver=deliver)

    def export_file(
        self,
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
        """``export.export_file`` (``dry_run``: every check, nothing written or recorded)."""
        return export_file(
            self.parts,
            name,
            side,
            to,
            armoured=armoured,
            sign_with=sign_with,
            again=again,
            seat=seat,
            dry_run=dry_run,
        )

    def export_again(self, name: str, exchange: int) -> Exported:
        """``export.export_again``."""
        return export_again(self.parts, name, exchange)

    def import_turn(
        self, name: str, data: bytes | str, source: str = "", seat: Seat = REFEREE
    ) -> Imported:
        """``importing.import_turn``."""
        return import_turn(self.parts, name, data, source, seat)

    def check_exchange(self, name: str, seat: Seat) -> None:
        """``Parts.check_exchange``: may ``seat`` write or read turn files of ``name`` here?"""
        self.parts.check_exchange(name, seat)

    def verify_file(
        self, data: bytes | str, name: str | None = None, source: str = ""
    ) -> Verification:
        """``importing.verify_file``."""
        return verify_file(self.parts, data, name, source)

    def resolve_crossed(
        self, name: str, data: bytes | str, reason: str, source: str = ""
    ) -> Imported:
        """``resolve.resolve_crossed``."""
        return resolve_crossed(self.parts, name, data, reason, source)

    # --- attributable play (issue 42 item 4, ``umpire``) -------------------------------------

    def complaint(
        self, name: str, data: bytes | str, error: FairPlayFileError, source: str = ""
    ) -> str | None:
        """A signed complaint about the file ``data`` this machine just refused for ``error``
        (a protocol fault its sender signed), with every file exchanged before; None when the
        refused file is not a signed fair file (then it is no evidence against anyone)."""
        turn = parse_turn_file(data, source)
        mail = self.record(name)
        own = self.agreement.own_side(mail)
        if turn.signature is None or own is None or not mail.passes and turn.body.fair is None:
            return None
        header = turn.header
        statement = {
            "problem": error.problem,
            "accused": error.side or header.side.value,
            "file": header.exchange,
            "card": error.card,
            "message": error.message,
        }
        files = [made.turn for made in every_file(self.parts, name)] + [turn]
        return record_text(
            "complaint", own.value, name, files, statement, fair_key(self.parts, own)
        )

    def write_complaint(
        self, name: str, data: bytes | str, error: FairPlayFileError, source: str
    ) -> str | None:
        """``complaint`` written beside the refused file ``source`` (``complaint.json`` for a
        stream), staged and renamed into place; the line to show, or None when no complaint
        could be made (the reason is then the line, for a signed file without a key here)."""
        try:
            text = self.complaint(name, data, error, source=source)
        except CampaignError as problem:
            return f"no complaint written: {problem.message}"
        if text is None:
            return None
        path = Path("complaint.json" if source in ("", "-") else f"{source}.complaint.json")
        own = self.own_side(name)
        try:  # the import's refusal is what matters: a complaint not written is one line
            refuse_replacing(path, name, own.value if own is not None else None, "complaint")
            StagedFile.write(path, text.encode("utf-8")).commit()
        except FileRefusedError as problem:
            return f"no complaint written: {problem}"
        return (
            f"complaint: {path}: the refused file, signed by its sender, with every file "
            f"before it, signed by you: an umpire checks it with `campaign audit {path} "
            "--keys DIR` (both public keys in DIR)"
        )

    def complained(
        self, name: str, data: bytes | str, error: FairPlayFileError, source: str
    ) -> FairPlayFileError:
        """``error`` with the line of ``write_complaint`` added (a screen shows both)."""
        line = self.write_complaint(name, data, error, source)
        if line is None:
            return error
        return FairPlayFileError(
            f"{error.message}\n{line}", problem=error.problem, side=error.side, card=error.card
        )

    def dispute(self, name: str, reason: str, sign_with: Path | None = None) -> str:
        """A signed record of every file exchanged in ``name`` (each signed by its sender),
        for an umpire when the other side stopped answering (``umpire.audit_files`` names who
        owes the next file and what it could open); signed with ``sign_with``, else the keys
        home's key of this side, refused when it is not the key this side's files carry."""
        reason = check_reason(reason, "the reason for the dispute")
        mail = self.record(name)
        own = self.agreement.own_side(mail)
        if own is None or mail.last is None:
            raise TurnFileError(
                f"campaign {name!r}: no file exchanged by a side here: nothing to record"
            )
        last = mail.last
        statement = {
            "last_file": last.exchange,
            "from": last.side,
            "awaiting": Side(last.side).enemy.value,
            "message": reason,
        }
        key = sign_with if sign_with is not None else fair_key(self.parts, own)
        self.agreement.check_export_key(mail, own, signing.private_key_id(key), for_record=True)
        files = [made.turn for made in every_file(self.parts, name)]
        return record_text("dispute", own.value, name, files, statement, key)

    def withdraw(self, name: str, exchange: int, reason: str) -> PbemFile:
        """Take back file ``exchange``, our last file sent, which the other side refused
        (a referee order it did not agree to, an unsigned file, other rules): its events stay
        as orders not yet sent, to be undone or sent again with the next export (same number,
        same dice commitment). Logged with ``reason``; the file record is returned."""
        reason = check_reason(reason, "the reason for withdrawing the file")
        files = self.record(name).files
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


def _held_orders(mail: MailRecord) -> dict[int, str]:
    """Strict dice: the order each file ended with, held for the receiver's dice."""
    if mail.setup is None or mail.setup.mode != "strict":
        return {}
    held = {record.exchange: held_order(mail, record.exchange) for record in mail.files}
    return {number: order for number, order in held.items() if order is not None}
