"""Where a side may withdraw to after a round (DN-CBT-7).

One jump along a route to a system without enemy warships, or into the own surface box
(``"box"``). [house] The own surface box is open when the side controls it or it is empty of
enemy ground forces; fuel limits of DN-MOV-4 are left to the movement rules.
"""

from __future__ import annotations

from campaign.rules.ids import Side, UnitCategory, UnitFlag
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Where

BOX = "box"


def _enemy_warships_at(state: CampaignState, ruleset: Ruleset, side: Side, system: str) -> bool:
    """True when a hostile warship (not an auxiliary) is in the stellar hex of ``system``."""
    for unit in state.units.values():
        if unit.owner is side:
            continue
        place = unit.location
        if place.where is not Where.HEX or place.system != system:
            continue
        unit_type = ruleset.unit_type(unit.kind)
        if unit_type.category in (UnitCategory.SHIP, UnitCategory.MONITOR) and not unit_type.has(
            UnitFlag.AUXILIARY
        ):
            return True
    return False


def _box_open(state: CampaignState, ruleset: Ruleset, side: Side, system: str) -> bool:
    """The own surface box: no hostile ground forces or PD in it."""
    for unit in state.units.values():
        place = unit.location
        if unit.owner is side or place.where is not Where.BOX or place.system != system:
            continue
        if ruleset.unit_type(unit.kind).category in (UnitCategory.GROUND, UnitCategory.PD):
            return False
    return True


def withdrawal_destinations(
    state: CampaignState, ruleset: Ruleset, side: Side, system: str
) -> list[str]:
    """Systems one route away without enemy warships, plus ``"box"`` when the box is open."""
    options = []
    for route in ruleset.star_map.routes_from(system):
        other = route.b if route.a == system else route.a
        if not _enemy_warships_at(state, ruleset, side, other):
            options.append(other)
    if _box_open(state, ruleset, side, system):
        options.append(BOX)
    return sorted(options)
