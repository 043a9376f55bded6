"""What a screen prints when it ends on an error, and a campaign deleted while it is open.

Found by use (December 7, the live table): the campaign was deleted (``campaign delete``) while
Aslan's screen (``campaign tui demo --side aslan``) was open; its next live look failed, and the
screen ended with Textual's traceback, whose local variables held the loaded campaign: every
face-down neutral counter by its real id, kind and factors (DN-NEU-1), on the player's own
terminal (and on the big screen, for the table view).
"""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from campaign.app import CampaignService
from campaign.app.campaigns import Loaded
from campaign.rules.ids import Side
from campaign.tui.app import create_app
from tests.tui.pilot_helpers import campaign_on_top
from tests.waiting import until

#: A neutral counter's real id (``N-TR-1``); a player reads aliases, ``N-X-k`` (DN-NEU-1).
REAL_NEUTRAL_ID = re.compile(r"(?<![A-Za-z0-9-])N-(?!X-)[A-Z]+\d*-\d+(?![A-Za-z0-9-])")


def test_an_error_on_a_players_screen_prints_no_local_variables(
    service: CampaignService, no_keymap: Path, monkeypatch: pytest.MonkeyPatch
):
    """DN-NEU-1: an unexpected error while Aslan's screen follows the campaign ends the app
    with a traceback that names the code, never the values the code held (the true state)."""

    def broken(loaded: Loaded) -> Loaded | None:  # holds the true state, as caught_up does
        raise RuntimeError(f"broken after event {loaded.head.seq}")

    async def scenario() -> str:
        app = create_app(no_keymap, service=service, open_campaign="demo", side=Side.ASLAN)
        shown = []
        with pytest.raises(RuntimeError, match="broken after event"):
            async with app.run_test() as pilot:
                await campaign_on_top(pilot)
                monkeypatch.setattr(service, "caught_up", broken)
                service.order_report("demo", "aslan end-phase")  # the screen looks, and fails
                await until(pilot, lambda: bool(app._exit_renderables), "the app ends")
                shown = list(app._exit_renderables)  # printed to the terminal at the exit
        console = Console(width=120, record=True, file=io.StringIO())
        for renderable in shown:
            console.print(renderable)
        return console.export_text()

    printed = asyncio.run(scenario())
    assert "RuntimeError" in printed and "broken after event" in printed, printed
    assert not REAL_NEUTRAL_ID.search(printed), REAL_NEUTRAL_ID.search(printed)
    assert "locals" not in printed


def test_a_campaign_deleted_elsewhere_closes_its_screens_with_a_word(
    service: CampaignService, no_keymap: Path
):
    """DN-ERR-1 (found by use, December 7): ``campaign delete demo`` while screens followed
    it ended each of them on a traceback. Now Aslan's screen goes back to the launcher and
    says why; the table view (and a browser seat, ``--one-campaign``) ends with that line."""
    from campaign.tui.screens.launcher import LauncherScreen
    from tests.tui.pilot_helpers import screen_on_top

    async def scenario() -> tuple[list[str], int | None, str]:
        side = create_app(no_keymap, service=service, open_campaign="demo", side=Side.ASLAN)
        table = create_app(no_keymap, service=service, open_campaign="demo", table=True)
        said = []
        async with side.run_test(notifications=True) as pilot:
            await campaign_on_top(pilot)
            async with table.run_test() as table_pilot:
                await until(table_pilot, lambda: len(table.screen_stack) > 1, "the table view")
                service.delete("demo")
                await until(table_pilot, lambda: bool(table._exit_renderables), "its end")
                said = [str(line) for line in table._exit_renderables]
            await until(pilot, lambda: screen_on_top(side, LauncherScreen), "the launcher")
            told = [str(note.message) for note in side._notifications]
        return told, table.return_code, "\n".join(said)

    told, code, said = asyncio.run(scenario())
    assert any("'demo' was deleted elsewhere" in line for line in told), told
    assert code == 1
    assert "'demo' was deleted elsewhere" in said and "Traceback" not in said, said
