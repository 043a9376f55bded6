"""Planetary surface / space interaction (DN-INT-1..5) with the shipped house tables."""

from __future__ import annotations

import pytest

from campaign.content.tables import load_tables
from campaign.rules.combat.interaction import (
    InteractionPlan,
    check_lift_off,
    pd_controller,
    resolve_interaction,
)
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Mark, Side
from tests.combat.helpers import Dice, X, box_unit, ship, system
from tests.conftest import DATA_DIR

A, S, NEU = Side.ASLAN, Side.SOLOMANI, Side.NEUTRAL
TABLES = load_tables(DATA_DIR / "tables", DATA_DIR)


def test_friendly_box_ships_simply_land():  # DN-INT-1
    box = [box_unit("s-rt", S, "ground", 4)]
    orbit = [ship("s1", S)]
    dice = Dice([])
    result = resolve_interaction(
        system(), orbit, box, {}, InteractionPlan(side=S, land=("s1",)), TABLES, dice
    )
    assert result.friendly and result.landed == ("s1",) and result.shots == ()
    assert dice.purposes == []
    with pytest.raises(IllegalOrderError, match="DN-INT-1"):
        resolve_interaction(
            system(), orbit, box, {}, InteractionPlan(side=S, bombard={"s1": "s-rt"}), TABLES, dice
        )


def test_hostile_box_bombard_then_pd_then_land():  # DN-INT-1
    box = [box_unit("a-rt", A, "ground", 4), box_unit("a-pd", A, "pd", 2)]
    orbit = [ship("s1", S, missile=8, defence=3), ship("s2", S, defence=5)]
    plan = InteractionPlan(side=S, bombard={"s1": "a-rt"}, land=("s2",))
    dice = Dice([6, 6])
    result = resolve_interaction(system(), orbit, box, {}, plan, TABLES, dice)
    assert [sh.kind for sh in result.shots] == ["bombard", "pd"]
    assert dice.purposes[0].startswith("bombard") and dice.purposes[1].startswith("pd")
    assert result.effects["a-rt"] is X  # 8 vs 4 = 2:1, die 6 -> X
    # PD 2 vs the highest-defence exposed ship (s2, defence 5): 1:3 column, die 6 -> X
    assert result.effects["s2"] is X and result.landed == ()


def test_neutral_box_is_not_friendly():  # DN-INT-1
    box = [box_unit("n-rt", NEU, "ground", 2), box_unit("n-pd", NEU, "pd", 2)]
    orbit = [ship("s1", S, defence=1)]
    result = resolve_interaction(
        system(), orbit, box, {}, InteractionPlan(side=S, land=("s1",)), TABLES, Dice([1])
    )
    assert not result.friendly
    assert [(sh.kind, sh.firer) for sh in result.shots] == [("pd", "n-pd")]


def test_pd_fires_only_for_controller():  # DN-INT-2
    # Aslan PD in a box where only Solomani troops are: the box is Solomani's, no Aslan PD fire
    box = [box_unit("a-pd", A, "pd", 2), box_unit("s-rt", S, "ground", 3)]
    assert pd_controller(system(), box) is None  # PD + enemy troops: nobody alone
    box2 = [box_unit("a-pd", A, "pd", 2)]
    assert pd_controller(system(), box2) is A


def test_box_with_both_sides_troops_gives_no_pd_fire():  # DN-INT-2
    box = [
        box_unit("a-rt", A, "ground", 4),
        box_unit("a-pd", A, "pd", 2),
        box_unit("s-rt", S, "ground", 3),
    ]
    # even a marked Aslan box: both sides' ground units at the start -> controlled by nobody
    marked = system(mark=Mark.STAR, owner=A)
    assert pd_controller(marked, box) is None
    dice = Dice([])
    result = resolve_interaction(
        marked, [ship("s1", S)], box, {}, InteractionPlan(side=S, land=("s1",)), TABLES, dice
    )
    assert result.shots == () and dice.purposes == [] and result.landed == ("s1",)


def test_pd_is_not_a_bombardment_target():  # DN-INT-3
    box = [box_unit("a-pd", A, "pd", 2), box_unit("a-rt", A, "ground", 4)]
    dice = Dice([6])
    with pytest.raises(IllegalOrderError, match="DN-INT-3"):
        resolve_interaction(
            system(),
            [ship("s1", S)],
            box,
            {},
            InteractionPlan(side=S, bombard={"s1": "a-pd"}),
            TABLES,
            dice,
        )
    assert dice.purposes == []  # rejected before any die


def test_bombard_uses_missile_and_pd_disrupted_target_modifier():  # DN-INT-4
    box = [box_unit("a-rt", A, "ground", 4), box_unit("a-pd", A, "pd", 2)]
    orbit = [ship("s1", S, beam=9, missile=4, defence=2, disrupted=True)]
    plan = InteractionPlan(side=S, bombard={"s1": "a-rt"})
    result = resolve_interaction(system(), orbit, box, {}, plan, TABLES, Dice([4, 5]))
    bombard, pd = result.shots
    assert (bombard.factor, bombard.defence, bombard.modifier) == (4, 4, -1)
    assert (pd.factor, pd.defence, pd.modifier) == (2, 2, +1)  # disrupted target: easier to hit
    # PD 1:1, die 5+1=6 -> X on the table (already disrupted anyway)
    assert result.effects["s1"] is X


def test_jump_troops_drop_from_orbit():  # DN-INT-4
    box = [box_unit("a-rt", A, "ground", 4)]
    orbit = [ship("s-tr", S, beam=0, missile=0, defence=1)]
    plan = InteractionPlan(side=S, drops=("s-jt",))
    result = resolve_interaction(system(), orbit, box, {"s-jt": "s-tr"}, plan, TABLES, Dice([]))
    assert result.dropped == ("s-jt",) and result.landed == ()
    with pytest.raises(IllegalOrderError, match="DN-INT-4"):
        resolve_interaction(system(), orbit, box, {}, plan, TABLES, Dice([]))


def test_lift_off_only_own_ships_in_box():  # DN-INT-5
    box = [
        box_unit("s1", S, "ship", defence=3),
        box_unit("s-rt", S, "ground", 3),
        box_unit("a1", A, "ship"),
    ]
    check_lift_off(system(), box, S, ["s1"])
    for bad in ("s-rt", "a1"):
        with pytest.raises(IllegalOrderError, match="DN-INT-5"):
            check_lift_off(system(), box, S, [bad])
