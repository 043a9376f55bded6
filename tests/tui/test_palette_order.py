"""The command palette lists its commands in one order, the same every time it opens (DN-SEQ-2).

Textual's palette asks each of its providers at once and lists their commands as they arrive,
and it keeps the providers in a set: with the legal orders in a provider of the campaign
screen and Textual's own commands (Keys, Quit, Theme …) in another, which came first depended
on the two classes' hashes, so it changed from one run of the program to the next (one run in
eight in a quick count put the orders first). One provider now gives the legal orders, in the
order ``legal_orders`` has them, then Textual's commands.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.command import CommandList, CommandPalette

from campaign.app import CampaignService
from campaign.cli import main
from campaign.rules.ids import Side
from tests.tui.pilot_helpers import campaign_shown, screen_of
from tests.waiting import until


def _listed(app) -> list[str]:
    """The first line of each command the open palette lists, top to bottom."""
    return [
        str(option.prompt).splitlines()[0]
        for found in app.screen.query(CommandList)
        for option in found.options
    ]


def _gathered(app) -> bool:
    """The palette on top has asked every provider and listed what they gave."""
    screen = app.screen
    return (
        isinstance(screen, CommandPalette)
        and screen.has_class("-ready")
        and bool(screen.query(CommandList))
        and screen.query_one(CommandList).option_count > 0
    )


def test_the_palette_lists_the_legal_orders_first_in_a_fixed_order(
    service: CampaignService, no_keymap: Path
):
    """DN-SEQ-2: opened with nothing typed, the palette lists the orders legal now, in the
    order ``status`` gives them, then Textual's own commands; one provider gives them all, so
    no run of the program lists them in another order."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo") as pilot:
            session = screen_of(pilot).session
            orders = [
                f"{legal.rule}  {session.template_for(legal)}" for legal in session.legal_orders()
            ]
            await pilot.press("ctrl+p")
            await until(pilot, lambda: _gathered(pilot.app), "the palette's commands")
            palette = pilot.app.screen
            assert isinstance(palette, CommandPalette)
            assert len(palette._providers) == 1, palette._providers
            listed = _listed(pilot.app)
            assert listed[: len(orders)] == orders
            assert {"Keys", "Quit", "Theme"} <= set(listed[len(orders) :]), listed

    asyncio.run(scenario())


def test_the_palette_lists_no_order_the_database_refuses(tmp_path: Path, no_keymap: Path):
    """DN-SEQ-2 (found by use, December 7): ``campaign tui NAME --side solomani`` on the Aslan
    player's by-mail database listed Solomani's orders in the palette (``place-neutral``),
    each refused when sent (they could only travel in a file from Aslan). ``campaign status``
    lists none there; the TUI asks the same seat filter (``authority.may_give``)."""
    url = f"sqlite:///{tmp_path / 'aslan.db'}"
    assert main(["new", "mail", "--seed", "11", "--as", "aslan", "--db", url]) == 0
    service = CampaignService(db_url=url)

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "mail", side=Side.SOLOMANI) as pilot:
            screen = screen_of(pilot)
            session = screen.session
            assert session.legal_orders() == []
            await pilot.press("ctrl+p")
            await until(pilot, lambda: _gathered(pilot.app), "the palette's commands")
            listed = _listed(pilot.app)
            assert not any("solomani" in line for line in listed), listed
            # nor does the order line's hint or ``e`` offer one: ``e`` says why
            await pilot.press("escape")
            await until(pilot, lambda: pilot.app.screen is screen, "the palette closed")
            assert not any("place-neutral" in hint for hint in session.order_placeholders())
            await pilot.press("e")
            status = screen.query_one("#status-line")
            await until(pilot, lambda: "plays aslan by e-mail" in str(status.render()), "e")

    asyncio.run(scenario())


def test_an_order_of_lowercase_alternatives_opens_its_form_from_the_palette(
    service: CampaignService, no_keymap: Path
):
    """DN-SEQ-2 (found by use, December 7, night): the palette's ``referee stepping
    manual|auto`` was sent as written, the alternatives taken for words, and refused ("mode:
    must be 'manual' or 'auto'"). Its one blank is a choice: the palette opens its form, and
    the form sends the mode chosen."""
    from campaign.tui.screens.forms import OrderForm
    from campaign.tui.widgets.choice_field import ChoiceField

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo") as pilot:
            screen = screen_of(pilot)
            await pilot.press("ctrl+p")
            await until(pilot, lambda: _gathered(pilot.app), "the palette's commands")
            await pilot.press(*"stepping")
            await until(
                pilot,
                lambda: bool(_listed(pilot.app)) and "stepping" in _listed(pilot.app)[0],
                "the stepping order listed first",
            )
            await pilot.press("enter")
            await until(
                pilot,
                lambda: (
                    isinstance(pilot.app.screen, OrderForm)
                    or pilot.app.screen is screen
                    and "stepping" in str(screen.query_one("#status-line").render())
                ),
                "the form, or the order sent",
            )
            form = pilot.app.screen
            assert isinstance(form, OrderForm), str(screen.query_one("#status-line").render())
            choice = form.query_one("#field-0", ChoiceField)
            choice.value = "manual"
            form.query_one("#form-ok").press()
            await until(pilot, lambda: pilot.app.screen is screen, "the form sent")
            said = str(screen.query_one("#status-line").render())
            assert said.startswith("✓ referee stepping manual"), said

    asyncio.run(scenario())


def test_the_blank_of_a_template_includes_lowercase_alternatives():
    """DN-SEQ-2, DN-NEU-1: ``manual|auto`` and ``table|tool`` are blanks to fill, as
    ``SIDE`` and ``[COUNT]`` are; a word of an order is not."""
    from campaign.tui.widgets.order_bar import BLANK

    assert BLANK.findall("referee stepping manual|auto") == ["manual|auto"]
    assert BLANK.findall("referee neutral-draw table|tool") == ["table|tool"]
    assert BLANK.findall("aslan produce KIND [COUNT]") == ["KIND", "[COUNT]"]
    assert BLANK.findall("referee stepping manual") == []
    assert BLANK.findall("aslan jump main hlirakh,ftahr") == []
