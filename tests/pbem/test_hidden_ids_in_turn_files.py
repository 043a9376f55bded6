"""Issue 20 item 5 / DN-NEU-1: a turn file never names a face-down neutral by a revealing id
(``N-JT-1``, ``N-M-2``): secret events travel sealed, everything else uses opaque ids."""

from __future__ import annotations

import re

from campaign.rules.ids import Side
from tests.pbem.helpers import Table, setup_orders

REAL_NEUTRAL_ID = re.compile(r"(?<![A-Z-])N-(?!X-)[A-Z]+-[0-9]+")


def test_turn_files_of_the_set_up_name_no_neutral_kind(tmp_path):  # DN-NEU-1
    table = Table(tmp_path, armoured=False)
    for order in setup_orders():
        table.play(order)
    table.hand_over(table.holder.enemy if table.holder else Side.ASLAN)
    files = [made.json_text for player in table.players.values() for made in player.sent]
    assert files and all(not REAL_NEUTRAL_ID.search(text) for text in files)
