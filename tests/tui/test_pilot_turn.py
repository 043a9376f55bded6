"""Pilot tests: a whole player turn played through the campaign screen, checked on the STATE."""

from __future__ import annotations

import asyncio
from pathlib import Path

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.rules.phases import Phase, SubPhase
from campaign.rules.state import Where
from tests.tui.pilot_helpers import (
    SIZE,
    app_for,
    battle_step,
    campaign_on_top,
    move_with_form,
    screen_of,
    send,
)
from tests.waiting import until


def test_full_player_turn_maintenance_move_battle_reaction_second_move(
    service: CampaignService, no_keymap: Path
):
    # DN-SEQ-1 (sequence of a player turn), DN-ECO-7 (maintenance with entered dice),
    # DN-MOV-2 (move form), DN-CBT-1/4/7 (battle stepped with entered dice), DN-MOV-8 (reaction)
    async def scenario() -> None:
        app = app_for(service, no_keymap, "full")
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            session = screen.session
            state = session.state
            assert (state.turn, state.phase, state.acting) == (2, Phase.PRODUCTION, Side.ASLAN)

            # maintenance: nine frontier ships, each rolls 1d6 >= maintenance (referee dice);
            # the two with maintenance 1 (A-AO-1, A-TR-1) cannot fail and are asked no die
            status = await send(pilot, "aslan maintain - -", "6,6,6,6,6,6,6")
            assert status.startswith("✓") and "Maintenance" in status  # the core's sentence
            rolls = [r for r in service.log("full")[-1].rolls if "frontier" in r]
            assert len(rolls) == 7 and all(r.endswith("=6") for r in rolls)
            assert not any(u.disrupted for u in session.state.units_of(Side.ASLAN))
            await send(pilot, "aslan end-phase")
            assert session.state.phase is Phase.FIRST_MOVEMENT

            # a move with the movement form: A-DD-1 from Ftahr to Marrow (enemy scout there)
            status = await move_with_form(pilot, "A-DD-1", "marrow")
            assert status.startswith("✓") and " jump " in status, status
            assert service.load("full").state.unit("A-DD-1").location.system == "marrow"
            await send(pilot, "aslan end-phase")
            assert session.state.sub_phase is SubPhase.SPACE
            battles = session.battles()
            assert list(battles) == ["marrow/aslan-solomani"]

            # the battle, round by round: n pre-fills the next step, the referee enters dice
            await pilot.press("4")
            for _ in range(40):
                if not session.battles():
                    break
                stage = session.battle_stage("marrow/aslan-solomani")
                await pilot.press("escape", "n")
                order = screen.query_one("#order")
                # n pre-fills what the header asks for; a blank left (a unit to name) is
                # answered with the default pairing (DN-CBT-3)
                awaited = session.next_battle_order("marrow/aslan-solomani")
                await until(pilot, lambda a=awaited, o=order: o.value == a, "n prefilled")
                order.value = battle_step(session, "marrow/aslan-solomani")
                # exactly as many dice as the step rolls (DN-ERR-1), as the dice field says
                count = len(session.dice_needed(screen.query_one("#order").value))
                dice = {"range": "5,2", "fire": ",".join(["6"] * count)}.get(stage, "")
                screen.query_one("#dice").value = dice
                line = screen.query_one("#status-line")
                screen.report("")
                await pilot.press("enter")
                await until(pilot, lambda line=line: str(line.render()).strip(), "the outcome")
                assert "✓" in str(line.render())
            assert not session.battles()
            fought = [line for line in service.log("full") if "round-fought" in line.events]
            assert fought and all(roll.endswith("=6") for roll in fought[0].rolls)
            assert session.state.unit("S-SC-2").location.where is Where.ELIMINATED

            # end the first combat phase; the Solomani reaction: one stack moves
            while session.state.phase is Phase.FIRST_COMBAT:
                await send(pilot, "aslan end-phase")
            assert session.state.phase is Phase.REACTION_MOVEMENT
            assert session.state.acting is Side.SOLOMANI
            target = next(iter(session.move_options("S-SC-1").legal))
            status = await move_with_form(pilot, "S-SC-1", target)
            assert status.startswith("✓") and " jump " in status, status
            assert session.state.unit("S-SC-1").location.system == target
            refused = await move_with_form(
                pilot, "S-CL-1", next(iter(session.move_options("S-CL-1").refused))
            )
            assert "DN-MOV-8" in refused or "✗" in refused
            while session.state.phase in (Phase.REACTION_MOVEMENT, Phase.REACTION_COMBAT):
                await send(pilot, f"{session.state.acting.value} end-phase")

            # second movement: Aslan moves again
            assert session.state.phase is Phase.SECOND_MOVEMENT
            assert session.state.acting is Side.ASLAN
            status = await move_with_form(pilot, "A-DD-2", "khtaoi")
            assert status.startswith("✓") and " jump " in status, status
            stored = service.load("full").state
            assert stored.unit("A-DD-2").location.system == "khtaoi"
            assert stored.turn == 2 and stored.phase is Phase.SECOND_MOVEMENT

    asyncio.run(scenario())
