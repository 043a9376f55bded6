"""The TUI's picture key writes the current view's map and says where (issue 19)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Static

from campaign.app import CampaignService
from campaign.app import pictures as campaign_map
from tests.render.svgdoc import of_class, parse
from tests.tui.pilot_helpers import SIZE, campaign_shown, screen_of
from tests.waiting import until


def test_picture_key_writes_the_map_and_says_where(
    service: CampaignService, no_keymap: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):  # DN-ECO-3: with the connection overlay on, the picture carries the supply overlay
    pictures = tmp_path / "pictures"
    monkeypatch.setattr(campaign_map, "pictures_dir", lambda: pictures)

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            await pilot.press("c")
            await pilot.press("p")
            line = screen.query_one("#status-line", Static)
            await until(pilot, lambda: "map picture written to" in str(line.render()), "p's file")
            (written,) = pictures.glob("*.svg")
            status = str(line.render())
            assert "map picture written to" in status and written.name in status
            root = parse(written.read_bytes())
            assert root.get("data-overlay") == "supply" and root.get("data-view") == "referee"
            assert len(of_class(root, "system")) == len(screen.session.ruleset.star_map.systems)

    asyncio.run(scenario())
