"""Maintenance comes before production in the Maintenance & Production step (DN-SEQ-1,
DN-ECO-7, DN-ECO-8; found by use, December 7).

``aslan produce TR 1 hex:hlirakh`` was accepted before ``maintain`` on game turn 2, and the
maintenance then charged the new transport 1 RU in the same step. The rules name the step
"Maintenance & Production" and do not say more; our reading (docs/rules-economy.md): the
ships in play when the step begins are maintained first, and only then may the side produce
or rebuild, so a unit built in the step is never maintained in it.
"""

from __future__ import annotations

from campaign.rules import engine
from campaign.rules.economy.maintenance import MaintenanceResolved, default_cost
from campaign.rules.ids import Side
from campaign.rules.views import see
from campaign.views.upkeep import upkeep_report
from tests.economy.game import Game

S = Side.SOLOMANI

SHIPS = """
    S-CR-1 solomani:CR hex:concord
"""


def test_production_waits_for_maintenance_and_says_why():
    """DN-ECO-7, DN-SEQ-1: ``produce`` before ``maintain`` is refused, naming the order to give;
    not offered until then; after ``maintain`` it is, and the new ship paid nothing."""
    game = Game(ru=20, counters=SHIPS)
    error = game.reject("solomani produce TR 1 hex:concord", rule="DN-ECO-7")
    assert "maintenance comes first" in str(error) and "solomani maintain" in str(error)
    offered = {o.verb for o in engine.legal_orders(game.state, S, game.ruleset)}
    assert "maintain" in offered and "produce" not in offered
    game.play("solomani maintain")
    (event,) = game.of_type(MaintenanceResolved)
    assert [ship.unit_id for ship in event.ships] == ["S-CR-1"]
    offered = {o.verb for o in engine.legal_orders(game.state, S, game.ruleset)}
    assert "produce" in offered
    game.play("solomani produce TR 1 hex:concord")
    assert game.state.ru[S] == 20 - 4 - 1


def test_without_ships_to_maintain_production_comes_at_once():
    """DN-ECO-7: a side with no ship on the map has no maintenance to resolve first; the
    production resolves it with no ship, so the new transport is not maintained in the step
    and a second order and the end of the step need no ``maintain``."""
    game = Game(ru=20)
    game.play("solomani produce TR 1 hex:concord")
    (event,) = game.of_type(MaintenanceResolved)
    assert event.ships == [] and event.cost == 0
    assert default_cost(game.state, game.ruleset, S) is None
    game.play("solomani produce DD 1 hex:concord")
    assert game.state.ru[S] == 20 - 1 - 3
    game.play("solomani end-phase")
    assert len(game.of_type(MaintenanceResolved)) == 1


def test_on_game_turn_1_there_is_no_maintenance_to_wait_for():
    """DN-SEQ-1: game turn 1 has no maintenance, so production is at once."""
    game = Game(turn=1, ru=20, counters=SHIPS)
    game.play("solomani produce TR 1 hex:concord")


def test_the_upkeep_report_says_maintenance_comes_before_production():
    """DN-ECO-7: ``campaign upkeep`` (and the Economy tab) says so while it is due."""
    game = Game(ru=20, counters=SHIPS)
    (side,) = upkeep_report("t", see(game.state, None), game.ruleset, side=S).sides
    assert side.note.endswith("before any production")
