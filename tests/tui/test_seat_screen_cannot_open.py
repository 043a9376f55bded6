"""A screen that shows one campaign and nothing else — a browser seat of ``campaign serve``
(``--one-campaign``) or the table view (``--table``) — whose campaign cannot be opened ends
with the reason, in the CLI's line ``campaign: …`` that its page shows, never on the launcher
(docs/table.md, "The links"; DN-ERR-1).

Found by use (December 8): with the referee's data files changed since the campaign was made
(DN-DATA-4), Aslan's page opened the launcher, which listed every campaign of the referee's
database and opened any of them as Aslan's screen; the table view's page said only "an
unexpected error"."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.tui.app import create_app
from campaign.tui.screens.launcher import LauncherScreen
from tests.databases import pin_other_data_files
from tests.tui.pilot_helpers import SIZE
from tests.waiting import until


@pytest.mark.parametrize(
    "seat",
    [
        {"side": Side.ASLAN, "one_campaign": True},
        {"one_campaign": True},
        {"table": True},
    ],
    ids=["aslan-link", "referee-link", "table-link"],
)
def test_a_one_campaign_screen_that_cannot_open_ends_with_the_reason(
    service: CampaignService, no_keymap: Path, seat: dict[str, Any]
):
    """DN-ERR-1 (DN-DATA-4 the refusal): the screen ends (return code 1) saying why, and the
    launcher — the database's other campaigns, each opened as this seat — never shows."""
    pin_other_data_files(service, "demo")

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign="demo", **seat)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.return_code == 1, "the screen ends")
            assert not any(isinstance(screen, LauncherScreen) for screen in app.screen_stack)
            said = [str(message) for message in app._exit_renderables]
            assert said and said[0].startswith("campaign: DN-DATA-4: the data files changed")

    asyncio.run(scenario())


def test_the_terminals_screen_of_a_campaign_that_cannot_open_still_offers_the_launcher(
    service: CampaignService, no_keymap: Path
):
    """DN-ERR-1: ``campaign tui NAME`` on the referee's own terminal is not a browser seat:
    the refusal is a notification over the launcher, where he can open another campaign."""
    pin_other_data_files(service, "demo")

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign="demo")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LauncherScreen), "the launcher shows")
            assert app.return_code is None

    asyncio.run(scenario())
