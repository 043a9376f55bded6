"""Following a campaign live: is what a screen shows still the campaign as stored? (issue 43)

A screen (a TUI, a browser seat) keeps a ``Loaded`` campaign between orders. Another screen,
the CLI or an import may append to the same campaign meanwhile, in this process, another one,
or on another machine using the same PostgreSQL server. ``Follower`` answers, several times a
second and cheaply, whether anyone wrote: the store's change watch (a pragma or the
notifications received: no query of the log). Only then does the screen ask
``Campaigns.caught_up``, which compares the campaign's head (one row) with the head the screen
was drawn from and reads just the orders appended since.

``stale_order`` is the check made just before an order is decided: the head asked directly,
so an order typed in the moment between a write and the screen's next look is refused too
(and nothing is stored), never decided on the old state.
"""

from __future__ import annotations

from campaign.app.campaigns import Loaded
from campaign.records.rows import Head
from campaign.rules.errors import ConflictError
from campaign.store.changes import ChangeWatch
from campaign.store.repository import Store

#: The rule a refused order on a screen behind the stored campaign names.
STALE_RULE = "DN-ERR-1"


class Follower:
    """Watches the database of one campaign (or, without a name, the whole database: the
    launcher's list of campaigns) for writes by anyone (see the module)."""

    def __init__(self, store: Store, name: str = "") -> None:
        self.name = name
        self._watch: ChangeWatch = store.watch()

    def heard(self) -> bool:
        """True when anyone wrote to the database since the last call (reads no table)."""
        return self._watch.changed()

    def close(self) -> None:
        """Release the watch's connection."""
        self._watch.close()


def stale_order(loaded: Loaded, stored: Head) -> ConflictError | None:
    """The refusal of an order typed on a screen drawn from ``loaded`` when the campaign stored
    is at ``stored`` (another screen, the CLI or an import wrote meanwhile); None when the
    screen is current."""
    if stored == loaded.head:
        return None
    return ConflictError(
        f"{STALE_RULE}: the campaign changed on another screen (event {loaded.head.seq} → "
        f"event {stored.seq}) before this order was sent; nothing was stored. The screen now "
        "shows the campaign as it stands: check the order and send it again"
    )
