"""The fair-play orders are the machines' (ADR 0028, DN-NEU-1): a seat never types them.

Found by use (December 7): with the reveal of a card called (Aslan's conscription in Beacon
held for it), the Aslan player typed `campaign order nebula "aslan share box-2 00…05"` on
his own database: it was taken ("The Aslan give their share of N-X-2"), his machine then gave
no share of its own, and `campaign export` signed and wrote file 24 carrying the forged share,
which the Solomani machine refused as `bad-share` with a signed complaint naming Aslan: a
player who typed an order the tool offered him was recorded as a cheat. The machine, which
holds the secrets and checks them, gives every seal, share and reveal; a seat that types one
is refused before anything is decided, and nothing is stored.
"""

from __future__ import annotations

import pytest

from campaign.app import authority
from campaign.rules import fairplay
from campaign.rules.errors import SeatError
from campaign.rules.ids import Side
from campaign.rules.seats import REFEREE, Seat
from campaign.views.play import legal_orders_for
from tests.fair.by_mail import CAMPAIGN, MailTable, play_to_conscription, sqlite_image


@pytest.fixture(scope="module")
def held(tmp_path_factory: pytest.TempPathFactory) -> MailTable:
    """Aslan's conscription in Beacon waits for the reveal of its card (box-2)."""
    table = MailTable(tmp_path_factory.mktemp("typed"))
    play_to_conscription(table)
    assert fairplay.pending(table.machines[Side.ASLAN].state()) == ["box-2"]
    return table


@pytest.mark.parametrize(
    "text",
    [
        "aslan share box-2 " + "00" * 31 + "05",
        "aslan reveal box-2 neutral:PD/1",
        "aslan seal-deck " + "ab" * 32,
    ],
)
@pytest.mark.parametrize("seat", [REFEREE, Seat(Side.ASLAN)], ids=["owner", "side"])
def test_a_typed_fair_play_order_is_refused(held: MailTable, seat: Seat, text: str) -> None:
    """DN-NEU-1 (ADR 0028): typed from the owner's seat (`campaign order` without `--side`) or
    the player's, refused naming the machine; the database is unchanged."""
    aslan = held.machines[Side.ASLAN]
    before = sqlite_image(aslan.path)
    with pytest.raises(SeatError) as refused:
        aslan.service.order(CAMPAIGN, text, seat=seat)
    verb = text.split()[1]
    assert refused.value.message == (
        f"DN-NEU-1: '{verb}' is given by the player's machine in fair mode, when turn files "
        "are exported and imported, with the secrets only it holds: nobody types it"
    )
    assert sqlite_image(aslan.path) == before


def test_the_machine_orders_are_the_ones_fair_play_lets_through() -> None:
    """The orders no seat types are those a pending reveal lets through (``fairplay.ALWAYS``):
    the seal, the shares and the reveals."""
    assert authority.MACHINE_ORDERS == fairplay.ALWAYS


def test_no_screen_lists_a_fair_play_order_as_legal(held: MailTable) -> None:
    """DN-NEU-1 (ADR 0028): a player's screen (the TUI's palette and order forms,
    ``legal_orders_for``) lists no fair-play order, as `campaign status` lists none (found by
    use, December 7: with the reveal of box-2 pending, Ctrl+P offered `aslan share CARD
    SHARE`, an order only the machine gives)."""
    loaded = held.machines[Side.ASLAN].service.load(CAMPAIGN)
    for viewer in (Side.ASLAN, None):
        verbs = {legal.verb for legal in legal_orders_for(loaded.state, loaded.ruleset, viewer)}
        assert not verbs & authority.MACHINE_ORDERS
