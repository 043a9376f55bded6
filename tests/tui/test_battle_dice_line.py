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
