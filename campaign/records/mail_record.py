"""What this database's play-by-e-mail ledger holds about one campaign, read once per command
(``Ledger.mail``, issue 48 item 1): the agreed set-up, the side it plays, the files exchanged with
their envelopes and our dice secrets, the forks and withdrawals, the shuffle passes and our
shuffle secrets (fair mode), and our order held for the dice (strict dice).

A command of ``campaign.app.mail`` reads it once and passes it down; what a write changed is
applied to the value (``imported``, ``forked``) instead of reading the ledger again.
"""

from __future__ import annotations

from msgspec import Struct, field
from msgspec.structs import replace

from campaign.records.ledger_rows import (
    FairPass,
    FairSecret,
    PbemEnvelope,
    PbemFile,
    PbemFork,
    PbemPlayer,
    PbemSetup,
    PbemWithdrawal,
    StrictPending,
)


class MailRecord(Struct, frozen=True):
    """The ledger of campaign ``name`` as one value (files, passes: oldest first)."""

    name: str
    setup: PbemSetup | None = None
    player: PbemPlayer | None = None
    files: tuple[PbemFile, ...] = ()
    secrets: dict[int, str] = field(default_factory=dict)
    envelopes: dict[int, PbemEnvelope] = field(default_factory=dict)
    forks: tuple[PbemFork, ...] = ()
    withdrawals: tuple[PbemWithdrawal, ...] = ()
    passes: tuple[FairPass, ...] = ()
    fair_secret: FairSecret | None = None
    held: StrictPending | None = None

    @property
    def last(self) -> PbemFile | None:
        """The last file sent or received."""
        return self.files[-1] if self.files else None

    def secret(self, exchange: int) -> str | None:
        """Our own secret committed in file ``exchange`` (None if that file was not ours)."""
        return self.secrets.get(exchange)

    def imported(
        self,
        record: PbemFile,
        envelope: PbemEnvelope,
        *,
        setup: PbemSetup | None,
        player: PbemPlayer | None,
        fair: tuple[FairPass | FairSecret, ...],
        answered: bool,
    ) -> MailRecord:
        """This record once ``Ledger.commit_import`` stored what its arguments say."""
        passes = {row.exchange: row for row in self.passes}
        secret = self.fair_secret
        for row in fair:
            if isinstance(row, FairSecret):
                secret = row
            else:
                passes.setdefault(row.exchange, row)
        return replace(
            self,
            setup=self.setup if setup is None else setup,
            player=self.player if player is None else player,
            files=(*self.files, record),
            envelopes={**self.envelopes, record.exchange: envelope},
            passes=tuple(passes[number] for number in sorted(passes)),
            fair_secret=secret,
            held=None if answered else self.held,
        )

    def forked(self, exchange: int) -> MailRecord:
        """This record without our crossed branch from file ``exchange`` on (a resolved fork
        drops those files, secrets, envelopes and passes, and an order held for the dice)."""
        return replace(
            self,
            files=tuple(f for f in self.files if f.exchange < exchange),
            secrets={n: s for n, s in self.secrets.items() if n < exchange},
            envelopes={n: e for n, e in self.envelopes.items() if n < exchange},
            passes=tuple(p for p in self.passes if p.exchange < exchange),
            held=None,
        )
