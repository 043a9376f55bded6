"""DN-NEU-1 (docs/seats.md): a player's own database opens as his screen from the launcher too.

Found by use (December 7): `campaign tui --db asl.db` (the launcher, no NAME) on the Aslan
player's database by e-mail, Enter on the campaign: "Campaign nebula — referee's view", its
Forces tab listing every neutral counter by real id with kind and factors (`N-M-3 neutral M
0-8-8[3] hex:keystone`). `campaign tui NAME` opened his side's screen; the launcher did not
ask whose database it is. Both open a campaign through ``campaign_screen``, which now asks.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from campaign.rules.ids import Side
from campaign.tui.app import create_app
from campaign.tui.screens.campaign import CampaignScreen
from campaign.tui.screens.launcher import LauncherScreen
from tests.pbem.helpers import CAMPAIGN, Table
from tests.tui.pilot_helpers import SIZE
from tests.waiting import until


def test_the_launcher_opens_a_players_own_database_as_his_screen(
    tmp_path: Path, no_keymap: Path
):  # DN-NEU-1
    table = Table(tmp_path, armoured=False)
    table.play("solomani place-neutral lantern")
    table.hand_over(Side.ASLAN)  # the Aslan's database now plays aslan by e-mail
    app = create_app(no_keymap, service=table.players[Side.ASLAN].service, open_campaign=None)
    asyncio.run(_open_from_the_launcher(app))


async def _open_from_the_launcher(app) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await until(
            pilot,
            lambda: isinstance(app.screen, LauncherScreen) and bool(app.screen.query("DataTable")),
            "the launcher",
        )
        assert isinstance(app.screen, LauncherScreen)
        hint = str(app.screen.query_one("#viewer-hint", Static).render())
        assert hint.startswith("Enter open as the referee's screen (by e-mail: the player's)")
        app.screen.open_campaign(CAMPAIGN)
        await until(pilot, lambda: isinstance(app.screen, CampaignScreen), "the campaign")
        assert isinstance(app.screen, CampaignScreen)
        assert app.screen.session.viewer is Side.ASLAN
        assert app.screen.sub_title == app.screen.session.view_name
        assert "referee" not in app.screen.sub_title
