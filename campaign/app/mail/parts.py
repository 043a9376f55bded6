"""What every mail use case works with (``campaign.app.mail``): the campaign service, the
ledger, the agreement and checks, the fair-mode part and the options of this database's player.
Each command reads the ledger once (``Parts.read``: a ``MailRecord``) and passes that value down.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec import Struct

from campaign.app import CampaignService, Loaded, authority, parse_stored
from campaign.app.mail.agreement import Agreement
from campaign.app.mail.checks import MailChecks
from campaign.app.mail.fair import FairMail
from campaign.app.next_step import next_step
from campaign.pbem.model import DiceMode
from campaign.pbem.position import LocalCopy
from campaign.records.mail_record import MailRecord
from campaign.rules import engine, fairplay
from campaign.rules.ids import Side
from campaign.rules.seats import Seat
from campaign.store.ledger import Ledger


class Parts(Struct):
    """The collaborators of one ``PbemService`` and its player's options."""

    service: CampaignService
    ledger: Ledger
    agreement: Agreement
    checks: MailChecks
    fair: FairMail
    new_secret: Callable[[], str]
    allow_referee: bool = False
    accept_dice: DiceMode | None = None

    def read(self, name: str) -> MailRecord:
        """The ledger of ``name``, read once for the command (``Ledger.mail``)."""
        return self.ledger.mail(name)

    def check_exchange(self, name: str, seat: Seat) -> None:
        """Refuse (``SeatError``) a turn file written or read from ``seat`` when this database
        is not recorded as playing that seat's side (``authority.check_exchange``); a side
        given for this command (``--as``) does not count: a player's seat cannot make it so.
        Asked before any file is read or written, so a refusal probes no path."""

        def plays() -> Side | None:
            player = self.read(name).player
            return None if player is None else Side(player.side)

        authority.check_exchange(seat, plays)

    def next_step(
        self,
        loaded: Loaded,
        mail: MailRecord,
        own: Side,
        held: bool = False,
        *,
        orders_above: bool = False,
    ) -> str | None:
        """``app.next_step`` for ``own``'s player from ``mail`` (``held``: a duty just held an
        order for the dice, which ``mail`` does not show yet; ``orders_above``: the line
        follows the legal orders)."""
        files = list(mail.files)
        number = files[-1].exchange + 1 if files else 1
        return next_step(
            mail.name,
            loaded,
            own,
            files,
            self.fair.pass_ready(loaded, mail, own, number),
            held or mail.held is not None,
            orders_above=orders_above,
            # a fair campaign signs with the keys home's key by itself (``export.fair_key``)
            signed=self.agreement.signed_since(mail) is not None
            and not fairplay.active(loaded.state),
        )


def local_copy(loaded: Loaded, at_seq: int | None = None) -> LocalCopy:
    """The loaded campaign as a receiver's copy: at its head (its state is then consumed by a
    replay), or folded again up to ``at_seq`` (a crossed file's base, an older file's head)."""
    if at_seq is None or at_seq == loaded.head.seq:
        head = loaded.head
        return LocalCopy(loaded.rows, loaded.state, loaded.ruleset, head.seq, head.hash, head.batch)
    kept = loaded.rows[:at_seq]
    state = engine.fold(parse_stored(kept, loaded.row.name))
    last = kept[-1]
    return LocalCopy(kept, state, loaded.ruleset, last.seq, last.hash, last.batch)
