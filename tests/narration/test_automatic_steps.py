"""Automatic steps (issue 15 item 4, DN-SEQ-1/2): a step in which nobody has an order to give
ends by itself, logged as automatic; ``pass`` ends the rest of a side's player turn; the
``stepping manual`` option keeps every step for a referee who wants to pause."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.rules.flow import PhaseAdvanced
from campaign.rules.ids import Side
from campaign.rules.phases import Phase, SubPhase
from tests.cli_referee.conftest import set_up
from tests.movement.helpers import Game

A, S = Side.ASLAN, Side.SOLOMANI


def _ground_only(*orders: str) -> Game:
    """First movement with ground units only: nobody has a ship to move, fight or land."""
    game = Game(
        phase=Phase.FIRST_MOVEMENT,
        phasing=A,
        counters="""
        A-RT-1 aslan:RT-4 box:hlirakh
        S-RT-1 solomani:RT-4 box:kiir
    """,
    )
    for order in orders:
        game.play(order)
    return game


def test_steps_with_nothing_to_decide_end_by_themselves():
    # DN-SEQ-1 DN-SEQ-2: after the Aslan end their movement, the three combat sub-phases and
    # the other steps with no order to give pass automatically, each logged with auto
    game = _ground_only("aslan end-phase")
    advanced = [e for e in game.events if isinstance(e, PhaseAdvanced)]
    assert advanced[0].auto is False  # the end-phase itself
    assert len(advanced) > 3 and all(e.auto for e in advanced[1:])
    assert game.state.phase is not Phase.FIRST_COMBAT


def test_manual_stepping_keeps_every_step():
    # DN-SEQ-2: the campaign option for referees who want to pause
    game = _ground_only("referee stepping manual", "aslan end-phase")
    assert (game.state.phase, game.state.sub_phase) == (Phase.FIRST_COMBAT, SubPhase.SPACE)
    assert not any(e.auto for e in game.events if isinstance(e, PhaseAdvanced))
    game.play("referee stepping auto")  # back to automatic: the idle steps go at once
    assert game.state.phase is not Phase.FIRST_COMBAT


def _orders_per_quiet_player_turn(service: CampaignService, game_turns: int) -> list[int]:
    """Each side passes whenever it must act; the number of orders each player turn took."""
    counts: list[int] = []
    while service.load("t").state.turn <= game_turns:
        state = service.load("t").state
        turn, phasing = state.turn, state.phasing
        manual = 0
        while (service.load("t").state.turn, service.load("t").state.phasing) == (turn, phasing):
            service.order("t", f"{service.load('t').state.acting.value} pass")
            manual += 1
            assert manual <= 5, f"player turn {turn}/{phasing.value} does not end"
        counts.append(manual)
    return counts


@pytest.mark.slow
def test_a_quiet_player_turn_takes_two_orders_in_every_game_turn(tmp_path: Path):
    """Issue 15 goal, issue 29 item 4 (DN-SEQ-1/2, DN-ECO-7): over a seeded standard game with
    no movement and no combat, every player turn takes exactly two orders (the phasing side's
    pass, the other side's pass), game turn 1 and from game turn 2 on, where the pass pays and
    rolls maintenance by default."""
    from campaign.app import parse_stored
    from campaign.rules.economy.maintenance import MaintenanceResolved

    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'quiet.db'}")
    set_up(service)
    start = service.load("t").state
    assert (start.turn, start.phasing, start.phase) == (1, A, Phase.FIRST_MOVEMENT)
    assert _orders_per_quiet_player_turn(service, game_turns=3) == [2] * 6
    final = service.load("t").state
    assert (final.turn, final.phasing, final.phase, final.acting) == (4, A, Phase.PRODUCTION, A)
    events = parse_stored(service.store.rows("t"))
    upkeep = [e for e in events if isinstance(e, MaintenanceResolved)]
    assert [e.side for e in upkeep] == [A, S, A, S]  # game turns 2 and 3
    assert all(ship.outcome.value != "unpaid" for e in upkeep for ship in e.ships)


def test_a_pass_does_not_reach_past_the_other_sides_reaction(tmp_path: Path):
    """Issue 29 item 5 (DN-SEQ-1/2): the Aslan pass in First Movement; the Solomani then move a
    stack in Reaction Movement, so the Aslan get their Second Movement back; the sentence of the
    pass says how far it reaches."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'reach.db'}")
    set_up(service)
    passed = service.order_report("t", "aslan pass")
    assert any(
        "up to Reaction Movement" in line and "unless the Solomani" in line for line in passed.lines
    ), passed.lines
    assert service.load("t").state.phase is Phase.REACTION_MOVEMENT
    service.order("t", "solomani jump S-SC-1 concord")
    report = service.order_report("t", "solomani pass")
    state = service.load("t").state
    assert (state.phase, state.acting) == (Phase.SECOND_MOVEMENT, A)
    assert any("the Aslan pass ends" in line for line in report.lines), report.lines
    service.order("t", "aslan jump strike hlirakh")  # the Solomani pass had lapsed anyway
    again = service.order_report("t", "aslan pass")  # a new pass: to the end of the turn
    assert service.load("t").state.phasing is S
    assert not any("pass ends" in line for line in again.lines), again.lines  # new player turn


def test_pass_stops_where_a_decision_is_still_needed(tmp_path: Path):
    # DN-CBT-7: a passed side still fights the battle its move started; DN-SEQ-2
    from tests.cli_referee.conftest import TO_MARROW

    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'pass.db'}")
    set_up(service)
    service.order("t", f"aslan jump strike {TO_MARROW}")
    service.order("t", "aslan pass")
    state = service.load("t").state
    assert (state.phase, state.sub_phase) == (Phase.FIRST_COMBAT, SubPhase.SPACE)
    for order in (
        "aslan range b1",
        "aslan choose-range b1 short",
        "solomani target b1 S-DD-1",
        "aslan target b1 A-CL-1",
        "aslan target b1 A-CL-2,A-CL-3 1,1",
    ):  # DN-CBT-3
        service.order("t", order)
    service.order("t", "aslan fire b1")  # the battle is over: the passed side's steps go on
    assert service.load("t").state.phase is Phase.REACTION_MOVEMENT
