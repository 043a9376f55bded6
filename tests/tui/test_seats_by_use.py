"""Found by use on December 7: the campaign TUI played from each seat (the referee, Aslan,
Solomani) at 80x24 and 160x48 under tmux, one whole game turn. Each test names the keys that
showed the defect and what the screen did."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static
from textual.widgets._toast import Toast

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.tui.app import create_app
from campaign.tui.session import CampaignSession
from campaign.tui.views import income_lines
from tests.tui.pilot_helpers import SIZE, screen_of, send
from tests.waiting import until

#: Aslan's main stack from Hlirakh to Marrow, beside the Solomani capital (the demo's jump).
MAIN_TO_MARROW = (
    "aslan jump main ftahr,khtaoi,fissure,span,scarp,corredor,orilla,rampart,citadel,"
    "bulwark,redoubt,marrow"
)


def status_of(pilot) -> str:
    return str(screen_of(pilot).query_one("#status-line", Static).render())


def test_a_refusal_keeps_the_optional_blanks_of_its_usage(
    service: CampaignService, no_keymap: Path
):
    """DN-ERR-1: ``aslan produce CL x y z`` is refused with the usage ``produce KIND [COUNT]
    [LOCATION]`` (``campaign order`` prints it whole); the status line and the notification
    showed ``produce KIND  `` — a word in square brackets was read as a style and dropped
    (``n`` Enter on a target step lost ``[ENGAGEMENTS]`` the same way)."""

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign="demo")
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            status = await send(pilot, "aslan produce CL x y z")
            assert "produce KIND [COUNT] [LOCATION]" in status, status
            await until(pilot, lambda: bool(app.screen.query(Toast)), "the refusal's toast")
            toasts = [str(toast.render()) for toast in app.screen.query(Toast)]
            assert any("produce KIND [COUNT] [LOCATION]" in toast for toast in toasts), toasts

    asyncio.run(scenario())


def _cut_lines(service: CampaignService) -> list[str]:
    session = CampaignSession(service, "demo")
    session.order(MAIN_TO_MARROW)
    return [line for line in income_lines(session.income(Side.SOLOMANI)) if "cut at" in line]


def test_the_economy_tab_names_a_cut_system_once(service: CampaignService):
    """DN-ECO-3: with Aslan's main stack at Marrow, Solomani's Economy tab read "cut at
    Marrow: Marrow: enemy starships …" (the reason already begins with the system's name)."""
    lines = _cut_lines(service)
    assert any("Marrow" in line for line in lines), lines
    for line in lines:
        name = line.split("cut at ", 1)[1].split(":", 1)[0]
        assert f"{name}: {name}:" not in line, line
