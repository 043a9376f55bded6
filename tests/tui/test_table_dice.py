"""The TUI asks for each physical die when it is due (issue 45 item 2): in a `--dice
physical` campaign an order sent with the dice field empty opens one prompt per die, naming
what it is for, the re-roll of a tied range roll included; Esc gives up the order."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input, Static

from campaign.app import CampaignService
from campaign.tui.screens.campaign import CampaignScreen
from campaign.tui.screens.forms import TextPrompt
from tests.cli_referee.test_table_dice import physical_battle
from tests.tui.pilot_helpers import SIZE, campaign_shown, screen_of
from tests.waiting import until


def _prompt_text(pilot) -> str:
    screen = pilot.app.screen
    assert isinstance(screen, TextPrompt), type(screen).__name__
    return str(screen.query(Static).first().render())


async def _answered(pilot, key: str) -> None:
    """Press ``key`` and wait for its answer: the next die's prompt, the order's outcome on
    the campaign screen, or a refusal in the prompt shown (waited for, not paused once: the
    next prompt comes after the one answered has gone, later on a loaded machine)."""
    app = pilot.app
    campaign = next(s for s in app.screen_stack if isinstance(s, CampaignScreen))
    line = campaign.query_one("#status-line", Static)
    asked = app.screen
    errors = list(asked.query("#prompt-error").results(Static))
    campaign.report("")
    for error in errors:  # a refusal shows it again; an earlier one must not count
        error.update("")
    await pilot.press(key)
    await until(
        pilot,
        lambda: (
            any(str(error.render()).strip() for error in errors)
            or (
                app.screen is not asked
                and isinstance(app.screen, TextPrompt)
                and app.screen.focused
            )
            or (app.screen is campaign and str(line.render()).strip())
        ),
        f"{key} answered",
    )


async def _type(pilot, value: str) -> None:
    """Press the die's value: a face is taken at once, no Enter (issue 44 item 3)."""
    await _answered(pilot, value)


async def _send(pilot, text: str) -> None:
    screen = screen_of(pilot)
    await pilot.press("escape", "o")
    screen.query_one("#order", Input).value = text
    await _answered(pilot, "enter")


def test_each_die_is_asked_when_due(tmp_path: Path, no_keymap: Path):
    """Issue 45 item 2 (DN-CBT-1): four prompts for a tied range roll, in order, each naming
    its die; a value that is no face is refused in the prompt; the order is then stored."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'p.db'}")
    physical_battle(service)
    asked: list[str] = []

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "p", size=SIZE) as pilot:
            await _send(pilot, "aslan range b1")
            for value in ("3", "9", "4", "2", "5"):
                text = _prompt_text(pilot)
                if value != "9":
                    asked.append(text)
                await _type(pilot, value)
            assert not isinstance(pilot.app.screen, TextPrompt)

    asyncio.run(scenario())
    assert [a.split(":")[0] for a in asked] == [
        "Die for range marrow round 1 solomani try 1",
        "Die for range marrow round 1 aslan try 1",
        "Die for range marrow round 1 solomani try 2",
        "Die for range marrow round 1 aslan try 2",
    ]
    (entry,) = [e for e in service.story("p") if e.order_text.startswith("aslan range")]
    assert entry.rolls == (
        "range marrow round 1 solomani try 1=3",
        "range marrow round 1 aslan try 1=4",
        "range marrow round 1 solomani try 2=2",
        "range marrow round 1 aslan try 2=5",
    )


def test_escape_gives_up_the_order(tmp_path: Path, no_keymap: Path):
    """Issue 45 item 2: Esc at a die prompt sends nothing; the battle still waits for it."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'p.db'}")
    physical_battle(service)
    before = service.load("p").head.seq

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "p", size=SIZE) as pilot:
            await _send(pilot, "aslan range b1")
            await _type(pilot, "3")
            await _answered(pilot, "escape")
            assert not isinstance(pilot.app.screen, TextPrompt)

    asyncio.run(scenario())
    assert service.load("p").head.seq == before
