"""Random battles played by the rules never break the battle's invariants (DN-CBT-3, DN-CBT-4)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.rules.combat.assignment import auto_assignment, check_assignment
from campaign.rules.combat.model import Range
from campaign.rules.combat.space import RoundPlan, resolve_round, roll_range
from campaign.rules.ids import CombatResult, Side
from tests.combat.helpers import TABLE, battle, ship

A, S = Side.ASLAN, Side.SOLOMANI

factors = st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(1, 9), st.booleans())


class RandomDice:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.count = 0

    def roll(self, purpose: str) -> int:
        self.count += 1
        return self.rng.randint(1, 6)


@settings(max_examples=60, deadline=None)
@given(
    aslan=st.lists(factors, min_size=1, max_size=6),
    solomani=st.lists(factors, min_size=1, max_size=6),
    seed=st.integers(0, 10_000),
    short=st.booleans(),
)
def test_random_battles_keep_invariants(aslan, solomani, seed, short):  # DN-CBT-4
    units = [ship(f"a{i}", A, b, m, d, disrupted=x) for i, (b, m, d, x) in enumerate(aslan)]
    units += [ship(f"s{i}", S, b, m, d, disrupted=x) for i, (b, m, d, x) in enumerate(solomani)]
    current = battle(*units)
    dice = RandomDice(seed)
    for _ in range(12):
        if current.is_over:
            break
        roll_range(current, dice)
        engagements = auto_assignment(current, frozenset())
        check_assignment(current, engagements)  # DN-CBT-3: the default is always legal
        plan = RoundPlan(range=Range.SHORT if short else Range.LONG, engagements=engagements)
        before = {u.uid: u for u in current.units}
        result, after = resolve_round(current, plan, TABLE, dice)
        shot_at = {s.target for s in result.shots}
        assert set(result.effects) <= shot_at
        remaining = {u.uid: u for u in after.units}
        assert len(remaining) == len(after.units)  # no duplicates
        for uid, unit in before.items():
            effect = result.effects.get(uid, CombatResult.NO_EFFECT)
            if effect is CombatResult.DESTROYED:
                assert uid not in remaining
            else:
                assert uid in remaining
                hit = effect is CombatResult.DISRUPTED
                assert remaining[uid].disrupted == (unit.disrupted or hit)
        assert all(s.roll is None or 1 <= s.roll.value <= 6 for s in result.shots)
        assert after.round == current.round + 1
        current = after
