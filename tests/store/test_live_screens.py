"""Issue 43 item 1 on every backend: a campaign screen (the TUI, driven by a Pilot) follows an
order given by another process — the CLI on the same SQLite file, or on the same PostgreSQL
server as a screen on another machine would (``LISTEN``/``NOTIFY``) — without a key."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.tui.app import create_app
from campaign.tui.demo import ensure_demo
from tests.tui.pilot_helpers import SIZE, screen_of
from tests.tui.test_live_updates import order_from_the_cli, phase_text
from tests.waiting import until


@pytest.mark.slow
def test_an_open_screen_follows_another_process_on_every_backend(db_url: str, tmp_path: Path):
    """issue 43 item 1: SQLite (both drivers) and PostgreSQL: another process's order shows
    on the open screen (the phase tracker's event number)."""
    service = CampaignService(db_url=db_url)
    ensure_demo(service)

    async def scenario() -> None:
        app = create_app(tmp_path / "no-keymap.toml", service=service, open_campaign="demo")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            before = screen_of(pilot).session.loaded.head.seq
            order_from_the_cli(db_url, "aslan end-phase")
            after = service.stored_head("demo").seq
            assert after > before
            await until(
                pilot,
                lambda: f"event {after}" in phase_text(pilot),
                f"the phase tracker shows event {after}",
            )

    try:
        asyncio.run(scenario())
    finally:
        service.store.dispose()
