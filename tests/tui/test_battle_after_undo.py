"""Issue 31 item 4: after a referee undo (``U``) the Battle tab's "last battle" and "last
round's dice" included what the undo reverted; a bombardment read "0 round(s)"."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from campaign.app import CampaignService
from campaign.rules.narration import BattleSummary
from campaign.tui.screens.forms import TextPrompt
from campaign.tui.session import CampaignSession
from tests.tui.pilot_helpers import (
    SIZE,
    app_for,
    battle_step,
    campaign_shown,
    open_battle_at_halden,
    screen_of,
    send,
    tab_ready,
)
from tests.waiting import until

BATTLE = "halden/aslan-solomani"


async def referee_undo(pilot) -> None:
    """``U``, a reason, Enter; back on the campaign screen once the undo is done."""
    screen = screen_of(pilot)
    head = screen.session.loaded.head
    await pilot.press("escape", "U")
    await until(
        pilot,
        lambda: isinstance(pilot.app.screen, TextPrompt) and pilot.app.screen.focused is not None,
        "the reason prompt",
    )
    await pilot.press(*"wrong stack moved", "enter")
    await until(
        pilot,
        lambda: pilot.app.screen is screen and screen.session.loaded.head != head,
        "the referee's undo",
    )
    await pilot.pause()


def battle_text(pilot) -> str:
    return str(screen_of(pilot).query_one("#battle", Static).render())


def test_a_reverted_round_leaves_no_last_rounds_dice(service: CampaignService, no_keymap: Path):
    """DN-CBT-4 / DN-ERR-1: the round fought is reverted by the referee; its dice must not be
    shown as the last round's."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            session = await open_battle_at_halden(pilot)
            await send(pilot, battle_step(session, BATTLE), "4,2")
            while session.battle_stage(BATTLE) != "fire":
                await send(pilot, battle_step(session, BATTLE))
            await send(pilot, battle_step(session, BATTLE))  # fire: round 1 fought
            await pilot.press("escape", "4")
            await until(pilot, lambda: "last round's dice" in battle_text(pilot), "the dice")
            await referee_undo(pilot)
            assert session.battle_stage(BATTLE) == "fire"  # the round is undone
            assert "last round's dice" not in battle_text(pilot)

    asyncio.run(scenario())


def test_a_reverted_opening_of_battles_is_no_last_battle(service: CampaignService, no_keymap: Path):
    """DN-CBT-1: the end of the movement phase opened a battle at Halden; the referee undid
    it. The Battle tab showed "Last battle at Halden, 0 round(s)", a battle that never was."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            session = await open_battle_at_halden(pilot)
            assert session.battles()
            await referee_undo(pilot)
            assert not session.battles() and session.state.phase.is_movement
            await pilot.press("4")
            screen = screen_of(pilot)
            await until(pilot, lambda: tab_ready(screen, "tab-battle"), "the Battle tab")
            await pilot.pause()
            assert "Last battle" not in battle_text(pilot)
            assert "round(s)" not in battle_text(pilot)

    asyncio.run(scenario())


def test_a_battle_without_space_rounds_is_not_zero_rounds(
    service: CampaignService, no_keymap: Path
):
    """Item 4 / item 9 (plurals): a bombardment's summary read "0 round(s)"."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            session = screen_of(pilot).session
            summary = BattleSummary(systems=["span"], rounds=0, lines=["Bombardment at Span"])
            session.last_battle = lambda: summary  # type: ignore[method-assign]
            await pilot.press("4")
            screen = screen_of(pilot)
            await until(pilot, lambda: tab_ready(screen, "tab-battle"), "the Battle tab")
            text = battle_text(pilot)
            assert "Last battle" in text and "Span" in text
            assert "0 round" not in text and "no space combat round" in text

    asyncio.run(scenario())


def test_session_last_battle_skips_what_a_referee_undo_reverted(service: CampaignService):
    """DN-CBT-1: ``last_battle`` narrates the log as it stands after the restore."""
    session = CampaignSession(service, "demo")
    session.order(session.move_order("main", "halden"))
    session.order("aslan end-phase")
    assert not session.last_battle().empty  # the battle opened
    session.undo(referee_reason="wrong stack moved")
    assert session.last_battle().empty
