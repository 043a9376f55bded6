"""The scenario games keep their last refusal on screen (found by use, December 7: at 80x24
Imperium Shogi's refusal of ``m zz9 Enter`` was only a toast, which covered the move field
and went away with the reason; no line kept it). Pilot tests at both sizes; each failed on
the code before the change."""

from __future__ import annotations

import asyncio

import pytest
from textual.app import App
from textual.geometry import Region
from textual.widgets import Input, Static

from tests.tui.pilot_helpers import ScenarioHost, pass_investor, screen_lines
from tests.tui.test_scenario_messages import GAMES, SIZES, notices
from tests.waiting import until

#: Keys that each game refuses, and the refusal's first words: a typed move that is not a move
#: (SHO-10, INV-8: the move notation), an undo with nothing to take back (Imperial).
REFUSED = {
    "imperium-shogi": (("m", "z", "z", "9", "enter"), "SHO-10: 'zz9' is not a move"),
    "invector": (("m", "z", "z", "9", "enter"), "INV-8"),
    "imperial": (("u",), ""),
}


def run(coroutine) -> None:
    """Run a Pilot scenario; a hang fails after a minute instead of blocking the run."""
    asyncio.run(asyncio.wait_for(coroutine, 60))


def shown(app: App, text: str) -> bool:
    """Whether the terminal shows ``text`` on one of its lines (toasts aside)."""
    width, height = app.size
    return any(text in line for line in screen_lines(app, Region(0, 0, width, height)))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_last_refusal_stays_until_the_next_key(game, size):
    """SHO-10 INV-8 (the typed moves; Imperial's undo has no rule id): a refused key's reason
    stays on the refusal line above the footer once its toast is gone, and the next key
    takes it away."""
    keys, start = REFUSED[game]

    async def scenario() -> None:
        app = ScenarioHost(GAMES[game])
        async with app.run_test(size=size) as pilot:
            await pass_investor(pilot)
            screen = app.screen
            for key in keys:
                if key != "m" and key != "u" and screen.focused is None:
                    await until(pilot, lambda: isinstance(screen.focused, Input), "the field")
                await pilot.press(key)
            await until(pilot, lambda: bool(notices(app)), "the refusal")
            reason = notices(app)[-1]
            assert reason.startswith(start)
            app.clear_notifications()
            await pilot.pause()
            line = screen.query_one("#game-refusal", Static)
            await until(pilot, lambda: shown(app, reason[:40]), "the reason on screen")
            assert str(line.render()) == reason
            assert line.region.bottom == size[1] - 1  # just above the footer
            await pilot.press("escape")
            await until(pilot, lambda: not shown(app, reason[:40]), "the reason gone")

    run(scenario())
