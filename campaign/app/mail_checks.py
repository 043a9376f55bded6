"""The checks of play by e-mail against one campaign: the agreed dice set-up and keys, and what
an incoming file must be (the right campaign and rules, signed as agreed, from the other side,
at its place in the exchange). Used by ``campaign.app.mail``; they only read the ledger.
"""

from __future__ import annotations

from campaign.app.agreement import Agreement
from campaign.pbem import fairdice
from campaign.pbem.errors import (
    DiceRevealError,
    MalformedTurnFileError,
    StaleFileError,
    TurnFileError,
    WrongCampaignError,
)
from campaign.pbem.model import DiceMode, TurnFile
from campaign.pbem.position import LocalCopy, check_base
from campaign.records.ledger_rows import PbemFile, PbemSetup
from campaign.records.rows import CampaignRow
from campaign.store.ledger import Ledger


class MailChecks:
    """The dice set-up and the checks of incoming files for one database's ledger."""

    def __init__(self, ledger: Ledger, agreement: Agreement) -> None:
        self.ledger = ledger
        self.agreement = agreement

    # --- the dice set-up ------------------------------------------------------------------------

    def setup(self, row: CampaignRow, dice_mode: str, file_mode: DiceMode | None = None,
              source: str = "", *, accept: DiceMode | None = None) -> PbemSetup:
        """The PBEM set-up of campaign ``row`` (created with ``dice_mode``): saved, or a new one
        (not yet saved) on first contact, with the campaign's dice mode (docs/turn-files.md,
        "Dice modes").

        A file whose mode differs is refused, unless before the first exchange the receiver
        ``accept``s exactly the file's mode (the set-up is then saved with the import)."""
        name = row.name
        saved = self.ledger.setup(name)
        setup = saved
        if setup is None:
            mode = accept if accept is not None and accept == file_mode else dice_mode
            if mode not in ("seeded", "commit-reveal"):
                raise WrongCampaignError(
                    f"campaign {name!r} was created with {mode} dice: it is played at the "
                    "table, not by e-mail (turn files need seeded or commit-reveal dice)",
                    source=source,
                )
            setup = PbemSetup(campaign_name=name, mode=mode, shared_seed=row.dice_seed)
        if file_mode is not None and file_mode != setup.mode:
            advice = (
                f"both players create the campaign with the same `--dice`, or, if you agree to "
                f"{file_mode} dice, import with `--accept-dice {file_mode}`"
                if saved is None else "the dice mode was fixed by the first files and cannot change"
            )
            raise WrongCampaignError(
                f"campaign {name!r} is played with {setup.mode} dice, the file uses "
                f"{file_mode} dice; {advice}", source=source,
            )
        return setup

    @staticmethod
    def key(name: str, setup: PbemSetup, exchange: int, older: str | None,
            newer: str | None) -> str:
        """The dice key of file ``exchange``: the shared seed, or with commit–reveal dice the
        key made of the two latest secrets (``fairdice.exchange_key``)."""
        if setup.mode == "seeded":
            return setup.shared_seed
        return fairdice.exchange_key(name, exchange, older, newer, setup.shared_seed)

    def dice_key(self, name: str, turn: TurnFile, files: list[PbemFile], setup: PbemSetup,
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
        key = self.key(name, setup, n, self.ledger.secret(name, n - 3), dice.reveal)
        mine = self.ledger.secret(name, n - 1)
        return key, self.key(name, setup, n + 1, dice.reveal, mine)

    # --- an incoming file -----------------------------------------------------------------------

    def signature(self, name: str | None, turn: TurnFile, source: str,
                  problems: list[str] | None = None) -> bool:
        """``Agreement.check_signature``; with ``problems``, a refusal is added there instead
        of raised."""
        try:
            return self.agreement.check_signature(name, turn)
        except TurnFileError as error:
            if problems is None:
                raise type(error)(error.message, source=source) from None
            problems.append(error.message)
            return False

    def position(self, row: CampaignRow, turn: TurnFile, local: LocalCopy, source: str, *,
                 signature: bool = True) -> list[PbemFile]:
        """Campaign, profile, signature, sides, and where the file sits in the exchange; the
        files exchanged so far."""
        name = row.name
        self.identity(row, turn, local, source, signature=signature)
        self.agreement.check_sender(name, turn, source)
        files = self.ledger.files(name)
        if any(f.body_sha256 == turn.body_sha256 for f in files):
            raise StaleFileError(
                f"file {turn.header.exchange} from {turn.header.side.value} (events "
                f"{turn.header.base_seq + 1}-{turn.header.head_seq}) was already exchanged; "
                "nothing to do", source=source,
            )
        check_base(turn, local, files, source)
        return files

    def identity(self, row: CampaignRow, turn: TurnFile, local: LocalCopy, source: str, *,
                 signature: bool = True) -> None:
        """The right campaign, the same rules profile, a valid signature if keys are set, and
        at least one order."""
        header, name = turn.header, row.name
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
        if header.profile_hash != row.profile_hash:
            raise WrongCampaignError(
                f"DN-DATA-4: the file was played with rules profile {header.profile_hash[:12]}, "
                f"this campaign uses {row.profile_hash[:12]}; both players need the same data "
                "files (or the referee re-pins both)", source=source,
            )
        if signature:
            self.signature(name, turn, source)
