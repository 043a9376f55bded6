"""What a database agreed for play by e-mail: the side its player plays, and signed files.

Recorded in the ledger (``dn_pbem_player``, docs/turn-files.md "Sides and signatures"):

- **The side** is recorded once: by ``campaign new --as SIDE``, or with the first file the
  database sends or imports (``import --as SIDE``). A file from the database's own side is
  refused, and the database sends only its own side's files: so a player cannot make the
  other side's first move and send it as that side's file 1.
- **Signatures**: once a signed file went either way, the first such file is recorded and every
  later file, both ways, must be signed and verified. A keys directory that does not exist is an
  error (a typo never turns the checks off), and a signature that cannot be checked (no keys
  directory, no ``SIDE.pub``) is refused.

``Agreement`` reads nothing itself: it judges the ``MailRecord`` a command read once;
``record_with`` says what to store with a file, and the exchange stores it in the transaction that
records the file (``claim_side``, ``campaign new --as``, is its one write).
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Sequence
from pathlib import Path

from campaign.app.mail.keys import keys_home as default_keys_home
from campaign.app.mail.keys import peer_dir
from campaign.pbem import signing
from campaign.pbem.errors import SignatureError, WrongSideError
from campaign.pbem.model import Signature, TurnFile
from campaign.records.ledger_rows import PbemPlayer
from campaign.records.mail_record import MailRecord
from campaign.records.rows import StoredEvent
from campaign.rules.ids import Side
from campaign.store.ledger import Ledger

KEYS_ENV = "CAMPAIGN_PBEM_KEYS"


class Agreement:
    """The side and signature rules of one database (``side``: as given by ``--as``;
    ``home``: the player's keys home, ``keys.keys_home()`` when None)."""

    def __init__(
        self, ledger: Ledger, keys_dir: Path | None, side: Side | None, home: Path | None = None
    ) -> None:
        self.ledger = ledger
        self.keys_dir = keys_dir
        self.side = side
        self.home = home

    def keys_home(self) -> Path:
        """The player's keys home (``campaign.app.mail.keys``)."""
        return self.home if self.home is not None else default_keys_home()

    # --- sides ---------------------------------------------------------------------------------

    def own_side(self, mail: MailRecord) -> Side | None:
        """The side this database plays in ``mail``'s campaign: recorded (or shown by its
        files), else the one given as ``side``; ``WrongSideError`` when the two differ."""
        player, name = mail.player, mail.name
        if player is None:
            return self.side
        if self.side is not None and self.side.value != player.side:
            raise WrongSideError(
                f"this database plays {player.side} in campaign {name!r} (agreed with its "
                f"first turn file), not {self.side.value}; each player keeps his own database"
            )
        return Side(player.side)

    def claim_side(self, name: str, side: Side) -> None:
        """Record that this database plays ``side`` in ``name``; refused once another side is
        recorded."""
        if side not in (Side.ASLAN, Side.SOLOMANI):
            raise WrongSideError("a player plays aslan or solomani")
        self.side = side
        mail = self.ledger.mail(name)
        if self.own_side(mail) is side and mail.player is None:
            self.ledger.save_player(PbemPlayer(campaign_name=name, side=side.value))

    def check_own(self, mail: MailRecord, side: Side) -> None:
        """Refuse to send as ``side`` from a database that plays the other side."""
        own = self.own_side(mail)
        if own is not None and side is not own:
            raise WrongSideError(
                f"this database plays {own.value} in campaign {mail.name!r}; it sends "
                f"{own.value}'s "
                f"files, never {side.value}'s"
            )

    def check_side_chosen(self, mail: MailRecord, side: Side) -> None:
        """Refuse to send ``side``'s first file from a database that plays no side yet and was
        not told which one it plays (``--as``): that file would record the side for good, and
        from then on the other side's orders are refused here (DN-SEQ-2). Found by use,
        December 8: `campaign export demo --side solomani` on the shared table's database
        silently made the whole table play solomani by e-mail."""
        if self.own_side(mail) is not None:
            return
        other = side.enemy.value
        raise WrongSideError(
            f"this database plays no side by e-mail in campaign {mail.name!r} yet: its first "
            f"turn file records it as playing {side.value} by e-mail, for good (from then on "
            f"it sends only {side.value}'s files, and {other}'s orders are given on the "
            f"{other} player's machine, not here: DN-SEQ-2); if that is what you want, export "
            f"with `--as {side.value}`; nothing was written or recorded"
        )

    @staticmethod
    def check_not_sent_here(mail: MailRecord, turn: TurnFile, source: str) -> None:
        """Refuse a file this database sent (the wrong file of the mail folder: not the other
        side's doing, found by use), by its checksum, before anything else of it is judged:
        its signature is its own sender's, whose public key the keys directory need not hold
        (found by use, December 7: "put solomani's public key in the keys directory"). Worded
        for ``import`` and ``verify`` alike (it read "nothing to import" under ``verify``)."""
        header = turn.header
        if any(f.direction == "out" and f.body_sha256 == turn.body_sha256 for f in mail.files):
            raise WrongSideError(
                f"file {header.exchange} from {header.side.value} is the file this database "
                f"sent: this database takes only {header.side.enemy.value}'s files",
                source=source,
            )

    def check_sender(
        self, mail: MailRecord, turn: TurnFile, source: str, rows: Sequence[StoredEvent]
    ) -> Side:
        """The file comes from the other side than the one this database plays; this
        database's side is returned. ``rows``: this database's log, which tells one's own file
        brought to a copy of one's database from before its export (``_own_file_here``)."""
        header = turn.header
        try:
            own = self.own_side(mail)
        except WrongSideError as error:
            raise WrongSideError(error.message, source=source) from None
        span = f"file {header.exchange} from {header.side.value}"
        if own is None:
            raise WrongSideError(
                f"{span}: this database has not recorded which side you play; import your "
                "first file with `--as aslan` or `--as solomani` (the side YOU play, recorded "
                "for good) so that a file sent as the wrong side is refused",
                source=source,
            )
        self.check_not_sent_here(mail, turn, source)
        if header.side is own and _holds_events(rows, turn):
            raise WrongSideError(_own_file_here(turn), source=source)
        if header.side is own:
            raise WrongSideError(
                f"{span}: that is your own side ({own.value}, agreed with the first file); you "
                f"import only {own.enemy.value}'s files. If you exported it yourself, this "
                "database is a copy of yours made before (a backup restored?): go on with the "
                f"database that exported file {header.exchange}; if the {own.enemy.value} "
                f"player made {own.value}'s moves, he must withdraw the file (`campaign "
                f"withdraw {shlex.quote(mail.name)} {header.exchange} --reason ...`) and send "
                "his own",
                source=source,
            )
        return own

    # --- signatures ----------------------------------------------------------------------------

    @staticmethod
    def signed_since(mail: MailRecord | None) -> int | None:
        """The first signed file of ``mail``'s campaign (``None``: files are not signed, or no
        campaign)."""
        player = mail.player if mail is not None else None
        return player.signed_since if player is not None else None

    def check_export_signed(self, mail: MailRecord, signed: bool) -> None:
        """Refuse an unsigned file from a campaign that exchanges signed files."""
        since = self.signed_since(mail)
        if since is not None and not signed:
            raise SignatureError(
                f"campaign {mail.name!r} exchanges signed files (since file {since}): sign this "
                "one too (--sign KEYFILE); the other side refuses unsigned files"
            )

    @staticmethod
    def check_export_key(
        mail: MailRecord, side: Side, key_id: str, *, for_record: bool = False
    ) -> None:
        """Refuse a file of ``side`` signed by key ``key_id``, another key than its last signed
        file's: the other player checks every file of ``side`` against the one public key he
        was given (``signing.verify``), so he would refuse it; a withdrawn file's key is
        forgotten with it. ``for_record``: a dispute record, which an umpire's audit checks against
        that key alike (found by use, December 8: `campaign dispute` signed with the keys
        home's key, not the one the files were signed with, and the audit left it out)."""
        last: tuple[int, str] | None = None  # this side's last signed file and its key
        for record in mail.files:
            envelope = mail.envelopes.get(record.exchange)
            if record.direction == "out" and envelope is not None and envelope.signature:
                last = record.exchange, Signature.model_validate_json(envelope.signature).key_id
        if last is None or last[1] == key_id:
            return
        exchange, key = last
        refused = (
            f"an umpire's audit leaves out a record of {side.value}"
            if for_record
            else f"the {side.enemy.value} player's machine refuses a file of {side.value}"
        )
        raise SignatureError(
            f"signed with key {key_id}, but {side.value}'s files are signed with key "
            f"{key} (file {exchange}): {refused} signed by another key; sign with the key of "
            f"file {exchange} (--sign KEYFILE; nothing written, nothing recorded)"
        )

    def check_fair_signature(self, name: str, turn: TurnFile) -> bool:
        """Fair mode (issue 42 item 4): every file is signed by its sender's key, found in
        ``--keys DIR`` or the campaign's folder of the keys home; an unsigned file, a key not
        there and a signature that does not verify are refused, naming the side."""
        header, folder = turn.header, self.keys_dir or peer_dir(self.keys_home(), name)
        side = header.side.value
        span = f"file {header.exchange} from {side}"
        if turn.signature is None:
            raise SignatureError(
                f"{span} is not signed: fair mode refuses an unsigned file (nothing in it "
                f"could be shown to an umpire as {side}'s); ask {side} for the file as its "
                "machine signs it (fair mode signs every file)"
            )
        public = folder / f"{side}.pub"
        if not os.path.lexists(public):
            raise SignatureError(
                f"{span} is signed by key {turn.signature.key_id}, but {public} does not exist: "
                f'put {side}\'s public key there (docs/turn-files.md, "Keys in fair mode"); '
                "nothing imported"
            )
        try:
            signing.verify(turn.body, turn.signature, public)
        except SignatureError as error:
            raise SignatureError(
                f"{span}: {error.message}; refused (fair mode: a file "
                f"counts only signed by {side}'s own key)"
            ) from None
        return True

    def check_signature(
        self, mail: MailRecord | None, turn: TurnFile, *, fair: bool = False
    ) -> bool:
        """True when ``turn`` is signed and its signature verifies, False when it is unsigned
        and may be; ``SignatureError`` otherwise (see the module docstring). ``fair``: a fair
        campaign's file (``check_fair_signature``)."""
        if fair and mail is not None:
            return self.check_fair_signature(mail.name, turn)
        keys, header = self.keys_dir, turn.header
        side = header.side.value
        if keys is not None and keys.exists() and not keys.is_dir():
            raise SignatureError(  # a slip: the key file named instead of its folder
                f"{keys}: a file, not a keys directory: --keys (or ${KEYS_ENV}) names the "
                f"folder that holds {side}.pub (--keys {keys.parent}): nothing checked, "
                "nothing imported"
            )
        if keys is not None and not keys.is_dir():
            raise SignatureError(
                f"{keys}: no such keys directory (--keys or ${KEYS_ENV}); it must hold the "
                f"other player's {side}.pub: nothing checked, nothing imported"
            )
        public = keys / f"{side}.pub" if keys is not None else None
        have_key = public is not None and os.path.lexists(public)
        if turn.signature is None:
            since = self.signed_since(mail)
            if since is not None and mail is not None:
                raise SignatureError(
                    f"file {header.exchange} from {side} is not signed, but campaign "
                    f"{mail.name!r} "
                    f"exchanges signed files since file {since}: ask {side} to withdraw it "
                    "and export it again with --sign"
                )
            if have_key and public is not None:
                signing.verify(turn.body, None, public)  # refuses: a key is configured
            return False
        if public is None or not have_key:
            where = (
                f"{keys} has no {side}.pub"
                if keys is not None
                else f"no keys directory was given (--keys DIR or ${KEYS_ENV})"
            )
            raise SignatureError(
                f"file {header.exchange} is signed by key {turn.signature.key_id}, but {where}: "
                f"a signature that cannot be checked is refused; put {side}'s public key "
                f"({side}.pub) in the keys directory"
            )
        signing.verify(turn.body, turn.signature, public)
        return True

    # --- recording -----------------------------------------------------------------------------

    @staticmethod
    def record_with(mail: MailRecord, own: Side, exchange: int, signed: bool) -> PbemPlayer | None:
        """What to record about this database with file ``exchange`` (its side; the first
        signed file), or ``None`` when the record stays as it is."""
        name, stored = mail.name, mail.player
        since = stored.signed_since if stored is not None else None
        if since is None and signed:
            since = exchange
        wanted = PbemPlayer(campaign_name=name, side=own.value, signed_since=since)
        return None if wanted == stored else wanted


def _holds_events(rows: Sequence[StoredEvent], turn: TurnFile) -> bool:
    """True when ``rows`` (a database's log) hold the last event of ``turn``, by its sequence
    number and hash: the file's events were made in this database or in the one it was copied
    from."""
    head = turn.header
    return any(row.seq == head.head_seq and row.hash == head.head_hash for row in rows)


def _own_file_here(turn: TurnFile) -> str:
    """The refusal of one's own file imported into a copy of one's database made before the
    file was exported (found by use, December 7, night: a backup restored was told the
    sender "must withdraw the file", as if the other player had made one's moves)."""
    header = turn.header
    n, side = header.exchange, header.side.value
    return (
        f"file {n} from {side} is your own file: this database plays {side} and holds the "
        f"file's events (to event {header.head_seq}), but has no record of sending it: it is a "
        f"copy of your database made before file {n} was exported (a backup restored?). "
        f"Nothing imported: go on with the database that exported file {n}, or a copy made "
        "after it"
    )
