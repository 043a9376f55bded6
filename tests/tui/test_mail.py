"""Play by e-mail from the campaign screen (issue 17 item 15): export a turn file, import it in
the other player's copy with the checks of `campaign export/import`, see the exchange history."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input, Static

from campaign.app import CampaignService
from campaign.tui.screens.forms import TextPrompt
from campaign.tui.widgets.choice_field import ChoiceField
from tests.tui.pilot_helpers import SIZE, app_for, screen_of, send

CAMPAIGN = "mail"


def test_export_import_and_history_from_the_campaign_screen(tmp_path: Path, no_keymap: Path):
    # DN-SET-2: solomani places the first neutral and mails it; both players created the
    # campaign the same way (docs/turn-files.md), each in their own database
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'solomani.db'}")
    other = CampaignService(db_url=f"sqlite:///{tmp_path / 'aslan.db'}")
    for player in (service, other):
        player.create(CAMPAIGN, seed=11)
    turn = tmp_path / "turn-1.txt"

    async def sender() -> None:
        async with app_for(service, no_keymap, CAMPAIGN).run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = screen_of(pilot)
            assert "✓" in await send(pilot, "solomani place-neutral lantern")
            await pilot.press("x")
            await pilot.pause()
            form = pilot.app.screen
            form.query_one("#field-0", ChoiceField).value = "solomani"
            form.query_one("#field-1", Input).value = str(tmp_path / "missing" / "t.txt")
            form.query_one("#form-ok").press()
            await pilot.pause()
            assert pilot.app.screen is form  # refused (no such directory): still open
            assert "does not exist" in str(form.query_one("#form-error", Static).render())
            form.query_one("#field-1", Input).value = str(turn)
            form.query_one("#form-ok").press()
            await pilot.pause()
            assert pilot.app.screen is screen
            assert turn.exists()
            mail = str(screen.query_one("#mail", Static).render())
            assert "out" in mail and "solomani" in mail

    async def receiver() -> None:
        async with app_for(other, no_keymap, CAMPAIGN).run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = screen_of(pilot)
            head = other.load(CAMPAIGN).head.seq
            bad = tmp_path / "bad.txt"
            bad.write_text(turn.read_text().replace("a", "b", 40), encoding="utf-8")
            # the first file: the form asks which side this database plays (issue 33 item 3)
            await pilot.press("i")
            await pilot.pause()
            form = pilot.app.screen
            assert form.query_one("#field-0", ChoiceField).value == "aslan"  # the other side's
            for path, accepted in ((bad, False), (turn, True)):
                form.query_one("#field-1", Input).value = str(path)
                form.query_one("#form-ok").press()
                await pilot.pause()
                status = str(screen.query_one("#status-line", Static).render())
                if accepted:
                    assert "imported" in status, status
                    assert other.load(CAMPAIGN).head.seq > head
                else:
                    assert pilot.app.screen is form  # refused: still open, nothing stored
                    assert "✗" in status and other.load(CAMPAIGN).head.seq == head
            assert pilot.app.screen is screen
            # later files: only the path (the side is recorded)
            await pilot.press("i")
            await pilot.pause()
            assert isinstance(pilot.app.screen, TextPrompt)
            prompt = pilot.app.screen
            # the folder of the file imported last is offered (issue 31 item 12)
            assert prompt.query_one(Input).value == str(turn.parent) + "/"
            prompt.query_one(Input).value = str(turn)
            await pilot.press("enter")
            await pilot.pause()
            assert "already exchanged" in str(screen.query_one("#status-line", Static).render())
            # refused: the prompt stays, the path as typed, the reason shown (item 12)
            assert pilot.app.screen is prompt and prompt.query_one(Input).value == str(turn)
            assert "already exchanged" in str(prompt.query_one("#prompt-error").render())
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("6")
            await pilot.pause()
            mail = str(screen.query_one("#mail", Static).render())
            assert "in " in mail and "solomani" in mail

    asyncio.run(sender())
    asyncio.run(receiver())
