"""Where a unit is: a stellar hex or surface box of a system, aboard another unit, not yet on
the map, or out of play, and the text form of each (``hex:SYS``, ``box:SYS``, ``on:UNIT``,
``unplaced``, ``eliminated``) used by orders, reports and the position text.

A leaf module: ``state`` and ``position`` both read it (``state`` re-exports the names).
"""

from collections.abc import Callable
from enum import StrEnum

from campaign.rules.model import FrozenModel


class Where(StrEnum):
    """Kind of a unit's location."""

    HEX = "hex"  # the stellar hex of ``system``
    BOX = "box"  # the planetary surface box of ``system``
    CARRIED = "carried"  # cargo of unit ``carrier`` (transport, mothership)
    UNPLACED = "unplaced"  # bought/produced, not yet on the map
    ELIMINATED = "eliminated"  # destroyed or removed from play


class Location(FrozenModel, frozen=True, kw_only=True):
    """Where a unit is. ``system`` is set for HEX/BOX, ``carrier`` for CARRIED."""

    where: Where
    system: str | None = None
    carrier: str | None = None

    @classmethod
    def hex(cls, system: str) -> "Location":
        """The stellar hex of ``system``."""
        return cls(where=Where.HEX, system=system)

    @classmethod
    def box(cls, system: str) -> "Location":
        """The planetary surface box of ``system``."""
        return cls(where=Where.BOX, system=system)

    @classmethod
    def carried(cls, carrier: str) -> "Location":
        """Aboard unit ``carrier``."""
        return cls(where=Where.CARRIED, carrier=carrier)

    @classmethod
    def unplaced(cls) -> "Location":
        """Bought or produced but not on the map."""
        return cls(where=Where.UNPLACED)

    @classmethod
    def eliminated(cls) -> "Location":
        """Out of play."""
        return cls(where=Where.ELIMINATED)

    @property
    def on_map(self) -> bool:
        """True for a stellar hex or a surface box."""
        return self.where in (Where.HEX, Where.BOX)

    def in_words(
        self, system_name: Callable[[str], str], unit_name: Callable[[str], str] = str
    ) -> str:
        """This place as a sentence says it, with its preposition: "in the stellar hex of
        Halden", "in the surface box of Halden", "aboard S-TR-2", "unplaced" (``system_name``
        and ``unit_name`` name a system and a carrier as the reader knows them)."""
        if self.where is Where.HEX:
            return f"in the stellar hex of {system_name(self.system or '?')}"
        if self.where is Where.BOX:
            return f"in the surface box of {system_name(self.system or '?')}"
        if self.where is Where.CARRIED:
            return f"aboard {unit_name(self.carrier or '?')}"
        return self.where.value

    def to_text(self) -> str:
        """Canonical text: ``hex:SYS``, ``box:SYS``, ``on:UNIT``, ``unplaced``, ``eliminated``."""
        if self.where in (Where.HEX, Where.BOX):
            return f"{self.where.value}:{self.system}"
        if self.where is Where.CARRIED:
            return f"on:{self.carrier}"
        return self.where.value

    @classmethod
    def parse(cls, text: str) -> "Location":
        """Inverse of ``to_text``; ``ValueError`` on anything else."""
        head, _colon, tail = text.partition(":")
        if head in ("hex", "box") and tail:
            return cls(where=Where(head), system=tail)
        if head == "on" and tail:
            return cls.carried(tail)
        if text in ("unplaced", "eliminated"):
            return cls(where=Where(text))
        # the order's reader suggests the places of a system the bare word is close to
        # (``notation``: only it knows the map)
        raise ValueError(
            f"bad location {text!r}: expected hex:SYSTEM, box:SYSTEM, on:UNIT or unplaced"
        )
