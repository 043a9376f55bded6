"""Who is where, as the movement rules see it: blockers (DN-MOV-3), tankers, hostility.

``Presence`` indexes the state once per decision or query (one pass over the units), so the path
search asks "does an enemy blocking unit stand in this system?" in constant time.
"""

from __future__ import annotations

from collections import defaultdict

from msgspec import Struct, field

from campaign.rules.errors import KindHidden
from campaign.rules.ids import Side, UnitCategory, UnitFlag
from campaign.rules.ruleset import HouseRules, Ruleset, UnitType
from campaign.rules.state import CampaignState, Unit, Where

#: Categories that move under their own power (fighters ride motherships, DN-MOV-7).
SELF_PROPELLED: frozenset[UnitCategory] = frozenset({UnitCategory.SHIP, UnitCategory.MONITOR})


def hostile(side: Side, other: Side) -> bool:
    """True when units of ``other`` are enemies of ``side``; neutrals are hostile to both players
    (a third side, DN-NEU-2), conscripted neutrals are owned by their ally."""
    return side is not other


def blocks(unit_type: UnitType, *, carried: bool, rules: HouseRules) -> bool:
    """DN-MOV-3: does a unit of this type stop enemy jump movement?

    Warships (scouts and explorers included) block; auxiliaries (transports, tankers,
    motherships) and carried units (fighters aboard a mothership, cargo) do not. Monitors and PD
    block as the house switch ``monitors_and_pd_block`` says. Ground units never block.
    """
    if carried:
        return False
    if unit_type.category in (UnitCategory.MONITOR, UnitCategory.PD):
        return rules.monitors_and_pd_block
    if unit_type.category in (UnitCategory.SHIP, UnitCategory.FIGHTER):
        return not unit_type.has(UnitFlag.AUXILIARY)
    return False


def is_tanker(unit_type: UnitType) -> bool:
    """Tankers refuel friendly ships in type 3 systems (DN-MOV-4)."""
    return unit_type.has(UnitFlag.TANKER)


class Placed(Struct, frozen=True):
    """One unit on the map as the movement rules see it."""

    unit: Unit
    unit_type: UnitType | None  # None: a face-down counter no machine has opened (fair mode)
    system_id: str
    in_box: bool
    carried: bool


class Presence(Struct):
    """Units on the map indexed by system (one pass over ``state.units``)."""

    ruleset: Ruleset
    by_system: dict[str, list[Placed]] = field(default_factory=lambda: defaultdict(list))

    @classmethod
    def of(cls, state: CampaignState, ruleset: Ruleset) -> Presence:
        """Index every unit in play; cargo is where its carrier is."""
        types = {unit_type.kind: unit_type for unit_type in ruleset.units}
        presence = cls(ruleset)
        for unit in state.units.values():
            where = unit.location.where
            if where in (Where.ELIMINATED, Where.UNPLACED):
                continue
            carried = where is Where.CARRIED
            location = state.position_of(unit.id) if carried else unit.location
            if not location.on_map or location.system is None:
                continue
            presence.by_system[location.system].append(
                Placed(
                    unit,
                    types.get(unit.kind),
                    location.system,
                    location.where is Where.BOX,
                    carried,
                )
            )
        return presence

    def at(self, system_id: str) -> list[Placed]:
        """Everything in ``system_id`` (stellar hex, surface box and cargo)."""
        return self.by_system.get(system_id, [])

    def blockers(
        self, side: Side, system_id: str, *, face_down: bool | None = None
    ) -> list[Placed]:
        """Units hostile to ``side`` that stop its jump movement in ``system_id`` (DN-MOV-2/3);
        ``face_down`` True/False: only face-down / face-up counters. Asking whether a counter
        whose kind no machine knows blocks raises ``KindHidden`` (fair mode, ADR 0028)."""
        rules = self.ruleset.house_rules
        placed = [
            p for p in self.at(system_id) if face_down is None or p.unit.face_down is face_down
        ]
        unknown = tuple(p.unit.id for p in placed if p.unit_type is None)
        if unknown and rules.monitors_and_pd_block:  # a monitor or a PD would block
            raise KindHidden(unknown)  # (the other neutral kinds never do: no reveal needed)
        return [
            p
            for p in placed
            if hostile(side, p.unit.owner)
            and p.unit_type is not None
            and blocks(p.unit_type, carried=p.carried, rules=rules)
        ]

    def face_down(self, system_id: str) -> bool:
        """True when a face-down neutral counter stands in ``system_id`` (DN-NEU-1): anyone can
        see that it is there, nobody what it is."""
        return any(p.unit.face_down for p in self.at(system_id))

    def tankers(self, side: Side, system_id: str) -> list[Placed]:
        """Friendly tankers of ``side`` in the stellar hex of ``system_id``."""
        return [
            p
            for p in self.at(system_id)
            if p.unit.owner is side
            and not p.in_box
            and not p.carried
            and p.unit_type is not None
            and is_tanker(p.unit_type)
        ]

    def box_units(self, system_id: str) -> list[Placed]:
        """Units standing directly in the surface box of ``system_id`` (cargo excluded)."""
        return [p for p in self.at(system_id) if p.in_box and not p.carried]
