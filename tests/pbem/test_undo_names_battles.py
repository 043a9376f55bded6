"""DN-CBT-1 with DN-ERR-1 (docs/seats.md): an undo's answers and refusals name a battle by the
short id it had when the order was given, also once that battle is over.

Found by use (December 7): on the Aslan player's database, after `aslan withdraw b1 beacon`
ended the battle, `campaign undo` said "cannot undo 'aslan withdraw solace/aslan-neutral
beacon'", and `undo --referee` "reverted: aslan withdraw solace/aslan-neutral beacon": the
inner battle id that no screen shows (the log names it `b1`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.rules.combat import book
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.rules.seats import Seat
from tests.fair.by_mail import CAMPAIGN, MailTable, play_to_a_battle_order, play_to_contact

ASLAN = Side.ASLAN


def _battle_closed_by_aslan(table: MailTable) -> str:
    """The bot plays on from the contact until an order of Aslan's names a battle and leaves
    none open (not sent); that battle's full id."""

    def none_open(table: MailTable, battle: str) -> bool:
        return not book.battle_ids(table.machines[ASLAN].service.load(CAMPAIGN).state)

    return play_to_a_battle_order(table, ASLAN, none_open)


@pytest.mark.slow
def test_undo_names_a_closed_battle_by_its_short_id(tmp_path: Path) -> None:  # DN-CBT-1
    table = MailTable(tmp_path, fair=False)
    play_to_contact(table)
    battle = _battle_closed_by_aslan(table)
    service = table.machines[ASLAN].service
    said = []
    for seat in (Seat.referee(), Seat(ASLAN)):  # the owner's and the player's
        with pytest.raises(CampaignError) as caught:
            service.undo_report(CAMPAIGN, seat=seat)
        said.append(caught.value.message)
    reverted = service.undo_report(CAMPAIGN, referee_reason="agreed").lines[0]
    said.append(reverted)
    with pytest.raises(CampaignError) as caught:  # the plain undo of that referee undo asks
        service.undo_report(CAMPAIGN)
    said.append(caught.value.message)
    for line in said:
        assert battle not in line and " b1" in line, line
    assert reverted.startswith("reverted: aslan ") and reverted.split()[3] == "b1", reverted
