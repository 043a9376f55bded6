"""The Battle tab offers the dice field only where a step rolls (found by use, December 7:
"Enter physical dice in the dice field…" showed on choose-range and target, which roll no
die). A Pilot test at both sizes; it failed on the code before the change."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Static

from campaign.app import CampaignService
from tests.tui.pilot_helpers import (
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
OFFER = "Enter physical dice in the dice field"


def flat(rendered: object) -> str:
    """A Static's text on one line (its rows joined by single spaces)."""
    return " ".join(str(rendered).split())


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_the_dice_field_is_offered_only_where_a_step_rolls(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """DN-CBT-2 DN-ERR-1: the range roll and fire roll dice, and the tab offers the dice
    field there; choose-range and target roll none, and the tab says so instead."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=size) as pilot:
            session = await open_battle_at_halden(pilot)
            screen = screen_of(pilot)
            seen: dict[str, bool] = {}
            while True:
                stage = session.battle_stage(BATTLE)
                step = battle_step(session, BATTLE)
                await pilot.press("escape", "4")
                await until(pilot, lambda: tab_ready(screen, "tab-battle"), "the Battle tab")
                battle = screen.query_one("#battle", Static)
                shown = session.next_battle_order(BATTLE)  # what ``n`` pre-fills
                await until(
                    pilot,
                    lambda shown=shown, battle=battle: shown in flat(battle.render()),
                    f"{shown} shown",
                )
                text = flat(battle.render())
                rolls = bool(session.dice_needed(shown))
                assert (OFFER in text) is rolls, (stage, text)
                assert ("No battle's next step rolls a die." in text) is not rolls
                seen[stage] = rolls
                if stage == "fire":
                    break
                await send(pilot, step, "4,2" if rolls else "")
            assert seen.get("fire") is True
            assert False in seen.values(), seen  # a step that rolls nothing was shown

    asyncio.run(scenario())


def test_a_players_fire_at_a_face_down_counter_is_not_said_to_roll_no_die(
    service: CampaignService, no_keymap: Path
):
    """DN-NEU-1, DN-CBT-4 (found by use, December 7, night: `campaign tui demo --side aslan`,
    two destroyers against the face-down counter at Keystone, tab 4 at the fire step): the
    Battle tab said "No battle's next step rolls a die.", though the fire rolls; its dice are
    by or at a counter the player may not identify, so his screen neither shows nor takes
    them. It says so, whatever the counter is (the line is there wherever one fights)."""
    from campaign.rules.ids import Side

    for order in (
        "aslan jump A-DD-1 khtaoi,fissure,span,keystone",
        "aslan jump A-DD-2 khtaoi,fissure,span,keystone",
        "aslan end-phase",
        "aslan range b1",
        "aslan target b1 A-DD-1",
        "aslan target b1 A-DD-2 1",
    ):
        service.order_report("demo", order)

    async def scenario() -> str:
        async with campaign_shown(
            service, no_keymap, "demo", side=Side.ASLAN, size=(160, 48)
        ) as pilot:
            screen = screen_of(pilot)
            assert screen.session.battle_stage("keystone/aslan-neutral") == "fire"
            await pilot.press("4")
            await until(pilot, lambda: tab_ready(screen, "tab-battle"), "the Battle tab")
            battle = screen.query_one("#battle", Static)
            await until(pilot, lambda: "aslan fire b1" in flat(battle.render()), "fire shown")
            return flat(battle.render())

    text = asyncio.run(scenario())
    assert "No battle's next step rolls a die." not in text, text
    assert "rolled behind the screen" in text, text
