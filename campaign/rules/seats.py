"""Seats: who is looking at a campaign and who is acting on it (architecture property 9).

A **seat** is the referee, or one player side. Every use case of ``campaign.app`` is called *as*
a seat; the front ends (CLI ``--side``/``--as``, a side's TUI, a turn file's import) only say
which seat they are. What a seat may *do* is decided once, in ``campaign.app.authority``; what a
seat may *see* is decided once, by the hiding rule (``campaign.rules.views.see``), which turns
the true state into the seat's ``Seen`` state.

The referee (``Seat.referee()``, ``side`` None) sees everything and may do everything; a side's
seat sees what that player may see (DN-NEU-1) and may give, undo, preview and export only that
side's own orders and files.
"""

from __future__ import annotations

from msgspec import Struct

from campaign.rules.ids import PLAYER_SIDES, Side


class Seat(Struct, frozen=True):
    """The referee (``side`` None) or one player side."""

    side: Side | None = None

    def __post_init__(self) -> None:
        if self.side is not None and self.side not in PLAYER_SIDES:
            raise ValueError(
                f"no player sits at {self.side.value!r}: a seat is the referee or a player side"
            )

    @classmethod
    def referee(cls) -> Seat:
        """The referee's seat: sees everything, may do everything (overrides included)."""
        return cls(None)

    @classmethod
    def of(cls, side: Side | str | None) -> Seat:
        """The seat of ``side`` (a ``Side``, its name, or None for the referee)."""
        if side is None or isinstance(side, Side):
            return cls(side)
        return cls(Side(side))

    @property
    def is_referee(self) -> bool:
        """True for the referee's seat."""
        return self.side is None

    @property
    def name(self) -> str:
        """``referee`` or the side's name (``aslan``)."""
        return "referee" if self.side is None else self.side.value

    def speaks_for(self, side: Side | None) -> bool:
        """True when this seat may act for ``side`` (None: the referee's own orders): the
        referee for everyone, a player for his own side only."""
        return self.side is None or side is self.side

    def __str__(self) -> str:
        return self.name


#: The referee's seat (a constant for defaults and tests).
REFEREE = Seat.referee()
