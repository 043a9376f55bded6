"""Reading the odds-column results tables (DN-CBT-4, DN-INT-4, DN-GND-2).

The tables themselves are data (``data/tables/*.csv``, loaded into ``CombatTable``); this module
adds the combat rules around a lookup: die modifiers, clamping, and "a D on a disrupted ship is an
X". It is the only place that turns (factor, defence, die) into a result, so the resolver and the
forecast cannot disagree.
"""

from __future__ import annotations

from campaign.rules.ids import CombatResult
from campaign.rules.ruleset import BELOW_TABLE, CombatTable

DIE_FACES = (1, 2, 3, 4, 5, 6)

#: Die modifier of a disrupted firer (DN-CBT-4; also a disrupted bombarding ship, DN-INT-4).
DISRUPTED_MODIFIER = -1

#: Die modifier of PD fire at a disrupted ship (DN-INT-4, "disrupted targets -1" [IMP]). The
#: rule makes a disrupted ship *more* vulnerable; the project's tables rise in the firer's favour
#: (a higher die is a better result), so on them the modifier is +1 (issue 16).
DISRUPTED_TARGET_MODIFIER = +1


def clamp_die(value: int) -> int:
    """Modified die rolls stay on the table: 1..6 (``CombatTable`` contract)."""
    return max(1, min(6, value))


def table_result(table: CombatTable, attack: int, defence: int, die: int) -> CombatResult:
    """The raw table entry for ``attack`` against ``defence`` with the (modified) ``die``."""
    return table.lookup(attack, defence, clamp_die(die))


def below_table(table: CombatTable, attack: int, defence: int) -> bool:
    """True when the odds are left of the first column: no effect, so no die is rolled."""
    return attack <= 0 or table.column_for(attack, defence).startswith(BELOW_TABLE)


def escalate(result: CombatResult, target_disrupted: bool) -> CombatResult:
    """A ``D`` on a target that is already disrupted becomes ``X`` (DN-CBT-4)."""
    if result is CombatResult.DISRUPTED and target_disrupted:
        return CombatResult.DESTROYED
    return result


def fire_result(
    table: CombatTable,
    attack: int,
    defence: int,
    die: int,
    *,
    firer_disrupted: bool = False,
    target_disrupted: bool = False,
) -> CombatResult:
    """One shot: table lookup with the disrupted-firer modifier, then escalation (DN-CBT-4)."""
    modifier = DISRUPTED_MODIFIER if firer_disrupted else 0
    return escalate(table_result(table, attack, defence, die + modifier), target_disrupted)


def combine(results: list[CombatResult], disrupted_before: bool) -> CombatResult:
    """The effect on one target of every result it took in one simultaneous step.

    Any ``X`` destroys; a ``D`` on a ship disrupted before the step destroys (DN-CBT-4); two or more
    ``D`` in the same step also destroy [house reading: the second ``D`` finds it disrupted].
    """
    hits = [r for r in results if r is not CombatResult.NO_EFFECT]
    if not hits:
        return CombatResult.NO_EFFECT
    if CombatResult.DESTROYED in hits or disrupted_before or len(hits) > 1:
        return CombatResult.DESTROYED
    return CombatResult.DISRUPTED


def single_engagement_odds(
    table: CombatTable,
    attack: int,
    defence: int,
    *,
    firer_disrupted: bool = False,
    target_disrupted: bool = False,
) -> dict[CombatResult, float]:
    """Exact probability of ``-``/``D``/``X`` for one shot, over the six faces of 1d6."""
    counts = dict.fromkeys(CombatResult, 0)
    for die in DIE_FACES:
        result = fire_result(
            table,
            attack,
            defence,
            die,
            firer_disrupted=firer_disrupted,
            target_disrupted=target_disrupted,
        )
        counts[result] += 1
    return {result: count / len(DIE_FACES) for result, count in counts.items()}
