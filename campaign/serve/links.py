"""The secret links of a served campaign: one per seat and one for the public table view.

A link's token is 128 random bits (``secrets``), made when ``campaign serve`` starts and kept
only in the server's memory: stopping the server revokes every link, and the next run prints new
ones. One seat's link is revoked while the server runs with ``revoke SEAT`` typed in its
terminal (``SeatLinks.revoke``): the old token opens nothing any more, the seat's open screens
are closed, and the seat gets a new link. A token is looked up in constant time per seat
(``hmac.compare_digest``), so the answer time does not tell how much of a guessed token was
right.
"""

from __future__ import annotations

import hmac
import secrets
import shlex
import sys

from msgspec import Struct

from campaign.rules.ids import PLAYER_SIDES

#: Random bytes of a token (128 bits, 22 URL-safe characters).
TOKEN_BYTES = 16
#: The longest token looked at (anything longer is refused before it is compared).
MAX_TOKEN_CHARS = 64
#: The seat name of the public table view (what both sides may see, no orders).
TABLE = "table"


class SeatLink(Struct, frozen=True):
    """One link: the seat it opens (``referee``, a side's name, or ``table``) and its token;
    ``plays``: the side the served database plays by e-mail (a player's own database), if
    any, which changes what the referee's and the other side's links open (``title``)."""

    seat: str
    token: str
    plays: str | None = None

    @property
    def path(self) -> str:
        """The link's path on the server."""
        return f"/seat/{self.token}"

    def title(self) -> str:
        """What the link opens, as the terminal lists it. On a player's own database by
        e-mail the referee's seat is its owner's, who sees what his side sees, and the other
        side's orders come in turn files (docs/seats.md): its links say so (found by use,
        December 8: the referee's link said "sees everything" and opened the player's view)."""
        plays = self.plays
        if self.seat == "referee":
            if plays is not None:
                return (
                    f"referee (this database plays {plays} by e-mail: its owner's screen, "
                    f"which sees what {plays} sees; keep this link to yourself)"
                )
            return "referee (sees everything: keep this link to yourself)"
        if self.seat == TABLE:
            return "table view (what both sides may see; no orders: for a big screen)"
        if plays is not None and self.seat != plays:
            return (
                f"{self.seat} player (this database plays {plays} by e-mail: {self.seat}'s "
                f"orders come in {self.seat}'s turn files; this screen only shows the game)"
            )
        return f"{self.seat} player"

    def command(self, campaign: str, db_url: str) -> str:
        """The shell command of this seat's screen: the TUI as this seat, on this campaign
        and database (each word quoted; nothing of it comes from the browser)."""
        words = [
            sys.executable,
            "-m",
            "campaign",
            "tui",
            campaign,
            "--db",
            db_url,
            "--one-campaign",
        ]
        if self.seat == TABLE:
            words.append("--table")
        elif self.seat != "referee":
            words += ["--side", self.seat]
        return shlex.join(words)


class SeatLinks:
    """The links of one run of the server (see the module)."""

    def __init__(self, tokens: dict[str, str] | None = None, *, plays: str | None = None) -> None:
        """``plays``: the side the served database plays by e-mail (``SeatLink.plays``)."""
        seats = ["referee", *(side.value for side in PLAYER_SIDES), TABLE]
        tokens = tokens or {seat: secrets.token_urlsafe(TOKEN_BYTES) for seat in seats}
        self.links = [SeatLink(seat, tokens[seat], plays) for seat in seats]

    @property
    def seats(self) -> list[str]:
        """The seats, in the order the links are printed."""
        return [link.seat for link in self.links]

    def revoke(self, seat: str) -> SeatLink:
        """Revoke ``seat``'s link: its token opens nothing from now on; the seat's new link
        (a new token). ``KeyError`` for a seat that has no link."""
        index = self.seats.index(seat) if seat in self.seats else -1
        if index < 0:
            raise KeyError(seat)
        self.links[index] = SeatLink(
            seat, secrets.token_urlsafe(TOKEN_BYTES), self.links[index].plays
        )
        return self.links[index]

    def find_seat(self, seat: str) -> SeatLink:
        """``seat``'s link now."""
        return self.links[self.seats.index(seat)]

    def find(self, token: str) -> SeatLink | None:
        """The link whose token is ``token``; None for a wrong or revoked one."""
        if not token or len(token) > MAX_TOKEN_CHARS:
            return None
        found = None
        for link in self.links:  # every token compared: the time says nothing
            if hmac.compare_digest(link.token.encode(), token.encode()):
                found = link
        return found
