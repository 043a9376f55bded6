"""Issue 20 item 5 / DN-NEU-1: a turn file never names a face-down neutral by a revealing id
(``N-JT-1``, ``N-M-2``): secret events travel sealed, everything else uses opaque ids."""

from __future__ import annotations

import re

import pytest

from campaign.rules.ids import Side
from tests.pbem.helpers import CAMPAIGN, Table, setup_orders
from tests.rulesets import sample

REAL_NEUTRAL_ID = re.compile(r"(?<![A-Z-])N-(?!X-)[A-Z]+-[0-9]+")


def test_turn_files_of_the_set_up_name_no_neutral_kind(tmp_path):  # DN-NEU-1
    table = Table(tmp_path, armoured=False)
    for order in setup_orders():
        table.play(order)
    table.hand_over(table.holder.enemy if table.holder else Side.ASLAN)
    files = [made.json_text for player in table.players.values() for made in player.sent]
    assert files and all(not REAL_NEUTRAL_ID.search(text) for text in files)


@pytest.mark.slow
def test_events_naming_a_face_down_neutral_travel_sealed(tmp_path):  # DN-NEU-1, DN-NEU-2
    """Neutrals fire PD and fight as a third side while still face down: the events that name
    them (interactions, battles) travel sealed, both ends agree on which, and the receiver's
    copy still ends identical to the sender's."""
    from campaign.rules.canonical import canonical_json
    from campaign.rules.views import face_down_ids, names_any, redact
    from tests.integration.driver import Driver

    driver = Driver(sample(), seed=4, campaign_id=CAMPAIGN)
    while not any(
        event.type == "interacted"
        and not event.secret
        and names_any(canonical_json(event), face_down_ids(driver.state))
        for event in driver.events
    ):
        driver.step()
    table = Table(tmp_path, armoured=False, dice_mode="seeded", dice_seed=driver.dice_seed)
    for order, _count in driver.orders:  # as a player types them: aliases for hidden counters
        table.play(redact(order, driver.state, Side(order.split()[0])))
    table.hand_over(table.holder.enemy)
    files = [made.json_text for player in table.players.values() for made in player.sent]
    leaks = [
        text[max(0, m.start() - 80) : m.end() + 20]
        for text in files
        for m in REAL_NEUTRAL_ID.finditer(text)
    ]
    assert not leaks, leaks[:3]
    sealed = sum(text.count('"sealed"') for text in files)
    assert sealed > 8  # more than the set-up's secret events: the interactions are sealed too
    digests = {player.digest() for player in table.players.values()}
    assert digests == {engine_digest(driver)}


def engine_digest(driver) -> str:
    from campaign.rules import engine

    return engine.state_digest(driver.state)
