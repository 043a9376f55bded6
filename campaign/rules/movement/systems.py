"""Friendly and non-friendly systems for loading and unloading (DN-MOV-5).

The seed text defines a *friendly* system as one with a friendly unit in its surface box or any
system of the own home section, and a *non-friendly* one as one with enemy or neutral units in
the surface box or an enemy home-section system with no friendly unit. The two overlap (enemy
units in an own home-section box) and leave a gap (an empty box outside both home sections), so
the engine decides in this order:

1. a friendly unit stands in the surface box → friendly;
2. an enemy or neutral unit stands there → non-friendly;
3. a system of the own home section → friendly;
4. a system of the enemy home section → non-friendly;
5. otherwise (empty box, no home section) → open: nothing there to bombard or to fire PD, so it
   is treated like a friendly system for the timing of loading and unloading.
"""

from __future__ import annotations

from enum import StrEnum

from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.movement.presence import Presence, hostile
from campaign.rules.ruleset import Ruleset


class SystemStatus(StrEnum):
    """How a system counts for ``side`` under DN-MOV-5."""

    FRIENDLY = "friendly"
    NON_FRIENDLY = "non-friendly"
    OPEN = "open"

    @property
    def unload_any_time(self) -> bool:
        """True when cargo may be loaded/unloaded at any time (not only in interaction)."""
        return self is not SystemStatus.NON_FRIENDLY


def system_status(
    presence: Presence, ruleset: Ruleset, side: Side, system_id: str
) -> tuple[SystemStatus, str]:
    """The DN-MOV-5 status of ``system_id`` for ``side`` and the reason, as a short phrase."""
    system = ruleset.star_map.system(system_id)
    box = presence.box_units(system_id)
    own = [p.unit.id for p in box if p.unit.owner is side]
    if own:
        return SystemStatus.FRIENDLY, f"{own[0]} stands in the surface box of {system.name}"
    others = [p.unit for p in box if hostile(side, p.unit.owner)]
    if others:
        who = "neutral" if others[0].owner is Side.NEUTRAL else "enemy"
        return (
            SystemStatus.NON_FRIENDLY,
            f"{who} unit {others[0].id} stands in the surface box of {system.name}",
        )
    star_map = ruleset.star_map
    if side in PLAYER_SIDES and star_map.home_section(side) == system.section:
        return SystemStatus.FRIENDLY, f"{system.name} is in the {side.value} home section"
    if side in PLAYER_SIDES and star_map.home_section(side.enemy) == system.section:
        return (
            SystemStatus.NON_FRIENDLY,
            f"{system.name} is in the {side.enemy.value} home section with no {side.value} unit "
            "in its surface box",
        )
    return SystemStatus.OPEN, f"the surface box of {system.name} is empty"
