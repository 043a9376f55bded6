"""Reading a campaign for a viewer: this layer loads the state and the log, the read side
(``campaign.views``) builds what the viewer sees."""

from __future__ import annotations

from campaign.app import strict_dice
from campaign.app.campaigns import Campaigns, parse_stored
from campaign.rules.acting import Duty
from campaign.rules.ids import Side
from campaign.views.log import LogLine, StoryEntry, log_lines, story
from campaign.views.status import Status, status


class Reading(Campaigns):
    """Status, log and story of a campaign as a viewer may read them."""

    def status(self, name: str, viewer: Side | None = None) -> Status:
        """``campaign status``: see ``views.status.status``."""
        loaded = self.load(name)
        found = status(name, loaded.state, loaded.ruleset, seq=loaded.head.seq, viewer=viewer)
        wait = (strict_dice.waiting(self.store.ledger, name)
                if loaded.dice_mode == strict_dice.MODE else None)
        if wait is not None and wait.side is not None:
            # an order held for strict dice: nothing else may be given until its dice come
            # back, so the wait is the one duty (issue 46 item 5) and no order is legal now
            found.duties = [Duty(Side(wait.side), (), wait.sentence, "DN-ERR-1")]
            found.legal, found.legal_other = [], []
        return found

    def log(self, name: str, viewer: Side | None = None) -> list[LogLine]:
        """The verified log, one line per order batch (``views.log.log_lines``)."""
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
        """The verified log as sentences (``views.log.story``): ``campaign log``, the report of
        an imported turn file."""
        loaded = self.load(name)  # the log it read is verified: no second read
        return story(loaded.rows, parse_stored(loaded.rows, name), loaded.ruleset,
                     loaded.dice_mode,
                     viewer=viewer, first_seq=first_seq, last_seq=last_seq)
