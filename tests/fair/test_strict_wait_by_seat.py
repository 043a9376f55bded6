"""A strict-dice wait reads, to the player whose dice are awaited, in the second person
(DN-ERR-1, ADR 0028, docs/seats.md). Found by use (December 7, night): with Aslan's order held
for Solomani's dice contribution, the Solomani seat on Aslan's database (`campaign status NAME
--side solomani`) read "must act now: solomani — waiting for solomani's dice contribution to
file 12"; it reads "waiting for your dice contribution …", and every other seat reads the
third person as before."""

from __future__ import annotations

import json

import pytest

from campaign.cli import main
from campaign.rules.ids import Side
from tests.fair.by_mail import CAMPAIGN, MailTable, play_to_contact, play_until_held

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def held(tmp_path_factory: pytest.TempPathFactory) -> MailTable:
    """Aslan's first order that rolls is held on Aslan's database for Solomani's dice."""
    table = MailTable(tmp_path_factory.mktemp("strict"), fair=False, dice="strict")
    play_to_contact(table)
    assert play_until_held(table) is Side.ASLAN
    return table


def _status(table: MailTable, capsys, *extra: str) -> tuple[str, list[str]]:
    """`campaign status` on Aslan's database with ``extra``: its text and its JSON reasons."""
    db = ["--db", table.machines[Side.ASLAN].service.store.url]
    capsys.readouterr()
    assert main(["status", CAMPAIGN, *db, *extra]) == 0
    text = capsys.readouterr().out
    assert main(["status", CAMPAIGN, "--json", *db, *extra]) == 0
    report = json.loads(capsys.readouterr().out)
    return text, [row["reason"] for row in report["must_act"]]


def test_the_awaited_player_reads_his_own_dice_wait_in_the_second_person(held, capsys):
    # DN-ERR-1: the Solomani seat on Aslan's database is told what his own machine does
    text, reasons = _status(held, capsys, "--side", "solomani")
    assert "waiting for solomani's" not in text
    assert "must act now: solomani — waiting for your dice contribution to file " in text
    assert "your machine adds it when it imports that file" in text
    assert len(reasons) == 1 and reasons[0].startswith("waiting for your dice contribution")


@pytest.mark.parametrize("extra", [(), ("--side", "aslan")], ids=["owner", "aslan"])
def test_the_other_seats_read_the_wait_in_the_third_person(held, capsys, extra):
    # DN-ERR-1: Aslan (and the database's owner) wait for Solomani's contribution
    text, reasons = _status(held, capsys, *extra)
    assert "must act now: solomani — waiting for solomani's dice contribution to file " in text
    assert "your dice contribution" not in text
    assert len(reasons) == 1 and reasons[0].startswith("waiting for solomani's dice")
