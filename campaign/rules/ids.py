"""Identifiers and enumerations shared by the whole rules engine."""

from __future__ import annotations

from enum import IntEnum, StrEnum


class Side(StrEnum):
    """A side of the campaign. Neutrals are a third, non-player side (DN-NEU-*)."""

    ASLAN = "aslan"
    SOLOMANI = "solomani"
    NEUTRAL = "neutral"

    @property
    def enemy(self) -> Side:
        """The opposing player side (neutrals have no single enemy)."""
        if self is Side.ASLAN:
            return Side.SOLOMANI
        if self is Side.SOLOMANI:
            return Side.ASLAN
        raise ValueError("neutrals have no single enemy side")


PLAYER_SIDES: tuple[Side, Side] = (Side.ASLAN, Side.SOLOMANI)

#: Who gives orders, as the first word of an order names them: the two players and the referee.
ORDER_GIVERS: tuple[str, str, str] = (Side.ASLAN.value, Side.SOLOMANI.value, "referee")


class UnitCategory(StrEnum):
    """What kind of counter a unit type is (DN-DATA-1)."""

    SHIP = "ship"  # starships with beam-missile-defence[maintenance]
    FIGHTER = "fighter"  # carried by motherships, cannot move on its own (DN-MOV-7)
    MONITOR = "monitor"  # neutral ships that cannot jump (DN-DATA-3)
    GROUND = "ground"  # RT, JT, AT: a ground strength
    PD = "pd"  # planetary defence marker: a PD defence value


class UnitFlag(StrEnum):
    """Special abilities printed or implied on a counter."""

    AUXILIARY = "auxiliary"  # does not block jump movement (DN-MOV-3)
    TANKER = "tanker"  # refuels in type 3 systems (DN-MOV-4)
    TRANSPORT = "transport"  # carries one ground unit or PD (DN-MOV-7)
    CARRIER = "carrier"  # mothership: up to three fighters (DN-MOV-7, DN-CBT-8)
    JUMP_TROOPS = "jump_troops"  # may drop from orbit (DN-INT-4)
    EXPLORER = "explorer"  # may explore unexplored routes (DN-NEB-1)
    SCOUT = "scout"  # may explore at -1 (DN-NEB-1)
    NO_JUMP = "no_jump"  # monitors (DN-DATA-3)
    REFIT = "refit"  # Solomani refit B2: special maintenance costs (DN-ECO-7)


class SystemType(IntEnum):
    """Stellar hex types (DN-MAP-2)."""

    PRIMARY = 1
    SECONDARY = 2
    TERTIARY = 3


class Mark(StrEnum):
    """Surface-box marks (DN-MAP-3)."""

    STAR = "star"
    CIRCLE = "circle"
    TRIANGLE = "triangle"


class TableLabel(StrEnum):
    """Provenance of a data table (DN-DATA-4). House values are never presented as official."""

    HOUSE = "house"
    OFFICIAL = "official"


class CombatResult(StrEnum):
    """Results on every combat table (DN-CBT-4)."""

    NO_EFFECT = "-"
    DISRUPTED = "D"
    DESTROYED = "X"


#: The ``kind`` of a face-down neutral counter whose kind is hidden: what a player's view shows
#: (``views.player_view``) and, followed by the counter's id, what a fair-mode state holds for
#: a counter nobody's machine has opened yet (``fairplay.hidden_kind``, ADR 0028).
HIDDEN_KIND = "neutral:?"


def kind_code(kind: str) -> str:
    """A unit kind as orders name it: ``aslan:RT-5`` -> ``RT-5`` (``produce RT-5``, ``buy
    CL``); a kind without its side stays as it is. A refusal names a kind so, not by its
    inner id or code (found by use, December 7: "3 RT (regular troops) counter(s)" for RT-5)."""
    return kind.partition(":")[2] or kind
