"""``Store.plays_by_mail`` (issue 47 item 2: `status` and `order` cheaper): whether a database
plays a campaign by e-mail, told without the ledger's code or tables, agrees with
``Ledger.player`` (docs/seats.md: a player's own database reads as that player)."""

from __future__ import annotations

from campaign.rules.ids import Side
from campaign.store.repository import LEDGER_TABLE_NAMES
from tests.pbem.helpers import CAMPAIGN, Table, service


def test_it_agrees_with_the_ledger_before_and_after_files(tmp_path):
    """issue 47 item 2: no side before any file; each machine's side once files went."""
    table = Table(tmp_path / "table", armoured=False)
    for player in table.players.values():
        store = player.service.store
        assert store.plays_by_mail(CAMPAIGN) is False
        assert store.ledger.player(CAMPAIGN) is None
    table.play("solomani place-neutral lantern")
    table.hand_over(Side.ASLAN)
    for side, player in table.players.items():
        store = player.service.store
        assert store.plays_by_mail(CAMPAIGN) is True
        assert store.ledger.player(CAMPAIGN).side == side.value
        assert store.plays_by_mail("another") is False
        assert store.ledger.player("another") is None


def test_a_database_without_the_ledger_tables_keeps_them_uncreated(tmp_path):
    """issue 47 item 2: reading whose eyes a read is for creates no ledger table."""
    referee = service(tmp_path / "referee.db")
    referee.create(CAMPAIGN, seed=11)
    present = referee.store.database.table_names()
    assert not present & set(LEDGER_TABLE_NAMES)
    assert referee.reader(CAMPAIGN, None) is None
    assert referee.store.database.table_names() == present


def test_it_reads_the_table_names_once(tmp_path, monkeypatch):
    """issue 47 item 2: one look at the database's tables for every mark (each look is a
    connection and a read of the schema: `status` asked twice per mark table, four of its
    seven connections)."""
    referee = service(tmp_path / "referee.db")
    referee.create(CAMPAIGN, seed=11)
    database = referee.store.database
    looks = []
    real = database.table_names

    def counted() -> set[str]:
        looks.append(1)
        return real()

    monkeypatch.setattr(database, "table_names", counted)
    assert referee.store.plays_by_mail(CAMPAIGN) is False
    assert len(looks) == 1
