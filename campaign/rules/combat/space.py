"""Space combat, one round at a time (DN-CBT-1..10).

A round is: fighters launch or recover (``launch_fighters``), the range roll (``roll_range``), the
chooser picks the range, targets are assigned (``assignment``), fire is resolved
(``resolve_round``) and finally each side may withdraw (``withdraw``), defender first. Each step is
a pure function of the battle, the decisions and the dice; every die roll carries its purpose.
"""

from collections.abc import Iterable

from msgspec.structs import force_setattr

from campaign.rules.combat.assignment import Engagement, NotInBattle, check_assignment
from campaign.rules.combat.crt import below_table, combine, fire_result
from campaign.rules.combat.dice import Dice, Roll
from campaign.rules.combat.model import Battle, Combatant, Range, Value, Weapon
from campaign.rules.dice import MissingDiceError, RerollNeedsDice
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import CombatResult, Side
from campaign.rules.ruleset import CombatTable

#: A mothership carries at most three fighters (DN-MOV-7, DN-CBT-8).
CARRIER_CAPACITY = 3
#: Safety stop for a dice source that keeps producing ties.
MAX_RANGE_ATTEMPTS = 100


class RangeRoll(Value, frozen=True, kw_only=True):
    """The range roll of one round: each side's die and +1, and who chooses (DN-CBT-1)."""

    rolls: tuple[Roll, ...]
    totals: tuple[tuple[Side, int], ...]
    chooser: Side


def range_bonus(battle: Battle, side: Side) -> int:
    """+1 for the side with fewer ships; fighters are not counted (DN-CBT-1, DN-CBT-10)."""
    own, other = battle.ship_count(side), battle.ship_count(battle.enemy_of(side))
    return 1 if own < other else 0


def roll_range(battle: Battle, dice: Dice, *, tie_reroll: bool = True) -> RangeRoll:
    """Roll for range: each side 1d6, fewer ships +1, higher total chooses (DN-CBT-1).

    A tie is re-rolled when the house switch ``range_tie_reroll`` is on; with it off the
    defender chooses on a tie [house].
    """
    rolls: list[Roll] = []
    totals: list[tuple[Side, int]] = []
    for attempt in range(1, MAX_RANGE_ATTEMPTS + 1):
        purposes = [
            f"range {battle.system} round {battle.round + 1} {side} try {attempt}"
            for side in battle.sides
        ]
        tied, totals = totals, []
        for side, purpose in zip(battle.sides, purposes, strict=True):
            try:
                die = dice.roll(purpose)
            except MissingDiceError:
                if attempt == 1:
                    raise
                raise _tie_needs_dice(battle, tied, purposes) from None
            rolls.append(Roll(purpose=purpose, value=die))
            totals.append((side, die + range_bonus(battle, side)))
        (d_side, d_total), (a_side, a_total) = totals
        if d_total != a_total or not tie_reroll:
            chooser = a_side if a_total > d_total else d_side
            return RangeRoll(rolls=tuple(rolls), totals=tuple(totals), chooser=chooser)
    raise ValueError(f"range roll at {battle.system}: {MAX_RANGE_ATTEMPTS} ties in a row")


def _tie_needs_dice(
    battle: Battle, tied: list[tuple[Side, int]], purposes: list[str]
) -> RerollNeedsDice:
    """Typed dice that tied ran out before the re-roll (DN-CBT-1): name the tie and the dice."""
    scores = ", ".join(f"{side} {total}" for side, total in tied)
    return RerollNeedsDice(
        "DN-CBT-1", f"range tie at {battle.system} ({scores}): the range is rolled again", purposes
    )


def preferred_range(battle: Battle, side: Side, face_down: frozenset[str]) -> Range:
    """The automatic range choice: where ``side``'s total factor against the enemy's is best,
    counting only what both players can see; ties go to long range.

    Used for the neutrals (DN-NEU-2) and by the forecast. The range chosen is seen by every
    player, so a face-down counter (its uid in ``face_down``) counts for nothing, on either
    side: by its real factors the choice would tell a beam monitor from a missile one
    (DN-NEU-1). With only face-down counters for the neutrals the tie gives long range.
    """

    def total(of: Side, weapon: Weapon) -> int:
        return sum(u.factor(weapon) for u in battle.fighting(of) if u.uid not in face_down)

    def score(weapon: Weapon) -> float:
        return total(side, weapon) / (total(battle.enemy_of(side), weapon) + 1)

    return Range.SHORT if score(Weapon.BEAM) > score(Weapon.MISSILE) else Range.LONG


def check_fighter_bases(battle: Battle) -> None:
    """Every fighter has a base and no mothership carries more than three (DN-CBT-8)."""
    load: dict[str, int] = {}
    for unit in battle.units:
        if not unit.fighter:
            continue
        if unit.carrier is None:
            if unit.side not in battle.friendly_box:
                raise IllegalOrderError(
                    "DN-CBT-8", f"fighter {unit.uid} has no base: no mothership and no friendly box"
                )
            continue
        carrier = _find(battle, unit.carrier)
        if carrier is None or carrier.side != unit.side:
            raise IllegalOrderError("DN-CBT-8", f"fighter {unit.uid}: no mothership {unit.carrier}")
        load[unit.carrier] = load.get(unit.carrier, 0) + 1
        if load[unit.carrier] > CARRIER_CAPACITY:
            raise IllegalOrderError(
                "DN-CBT-8", f"mothership {unit.carrier} carries more than {CARRIER_CAPACITY}"
            )


def _find(battle: Battle, uid: str) -> Combatant | None:
    """The combatant ``uid`` or ``None``."""
    try:
        return battle.unit(uid)
    except KeyError:
        return None


def launch_fighters(battle: Battle, side: Side, launched: Iterable[str]) -> Battle:
    """Set which fighters of ``side`` fly this round; the others are recovered (DN-CBT-8/9).

    Fighters of a disrupted mothership are disrupted too (DN-CBT-8).
    """
    named = list(launched)
    twice = sorted({uid for uid in named if named.count(uid) > 1})
    if twice:  # found by use, December 7, night: a list naming a unit twice was taken as once
        raise IllegalOrderError("DN-CBT-8", f"{', '.join(twice)} is named twice")
    chosen = set(named)
    fighters = {u.uid for u in battle.side_units(side) if u.fighter}
    unknown = chosen - fighters
    if unknown:
        raise IllegalOrderError(
            "DN-CBT-8", f"not fighters of {side} in this battle: {', '.join(sorted(unknown))}"
        )
    units = tuple(
        u.model_copy(update={"launched": u.uid in chosen}) if u.uid in fighters else u
        for u in battle.units
    )
    return _sync_fighters(battle.model_copy(update={"units": units}))


def _sync_fighters(battle: Battle) -> Battle:
    """Fighters whose mothership is disrupted are disrupted too (DN-CBT-8)."""
    disrupted = {u.uid for u in battle.units if u.disrupted}
    units = tuple(
        u.model_copy(update={"disrupted": True})
        if u.fighter and u.carrier in disrupted and not u.disrupted
        else u
        for u in battle.units
    )
    return battle.model_copy(update={"units": units})


class RoundPlan(Value, frozen=True, kw_only=True):
    """Every decision for one round of fire.

    ``return_targets`` names, for a unit facing several enemies alone, the one it fires at.
    ``close_attacks`` (short range only) are units making a close attack on their target;
    ``short_missiles`` (short range only) are units firing missiles instead of beams (DN-CBT-5).
    ``multiple_targets`` are lone targets whose owner has their attackers resolved one at a time
    (DN-CBT-6, only with the optional rule switched on).
    """

    range: Range
    engagements: tuple[Engagement, ...]
    return_targets: dict[str, str] = {}
    close_attacks: tuple[str, ...] = ()
    short_missiles: tuple[str, ...] = ()
    multiple_targets: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """``short_missiles`` sorted and without repeats, whatever it was given as (a set until
        ADR 0055): the canonical JSON is the same in every process."""
        given = self.short_missiles
        if type(given) is not tuple or list(given) != sorted(set(given)):
            force_setattr(self, "short_missiles", tuple(sorted(set(given))))


class Shot(Value, frozen=True, kw_only=True):
    """One resolved shot with its die, as stored in the round event."""

    step: str  # "close", "return", "multiple", "fire"
    firer: str
    target: str
    weapon: Weapon
    factor: int
    defence: int
    roll: Roll | None  # None: the odds are below the table, no die is needed
    modifier: int
    result: CombatResult


class FighterFate(Value, frozen=True, kw_only=True):
    """A launched fighter whose mothership was destroyed (DN-CBT-9)."""

    uid: str
    returned_to_box: bool


class RoundResult(Value, frozen=True, kw_only=True):
    """Everything that happened in one round of fire."""

    round: int
    range: Range
    shots: tuple[Shot, ...]
    effects: dict[str, CombatResult]
    silenced: tuple[str, ...] = ()  # short-missile firers destroyed by a close attack first
    fighters: tuple[FighterFate, ...] = ()


def engagement_targets(battle: Battle, plan: RoundPlan) -> dict[str, str]:
    """Who fires at whom: the many fire at the single; the single at its chosen one (DN-CBT-3)."""
    targets: dict[str, str] = {}
    for engagement in plan.engagements:
        single, many = _single_and_many(engagement)
        for uid in many:
            targets[uid] = single
        choice = plan.return_targets.get(single, many[0])
        if choice not in many:
            raise IllegalOrderError("DN-CBT-3", f"{single} can only fire at {', '.join(many)}")
        targets[single] = choice
    return targets


def _single_and_many(engagement: Engagement) -> tuple[str, tuple[str, ...]]:
    """The lone unit of an engagement and the units facing it (1-vs-1: the defender is lone)."""
    if len(engagement.defenders) == 1:
        return engagement.defenders[0], engagement.attackers
    return engagement.attackers[0], engagement.defenders


def check_plan(battle: Battle, plan: RoundPlan, *, multiple_targets_rule: bool) -> None:
    """Reject a plan that breaks DN-CBT-3/5/6 before any die is rolled."""
    check_assignment(battle, plan.engagements)
    singles = {_single_and_many(e)[0]: _single_and_many(e)[1] for e in plan.engagements}
    for uid in plan.return_targets:
        if uid not in singles or len(singles[uid]) < 2:
            raise IllegalOrderError("DN-CBT-3", f"{uid} does not face several units")
    if plan.range is Range.LONG and (plan.close_attacks or plan.short_missiles):
        raise IllegalOrderError(
            "DN-CBT-5", "close attacks and short-range missiles need short range"
        )
    for uid in (*plan.close_attacks, *plan.short_missiles):
        if _find(battle, uid) is None:
            raise NotInBattle("DN-CBT-5", uid, battle)
    if len(set(plan.close_attacks)) != len(plan.close_attacks):
        raise IllegalOrderError("DN-CBT-5", "a unit can make only one close attack per round")
    if plan.multiple_targets and not multiple_targets_rule:
        raise IllegalOrderError("DN-CBT-6", "the optional rule 'multiple targets' is not in use")
    targets = engagement_targets(battle, plan)
    for uid in plan.multiple_targets:
        if uid not in singles or len(singles[uid]) < 2:
            raise IllegalOrderError("DN-CBT-6", f"{uid} is not attacked by several units")
        if uid in plan.return_targets:
            raise IllegalOrderError("DN-CBT-6", f"{uid} resolves one at a time: it cannot pick")
        involved = {uid, *singles[uid]}
        if any(c in involved or targets[c] in involved for c in plan.close_attacks):
            raise IllegalOrderError(
                "DN-CBT-6", f"{uid} resolves one at a time: no close attacks in that engagement"
            )


class _Fire:
    """Mutable bookkeeping of one round's resolution (local to ``resolve_round``)."""

    def __init__(self, battle: Battle, table: CombatTable, dice: Dice, plan: RoundPlan) -> None:
        self.battle = battle
        self.table = table
        self.dice = dice
        self.plan = plan
        self.start = {u.uid: u.disrupted for u in battle.units}
        self.hits: dict[str, list[CombatResult]] = {}
        self.fired: set[str] = set()
        self.shots: list[Shot] = []

    def weapon(self, uid: str) -> Weapon:
        """Missiles at long range; beams at short range unless firing short-range missiles."""
        if self.plan.range is Range.LONG or uid in self.plan.short_missiles:
            return Weapon.MISSILE
        return Weapon.BEAM

    def status(self, uid: str) -> CombatResult:
        """The effect of the hits taken so far in this round on ``uid``."""
        return combine(self.hits.get(uid, []), self.start[uid])

    def shoot(
        self,
        step: str,
        firer: str,
        target: str,
        weapon: Weapon,
        *,
        firer_disrupted: bool,
        target_disrupted: bool,
    ) -> None:
        """Resolve one shot (no die is rolled for a zero factor) and note its result."""
        self.fired.add(firer)
        shooter, victim = self.battle.unit(firer), self.battle.unit(target)
        factor = shooter.factor(weapon)
        if factor <= 0:
            return
        modifier = -1 if firer_disrupted else 0
        if below_table(self.table, factor, victim.defence):
            self.shots.append(
                Shot(
                    step=step,
                    firer=firer,
                    target=target,
                    weapon=weapon,
                    factor=factor,
                    defence=victim.defence,
                    roll=None,
                    modifier=modifier,
                    result=CombatResult.NO_EFFECT,
                )
            )
            return
        purpose = f"{step} {self.battle.system} round {self.battle.round + 1} {firer}>{target}"
        die = self.dice.roll(purpose)
        result = fire_result(
            self.table,
            factor,
            victim.defence,
            die,
            firer_disrupted=firer_disrupted,
            target_disrupted=target_disrupted,
        )
        self.hits.setdefault(target, []).append(result)
        self.shots.append(
            Shot(
                step=step,
                firer=firer,
                target=target,
                weapon=weapon,
                factor=factor,
                defence=victim.defence,
                roll=Roll(purpose=purpose, value=die),
                modifier=modifier,
                result=result,
            )
        )


def resolve_round(
    battle: Battle,
    plan: RoundPlan,
    table: CombatTable,
    dice: Dice,
    *,
    multiple_targets_rule: bool = False,
    fighters_return_to_box: bool = True,
) -> tuple[RoundResult, Battle]:
    """Resolve one round of fire and return its result and the battle after it.

    Order: close attacks with defensive beam fire (DN-CBT-5); then lone targets resolved one
    attacker at a time (DN-CBT-6); then everybody else fires. All results take effect at the end
    of the round (DN-CBT-4), except that a unit firing short-range missiles that is destroyed by
    the close attack against it does not fire (DN-CBT-5).
    """
    check_plan(battle, plan, multiple_targets_rule=multiple_targets_rule)
    targets = engagement_targets(battle, plan)
    fire = _Fire(battle, table, dice, plan)
    silenced = _close_attacks(fire, targets)
    for lone in plan.multiple_targets:
        _one_at_a_time(fire, plan, lone)
    for unit in battle.units:
        if unit.in_combat and unit.uid not in fire.fired:
            target = targets[unit.uid]
            fire.shoot(
                "fire",
                unit.uid,
                target,
                fire.weapon(unit.uid),
                firer_disrupted=fire.start[unit.uid],
                target_disrupted=fire.start[target],
            )
    effects = {
        uid: fire.status(uid) for uid in fire.hits if fire.status(uid) is not CombatResult.NO_EFFECT
    }
    after, fates = apply_effects(battle, effects, fighters_return_to_box=fighters_return_to_box)
    result = RoundResult(
        round=battle.round + 1,
        range=plan.range,
        shots=tuple(fire.shots),
        effects=effects,
        silenced=silenced,
        fighters=fates,
    )
    return result, after.model_copy(update={"round": battle.round + 1})


def _close_attacks(fire: _Fire, targets: dict[str, str]) -> tuple[str, ...]:
    """Close attacks and the target's defensive fire with its full beam (DN-CBT-5)."""
    plan = fire.plan
    for attacker in plan.close_attacks:
        target = targets[attacker]
        fire.shoot(
            "close",
            attacker,
            target,
            Weapon.BEAM,
            firer_disrupted=fire.start[attacker],
            target_disrupted=fire.start[target],
        )
        if target not in fire.fired and target not in plan.short_missiles:
            fire.shoot(
                "return",
                target,
                attacker,
                Weapon.BEAM,
                firer_disrupted=fire.start[target],
                target_disrupted=fire.start[attacker],
            )
    silenced = []
    for attacker in plan.close_attacks:
        target = targets[attacker]
        missile_firer = target in plan.short_missiles and target not in fire.fired
        if missile_firer and fire.status(target) is CombatResult.DESTROYED:
            fire.fired.add(target)
            silenced.append(target)
    return tuple(silenced)


def _one_at_a_time(fire: _Fire, plan: RoundPlan, lone: str) -> None:
    """Multiple targets (DN-CBT-6): attackers one by one, return fire up to maintenance times.

    The results of each exchange apply at once to the two units in it; the sequence stops when
    the lone unit is destroyed or its attackers run out; after its returns are used up it is only
    fired upon.
    """
    attackers = next(m for e in plan.engagements for s, m in [_single_and_many(e)] if s == lone)
    returns = fire.battle.unit(lone).maintenance
    for attacker in attackers:
        if fire.status(lone) is CombatResult.DESTROYED:
            fire.fired.add(attacker)
            continue
        lone_disrupted = fire.status(lone) is not CombatResult.NO_EFFECT
        attacker_disrupted = fire.start[attacker]
        fire.shoot(
            "multiple",
            attacker,
            lone,
            fire.weapon(attacker),
            firer_disrupted=attacker_disrupted,
            target_disrupted=lone_disrupted,
        )
        if returns > 0:
            returns -= 1
            fire.shoot(
                "multiple",
                lone,
                attacker,
                fire.weapon(lone),
                firer_disrupted=lone_disrupted,
                target_disrupted=attacker_disrupted,
            )
    fire.fired.add(lone)


def apply_effects(
    battle: Battle, effects: dict[str, CombatResult], *, fighters_return_to_box: bool = True
) -> tuple[Battle, tuple[FighterFate, ...]]:
    """Apply the round's results: X removes, D disrupts; fighters follow their mothership.

    A launched fighter whose mothership is destroyed returns to a friendly surface box of the
    system if its side has one and the house switch allows it, otherwise it is lost (DN-CBT-9);
    fighters still aboard are lost with it.
    """
    destroyed = {uid for uid, r in effects.items() if r is CombatResult.DESTROYED}
    fates: list[FighterFate] = []
    units: list[Combatant] = []
    for unit in battle.units:
        if unit.uid in destroyed:
            continue
        if unit.fighter and unit.carrier in destroyed:
            home = fighters_return_to_box and unit.launched and unit.side in battle.friendly_box
            fates.append(FighterFate(uid=unit.uid, returned_to_box=home))
            continue
        if effects.get(unit.uid) is CombatResult.DISRUPTED:
            unit = unit.model_copy(update={"disrupted": True})
        units.append(unit)
    return _sync_fighters(battle.model_copy(update={"units": tuple(units)})), tuple(fates)


def withdraw(battle: Battle, side: Side, destination: str, legal: Iterable[str]) -> Battle:
    """``side`` withdraws all its units to ``destination`` (DN-CBT-7).

    ``legal`` are the destinations the movement rules allow: one jump along a route to a system
    without enemy warships, or ``"box"`` for the own surface box.
    """
    options = set(legal)
    if destination not in options:
        allowed = ", ".join(sorted(options)) or "none"
        raise IllegalOrderError(
            "DN-CBT-7", f"{side} cannot withdraw to {destination}; possible: {allowed}"
        )
    remaining = tuple(u for u in battle.units if u.side != side)
    return battle.model_copy(update={"units": remaining})
