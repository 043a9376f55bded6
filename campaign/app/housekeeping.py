"""Housekeeping of a database's campaigns (issue 45 item 6): list them, delete one, and rebuild
one from its log alone.

``rebuild`` is for a referee who suspects a damaged snapshot, and for anyone who wants the one
truth checked: the state is replayed from the first event without any snapshot, every old
snapshot is dropped, and a fresh one (sealed by this machine) is written from the replay. The
log itself is never changed.
"""

from __future__ import annotations

from msgspec import Struct

from campaign.app.campaigns import Campaigns, Loaded
from campaign.records.chain import verify_exchanged
from campaign.rules.acting import side_to_act, who_must_act
from campaign.rules.errors import CampaignError
from campaign.rules.sequence import FLOW
from campaign.rules.views import view_digest
from campaign.store.ledger import exchanged_heads


class CampaignSummary(Struct, frozen=True):
    """One line of ``campaign list``: where a campaign stands, or why it cannot be opened."""

    name: str
    layout: str = ""
    dice_mode: str = ""
    events: int = 0
    turn: int = 0
    step: str = ""
    acting: str = ""  # the side whose step it is
    #: the side the game waits for (``rules.acting.side_to_act``; None once it is over)
    to_act: str | None = None
    problem: str | None = None  # the refusal of loading it (changed data, damaged log)


class Rebuilt(Struct, frozen=True):
    """What ``rebuild`` did: the campaign replayed from its log, the snapshots dropped."""

    loaded: Loaded
    dropped: int  # snapshots there were before
    digest: str  # the state digest of the replay, as `campaign status` shows it


class Housekeeping(Campaigns):
    """List, delete and rebuild the campaigns of one database."""

    def summaries(self) -> list[CampaignSummary]:
        """Every campaign by name, each loaded (hash chain verified) to tell where it stands."""
        return [self._summary(name) for name in self.store.campaigns()]

    def _summary(self, name: str) -> CampaignSummary:
        try:
            loaded = self.load(name)
        except CampaignError as error:
            return CampaignSummary(name, problem=error.message)
        state = loaded.state
        # whom the game waits for, as `campaign status` says it (found by use, December 7,
        # late night: "aslan to act" while the Solomani named a unit, or after the game ended)
        to_act = side_to_act(state, who_must_act(state, loaded.ruleset))
        return CampaignSummary(
            name,
            loaded.row.layout,
            loaded.dice_mode,
            loaded.head.seq,
            state.turn,
            FLOW[state.step].label,
            state.acting.value,
            to_act.value if to_act is not None else None,
        )

    def event_count(self, name: str) -> int:
        """How many events the log of ``name`` holds (``CampaignNotFoundError`` if none)."""
        self.store.campaign(name)
        return self.store.head(name).seq

    def delete(self, name: str) -> None:
        """Remove ``name`` with its whole log, snapshots and play-by-e-mail records."""
        self.store.delete_campaign(name)

    def rebuild(self, name: str) -> Rebuilt:
        """Replay ``name`` from its first event without snapshots, drop the old snapshots and
        write a fresh one at the head from the replay. A log cut short after a turn file it
        exchanged is refused first (``TamperedLogError``), changing nothing: a fresh snapshot
        must not be taken of it."""
        dropped = self.store.snapshot_count(name)
        loaded = self.load(name, use_snapshot=False)
        verify_exchanged(name, loaded.rows, exchanged_heads(self.store, name))
        self.store.drop_snapshots(name)
        if loaded.head.seq:
            self.snapshot(loaded)
        # the digest `campaign status` prints: of the player's view in his own database by
        # e-mail, of the whole state for the referee (DN-NEU-1)
        return Rebuilt(loaded, dropped, view_digest(loaded.state, self.reader(name, None)))
