"""The campaign screen names a strict-dice wait as `campaign status` does (DN-ERR-1, ADR 0028,
docs/turn-files.md "Strict dice"). Found by use (December 7, night): with Aslan's order held
for Solomani's dice contribution, `campaign tui nebula` on Aslan's database headed the screen
"aslan must act: battle b1 at solace: roll for range, round 1 — aslan range b1", an order the
screen then refused ("waiting for solomani's dice contribution to file 12"), and Ctrl+P listed
orders that were all refused. The header now names the wait (in the second person to the
Solomani seat) and no order is offered until the dice come."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Static

from campaign.rules.ids import Side
from campaign.tui.screens.forms import Confirm
from tests.fair.by_mail import CAMPAIGN, MailTable, play_to_contact, play_until_held
from tests.tui.pilot_helpers import campaign_shown, screen_of, send
from tests.waiting import until


@pytest.fixture(scope="module")
def held(tmp_path_factory: pytest.TempPathFactory) -> MailTable:
    """Aslan's first order that rolls is held on Aslan's database for Solomani's dice."""
    table = MailTable(tmp_path_factory.mktemp("strict"), fair=False, dice="strict")
    play_to_contact(table)
    assert play_until_held(table) is Side.ASLAN
    return table


@pytest.mark.parametrize(
    ("side", "wait"),
    [(None, "solomani's dice contribution"), (Side.SOLOMANI, "your dice contribution")],
    ids=["owner", "solomani"],
)
def test_the_header_names_the_strict_dice_wait(
    held: MailTable, no_keymap: Path, side: Side | None, wait: str
):
    service = held.machines[Side.ASLAN].service

    async def scenario() -> None:
        for size in ((80, 24), (160, 48)):
            async with campaign_shown(service, no_keymap, CAMPAIGN, side=side, size=size) as pilot:
                screen = screen_of(pilot)
                header = " ".join(str(screen.query_one("#phase", Static).render()).split())
                assert f"solomani must act: waiting for {wait} to file" in header, header
                assert "range b1" not in header, header
                assert screen.session.legal_orders() == []  # Ctrl+P offers none

    asyncio.run(scenario())


def test_u_asks_about_the_held_order_it_takes_back(tmp_path: Path, no_keymap: Path):
    """DN-ERR-1 (found by use, December 7, night): ``u`` with Aslan's order held asked "Undo
    aslan end-phase?", the last order stored, and then took back the held one ("undone: aslan
    range b1 (held for strict dice, not sent)"). It asks about the order it takes back."""
    table = MailTable(tmp_path / "strict", fair=False, dice="strict")
    play_to_contact(table)
    assert play_until_held(table) is Side.ASLAN
    service = table.machines[Side.ASLAN].service
    held = service.store.ledger.strict_pending(CAMPAIGN)
    assert held is not None and held.order_text == "aslan range solace/aslan-neutral"

    async def scenario() -> tuple[str, str]:
        async with campaign_shown(service, no_keymap, CAMPAIGN) as pilot:
            screen = screen_of(pilot)
            await pilot.press("u")
            await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "u's question")
            confirm = pilot.app.screen
            assert isinstance(confirm, Confirm)
            question = confirm.question
            await pilot.press("y")
            line = screen.query_one("#status-line", Static)
            await until(pilot, lambda: "undone" in str(line.render()), "the undo's answer")
            return question, str(line.render())

    question, answer = asyncio.run(scenario())
    shown = "aslan range b1 (held for strict dice, not sent)"  # the battle as screens name it
    assert question.replace("[b]", "").replace("[/b]", "") == f"Undo {shown}?", question
    assert f"undone: {shown}" in answer, answer
    assert service.store.ledger.strict_pending(CAMPAIGN) is None


def test_an_order_held_from_the_screen_says_so(tmp_path: Path, no_keymap: Path):
    """DN-ERR-1 (found by use, December 7, night): an order held for strict dice, sent from
    the order line, answered "✓ aslan range b1  (0 events)", as if it had done nothing; it
    says what ``campaign order`` says: held for strict dice, whose contribution it needs and
    which file it ends."""
    table = MailTable(tmp_path / "strict", fair=False, dice="strict")
    play_to_contact(table)
    assert play_until_held(table) is Side.ASLAN
    service = table.machines[Side.ASLAN].service
    service.undo_report(CAMPAIGN)  # the held order taken back: Aslan gives it on the screen

    async def scenario() -> str:
        async with campaign_shown(service, no_keymap, CAMPAIGN, size=(160, 48)) as pilot:
            return " ".join((await send(pilot, "aslan range b1")).split())

    said = asyncio.run(scenario())
    assert "held for strict dice: 'aslan range b1' rolls dice, which need solomani's" in said
    assert "(0 events)" not in said, said
