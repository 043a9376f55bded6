"""Forecasts: exact odds of one shot and a Monte Carlo estimate of a whole battle.

Both are pure and deterministic: the shot odds enumerate the six faces of the die on the results
table; the battle estimate draws from a ``random.Random(seed)`` it creates itself, so the same
battle, table, sample size and seed always give the same figures.

The battle simulation plays every round by the rules (range roll with +1 for fewer ships, fighters
not counted; missiles at long range, beams at short; the assignment protocol with leftovers
doubling up; simultaneous results, disrupted firers -1, ``D`` on disrupted = ``X``; fighters lost
with their mothership), with a fixed, documented policy for the choices players make:

- the range chooser picks the range at which its total firing factor compared with the enemy's
  is best, counting only the factors both players can see (``space.preferred_range``: the
  neutrals' own choice, DN-NEU-2; a face-down counter counts for nothing, DN-NEU-1);
- targets follow ``auto_assignment`` (strongest named and answered first, leftovers in turn;
  face-down counters after the others in the battle's order, ``assignment.policy_order``);
- no close attacks, no "multiple targets", no withdrawal, fighters stay launched;
- the battle ends as ``Battle.is_over`` says (a side has no unit left, or neither can fire),
  or after ``max_rounds``.

It is an estimate of what the table does to these fleets, not advice.
"""

import math
import random

from campaign.rules.combat.assignment import policy_order
from campaign.rules.combat.crt import single_engagement_odds
from campaign.rules.combat.model import Battle, Value
from campaign.rules.ids import CombatResult, Side, TableLabel
from campaign.rules.ruleset import CombatTable

#: z for a two-sided 95 % interval.
Z95 = 1.959964


class ShotOdds(Value, frozen=True, kw_only=True):
    """Exact probabilities of ``-``/``D``/``X`` for one shot (DN-CBT-4)."""

    attack: int
    defence: int
    firer_disrupted: bool
    target_disrupted: bool
    no_effect: float
    disrupted: float
    destroyed: float


def shot_odds(
    table: CombatTable,
    attack: int,
    defence: int,
    *,
    firer_disrupted: bool = False,
    target_disrupted: bool = False,
) -> ShotOdds:
    """Exact odds of one engagement shot, by enumerating the die (DN-CBT-4)."""
    odds = single_engagement_odds(
        table,
        attack,
        defence,
        firer_disrupted=firer_disrupted,
        target_disrupted=target_disrupted,
    )
    return ShotOdds(
        attack=attack,
        defence=defence,
        firer_disrupted=firer_disrupted,
        target_disrupted=target_disrupted,
        no_effect=odds[CombatResult.NO_EFFECT],
        disrupted=odds[CombatResult.DISRUPTED],
        destroyed=odds[CombatResult.DESTROYED],
    )


class Estimate(Value, frozen=True, kw_only=True):
    """A sample mean with its 95 % confidence interval."""

    mean: float
    low: float
    high: float


class BattleForecast(Value, frozen=True, kw_only=True):
    """Monte Carlo estimate of a battle: losses per side and who is left holding the system."""

    samples: int
    seed: int
    attacker: Side
    defender: Side
    attacker_losses: Estimate  # units destroyed (fighters included)
    defender_losses: Estimate
    defender_holds: Estimate  # defender has units left and the attacker none able to fire
    attacker_wins: Estimate  # the reverse
    mean_rounds: float
    table_label: TableLabel  # the simulated table's label: house values are said to be (DN-DATA-4)


def wilson(successes: int, samples: int) -> Estimate:
    """Proportion with its Wilson 95 % interval (good near 0 and 1)."""
    if samples == 0:
        return Estimate(mean=0.0, low=0.0, high=1.0)
    p = successes / samples
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * samples)) / (1 + z2 / samples)
    half = Z95 * math.sqrt(p * (1 - p) / samples + z2 / (4 * samples * samples))
    half /= 1 + z2 / samples
    return Estimate(mean=p, low=max(0.0, centre - half), high=min(1.0, centre + half))


def mean_interval(total: float, total_sq: float, samples: int) -> Estimate:
    """Sample mean with a normal-approximation 95 % interval."""
    if samples == 0:
        return Estimate(mean=0.0, low=0.0, high=0.0)
    mean = total / samples
    variance = max(0.0, total_sq / samples - mean * mean) * samples / max(1, samples - 1)
    half = Z95 * math.sqrt(variance / samples)
    return Estimate(mean=mean, low=mean - half, high=mean + half)


class _Setup:
    """The battle flattened into lists indexed by unit, with every shot's odds precomputed;
    ``face_down``: the uids of the face-down counters, whose factors the range choice does not
    count and which are named in the battle's order (the game's policy, DN-NEU-1)."""

    def __init__(self, battle: Battle, table: CombatTable, face_down: frozenset[str]) -> None:
        units = [u for u in battle.units if u.in_combat]
        self.units = units
        self.n = len(units)
        self.side = [0 if u.side == battle.defender else 1 for u in units]
        self.fighter = [u.fighter for u in units]
        index = {u.uid: i for i, u in enumerate(units)}
        self.carried = [(i, index[u.carrier]) for i, u in enumerate(units) if u.carrier in index]
        self.start_disrupted = [u.disrupted for u in units]
        self.can_fire = [u.can_fire for u in units]
        # factors[r][i]: r = 0 long (missile), 1 short (beam)
        self.factors = ([u.missile for u in units], [u.beam for u in units])
        # the factors the range choice counts: a face-down counter's count for nothing
        self.seen = tuple(
            [0 if u.uid in face_down else f[i] for i, u in enumerate(units)] for f in self.factors
        )
        order = [index[u.uid] for u in policy_order(units, face_down)]
        self.order = [[i for i in order if self.side[i] == s] for s in (0, 1)]
        cache: dict[tuple[int, int, bool, bool], tuple[float, float]] = {}
        # thresholds[r][firer_disrupted][target_disrupted][i][j] = (p_X, p_X + p_D)
        self.thresholds = [
            [
                [
                    [
                        [
                            _threshold(table, cache, self.factors[r][i], units[j].defence, fd, td)
                            for j in range(self.n)
                        ]
                        for i in range(self.n)
                    ]
                    for td in (False, True)
                ]
                for fd in (False, True)
            ]
            for r in (0, 1)
        ]


def _threshold(
    table: CombatTable,
    cache: dict[tuple[int, int, bool, bool], tuple[float, float]],
    attack: int,
    defence: int,
    firer_disrupted: bool,
    target_disrupted: bool,
) -> tuple[float, float]:
    """``(P(X), P(X or D))`` of one shot; ``(0, 0)`` for a unit that cannot fire."""
    key = (attack, defence, firer_disrupted, target_disrupted)
    if key not in cache:
        if attack <= 0:
            cache[key] = (0.0, 0.0)
        else:
            odds = single_engagement_odds(
                table,
                attack,
                defence,
                firer_disrupted=firer_disrupted,
                target_disrupted=target_disrupted,
            )
            p_x = odds[CombatResult.DESTROYED]
            cache[key] = (p_x, p_x + odds[CombatResult.DISRUPTED])
    return cache[key]


def _simulate(setup: _Setup, rng: random.Random, max_rounds: int) -> tuple[int, list[list[int]]]:
    """One battle; returns the rounds fought and the surviving unit indices per side.

    Side totals (factors per range as the range choice counts them, ships, units able to fire)
    are kept up to date as units die, so a round costs one pass over the shots.
    """
    rand = rng.random
    disrupted = list(setup.start_disrupted)
    defenders, attackers = list(setup.order[0]), list(setup.order[1])
    side, fighter, can_fire = setup.side, setup.fighter, setup.can_fire
    missile, beam = setup.seen
    carried = setup.carried
    thresholds = setup.thresholds
    long_tot = [sum(missile[i] for i in defenders), sum(missile[i] for i in attackers)]
    short_tot = [sum(beam[i] for i in defenders), sum(beam[i] for i in attackers)]
    ships = [sum(not fighter[i] for i in group) for group in (defenders, attackers)]
    firing = [sum(can_fire[i] for i in group) for group in (defenders, attackers)]
    rounds = 0
    while rounds < max_rounds and defenders and attackers and (firing[0] or firing[1]):
        rounds += 1
        while True:
            d_total = int(rand() * 6) + (ships[0] < ships[1])
            a_total = int(rand() * 6) + (ships[1] < ships[0])
            if d_total != a_total:
                break
        # the chooser takes the range where its total factor against the enemy's is best, as
        # both players see them (space.preferred_range)
        c = 0 if d_total > a_total else 1
        short = short_tot[c] / (short_tot[1 - c] + 1) > long_tot[c] / (long_tot[1 - c] + 1)
        table_r = thresholds[1 if short else 0]
        pairs = min(len(defenders), len(attackers))
        if len(defenders) > pairs:
            longer, shorter = defenders, attackers
        else:
            longer, shorter = attackers, defenders
        hit: dict[int, int] = {}
        for m in range(len(longer)):
            firer = longer[m]
            target = shorter[m] if m < pairs else shorter[(m - pairs) % pairs]
            p_x, p_hit = table_r[disrupted[firer]][disrupted[target]][firer][target]
            if p_hit:
                u = rand()
                if u < p_x:
                    hit[target] = 2
                elif u < p_hit:
                    hit[target] = hit.get(target, 0) + 1
        for k in range(pairs):
            firer, target = shorter[k], longer[k]
            p_x, p_hit = table_r[disrupted[firer]][disrupted[target]][firer][target]
            if p_hit:
                u = rand()
                if u < p_x:
                    hit[target] = 2
                elif u < p_hit:
                    hit[target] = hit.get(target, 0) + 1
        if not hit:
            continue
        dead = set()
        for target, count in hit.items():
            if count >= 2 or disrupted[target]:
                dead.add(target)
            else:
                disrupted[target] = True
        for i, c in carried:  # fighters follow their mothership (DN-CBT-8/9)
            if c in dead:
                dead.add(i)
            elif disrupted[c]:
                disrupted[i] = True
        if dead:
            for i in dead:
                s = side[i]
                long_tot[s] -= missile[i]
                short_tot[s] -= beam[i]
                ships[s] -= not fighter[i]
                firing[s] -= can_fire[i]
            defenders = [i for i in defenders if i not in dead]
            attackers = [i for i in attackers if i not in dead]
    return rounds, [defenders, attackers]


def forecast_battle(
    battle: Battle,
    table: CombatTable,
    face_down: frozenset[str],
    *,
    samples: int = 10_000,
    seed: int = 0,
    max_rounds: int = 50,
) -> BattleForecast:
    """Monte Carlo estimate of ``battle`` over ``samples`` simulated battles (see module doc);
    ``face_down``: the uids of its face-down counters, for the policy the game follows."""
    if samples <= 0:
        raise ValueError("samples must be positive")
    setup = _Setup(battle, table, face_down)
    rng = random.Random(seed)
    counts = [len(setup.order[0]), len(setup.order[1])]
    loss_sum = [0, 0]
    loss_sq = [0, 0]
    holds = wins = 0
    total_rounds = 0
    for _ in range(samples):
        rounds, alive = _simulate(setup, rng, max_rounds)
        total_rounds += rounds
        for s in (0, 1):
            lost = counts[s] - len(alive[s])
            loss_sum[s] += lost
            loss_sq[s] += lost * lost
        d_fire = any(setup.can_fire[i] for i in alive[0])
        a_fire = any(setup.can_fire[i] for i in alive[1])
        if alive[0] and not a_fire:
            holds += 1
        elif alive[1] and not d_fire:
            wins += 1
    return BattleForecast(
        samples=samples,
        seed=seed,
        attacker=battle.attacker,
        defender=battle.defender,
        attacker_losses=mean_interval(loss_sum[1], loss_sq[1], samples),
        defender_losses=mean_interval(loss_sum[0], loss_sq[0], samples),
        defender_holds=wilson(holds, samples),
        attacker_wins=wilson(wins, samples),
        mean_rounds=total_rounds / samples,
        table_label=table.label,
    )
