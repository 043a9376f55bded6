"""The checks of play by e-mail against one campaign: the agreed dice set-up and keys, and what
an incoming file must be (the right campaign and rules, signed as agreed, from the other side,
at its place in the exchange). Used by ``campaign.app.mail``; they read nothing themselves: they
judge the ``MailRecord`` the command read once.
"""

from __future__ import annotations

import hmac
import shlex

from campaign.app.mail.agreement import Agreement
from campaign.app.mail.fair import PASSES
from campaign.app.next_step import hands_over
from campaign.pbem import fairdice, strict_exchange
from campaign.pbem.errors import (
    DiceRevealError,
    MalformedTurnFileError,
    StaleFileError,
    StrictDiceError,
    TurnFileError,
    WrongCampaignError,
)
from campaign.pbem.fair import strict
from campaign.pbem.model import DiceMode, Header, TurnFile
from campaign.pbem.position import LocalCopy, check_base
from campaign.records.chain import events_text
from campaign.records.ledger_rows import PbemFile, PbemSetup
from campaign.records.mail_record import MailRecord
from campaign.records.rows import CampaignRow
from campaign.rules import fairplay


class MailChecks:
    """The dice set-up and the checks of incoming files for one database (its agreement)."""

    def __init__(self, agreement: Agreement) -> None:
        self.agreement = agreement

    # --- the dice set-up ------------------------------------------------------------------------

    @staticmethod
    def setup(
        row: CampaignRow,
        mail: MailRecord,
        dice_mode: str,
        file_mode: DiceMode | None = None,
        source: str = "",
        *,
        accept: DiceMode | None = None,
    ) -> PbemSetup:
        """The PBEM set-up of campaign ``row`` (created with ``dice_mode``): saved, or a new one
        (not yet saved) on first contact, with the campaign's dice mode (docs/turn-files.md,
        "Dice modes").

        A file whose mode differs is refused, unless before the first exchange the receiver
        ``accept``s exactly the file's mode (the set-up is then saved with the import)."""
        name = row.name
        saved = mail.setup
        setup = saved
        if setup is None:
            mode = accept if accept is not None and accept == file_mode else dice_mode
            if mode not in ("seeded", "commit-reveal", "strict"):
                raise WrongCampaignError(
                    f"campaign {name!r} was created with {mode} dice: it is played at the "
                    "table, not by e-mail (turn files need seeded, commit-reveal or strict dice)",
                    source=source,
                )
            setup = PbemSetup(campaign_name=name, mode=mode, shared_seed=row.dice_seed)
        if file_mode is not None and file_mode != setup.mode:
            advice = (
                f"both players create the campaign with the same `--dice`, or, if you agree to "
                f"{file_mode} dice, import with `--accept-dice {file_mode}`"
                if saved is None
                else "the dice mode was fixed by the first files and cannot change"
            )
            raise WrongCampaignError(
                f"campaign {name!r} is played with {setup.mode} dice, the file uses "
                f"{file_mode} dice; {advice}",
                source=source,
            )
        return setup

    @staticmethod
    def key(
        name: str, setup: PbemSetup, exchange: int, older: str | None, newer: str | None
    ) -> str:
        """The dice key of file ``exchange``: the shared seed, or with commit–reveal dice the
        key made of the two latest secrets (``fairdice.exchange_key``)."""
        if setup.mode == "seeded":
            return setup.shared_seed
        return fairdice.exchange_key(name, exchange, older, newer, setup.shared_seed)

    def dice_key(
        self,
        mail: MailRecord,
        turn: TurnFile,
        files: tuple[PbemFile, ...],
        setup: PbemSetup,
        source: str,
    ) -> tuple[str, str | None]:
        """The key the sender's dice used, and our next key (None: unchanged)."""
        header, dice, name = turn.header, turn.body.dice, mail.name
        n = header.exchange
        if setup.mode == "seeded":
            if dice.commitment != fairdice.commitment(setup.shared_seed):
                raise DiceRevealError(
                    "the file was played with another referee seed than this campaign's",
                    source=source,
                )
            return setup.shared_seed, None
        self._check_reveal(mail, turn, files, setup, source)
        if setup.mode == "strict":  # every batch has its own source (``strict_keys``)
            return setup.shared_seed, None
        key = self.key(name, setup, n, mail.secret(n - 3), dice.reveal)
        mine = mail.secret(n - 1)
        return key, self.key(name, setup, n + 1, dice.reveal, mine)

    @staticmethod
    def _check_reveal(
        mail: MailRecord,
        turn: TurnFile,
        files: tuple[PbemFile, ...],
        setup: PbemSetup,
        source: str,
    ) -> None:
        """The secret file ``n`` opens must open the commitment of file ``n-2`` (none in the
        first two files); refused otherwise (the dice of the file cannot be trusted), naming
        both commitments and which of the two files could have been altered
        (``reveal_refusal``)."""
        n, dice, name = turn.header.exchange, turn.body.dice, mail.name
        earlier = next((f for f in files if f.exchange == n - 2), None)
        if earlier is None:
            if dice.reveal is not None:
                raise DiceRevealError(f"file {n} reveals a secret nobody committed", source=source)
            return
        strict_mode = setup.mode == "strict"
        if dice.reveal is None:
            opened = None
        elif strict_mode:
            opened = strict.commitment(name, n - 2, dice.reveal)
        else:
            opened = fairdice.commitment(dice.reveal)
        if opened is not None and hmac.compare_digest(opened, earlier.commitment):
            return
        envelope = mail.envelopes.get(n - 2)
        raise DiceRevealError(
            reveal_refusal(
                turn,
                earlier,
                opened,
                strict=strict_mode,
                earlier_signed=envelope is not None and envelope.signature is not None,
            ),
            source=source,
        )

    @staticmethod
    def strict_keys(mail: MailRecord, turn: TurnFile) -> strict_exchange.StrictKeys:
        """Strict dice: the keys incoming file ``turn`` opens here (its reveal checked by
        ``dice_key`` first): our pending order's of the file before, and the file's own."""
        n = turn.header.exchange
        return strict_exchange.keys(
            mail.name, n, turn.body.dice.reveal, mail.secret(n - 3), mail.secret(n - 1)
        )

    # --- an incoming file -----------------------------------------------------------------------

    def signature(
        self,
        mail: MailRecord | None,
        turn: TurnFile,
        source: str,
        problems: list[str] | None = None,
        *,
        fair: bool = False,
    ) -> bool:
        """``Agreement.check_signature``; with ``problems``, a refusal is added there instead
        of raised."""
        try:
            return self.agreement.check_signature(mail, turn, fair=fair)
        except TurnFileError as error:
            named = type(error)(error.message, source=source)  # the file first, as every line
            if problems is None:
                raise named from None
            problems.append(named.message)
            return False

    def position(
        self,
        row: CampaignRow,
        mail: MailRecord,
        turn: TurnFile,
        local: LocalCopy,
        source: str,
        *,
        signature: bool = True,
    ) -> tuple[PbemFile, ...]:
        """Campaign, profile, signature, sides, and where the file sits in the exchange; the
        files exchanged so far (a file this database sent is named as such first)."""
        self.agreement.check_not_sent_here(mail, turn, source)
        self.identity(row, mail, turn, local, source, signature=signature)
        self.agreement.check_sender(mail, turn, source, local.rows)
        files = mail.files
        if any(f.body_sha256 == turn.body_sha256 for f in files):
            raise StaleFileError(
                f"file {turn.header.exchange} from {turn.header.side.value} "
                f"({events_text(turn.header.base_seq + 1, turn.header.head_seq)}) was "
                "already exchanged; nothing to do",
                source=source,
            )
        _check_held_kept(mail, turn, source)
        _check_not_replaced(turn, files, source)
        check_base(turn, local, files, source, mail.name, mail.withdrawals)
        return files

    def identity(
        self,
        row: CampaignRow,
        mail: MailRecord,
        turn: TurnFile,
        local: LocalCopy,
        source: str,
        *,
        signature: bool = True,
    ) -> None:
        """The right campaign, the same rules profile, a valid signature if keys are set, and
        at least one order."""
        header, name = turn.header, row.name
        setup = mail.setup
        # strict: after the answer's check; fair mode's files 1-3: the shuffle check names a
        # missing pass (the protocol fault) instead of the empty file it leaves
        passes_due = fairplay.active(local.state) and header.exchange <= PASSES
        if (setup is None or setup.mode != "strict") and not passes_due:
            check_not_empty(turn, source, local)
        if header.campaign_id != local.state.campaign_id:
            ours = local.state.campaign_id
            raise WrongCampaignError(
                f"the file is for campaign {header.campaign_id!r}, not {name!r}"
                + (f" ({ours!r})" if ours != name else "")
                + "; import it into the right campaign",
                source=source,
            )
        if header.profile_hash != row.profile_hash:
            raise WrongCampaignError(
                f"DN-DATA-4: the file was played with rules profile {header.profile_hash[:12]}, "
                f"this campaign uses {row.profile_hash[:12]}; both players need the same data "
                "files (or the referee re-pins both)",
                source=source,
            )
        if signature:
            self.signature(mail, turn, source, fair=fairplay.active(local.state))


def held_order(mail: MailRecord, exchange: int) -> str | None:
    """Strict dice: the order file ``exchange`` (sent or received) ended with, held for the
    receiver's dice; None if it ended with none (or is not recorded)."""
    envelope = mail.envelopes.get(exchange)
    if envelope is None:
        return None
    return Header.model_validate_json(envelope.header).pending_order


def _check_held_kept(mail: MailRecord, turn: TurnFile, source: str) -> None:
    """Strict dice: a file received before whose held order this machine rolled cannot come
    again changed (its sender may know the dice by now): refused, naming him."""
    header = turn.header
    earlier = next(
        (
            f
            for f in mail.files
            if f.exchange == header.exchange
            and f.direction == "in"
            and f.body_sha256 != turn.body_sha256
        ),
        None,
    )
    held = held_order(mail, header.exchange) if earlier is not None else None
    if held is None:
        return
    raise StrictDiceError(
        f"file {header.exchange} from {header.side.value} comes again changed, ending "
        f"with {header.pending_order!r} instead of {held!r}, whose dice your machine "
        "rolled already (strict dice: a held order is fixed before anyone knows its "
        "dice); refused",
        side=header.side.value,
        source=source,
    )


def _check_not_replaced(turn: TurnFile, files: tuple[PbemFile, ...], source: str) -> None:
    """A file whose number this database already received from the same sender, with other
    content: the sender withdrew it and sent another (or it was changed); this copy is out of
    date, named as such instead of as a file built on an old position (issue 46)."""
    header = turn.header
    received = next(
        (
            f
            for f in files
            if f.exchange == header.exchange and f.direction == "in" and f.side == header.side.value
        ),
        None,
    )
    if received is not None:
        raise StaleFileError(
            f"file {header.exchange} from {header.side.value} is not the file "
            f"{header.exchange} imported here ({received.body_sha256[:12]}, this one "
            f"{turn.body_sha256[:12]}): its sender withdrew it and sent that one instead "
            "(`campaign exchanges` lists it), or it was changed; this copy is out of date: "
            "nothing to do",
            source=source,
        )


def check_not_empty(turn: TurnFile, source: str, local: LocalCopy) -> None:
    """A file carries at least one order, a shuffle pass (fair mode: a pass may travel alone)
    or an order held for the dice (strict dice); an empty one is refused, unless it hands the
    turn over: at its base the game waited for the receiver only (``next_step.hands_over``,
    the sender had nothing to give)."""
    header = turn.header
    carries_pass = turn.body.fair is not None and turn.body.fair.shuffle is not None
    if (
        not turn.body.batches
        and not carries_pass
        and header.pending_order is None
        and not hands_over(local.state, local.ruleset, header.side)
    ):
        raise MalformedTurnFileError(
            f"file {header.exchange} from {header.side.value} carries no orders; a turn "
            "file is sent after giving orders, and an empty one would only use up a file "
            "number; refused",
            source=source,
        )


def reveal_refusal(
    turn: TurnFile,
    earlier: PbemFile,
    opened: str | None,
    *,
    strict: bool,
    earlier_signed: bool,
) -> str:
    """Why file ``turn`` (number ``n``) is refused when its reveal does not open the
    commitment file ``earlier`` (``n-2``, the same sender's) carried as imported here;
    ``opened``: the commitment its reveal does open (None: it reveals nothing).

    An unsigned file's checksum can be recomputed by anyone, so a commitment edited on the way
    imports unseen: nothing in file ``n-2`` or the files after it binds it until its secret is
    revealed (found by use, December 7: file 1's commitment edited, checksum fixed, imported,
    and file 3 refused with no word of file 1). So the refusal names both commitments, says
    which file may have been changed (a signed file was not), and where the true one is: the
    sender's copy of file ``n-2`` (``export --again``). Only signed files catch such an edit
    at once (docs/turn-files.md, "Fair dice")."""
    header = turn.header
    n, side, name = header.exchange, header.side.value, shlex.quote(header.campaign_id)
    withheld = f"{side} withholds its dice contribution to file {n - 1}" if strict else ""
    if opened is None:
        problem = f"file {n} reveals no secret for the commitment of file {n - 2}"
    else:
        problem = (
            f"the secret revealed in file {n} does not open the commitment of file {n - 2}: "
            f"it opens {opened[:16]}…, but file {n - 2} as imported here committed to "
            f"{earlier.commitment[:16]}…"
        )
    if earlier_signed or opened is None:
        blame = f"{withheld}: {problem}" if withheld else problem
    elif header_signed(turn):
        blame = (
            f"{problem}; file {n} is signed by {side}, file {n - 2} was not: file {n - 2}'s "
            "dice commitment was altered on the way after it was made (anyone can recompute "
            "an unsigned file's checksum)"
        )
    else:
        blame = (
            f"{withheld + ', or ' if withheld else ''}{problem}; neither file is signed, so "
            f"either file {n - 2}'s dice commitment was altered on the way (anyone can "
            f"recompute an unsigned file's checksum) or this file's reveal was"
        )
    check = (
        ""
        if earlier_signed
        else f"; {side}'s own copy of file {n - 2} (`campaign export {name} --again {n - 2} "
        f"-o FILE` on his machine, its dice.commitment) shows the commitment he made; only "
        "signed files (`campaign keygen`) catch such an edit when the file is imported"
    )
    return f"{blame}{check}; the dice of this file cannot be trusted; do not import it"


def header_signed(turn: TurnFile) -> bool:
    """Whether ``turn`` carries a signature (checked before the dice are: ``signature``)."""
    return turn.signature is not None
