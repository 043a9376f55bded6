"""Fuel queries for the other areas (DN-MOV-4): who may leave a type 3 system when retreating.

Ships that ended their movement in a type 3 system together with a friendly tanker may, when
retreating in a later combat phase, leave it *with the tanker*. The combat rules ask
``can_retreat_from`` before accepting a withdrawal by jump (DN-CBT-7).
"""

from __future__ import annotations

from collections.abc import Iterable

from msgspec import Struct

from campaign.rules.ids import Side, SystemType, UnitCategory
from campaign.rules.movement.presence import Presence
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState

#: Blocking units that count as warships for withdrawal (PD markers do not, DN-CBT-7).
WARSHIP_CATEGORIES = frozenset({UnitCategory.SHIP, UnitCategory.FIGHTER, UnitCategory.MONITOR})


class RetreatVerdict(Struct, frozen=True):
    """The answer of ``can_retreat_from``: allowed or not, the rule and a sentence, and the
    friendly tankers in the stellar hex that the group may take along."""

    allowed: bool
    rule: str
    reason: str
    tankers: tuple[str, ...] = ()


def can_retreat_from(
    state: CampaignState,
    ruleset: Ruleset,
    side: Side,
    units: Iterable[str],
    system_id: str,
) -> RetreatVerdict:
    """May ``units`` of ``side`` leave ``system_id`` by jump when retreating? (DN-MOV-4)

    Outside type 3 systems: yes. In a type 3 system: only if a friendly tanker standing in the
    stellar hex goes with them (is among ``units``); the verdict names the tankers to include.
    """
    system = ruleset.star_map.system(system_id)
    group = list(units)
    if system.type is not SystemType.TERTIARY:
        return RetreatVerdict(True, "DN-MOV-4", f"{system.name} is not a type 3 system")
    tankers = tuple(p.unit.id for p in Presence.of(state, ruleset).tankers(side, system_id))
    if any(t in group for t in tankers):
        return RetreatVerdict(
            True, "DN-MOV-4", f"{', '.join(group)} leave {system.name} with their tanker", tankers
        )
    if tankers:
        return RetreatVerdict(
            False,
            "DN-MOV-4",
            f"{', '.join(group)} can leave {system.name} (type 3) only together with tanker "
            f"{' or '.join(tankers)}",
            tankers,
        )
    return RetreatVerdict(
        False,
        "DN-MOV-4",
        f"{', '.join(group)} cannot leave {system.name} (type 3): no friendly tanker is there",
    )
