"""A question answered after the campaign changed elsewhere acts on nothing (DN-SEQ-2, DN-ERR-1).

Found by use (December 7): on the referee's screen of a campaign in Production, ``E`` asked
"solomani end-phase ends solomani's production … goes on 1 step to … first-movement. Send it?".
While the question was open the same step was ended from the command line; ``y`` then sent
``solomani end-phase`` again, which ended First Movement, a step the question had not named,
and the screen said only "✓ solomani end-phase". The referee undo (``U``) did the same with
its reason prompt: it reverted whatever order was last when the reason was typed, not the one
it named. Both now refuse, as ``u`` already did, saying the campaign changed while they were
asked; nothing is stored.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from campaign.app import CampaignService
from campaign.tui.screens.forms import Confirm, TextPrompt
from campaign.tui.session import CampaignSession
from tests.tui.pilot_helpers import campaign_on_top, campaign_shown, screen_of, screen_on_top
from tests.waiting import until


def _elsewhere(service: CampaignService, order: str) -> int:
    """``order`` given by another screen on the same database; the head it leaves."""
    writer = CampaignSession(CampaignService(db_url=service.store.url), "demo")
    writer.order(order)
    return writer.loaded.head.seq


def _status(pilot) -> str:
    return str(screen_of(pilot).query_one("#status-line", Static).render())


async def _caught_up(pilot, seq: int) -> None:
    """Wait until the screen under the question has loaded the change made elsewhere."""
    await until(
        pilot,
        lambda: pilot.app.screen_stack[1].session.loaded.head.seq == seq,
        "the campaign screen caught up",
    )


async def _answered(pilot, service: CampaignService, seq: int) -> None:
    """Wait until the answer is dealt with: refused on the status line, or stored."""
    await until(
        pilot,
        lambda: "changed while" in _status(pilot) or service.stored_head("demo").seq != seq,
        "the answer refused or acted on",
    )


def test_an_end_phase_confirmed_after_a_change_elsewhere_sends_nothing(
    service: CampaignService, no_keymap: Path
):
    """DN-SEQ-2: ``y`` to a ``pass``/``end-phase`` question sends nothing when the campaign
    changed while it was asked: the step it named may be over already."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo") as pilot:
            await pilot.press("E")
            await until(pilot, lambda: screen_on_top(pilot.app, Confirm), "the question")
            after = _elsewhere(service, "aslan end-phase")
            await _caught_up(pilot, after)
            await pilot.press("y")
            await campaign_on_top(pilot)
            await _answered(pilot, service, after)
            assert "DN-ERR-1" in _status(pilot) and "nothing was sent" in _status(pilot)
            assert service.stored_head("demo").seq == after

    asyncio.run(scenario())


def test_a_referee_undo_whose_reason_is_typed_after_a_change_reverts_nothing(
    service: CampaignService, no_keymap: Path
):
    """DN-ERR-1: the referee undo names the order it reverts; an order given elsewhere while
    its reason is typed is not reverted in its place."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo") as pilot:
            await pilot.press("U")
            await until(
                pilot, lambda: screen_on_top(pilot.app, TextPrompt, focused=True), "the prompt"
            )
            after = _elsewhere(service, "aslan jump main ftahr")
            await _caught_up(pilot, after)
            await pilot.press(*"misheard", "enter")
            await campaign_on_top(pilot)
            await _answered(pilot, service, after)
            assert "DN-ERR-1" in _status(pilot) and "nothing was undone" in _status(pilot)
            assert service.stored_head("demo").seq == after

    asyncio.run(scenario())
