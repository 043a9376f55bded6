"""Surface combat: unsupported ships are wiped out; otherwise one round on the house table."""

from __future__ import annotations

import pytest

from campaign.content.tables import load_tables
from campaign.rules.combat.ground import resolve_ground, units_lost
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side
from tests.combat.helpers import D, Dice, X, box_unit
from tests.conftest import DATA_DIR

A, S, NEU = Side.ASLAN, Side.SOLOMANI, Side.NEUTRAL
GROUND = load_tables(DATA_DIR / "tables", DATA_DIR)["ground_crt"]


@pytest.mark.parametrize("ships", [1, 3, 12])
def test_ships_alone_all_removed_by_enemy_troops(ships):  # DN-GND-1
    units = [box_unit(f"s{i}", S, "ship", defence=9) for i in range(ships)]
    units.append(box_unit("a-rt", A, "ground", 2))
    dice = Dice([])
    result = resolve_ground("Sys", units, (S, A), GROUND, dice)
    assert result.rule == "DN-GND-1"
    assert set(result.removed) == {f"s{i}" for i in range(ships)}
    assert dice.purposes == []


def test_neutral_troops_remove_unsupported_ships():  # DN-NEU-2
    units = [box_unit("s1", S, "ship"), box_unit("n-rt", NEU, "ground", 2)]
    result = resolve_ground("Sys", units, (S, NEU), GROUND, Dice([]))
    assert result.removed == ("s1",)


def test_ground_round_totals_include_pd():  # DN-GND-2
    units = [
        box_unit("a-rt", A, "ground", 4),
        box_unit("a-pd", A, "pd", 2),
        box_unit("s-rt1", S, "ground", 3),
        box_unit("s-rt2", S, "ground", 3),
    ]
    result = resolve_ground("Sys", units, (S, A), GROUND, Dice([6, 1]))
    solomani, aslan = result.rolls
    assert (solomani.attack, solomani.defence) == (6, 6)
    assert (aslan.attack, aslan.defence) == (6, 6)
    # Solomani roll 6 at 1:1 -> D: Aslan removes one unit (weakest: the PD value 2)
    assert solomani.result is D and aslan.result.value == "-"
    assert result.removed == ("a-pd",)


def test_ground_losses_chosen_by_owner():  # DN-GND-2
    units = [
        box_unit("a-rt", A, "ground", 4),
        box_unit("a-at", A, "ground", 8),
        box_unit("s-rt", S, "ground", 12),
    ]
    # Solomani 12 vs 12 -> 1:1, die 6 -> D; Aslan names its armour as the loss
    result = resolve_ground("Sys", units, (S, A), GROUND, Dice([6, 1]), losses={A: ["a-at"]})
    assert result.removed == ("a-at",)
    dice = Dice([6, 1])
    with pytest.raises(IllegalOrderError, match="DN-GND-2"):
        resolve_ground("Sys", units, (S, A), GROUND, dice, losses={A: ["s-rt"]})
    assert dice.purposes == []


def test_ground_x_removes_half():  # DN-GND-2
    assert units_lost(X, 5) == 3 and units_lost(D, 5) == 1 and units_lost(X, 1) == 1
