"""Surface (ground) combat in a planetary surface box (DN-GND-1, DN-GND-2).

Judged from the units in the box at the start of the sub-phase:

- DN-GND-1: a side with only non-ground units (ships) facing an enemy with ground forces or PD
  loses at once: all its units in the box are removed, however many.
- DN-GND-2: otherwise two sides with ground forces fight one round: each side's total strength
  (PD included) against the enemy total on ``ground_crt``, one die each. [house] A ``D`` makes the
  enemy remove one unit, an ``X`` half its units in the box (rounded up); the owner chooses which
  (``losses`` preference), else its weakest units go first. Losses are counted among, and taken
  from, the ground units and PD that made up the strength: ships in the box and the fighters
  aboard them are neither counted nor removed (issue 16).
"""

from collections.abc import Sequence

from campaign.rules.combat.crt import below_table, table_result
from campaign.rules.combat.dice import Dice, Roll
from campaign.rules.combat.model import Value, ranked_as_seen
from campaign.rules.combat.surface import BoxUnit
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import CombatResult, Side
from campaign.rules.ruleset import CombatTable


class GroundRoll(Value, frozen=True, kw_only=True):
    """One side's roll in a ground combat round."""

    side: Side
    attack: int
    defence: int
    roll: Roll | None
    result: CombatResult
    losses: int  # units the enemy must remove


class GroundResult(Value, frozen=True, kw_only=True):
    """The outcome of ground combat between two sides in one box."""

    system: str
    sides: tuple[Side, Side]
    rule: str  # "DN-GND-1" or "DN-GND-2"
    rolls: tuple[GroundRoll, ...]
    removed: tuple[str, ...]


def units_lost(result: CombatResult, unit_count: int) -> int:
    """[house] How many units a ground result removes: D one, X half (rounded up)."""
    if result is CombatResult.DESTROYED:
        return min(unit_count, max(1, (unit_count + 1) // 2))
    if result is CombatResult.DISRUPTED:
        return min(unit_count, 1)
    return 0


def _weakest_first(units: Sequence[BoxUnit]) -> list[BoxUnit]:
    """Default loss order: non-ground units, then weakest ground strength, then uid; a
    face-down counter by nothing it is (``ranked_as_seen``): which unit a loss removes is seen,
    and the neutrals' losses are always taken in this order (DN-NEU-1)."""
    return ranked_as_seen(units, lambda u: (u.is_ground, u.strength, u.uid), lambda u: u.face_down)


def ground_forces(units: Sequence[BoxUnit]) -> list[BoxUnit]:
    """The units whose strength counts in DN-GND-2 and which alone take its losses: ground
    units and PD markers (not ships, nor fighters aboard them)."""
    return [u for u in units if u.is_ground]


def choose_losses(units: Sequence[BoxUnit], count: int, preference: Sequence[str]) -> list[str]:
    """The ``count`` units removed: the owner's ``preference`` first, then weakest first."""
    own = {u.uid for u in units}
    for uid in preference:
        if uid not in own:
            raise IllegalOrderError(
                "DN-GND-2",
                f"{uid} is not one of the owner's ground units or PD in the box: losses come "
                "from the units that made up the strength",
            )
    chosen = [uid for uid in dict.fromkeys(preference)][:count]
    for unit in _weakest_first(units):
        if len(chosen) >= count:
            break
        if unit.uid not in chosen:
            chosen.append(unit.uid)
    return chosen


def fights_in_box(units: Sequence[BoxUnit], a: Side, b: Side) -> bool:
    """True when ``a`` and ``b`` both have units in the box and one has ground forces or PD."""
    present = {u.side for u in units}
    grounded = {u.side for u in units if u.is_ground}
    return a in present and b in present and bool(grounded & {a, b})


def resolve_ground(
    system: str,
    units: Sequence[BoxUnit],
    sides: tuple[Side, Side],
    table: CombatTable,
    dice: Dice,
    losses: dict[Side, Sequence[str]] | None = None,
) -> GroundResult:
    """Ground combat between ``sides`` in one box (DN-GND-1, DN-GND-2)."""
    preference = losses or {}
    by_side = {side: [u for u in units if u.side == side] for side in sides}
    forces = {side: ground_forces(by_side[side]) for side in sides}
    for side, uids in preference.items():  # checked before any die is rolled (DN-ERR-1)
        choose_losses(forces.get(side, []), 0, uids)
    strength = {side: sum(u.strength for u in by_side[side] if u.is_ground) for side in sides}
    grounded = {side: any(u.is_ground for u in by_side[side]) for side in sides}
    first, second = sides
    if grounded[first] != grounded[second]:
        loser = second if grounded[first] else first
        return GroundResult(
            system=system,
            sides=sides,
            rule="DN-GND-1",
            rolls=(),
            removed=tuple(u.uid for u in by_side[loser]),
        )
    if not grounded[first]:
        return GroundResult(system=system, sides=sides, rule="DN-GND-2", rolls=(), removed=())
    rolls: list[GroundRoll] = []
    for side in sides:
        enemy = second if side == first else first
        attack, defence = strength[side], strength[enemy]
        if below_table(table, attack, defence):
            rolls.append(
                GroundRoll(
                    side=side,
                    attack=attack,
                    defence=defence,
                    roll=None,
                    result=CombatResult.NO_EFFECT,
                    losses=0,
                )
            )
            continue
        purpose = f"ground {system} {side}"
        die = dice.roll(purpose)
        result = table_result(table, attack, defence, die)
        rolls.append(
            GroundRoll(
                side=side,
                attack=attack,
                defence=defence,
                roll=Roll(purpose=purpose, value=die),
                result=result,
                losses=units_lost(result, len(forces[enemy])),
            )
        )
    removed: list[str] = []
    for roll in rolls:
        enemy = second if roll.side == first else first
        removed += choose_losses(forces[enemy], roll.losses, preference.get(enemy, ()))
    return GroundResult(
        system=system, sides=sides, rule="DN-GND-2", rolls=tuple(rolls), removed=tuple(removed)
    )
