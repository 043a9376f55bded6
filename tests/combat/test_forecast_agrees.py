"""The fast forecast simulator agrees with the rules resolver it abbreviates (DN-CBT-1..4)."""

from __future__ import annotations

import math
import random

from campaign.rules.combat.assignment import auto_assignment
from campaign.rules.combat.forecast import forecast_battle
from campaign.rules.combat.model import Battle
from campaign.rules.combat.space import RoundPlan, preferred_range, resolve_round, roll_range
from campaign.rules.ids import Side
from tests.combat.helpers import TABLE, battle, ship

A, S, N = Side.ASLAN, Side.SOLOMANI, Side.NEUTRAL


class SeededDice:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def roll(self, purpose: str) -> int:
        return self.rng.randint(1, 6)


def play_out(
    b: Battle, dice: SeededDice, max_rounds: int, face_down: frozenset[str] = frozenset()
) -> Battle:
    for _ in range(max_rounds):
        if b.is_over:
            break
        chooser = roll_range(b, dice).chooser
        plan = RoundPlan(
            range=preferred_range(b, chooser, face_down),
            engagements=auto_assignment(b, face_down),
        )
        _, b = resolve_round(b, plan, TABLE, dice)
    return b


def test_forecast_matches_rules_resolver():  # DN-CBT-4
    fleet = battle(
        ship("a1", A, beam=6, missile=2, defence=4),
        ship("a2", A, beam=2, missile=5, defence=3),
        ship("s1", S, beam=4, missile=4, defence=4),
        ship("s2", S, beam=1, missile=6, defence=2),
        ship("s3", S, beam=3, missile=3, defence=3),
    )
    samples, rounds = 400, 3
    dice = SeededDice(11)
    losses = [2 - len(play_out(fleet, dice, rounds).fighting(A)) for _ in range(samples)]
    mean = sum(losses) / samples
    sd = math.sqrt(sum((x - mean) ** 2 for x in losses) / (samples - 1))
    fc = forecast_battle(fleet, TABLE, frozenset(), samples=4000, seed=12, max_rounds=rounds)
    fc_half = (fc.defender_losses.high - fc.defender_losses.low) / 2
    # the two estimates agree within four combined standard errors
    combined = math.sqrt((sd / math.sqrt(samples)) ** 2 + (fc_half / 1.96) ** 2)
    assert abs(mean - fc.defender_losses.mean) < 4 * combined


def test_forecast_matches_rules_resolver_with_face_down_counters():
    """DN-NEU-1, DN-NEU-2: with face-down neutrals the forecast plays the game's policy (the
    range chosen without their factors, named in the battle's order) and agrees with the
    rules resolver playing the same."""
    fleet = battle(
        ship("N-X-1", N, beam=0, missile=0, defence=1),
        ship("N-X-2", N, beam=8, missile=0, defence=7),
        ship("N-X-3", N, beam=0, missile=8, defence=7),
        ship("a1", A, beam=6, missile=2, defence=4),
        ship("a2", A, beam=2, missile=5, defence=3),
        attacker=A,
        defender=N,
    )
    face_down = frozenset({"N-X-1", "N-X-2", "N-X-3"})
    samples, rounds = 400, 3
    dice = SeededDice(13)
    losses = [2 - len(play_out(fleet, dice, rounds, face_down).fighting(A)) for _ in range(samples)]
    mean = sum(losses) / samples
    sd = math.sqrt(sum((x - mean) ** 2 for x in losses) / (samples - 1))
    fc = forecast_battle(fleet, TABLE, face_down, samples=4000, seed=14, max_rounds=rounds)
    fc_half = (fc.attacker_losses.high - fc.attacker_losses.low) / 2
    combined = math.sqrt((sd / math.sqrt(samples)) ** 2 + (fc_half / 1.96) ** 2)
    assert abs(mean - fc.attacker_losses.mean) < 4 * combined
