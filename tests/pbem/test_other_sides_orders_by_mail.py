"""DN-SEQ-2 by e-mail: a database that plays a side gives no order of the other side.

Found by use (December 7): on the Aslan player's own database (`new … --as aslan`),
`campaign order nebula "solomani end-phase"` (without `--side`: the owner's seat) was taken,
and `campaign export` then wrote and recorded "file 16 from aslan" carrying it, which the
Solomani machine can only refuse ("an order of solomani in a file from aslan"): a dead end
undone only by `withdraw` and a referee undo. The owner still gives referee orders there
(overrides both players agreed on), and his own side's; the other side's orders are refused
when given, whatever seat the command names, and nothing is stored.
"""

from __future__ import annotations

import pytest

from campaign.cli import main
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.rules.seats import REFEREE, Seat
from tests.pbem.conftest import database_image
from tests.pbem.helpers import CAMPAIGN, Table


@pytest.mark.parametrize("seat", [REFEREE, Seat(Side.SOLOMANI)], ids=["owner", "side"])
def test_the_other_sides_order_is_refused_on_a_players_database(base: Table, seat: Seat):
    aslan = base.players[Side.ASLAN]
    aslan.order("aslan pass")  # to Reaction Movement: the Solomani act, nothing sent yet
    assert aslan.service.load(CAMPAIGN).state.acting is Side.SOLOMANI
    before = database_image(aslan)
    with pytest.raises(CampaignError) as caught:
        aslan.service.order(CAMPAIGN, "solomani end-phase", seat=seat)
    assert caught.value.message == (
        "DN-SEQ-2: this database plays aslan by e-mail: solomani's orders are given on the "
        "solomani player's machine and come in his turn files (a file from aslan carrying "
        "one would be refused)"
    )
    assert database_image(aslan) == before


def test_its_own_and_referee_orders_are_still_given(base: Table):  # DN-SEQ-2, DN-ERR-1
    aslan = base.players[Side.ASLAN]
    assert aslan.service.order(CAMPAIGN, 'referee set-ru aslan 120 "agreed"')[0]
    assert aslan.service.order(CAMPAIGN, "aslan end-phase")[0]


def test_status_lists_no_order_a_seat_cannot_give_here(base: Table, capsys):
    """DN-SEQ-2 (docs/seats.md, a seat decides once): `status` lists as "legal orders now"
    only orders the seat on the line may give on this database. Found by use (December 7):
    on the Aslan player's own database, `campaign status nebula --side solomani` listed
    "legal orders now (solomani)", every one of them refused there ("this database plays
    aslan by e-mail: …"); the owner's seat and `--side aslan` still list Aslan's."""
    aslan = base.players[Side.ASLAN]
    url = aslan.service.store.url
    for own in ([], ["--side", "aslan"]):  # the owner reads as aslan
        assert main(["status", CAMPAIGN, *own, "--db", url]) == 0
        assert "legal orders now (aslan)" in capsys.readouterr().out
    aslan.order("aslan pass")  # to Reaction Movement: the Solomani act, nothing sent yet
    assert main(["status", CAMPAIGN, "--side", "solomani", "--db", url]) == 0
    shown = capsys.readouterr().out
    assert "must act now: solomani" in shown  # who must act is still said
    assert "legal orders now" not in shown and "\n  solomani end-phase " not in shown
