"""The economy inside a whole campaign: set-up, two player turns, maintenance, replay.

Uses the engine's small test map (tests/engine/factory.py: no marked boxes) and every area
module's hooks, so income, the victory bookkeeping and maintenance run where the real sequence
of play puts them.
"""

from __future__ import annotations

from campaign.rules import engine
from campaign.rules.economy.maintenance import MaintenanceResolved
from campaign.rules.economy.treasury import IncomeCollected
from campaign.rules.economy.victory import VictoryChecked
from campaign.rules.ids import Side
from campaign.rules.phases import Phase
from campaign.rules.registry import event_adapter
from tests.engine.factory import SETUP_ORDERS, Game

A, S = Side.ASLAN, Side.SOLOMANI


def _advance_to(game: Game, turn: int, phasing: Side) -> None:
    for _ in range(80):
        state = game.state
        if state.turn == turn and state.phasing is phasing and state.phase is Phase.PRODUCTION:
            return
        if (
            state.phase is Phase.PRODUCTION
            and state.turn >= 2
            and not state.slot("maintenance", {}).get("done")
        ):
            game.play(f"{state.acting.value} maintain")
            continue
        game.play(f"{state.acting.value} end-phase")
    raise AssertionError("the sequence did not reach the wanted phase")


def test_income_maintenance_and_victory_checks_in_a_campaign():  # DN-ECO-4, DN-ECO-7, DN-SEQ-3
    game = Game()
    game.play_all(SETUP_ORDERS)
    incomes = [e for e in game.events if isinstance(e, IncomeCollected)]
    # Aslan turn 1: 99 - 12 - 2 set-up RU kept (DN-SET-1) + 25 + Kuiir (A-RT-1 in its box) 10
    assert (incomes[0].side, incomes[0].kept, incomes[0].income) == (A, 85, 35)
    assert game.state.ru[A] == 120
    legal = {order.verb for order in engine.legal_orders(game.state, A)}
    assert {"produce", "conscript", "rebuild", "maintain"} <= legal

    _advance_to(game, 1, S)
    solomani = [e for e in game.events if isinstance(e, IncomeCollected)][-1]
    # Terra Nova (S-RT-1 in its box, next to the capital) 10; Sol Prime's unmarked box is empty
    assert (solomani.side, solomani.kept, solomani.boxes) == (S, 88, {"sol-b": 10})
    checks = [e for e in game.events if isinstance(e, VictoryChecked)]
    assert len(checks) == 1 and checks[0].winner is None

    _advance_to(game, 2, A)
    assert game.reject("aslan end-phase").rule_id == "DN-ECO-7"
    before = game.state.ru[A]
    (resolved, *_) = game.play("aslan maintain")
    assert isinstance(resolved, MaintenanceResolved)
    ships = {ship.unit_id: ship for ship in resolved.ships}
    assert ships["A-CL-1"].cost == 3  # Kuiir: type 1, Aslan troops in the box
    assert ships["A-CL-2"].roll is not None  # Howl is type 2: frontier roll
    assert resolved.rolls[0].purpose == "frontier maintenance A-CL-2"
    assert game.state.ru[A] == before - 3


def test_economy_events_replay_from_stored_json():  # DN-ECO-4, DN-ECO-7
    game = Game()
    game.play_all(SETUP_ORDERS)
    _advance_to(game, 2, A)
    game.play("aslan maintain")
    game.play("aslan produce CL 1 hex:asl-cap")
    adapter = event_adapter()
    stored = [adapter.validate_json(e.model_dump_json()) for e in game.events]
    assert engine.state_digest(engine.fold(stored)) == engine.state_digest(game.state)
