"""What every part of the TUI's session shares: the service, the loaded campaign, who looks,
and following the campaign live.

``CampaignSession`` (``campaign.tui.session``) is built from this core and one part per
responsibility: the questions the tabs ask (``session_play``), the log (``session_log``), the
turn files (``session_mail``) and the orders (``session``). The loaded campaign is kept
between writes: an order folds its events into it (``Campaigns.append``), an undo returns the
campaign it left (``OrderReport.loaded``), and after an import or an export only the orders
stored since are read and folded (``Campaigns.caught_up``), never the whole log again.
"""

from __future__ import annotations

from campaign.app import CampaignService, CampaignState, Loaded, Ruleset
from campaign.app.live import Follower
from campaign.rules.ids import Side
from campaign.rules.seats import Seat
from campaign.views.play import Seen, see, seen_text


class SessionCore:
    """An open campaign: keeps the loaded state between orders, like the service's ``submit``."""

    def __init__(self, service: CampaignService, name: str, viewer: Side | None = None) -> None:
        self.service = service
        self.name = name
        #: Who looks: ``None`` the referee (everything), else one player (DN-NEU-1).
        self.viewer = viewer
        #: Who acts: the screen's seat; what it may do is decided by the app
        #: (``campaign.app.authority``), never here.
        self.seat = Seat.of(viewer)
        self.loaded: Loaded = service.load(name)
        #: The database watch of a screen that follows the campaign live (``follow``).
        self._follower: Follower | None = None
        #: Writes the watch has heard (``catch_up``), the campaign changed or not: a turn
        #: file exported elsewhere stores no event, only its exchange record, and the screen
        #: shows it by this count (found by use, December 7, evening).
        self.writes_heard = 0

    # --- following the campaign live (issue 43 item 1)

    def follow(self) -> None:
        """Start watching the database for writes by anyone (``campaign.app.live``); a
        screen calls ``catch_up`` several times a second after this."""
        if self._follower is None:
            self._follower = Follower(self.service.store, self.name)

    def catch_up(self) -> bool:
        """Fold in what another screen, the CLI or an import stored since this session loaded
        the campaign; True when there was something (the screen redraws). Cheap when nothing
        was written: the watch reads no table; after a write, only the new orders are read."""
        if self._follower is None or not self._follower.heard():
            return False
        self.writes_heard += 1
        return self.fold_stored()

    def fold_stored(self) -> bool:
        """Bring the loaded campaign up to the stored one (``Campaigns.caught_up``: the orders
        appended since are read alone and folded; a full load only when the stored log does
        not continue the held one); True when it changed."""
        current = self.service.caught_up(self.loaded)
        if current is None:
            return False
        self.loaded = current
        return True

    def close(self) -> None:
        """Stop following (the screen closes): the watch's connection is released."""
        if self._follower is not None:
            self._follower.close()
            self._follower = None

    def reload(self) -> None:
        """Load the campaign again from the store (after a rejected write)."""
        self.loaded = self.service.load(self.name)

    # --- what every part reads

    @property
    def state(self) -> CampaignState:
        """The current campaign state (the fold of the stored log)."""
        return self.loaded.state

    @property
    def ruleset(self) -> Ruleset:
        """The pinned ruleset of the campaign."""
        return self.loaded.ruleset

    def system_name(self, system_id: str | None) -> str:
        """Display name of a system id (the id itself if unknown)."""
        if system_id is None:
            return "-"
        try:
            return self.ruleset.star_map.system(system_id).name
        except KeyError:
            return system_id

    @property
    def view_name(self) -> str:
        """Whose view the screen shows: ``referee's view`` or ``aslan's view``."""
        return f"{self.viewer.value}'s view" if self.viewer is not None else "referee's view"

    def seen(self, text: str) -> str:
        """``text`` as the viewer may read it (a neutral counter by its alias, DN-NEU-1)."""
        return seen_text(text, self.state, self.viewer)

    @property
    def sight(self) -> Seen:
        """What this screen's seat sees of the campaign now: every view is given this, never
        the state itself (issue 41: a view's signature takes a ``Seen``)."""
        return see(self.state, self.viewer)
