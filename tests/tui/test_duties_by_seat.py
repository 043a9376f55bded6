"""DN-SEQ-2 (docs/seats.md): the campaign screen's header says who must act and why, and names
an order only when it is offered to the screen's seat.

Found by use (December 7): `campaign tui nebula` on the Aslan player's own database by e-mail
(and `--side aslan` or `--side solomani` there) headed the screen with "solomani must act:
setup-neutrals phase — solomani place-neutral SYSTEM": the other side's order form, or, from
the Solomani's seat, one this database refuses. The header asks the seat's duty
(``views.report.acting_line``), as `campaign status` does.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Static

from campaign.app import CampaignService
from campaign.cli import main
from campaign.rules.ids import Side
from tests.tui.pilot_helpers import campaign_shown, screen_of
from tests.waiting import until

NAME = "nebula"


@pytest.mark.parametrize(
    ("plays", "side", "form"),
    [
        (["--as", "aslan"], None, False),  # the owner's screen: aslan's seat
        (["--as", "aslan"], Side.ASLAN, False),
        (["--as", "aslan"], Side.SOLOMANI, False),  # refused on this database
        ([], Side.ASLAN, False),  # a player's seat at the referee's table
        ([], Side.SOLOMANI, True),
        ([], None, True),  # the referee
    ],
    ids=["aslan-db", "aslan-db-aslan", "aslan-db-solomani", "table-aslan", "table-sol", "ref"],
)
def test_the_header_names_only_an_order_the_seat_may_give(
    tmp_path: Path, no_keymap: Path, plays: list[str], side: Side | None, form: bool
):
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["new", NAME, "--seed", "11", *plays, "--db", url]) == 0
    service = CampaignService(db_url=url)

    async def scenario() -> None:
        for size in ((80, 24), (160, 48)):
            async with campaign_shown(service, no_keymap, NAME, side=side, size=size) as pilot:
                screen = screen_of(pilot)
                header = str(screen.query_one("#phase", Static).render())
                assert "solomani must act: setup-neutrals phase" in header, header
                assert ("place-neutral" in header) is form, header

    asyncio.run(scenario())


@pytest.mark.parametrize("key", ["E", "m"])
def test_a_key_on_the_other_players_database_says_where_the_orders_go(
    tmp_path: Path, no_keymap: Path, key: str
):
    """DN-SEQ-2: `--side solomani` on the Aslan player's database while the Solomani must act:
    `E` (end phase) and `m` (move) said "nothing for solomani to do now: solomani must act:
    setup-neutrals phase — solomani place-neutral SYSTEM", an order this database refuses.
    They now say why nothing is given here, as `e` does."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["new", NAME, "--seed", "11", "--as", "aslan", "--db", url]) == 0
    service = CampaignService(db_url=url)

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, NAME, side=Side.SOLOMANI) as pilot:
            screen = screen_of(pilot)
            line = screen.query_one("#status-line", Static)
            await pilot.press(key)
            await until(pilot, lambda: "DN-SEQ-2" in str(line.render()), f"{key} answered")
            said = " ".join(str(line.render()).split())
            assert "this database plays aslan by e-mail" in said, said
            assert "place-neutral" not in said and "nothing for" not in said, said

    asyncio.run(scenario())
