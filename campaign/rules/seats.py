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

from typing import Any

from campaign.rules.ids import PLAYER_SIDES, Side


class Seat:
    """The referee (``side`` None) or one player side: an immutable value (equal and hashed by
    its side). A plain class, not a msgspec Struct: shell completion asks the seat which orders
    it may type on every Tab, and importing msgspec was a tenth of that answer (issue 47)."""

    __slots__ = ("side",)
    side: Side | None

    def __init__(self, side: Side | None = None) -> None:
        if side is not None and side not in PLAYER_SIDES:
            raise ValueError(
                f"no player sits at {side.value!r}: a seat is the referee or a player side"
            )
        object.__setattr__(self, "side", side)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a seat is immutable: cannot set {name!r}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seat) and other.side is self.side

    def __hash__(self) -> int:
        return hash((Seat, self.side))

    def __repr__(self) -> str:
        return f"Seat({self.side!r})"

    def __reduce__(self) -> tuple[type[Seat], tuple[Side | None]]:
        return (Seat, (self.side,))  # copies and pickles are made through the constructor

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
