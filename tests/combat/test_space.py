"""Space combat rounds: range roll, fire, results, close attack, multiple targets, fighters."""

from __future__ import annotations

import pytest

from campaign.rules.combat.assignment import Engagement
from campaign.rules.combat.crt import fire_result
from campaign.rules.combat.model import Range
from campaign.rules.combat.space import (
    RoundPlan,
    check_fighter_bases,
    launch_fighters,
    resolve_round,
    roll_range,
    withdraw,
)
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side
from tests.combat.helpers import TABLE, D, Dice, N, X, battle, ship

A, S = Side.ASLAN, Side.SOLOMANI


def pair(d: str, a: str) -> Engagement:
    return Engagement(defenders=(d,), attackers=(a,))


# --- range roll ---------------------------------------------------------------------------


def test_range_roll_fewer_ships_plus_one():  # DN-CBT-1
    b = battle(ship("a1", A), ship("s1", S), ship("s2", S))
    # defender (Aslan, fewer ships) rolls 3+1, attacker rolls 3: Aslan chooses
    rr = roll_range(b, Dice([3, 3]))
    assert dict(rr.totals) == {A: 4, S: 3}
    assert rr.chooser is A


def test_range_roll_tie_rerolls_with_purposes():  # DN-CBT-1
    b = battle(ship("a1", A), ship("s1", S))
    dice = Dice([4, 4, 2, 5])
    rr = roll_range(b, dice, tie_reroll=True)
    assert rr.chooser is S
    assert len(rr.rolls) == 4
    assert [r.purpose for r in rr.rolls] == dice.purposes
    assert "try 2" in dice.purposes[2]


def test_range_roll_tie_without_reroll_defender_chooses():  # DN-CBT-1
    b = battle(ship("a1", A), ship("s1", S))
    rr = roll_range(b, Dice([4, 4]), tie_reroll=False)
    assert rr.chooser is A


def test_range_roll_fighters_not_counted():  # DN-CBT-10
    # Aslan: one mothership + three launched fighters; Solomani two ships -> Aslan has fewer
    ms = ship("a-ms", A, beam=0, missile=0, defence=2)
    fighters = [
        ship(f"a-f{i}", A, 2, 1, 2, 1, fighter=True, carrier="a-ms", launched=True)
        for i in range(3)
    ]
    b = battle(ms, *fighters, ship("s1", S), ship("s2", S))
    rr = roll_range(b, Dice([2, 2]))
    assert dict(rr.totals) == {A: 3, S: 2}


# --- fire -----------------------------------------------------------------------------------


def test_long_range_fires_missiles_short_range_beams():  # DN-CBT-2
    a = ship("a1", A, beam=8, missile=2, defence=4)
    s = ship("s1", S, beam=2, missile=8, defence=4)
    b = battle(a, s)
    plan_long = RoundPlan(range=Range.LONG, engagements=(pair("a1", "s1"),))
    result, _ = resolve_round(b, plan_long, TABLE, Dice([1, 1]))
    assert {(sh.firer, sh.factor) for sh in result.shots} == {("a1", 2), ("s1", 8)}
    plan_short = RoundPlan(range=Range.SHORT, engagements=(pair("a1", "s1"),))
    result, _ = resolve_round(b, plan_short, TABLE, Dice([1, 1]))
    assert {(sh.firer, sh.factor) for sh in result.shots} == {("a1", 8), ("s1", 2)}
    assert len({sh.firer for sh in result.shots}) == len(result.shots)  # once each


def test_zero_factor_rolls_no_die():  # DN-CBT-2
    tr = ship("a-tr", A, beam=0, missile=0, defence=1)
    b = battle(tr, ship("s1", S))
    dice = Dice([6])
    result, after = resolve_round(
        b, RoundPlan(range=Range.LONG, engagements=(pair("a-tr", "s1"),)), TABLE, dice
    )
    assert len(dice.purposes) == 1 and result.shots[0].firer == "s1"
    assert "a-tr" not in {u.uid for u in after.units}  # 4 vs 1 -> 3:1, die 6 = X


def test_d_on_disrupted_ship_is_x():  # DN-CBT-4
    assert fire_result(TABLE, 4, 4, 4, target_disrupted=False) is D
    assert fire_result(TABLE, 4, 4, 4, target_disrupted=True) is X
    b = battle(ship("a1", A, disrupted=True), ship("s1", S))
    # s1 rolls 4 at 1:1 -> D on an already disrupted ship -> X; a1 (disrupted) rolls 1
    result, after = resolve_round(
        b, RoundPlan(range=Range.LONG, engagements=(pair("a1", "s1"),)), TABLE, Dice([1, 4])
    )
    assert result.effects == {"a1": X}
    assert [u.uid for u in after.units] == ["s1"]


def test_disrupted_firer_rolls_minus_one():  # DN-CBT-4
    b = battle(ship("a1", A, disrupted=True), ship("s1", S))
    # a1 rolls 5 -> modified 4 at 1:1 = D (unmodified 5 would also be D; 6 -> 5 = D not X)
    result, _ = resolve_round(
        b, RoundPlan(range=Range.LONG, engagements=(pair("a1", "s1"),)), TABLE, Dice([6, 1])
    )
    shot = next(sh for sh in result.shots if sh.firer == "a1")
    assert shot.modifier == -1 and shot.result is D


def test_results_are_simultaneous():  # DN-CBT-4
    b = battle(ship("a1", A), ship("s1", S))
    result, after = resolve_round(
        b, RoundPlan(range=Range.LONG, engagements=(pair("a1", "s1"),)), TABLE, Dice([6, 6])
    )
    # both destroyed: a1's X did not stop s1 from firing
    assert result.effects == {"a1": X, "s1": X}
    assert after.units == ()
    assert after.is_over


def test_two_d_in_one_round_destroy():  # DN-CBT-4
    b = battle(ship("a1", A), ship("s1", S), ship("s2", S))
    eng = Engagement(defenders=("a1",), attackers=("s1", "s2"))
    result, _ = resolve_round(
        b, RoundPlan(range=Range.LONG, engagements=(eng,)), TABLE, Dice([1, 4, 4])
    )
    assert result.effects == {"a1": X}


def test_lone_unit_fires_at_chosen_target_only():  # DN-CBT-3
    b = battle(ship("a1", A), ship("s1", S), ship("s2", S))
    eng = Engagement(defenders=("a1",), attackers=("s1", "s2"))
    plan = RoundPlan(range=Range.LONG, engagements=(eng,), return_targets={"a1": "s2"})
    result, _ = resolve_round(b, plan, TABLE, Dice([1, 1, 1]))
    assert next(sh.target for sh in result.shots if sh.firer == "a1") == "s2"
    bad = RoundPlan(range=Range.LONG, engagements=(eng,), return_targets={"a1": "a1"})
    with pytest.raises(IllegalOrderError, match="DN-CBT-3"):
        resolve_round(b, bad, TABLE, Dice([]))


# --- close attack ---------------------------------------------------------------------------


def test_close_attack_target_returns_full_beam():  # DN-CBT-5
    b = battle(ship("a1", A, beam=8, missile=1), ship("s1", S, beam=4))
    plan = RoundPlan(range=Range.SHORT, engagements=(pair("a1", "s1"),), close_attacks=("s1",))
    result, _ = resolve_round(b, plan, TABLE, Dice([1, 1]))
    steps = [(sh.step, sh.firer, sh.weapon.value, sh.factor) for sh in result.shots]
    assert steps == [("close", "s1", "beam", 4), ("return", "a1", "beam", 8)]


def test_close_attack_short_missile_firer_fires_only_if_it_survives():  # DN-CBT-5
    a1 = ship("a1", A, beam=1, missile=8)
    b = battle(a1, ship("s1", S, beam=8, defence=4))
    plan = RoundPlan(
        range=Range.SHORT,
        engagements=(pair("a1", "s1"),),
        close_attacks=("s1",),
        short_missiles=frozenset({"a1"}),
    )
    # s1's close attack rolls 5 at 2:1 -> X: a1 never fires its missiles
    result, _ = resolve_round(b, plan, TABLE, Dice([5]))
    assert result.silenced == ("a1",)
    assert [sh.firer for sh in result.shots] == ["s1"]
    # survives (die 1 -> no effect): a1 fires its missile factor 8 normally
    result, _ = resolve_round(b, plan, TABLE, Dice([1, 1]))
    fired = {sh.firer: (sh.step, sh.factor) for sh in result.shots}
    assert fired == {"s1": ("close", 8), "a1": ("fire", 8)}


def test_close_attack_needs_short_range():  # DN-CBT-5
    b = battle(ship("a1", A), ship("s1", S))
    plan = RoundPlan(range=Range.LONG, engagements=(pair("a1", "s1"),), close_attacks=("s1",))
    dice = Dice([1, 1])
    with pytest.raises(IllegalOrderError, match="DN-CBT-5"):
        resolve_round(b, plan, TABLE, dice)
    assert dice.purposes == []


# --- multiple targets -----------------------------------------------------------------------


def _gang(maintenance: int = 2):
    lone = ship("a1", A, beam=4, missile=4, defence=4, maintenance=maintenance)
    attackers = [ship(f"s{i}", S) for i in range(1, 4)]
    b = battle(lone, *attackers)
    eng = Engagement(defenders=("a1",), attackers=("s1", "s2", "s3"))
    return b, eng


def test_multiple_targets_needs_the_optional_rule():  # DN-CBT-6
    b, eng = _gang()
    plan = RoundPlan(range=Range.LONG, engagements=(eng,), multiple_targets=("a1",))
    with pytest.raises(IllegalOrderError, match="DN-CBT-6"):
        resolve_round(b, plan, TABLE, Dice([]), multiple_targets_rule=False)


def test_multiple_targets_returns_up_to_maintenance():  # DN-CBT-6
    b, eng = _gang(maintenance=2)
    plan = RoundPlan(range=Range.LONG, engagements=(eng,), multiple_targets=("a1",))
    # s1 1 / a1 6 (X s1) ; s2 1 / a1 6 (X s2) ; s3 1, no return left
    result, after = resolve_round(b, plan, TABLE, Dice([1, 6, 1, 6, 1]), multiple_targets_rule=True)
    firers = [sh.firer for sh in result.shots]
    assert firers == ["s1", "a1", "s2", "a1", "s3"]
    assert result.effects == {"s1": X, "s2": X}
    assert {u.uid for u in after.units} == {"a1", "s3"}


def test_multiple_targets_results_apply_between_exchanges():  # DN-CBT-6
    b, eng = _gang(maintenance=3)
    plan = RoundPlan(range=Range.LONG, engagements=(eng,), multiple_targets=("a1",))
    # exchange 1: s1 hits D while a1 returns unmodified (simultaneous within the exchange);
    # exchange 2: a1 is now disrupted and returns at -1; s2's D destroys it: s3 never fires
    result, _ = resolve_round(b, plan, TABLE, Dice([4, 6, 4, 6]), multiple_targets_rule=True)
    assert [sh.firer for sh in result.shots] == ["s1", "a1", "s2", "a1"]
    assert result.shots[1].modifier == 0 and result.shots[1].result is X
    assert result.shots[3].modifier == -1 and result.shots[3].result is D  # 6-1=5 at 1:1
    assert result.effects["a1"] is X
    assert "s3" not in {sh.firer for sh in result.shots}


def test_multiple_targets_lone_cannot_pick():  # DN-CBT-6
    b, eng = _gang()
    plan = RoundPlan(
        range=Range.LONG, engagements=(eng,), multiple_targets=("a1",), return_targets={"a1": "s2"}
    )
    with pytest.raises(IllegalOrderError, match="DN-CBT-6"):
        resolve_round(b, plan, TABLE, Dice([]), multiple_targets_rule=True)


# --- withdrawal -----------------------------------------------------------------------------


def test_withdrawal_to_illegal_destination_rejected():  # DN-CBT-7
    b = battle(ship("a1", A), ship("s1", S))
    with pytest.raises(IllegalOrderError, match="DN-CBT-7"):
        withdraw(b, A, "Elsewhere", legal=["Next", "box"])
    after = withdraw(b, A, "Next", legal=["Next", "box"])
    assert [u.uid for u in after.units] == ["s1"] and after.is_over


def test_battle_ends_when_no_side_can_fire_or_one_is_gone():  # DN-CBT-7
    unarmed = ship("a-tr", A, beam=0, missile=0, defence=1)
    assert not battle(unarmed, ship("s1", S)).is_over  # the transport can still be shot at
    assert battle(unarmed, ship("s-tr", S, beam=0, missile=0)).is_over
    assert battle(ship("s1", S)).is_over
    assert not battle(ship("a1", A), ship("s1", S)).is_over


# --- fighters -------------------------------------------------------------------------------


def _carrier_group(disrupted: bool = False, friendly_box: frozenset[Side] = frozenset()):
    ms = ship("a-ms", A, beam=0, missile=0, defence=2, maintenance=1, disrupted=disrupted)
    fs = [ship(f"a-f{i}", A, 2, 1, 2, 1, fighter=True, carrier="a-ms") for i in (1, 2)]
    return battle(ms, *fs, ship("s1", S), friendly_box=friendly_box)


def test_unlaunched_fighters_are_ignored():  # DN-CBT-8
    b = _carrier_group()
    assert {u.uid for u in b.fighting(A)} == {"a-ms"}
    b = launch_fighters(b, A, ["a-f1"])
    assert {u.uid for u in b.fighting(A)} == {"a-ms", "a-f1"}
    with pytest.raises(IllegalOrderError, match="DN-CBT-8"):
        launch_fighters(b, A, ["s1"])


def test_disrupted_mothership_disrupts_its_fighters():  # DN-CBT-8
    b = launch_fighters(_carrier_group(disrupted=True), A, ["a-f1"])
    assert b.unit("a-f1").disrupted and b.unit("a-f2").disrupted


def test_fighter_needs_a_base():  # DN-CBT-8
    lone = ship("a-f9", A, 2, 1, 2, 1, fighter=True)
    with pytest.raises(IllegalOrderError, match="DN-CBT-8"):
        check_fighter_bases(battle(lone, ship("s1", S)))
    check_fighter_bases(battle(lone, ship("s1", S), friendly_box=frozenset({A})))
    ms = ship("a-ms", A, 0, 0, 2, 1)
    crowded = [ship(f"a-f{i}", A, 2, 1, 2, 1, fighter=True, carrier="a-ms") for i in range(4)]
    with pytest.raises(IllegalOrderError, match="DN-CBT-8"):
        check_fighter_bases(battle(ms, *crowded, ship("s1", S)))


@pytest.mark.parametrize("box, home", [(frozenset({A}), True), (frozenset(), False)])
def test_fighters_of_destroyed_carrier_return_or_are_lost(box, home):  # DN-CBT-9
    b = launch_fighters(_carrier_group(friendly_box=box), A, ["a-f1"])
    eng = Engagement(defenders=("a-ms", "a-f1"), attackers=("s1",))
    plan = RoundPlan(range=Range.LONG, engagements=(eng,), return_targets={"s1": "a-ms"})
    # a-f1 fires missile 1 vs 4: below the table, no die; s1 rolls 6 vs defence 2 -> X
    result, after = resolve_round(b, plan, TABLE, Dice([6]))
    assert [sh.roll is None for sh in result.shots] == [True, False]
    assert result.effects == {"a-ms": X}
    fates = {f.uid: f.returned_to_box for f in result.fighters}
    assert fates == {"a-f1": home, "a-f2": False}
    assert {u.uid for u in after.units} == {"s1"}


def test_unlaunched_fighters_cannot_be_assigned():  # DN-CBT-8
    b = _carrier_group()
    # un-launched fighters cannot be assigned
    eng = Engagement(defenders=("a-ms", "a-f1"), attackers=("s1",))
    with pytest.raises(IllegalOrderError, match="DN-CBT-8"):
        resolve_round(b, RoundPlan(range=Range.LONG, engagements=(eng,)), TABLE, Dice([]))


def test_no_result_table_entry_below_table():  # DN-CBT-4
    assert fire_result(TABLE, 1, 4, 6) is N


def test_friendly_box_serialises_in_one_order():  # DN-CBT-9
    b = battle(ship("a1", A), ship("s1", S), friendly_box=frozenset({S, A}))
    assert b.model_dump(mode="json")["friendly_box"] == ["aslan", "solomani"]
    assert type(b).model_validate(b.model_dump(mode="json")) == b
