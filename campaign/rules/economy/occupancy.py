"""Who is where, as the economy rules see it.

The economy needs only a small view of the game state: which units of which side stand in which
stellar hex or surface box. ``Piece`` is that view of one unit and ``Occupancy`` the per-system
summary the control, connection and victory rules read. Keeping the view this small lets the rules
be tested (and benchmarked) without a full game state; ``campaign.rules.economy.adapter`` builds
it from the engine's state.

A conscripted neutral unit acts as its ally's unit (DN-NEU-2), so its ``Piece.side`` is the ally.
"""

from __future__ import annotations

from collections.abc import Iterable

from msgspec import Struct, field

from campaign.rules.ids import Side, UnitCategory, UnitFlag
from campaign.rules.ruleset import UnitType

#: Categories of counters that are spacecraft (DN-DATA-1: they print beam-missile-defence[m]).
SPACECRAFT: frozenset[UnitCategory] = frozenset(
    {UnitCategory.SHIP, UnitCategory.FIGHTER, UnitCategory.MONITOR}
)
#: Categories that control a surface box (DN-ECO-1: "ground forces or PD").
GROUND_OR_PD: frozenset[UnitCategory] = frozenset({UnitCategory.GROUND, UnitCategory.PD})


def is_spacecraft(unit_type: UnitType) -> bool:
    """True for starships, fighters and monitors: the units that need maintenance (DN-ECO-7)."""
    return unit_type.category in SPACECRAFT


def controls_ground(unit_type: UnitType) -> bool:
    """True for ground forces and PD, the only units that control a box (DN-ECO-1)."""
    return unit_type.category in GROUND_OR_PD


def cuts_connection(unit_type: UnitType) -> bool:
    """True when an enemy unit of this type cuts a connection through its system (DN-ECO-3).

    The seed text excepts only tankers and transports (タンカーと輸送艦を除く敵宇宙艦), so
    motherships and fighters do cut connections even though they do not block movement
    (DN-MOV-3 is a different list).
    """
    return is_spacecraft(unit_type) and not (
        unit_type.has(UnitFlag.TANKER) or unit_type.has(UnitFlag.TRANSPORT)
    )


#: How a face-down neutral counter is named in reports: its id would name its kind (DN-NEU-1).
FACE_DOWN_PIECE = "face-down counter"


class Piece(Struct, frozen=True):
    """One unit on the map: its label (``CR#4``), the side it acts for, its type and place.

    ``system_id`` is ``None`` for a unit that is not on the map (an unplaced PD marker,
    DN-ECO-9). ``in_box`` is True in the planetary surface box, False in the stellar hex;
    ``carrier`` names the carrier of a unit aboard one (it stands where its carrier stands).
    """

    label: str
    side: Side
    unit_type: UnitType
    system_id: str | None
    in_box: bool = False
    disrupted: bool = False
    carrier: str | None = None  # the carrier it is aboard, if any (a fighter on its mothership)

    def describe(self) -> str:
        """A short phrase for reports: ``aslan CR#4 (stellar hex)``; cargo is named aboard its
        carrier, ``aslan A-F-1 (aboard A-MS-1)`` (found by use, December 8: fighters aboard a
        mothership were said to be in the stellar hex, which ``campaign units`` contradicted)."""
        if self.carrier is not None:
            return f"{self.side.value} {self.label} (aboard {self.carrier})"
        place = "surface box" if self.in_box else "stellar hex"
        return f"{self.side.value} {self.label} ({place})"


class SystemPresence(Struct):
    """What stands in one system, summarised for the economy rules."""

    ground_sides: set[Side] = field(default_factory=set)  # sides with ground/PD in the box
    cutters: dict[Side, list[Piece]] = field(default_factory=dict)  # DN-ECO-3 cutting craft
    tanker_sides: set[Side] = field(default_factory=set)  # sides with a tanker here
    hex_ship_sides: set[Side] = field(default_factory=set)  # sides with spacecraft in the hex


class Occupancy(Struct, frozen=True):
    """Per-system presence, built once from the pieces and shared by every economy rule."""

    by_system: dict[str, SystemPresence]
    # side -> the systems where it has ground forces/PD in the box, each once, in the order met
    # (the income report's boxes held without control, read without a pass over every system)
    ground_systems: dict[Side, list[str]] = field(default_factory=dict)

    @classmethod
    def from_pieces(cls, pieces: Iterable[Piece]) -> Occupancy:
        """Summarise ``pieces`` per system; pieces off the map are ignored."""
        by_system: dict[str, SystemPresence] = {}
        ground_systems: dict[Side, list[str]] = {}
        for piece in pieces:
            if piece.system_id is None:
                continue
            presence = by_system.get(piece.system_id)
            if presence is None:
                presence = by_system[piece.system_id] = SystemPresence()
            unit_type = piece.unit_type
            if controls_ground(unit_type):
                if piece.in_box and piece.side not in presence.ground_sides:
                    presence.ground_sides.add(piece.side)
                    ground_systems.setdefault(piece.side, []).append(piece.system_id)
                continue
            if not is_spacecraft(unit_type):
                continue
            if unit_type.has(UnitFlag.TANKER):
                presence.tanker_sides.add(piece.side)
            if cuts_connection(unit_type):
                presence.cutters.setdefault(piece.side, []).append(piece)
            if not piece.in_box:
                presence.hex_ship_sides.add(piece.side)
        return cls(by_system, ground_systems)

    def presence(self, system_id: str) -> SystemPresence | None:
        """The presence in ``system_id``, or ``None`` when the system is empty."""
        return self.by_system.get(system_id)

    def ground_sides(self, system_id: str) -> frozenset[Side]:
        """Sides with ground forces or PD in the surface box of ``system_id``."""
        presence = self.by_system.get(system_id)
        return frozenset(presence.ground_sides) if presence else frozenset()

    def hostile_cutters(self, system_id: str, side: Side) -> list[Piece]:
        """Craft of every side other than ``side`` that cut ``side``'s connections here.

        Unconscripted neutrals count: they defend against any intruder as a third side
        (DN-NEU-2), so their monitors cut both players' connections (docs/rules-economy.md).
        """
        presence = self.by_system.get(system_id)
        if presence is None or not presence.cutters:
            return []
        found: list[Piece] = []
        for other, pieces in presence.cutters.items():
            if other != side:
                found.extend(pieces)
        return found
