"""Forecast: exact single-shot odds by enumeration, Monte Carlo battles with intervals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from campaign.rules.combat.forecast import forecast_battle, shot_odds, wilson
from campaign.rules.ids import CombatResult, Side
from tests.combat.helpers import TABLE, battle, ship

A, S = Side.ASLAN, Side.SOLOMANI


def enumerate_shot(attack: int, defence: int, firer_disrupted: bool, target_disrupted: bool):
    """Independent enumeration straight from the table rows."""
    column = TABLE.columns.index(TABLE.column_for(attack, defence))
    counts = {r: Fraction(0) for r in CombatResult}
    for face in range(1, 7):
        die = max(1, face - 1) if firer_disrupted else face
        result = TABLE.rows[die - 1][column]
        if result is CombatResult.DISRUPTED and target_disrupted:
            result = CombatResult.DESTROYED
        counts[result] += Fraction(1, 6)
    return counts


@pytest.mark.parametrize("attack, defence", [(2, 4), (4, 4), (8, 4), (12, 4), (9, 2)])
@pytest.mark.parametrize("fd", [False, True])
@pytest.mark.parametrize("td", [False, True])
def test_shot_odds_match_enumeration(attack, defence, fd, td):  # DN-CBT-4
    odds = shot_odds(TABLE, attack, defence, firer_disrupted=fd, target_disrupted=td)
    expected = enumerate_shot(attack, defence, fd, td)
    assert odds.no_effect == pytest.approx(float(expected[CombatResult.NO_EFFECT]))
    assert odds.disrupted == pytest.approx(float(expected[CombatResult.DISRUPTED]))
    assert odds.destroyed == pytest.approx(float(expected[CombatResult.DESTROYED]))


def test_shot_odds_d_on_disrupted_counts_as_x():  # DN-CBT-4
    plain = shot_odds(TABLE, 4, 4)
    triple = (plain.no_effect, plain.disrupted, plain.destroyed)
    assert triple == pytest.approx((3 / 6, 2 / 6, 1 / 6))
    on_disrupted = shot_odds(TABLE, 4, 4, target_disrupted=True)
    assert on_disrupted.disrupted == 0 and on_disrupted.destroyed == pytest.approx(3 / 6)
    weakened = shot_odds(TABLE, 4, 4, firer_disrupted=True)
    assert weakened.destroyed == 0 and weakened.disrupted == pytest.approx(2 / 6)


def test_battle_forecast_is_deterministic_given_seed():  # DN-CBT-4
    b = battle(*(ship(f"a{i}", A) for i in range(3)), *(ship(f"s{i}", S) for i in range(4)))
    first = forecast_battle(b, TABLE, frozenset(), samples=500, seed=7)
    assert forecast_battle(b, TABLE, frozenset(), samples=500, seed=7) == first
    assert forecast_battle(b, TABLE, frozenset(), samples=500, seed=8) != first
    assert first.samples == 500


def test_battle_forecast_interval_covers_exact_one_round():  # DN-CBT-4
    b = battle(ship("a1", A), ship("s1", S))
    result = forecast_battle(b, TABLE, frozenset(), samples=20_000, seed=3, max_rounds=1)
    exact_x = 1 / 6  # 4 vs 4 at 1:1: only a 6 destroys
    assert result.defender_losses.low <= exact_x <= result.defender_losses.high
    assert result.attacker_losses.low <= exact_x <= result.attacker_losses.high
    assert result.defender_losses.high - result.defender_losses.low < 0.02


def test_battle_forecast_disrupted_target_takes_x_on_d():  # DN-CBT-4
    b = battle(ship("a1", A, disrupted=True), ship("s1", S))
    result = forecast_battle(b, TABLE, frozenset(), samples=20_000, seed=4, max_rounds=1)
    exact = 3 / 6  # D or X on a disrupted ship both destroy
    assert result.defender_losses.low <= exact <= result.defender_losses.high


def test_battle_forecast_fewer_ships_side_and_outcome():  # DN-CBT-7
    strong = [ship(f"s{i}", S, beam=12, missile=12, defence=8) for i in range(5)]
    weak = [ship("a1", A, beam=1, missile=1, defence=1)]
    result = forecast_battle(battle(*weak, *strong), TABLE, frozenset(), samples=300, seed=5)
    assert result.attacker_wins.mean == 1.0
    assert result.defender_losses.mean == 1.0
    assert result.defender_holds.mean == 0.0


def test_forecast_fighters_lost_with_mothership():  # DN-CBT-9
    ms = ship("a-ms", A, beam=3, missile=0, defence=1, maintenance=1)
    fighter = ship(
        "a-f1", A, beam=1, missile=1, defence=50, fighter=True, carrier="a-ms", launched=True
    )
    attacker = ship("s1", S, beam=12, missile=12, defence=12)
    result = forecast_battle(battle(ms, fighter, attacker), TABLE, frozenset(), samples=400, seed=6)
    # the fighter cannot be hit (below the table): it is only ever lost with its carrier
    assert result.defender_losses.mean == pytest.approx(2.0)


def test_wilson_interval_bounds():  # DN-CBT-4
    est = wilson(0, 100)
    assert est.low == 0.0 and 0 < est.high < 0.05
    assert wilson(50, 100).low < 0.5 < wilson(50, 100).high
    with pytest.raises(ValueError):
        forecast_battle(battle(ship("a1", A), ship("s1", S)), TABLE, frozenset(), samples=0)


def test_forecast_follows_the_games_policy_for_face_down_counters():
    """DN-NEU-1, DN-NEU-2 (found by use, December 7): the referee's forecast assumes the policy
    the game follows. The neutrals choose the range counting no face-down counter's factors
    (here: long, the tie, though their beam monitor would rather fight short) and name
    face-down counters in the battle's order (the transport N-X-1 first, so the Aslan
    missile ship is paired with it). Before, the forecast ranked them by their real factors:
    the monitor first, and short range whenever the neutrals won the roll."""
    b = battle(
        ship("N-X-1", Side.NEUTRAL, beam=0, missile=0, defence=1),
        ship("N-X-2", Side.NEUTRAL, beam=8, missile=0, defence=7),
        ship("A-1", A, beam=0, missile=6, defence=3),
        attacker=A,
        defender=Side.NEUTRAL,
    )
    result = forecast_battle(
        b, TABLE, frozenset({"N-X-1", "N-X-2"}), samples=20_000, seed=9, max_rounds=1
    )
    # always long range: the monitor has no missile factor and never fires
    assert result.attacker_losses.mean == 0.0
    # the missile ship fires at the transport: 6 against 1 is 3:1, X on 3 to 6
    assert result.defender_losses.low <= 4 / 6 <= result.defender_losses.high
