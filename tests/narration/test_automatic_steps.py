"""Automatic steps (issue 15 item 4, DN-SEQ-1/2): a step in which nobody has an order to give
ends by itself, logged as automatic; ``pass`` ends the rest of a side's player turn; the
``stepping manual`` option keeps every step for a referee who wants to pause."""

from __future__ import annotations

from pathlib import Path

from campaign.rules.flow import PhaseAdvanced
from campaign.rules.ids import Side
from campaign.rules.phases import Phase, SubPhase
from campaign.service import CampaignService
from tests.cli_referee.conftest import set_up
from tests.movement.helpers import Game

A, S = Side.ASLAN, Side.SOLOMANI


def _ground_only(*orders: str) -> Game:
    """First movement with ground units only: nobody has a ship to move, fight or land."""
    game = Game(phase=Phase.FIRST_MOVEMENT, phasing=A)
    game.put("A-RT-1", "aslan:RT-4", "box:hlirakh").put("S-RT-1", "solomani:RT-4", "box:kiir")
    for order in orders:
        game.order(order)
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
    game.order("referee stepping auto")  # back to automatic: the idle steps go at once
    assert game.state.phase is not Phase.FIRST_COMBAT


def test_a_quiet_player_turn_needs_at_most_two_manual_orders(tmp_path: Path):
    """Issue 15 goal, measured over a seeded standard game: no movement, no combat."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'quiet.db'}")
    set_up(service)
    start = service.load("t").state
    assert (start.turn, start.phasing, start.phase) == (1, A, Phase.FIRST_MOVEMENT)
    manual = 0
    while service.load("t").state.phasing is A:
        state = service.load("t").state
        service.order("t", f"{state.acting.value} pass")
        manual += 1
        assert manual <= 5, "the player turn does not end"
    assert manual <= 2
    final = service.load("t").state
    assert (final.phasing, final.phase, final.acting) == (S, Phase.PRODUCTION, S)


def test_pass_stops_where_a_decision_is_still_needed(tmp_path: Path):
    # DN-CBT-7: a passed side still fights the battle its move started; DN-SEQ-2
    from tests.cli_referee.conftest import TO_MARROW

    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'pass.db'}")
    set_up(service)
    service.order("t", f"aslan jump strike {TO_MARROW}")
    service.order("t", "aslan pass")
    state = service.load("t").state
    assert (state.phase, state.sub_phase) == (Phase.FIRST_COMBAT, SubPhase.SPACE)
    for order in ("aslan range b1", "aslan choose-range b1 short", "solomani target b1 S-DD-1",
                  "aslan target b1 A-CL-1", "aslan target b1 A-CL-2,A-CL-3 1,1"):  # DN-CBT-3
        service.order("t", order)
    service.order("t", "aslan fire b1")  # the battle is over: the passed side's steps go on
    assert service.load("t").state.phase is Phase.REACTION_MOVEMENT
