"""Reading a campaign for a viewer: this layer loads the campaign once and decides whose eyes
read it (``Sight``); the read side (``campaign.views``) builds what the viewer sees from it.

Every command that reads a campaign starts from one ``Sight`` (``Reading.sight``; the command
line's ``campaign.cli.handlers.common.read``), hands its parts to a pure view and prints the
view's model: docs/index.md, "Where to put a new ...".
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from msgspec import Struct

from campaign.app import authority
from campaign.app.campaigns import STRICT_DICE, Campaigns, Loaded, parse_stored
from campaign.records.rows import StoredEvent
from campaign.rules.acting import Duty
from campaign.rules.base import Event
from campaign.rules.ids import Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.seats import Seat
from campaign.rules.state import CampaignState
from campaign.rules.views import Seen, see
from campaign.views.status import Status, status

if TYPE_CHECKING:
    from campaign.views.log import LogLine, StoryEntry


class Sight(Struct, frozen=True, dict=True):
    """One campaign as one viewer reads it, loaded once (its log verified): what a read
    command gives a view. ``viewer`` None is the referee; ``held`` is the one duty while an
    order waits for strict dice (issue 46 item 5: nothing else may be given until they come);
    ``gives``: whether the seat that reads may give the viewer's orders on this database
    (``authority.may_give``: not a player's seat on the other player's database by e-mail),
    so that a view lists no order it would be refused."""

    loaded: Loaded
    viewer: Side | None
    held: Duty | None = None
    gives: bool = True

    @property
    def name(self) -> str:
        return self.loaded.row.name

    @property
    def state(self) -> CampaignState:
        return self.loaded.state

    @property
    def ruleset(self) -> Ruleset:
        return self.loaded.ruleset

    @property
    def seq(self) -> int:
        """The last event of the verified log."""
        return self.loaded.head.seq

    @property
    def rows(self) -> list[StoredEvent]:
        """The verified log the state was folded from."""
        return self.loaded.rows

    @property
    def dice_mode(self) -> str:
        return self.loaded.dice_mode

    @cached_property
    def seen(self) -> Seen:
        """What the viewer sees: the one thing a view of this campaign is given (issue 41)."""
        return see(self.loaded.state, self.viewer)

    @cached_property
    def events(self) -> list[Event]:
        """The events of ``rows`` (parsed on first use: only the log's views need them)."""
        return parse_stored(self.loaded.rows, self.name)


class Reading(Campaigns):
    """A campaign as a viewer may read it: ``sight``, and the status, log and story built on
    it for the front ends that keep no campaign open."""

    def sight(self, name: str, side: Side | None = None) -> Sight:
        """``name`` loaded once, for the eyes ``reader`` chooses: ``side`` if named, else the
        side a player's own database plays, else the referee (docs/seats.md)."""
        loaded = self.load(name)
        viewer = self.reader(name, side)
        gives = viewer is None or authority.may_give(Seat.of(side), self.reader(name, None), viewer)
        return self._sight(loaded, viewer, gives=gives)

    def _sight(self, loaded: Loaded, viewer: Side | None, *, gives: bool = True) -> Sight:
        return Sight(loaded, viewer, self.held_duty(loaded), gives)

    def held_duty(self, loaded: Loaded) -> Duty | None:
        """The wait for strict dice as the one duty, or None (no order is held): what
        ``campaign status`` and the campaign screen's header name while an order of this
        database waits for the other side's dice contribution (issue 46 item 5)."""
        if loaded.dice_mode != STRICT_DICE:
            return None
        # loaded only for a campaign with strict dice (issue 47 item 2: `status` without it)
        from campaign.app import strict_dice

        wait = strict_dice.waiting(self.store.ledger, loaded.row.name)
        if wait is None or wait.side is None:
            return None
        return Duty(Side(wait.side), (), wait.sentence, "DN-ERR-1", own_reason=wait.own_sentence)

    def status(self, name: str, viewer: Side | None = None) -> Status:
        """``campaign status`` as ``viewer`` (None: the referee) reads it:
        ``views.status.status``."""
        sight = self._sight(self.load(name), viewer)
        return status(sight.name, sight.seen, sight.ruleset, seq=sight.seq, held=sight.held)

    def log(self, name: str, viewer: Side | None = None) -> list[LogLine]:
        """The verified log, one line per order batch (``views.log.log_lines``), read without
        folding it (the TUI's Log tab)."""
        from campaign.views.log import log_lines  # the log's code: not needed by a status

        self.store.campaign(name)
        rows = self.store.rows(name)
        self.store.verify_rows(name, rows)
        return log_lines(rows, parse_stored(rows, name), self.store.dice_mode(name), viewer)

    def story(
        self,
        name: str,
        *,
        viewer: Side | None = None,
        first_seq: int = 1,
        last_seq: int | None = None,
    ) -> list[StoryEntry]:
        """The verified log as sentences (``views.log.story``): the TUI's Log tab, the report
        of an imported turn file."""
        from campaign.views.log import story  # the log's sentences: not needed by a status

        loaded = self.load(name)  # the log it read is verified: no second read
        return story(
            loaded.rows,
            parse_stored(loaded.rows, name),
            loaded.ruleset,
            loaded.dice_mode,
            viewer=viewer,
            first_seq=first_seq,
            last_seq=last_seq,
        )
