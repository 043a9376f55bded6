"""What one turn-file import costs (issue 30; docs/adr/0027-all-sql-in-the-store.md): one service
on one database driver, the log read once and folded once, and what was imported told from that
same state. DN-ERR-1: the import still checks and re-runs every order of the file.

Before, `campaign import` opened two services and two drivers (the ledger on a SQLAlchemy
engine beside the store's ``sqlite3``), read the log four times and replayed it two or three
times (the story printed after the import loaded and replayed the whole log again).
"""

from __future__ import annotations

from collections import Counter

import pytest

import campaign.app.campaigns as campaigns_module
from campaign.app.campaigns import Campaigns
from campaign.cli import main
from campaign.rules import engine
from campaign.store import database
from campaign.store.ledger import Ledger
from campaign.store.repository import Store
from tests.fresh_process import sql_modules_imported_by
from tests.pbem.helpers import CAMPAIGN, cli_databases, setup_orders

ORDERS = setup_orders()[:3]  # solomani, aslan, solomani: three files


@pytest.fixture
def exchange(tmp_path, capsys) -> dict:
    """Solomani's database sent two files and aslan's imported the first; file 2 waits."""
    dbs = cli_databases(tmp_path)
    files = []
    for number, text in enumerate(ORDERS, start=1):
        side = text.split()[0]
        assert main(["order", CAMPAIGN, text, *dbs[side]]) == 0
        path = tmp_path / f"t{number}.json"
        assert main(["export", CAMPAIGN, "-o", str(path), *dbs[side]]) == 0
        files.append(path)
        if number < len(ORDERS):
            other = "aslan" if side == "solomani" else "solomani"
            assert main(["import", CAMPAIGN, str(path), *dbs[other]]) == 0
    capsys.readouterr()
    return {"dbs": dbs, "file": files[-1]}


class Work(Counter):
    """Counts what the code under test does, by wrapping the store's drivers, the parsing of
    stored events and the fold."""

    def wrap(self, monkeypatch, owner, name: str, key: str, counts=None) -> None:
        original = getattr(owner, name)

        def counted(*args, **kwargs):
            self[key] += counts(*args, **kwargs) if counts is not None else 1
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, counted)

    def count_parsing(self, monkeypatch) -> None:
        """Every stored payload read back goes through ``campaigns.parse_stored``: each by its
        own class, or (a row that does not read so) through the union adapter."""
        adapter = campaigns_module.event_adapter()
        work = self

        class Counting:
            def validate_json(self, payload: str):
                work["events parsed"] += 1
                return adapter.validate_json(payload)

        monkeypatch.setattr(campaigns_module, "event_adapter", Counting)
        by_class = campaigns_module.parse_stored_events

        def parse_stored_events(rows):  # each row by its own class (issue 47), counted alike
            rows = list(rows)
            work["events parsed"] += len(rows)
            return by_class(rows)

        monkeypatch.setattr(campaigns_module, "parse_stored_events", parse_stored_events)

    def count_folding(self, monkeypatch) -> None:
        original = engine.fold

        def fold(events, state=None):
            events = list(events)
            self["events folded"] += len(events)
            return original(events, state)

        monkeypatch.setattr(engine, "fold", fold)


def test_one_import_opens_one_service_reads_the_log_once_and_folds_it_once(
    exchange, monkeypatch, capsys
):
    receiver = exchange["dbs"]["aslan"]
    logged = len(Store(receiver[1]).rows(CAMPAIGN))
    work = Work()
    work.wrap(monkeypatch, Campaigns, "__init__", "services")
    for driver in (database.SqliteDatabase, database.SqlAlchemyDatabase):
        work.wrap(monkeypatch, driver, "__init__", "drivers")
    for connection in (database.SqliteConnection, database.SqlAlchemyConnection):
        work.wrap(
            monkeypatch,
            connection,
            "all",
            "log reads",
            lambda _self, sql, *_: int("FROM dn_event" in sql and "payload" in sql),
        )
    work.count_parsing(monkeypatch)
    work.count_folding(monkeypatch)

    assert main(["import", CAMPAIGN, str(exchange["file"]), *receiver]) == 0
    out = capsys.readouterr().out
    monkeypatch.undo()  # counted: the import only
    appended = len(Store(receiver[1]).rows(CAMPAIGN)) - logged
    assert "file 3 from solomani imported" in out and ORDERS[2] in out  # and the story
    assert appended > 0
    assert work["services"] == 1 and work["drivers"] == 1
    assert work["log reads"] == 1
    # every stored event is parsed once (the log at the load, the new ones for the story) and
    # the log folded once; the file's events are folded twice: when its orders are re-run and
    # when the story is told from the state before them
    assert work["events parsed"] == logged + appended
    assert work["events folded"] == logged + 2 * appended


@pytest.mark.slow
def test_an_import_on_an_sqlite_file_does_not_import_sqlalchemy(exchange):
    """Issue 15's rule for `status` and `order` now holds for the ledger too: its statements
    run through ``sqlite3`` once its tables exist."""
    receiver = exchange["dbs"]["aslan"]
    output, loaded = sql_modules_imported_by(
        ["import", CAMPAIGN, str(exchange["file"]), *receiver], ["exchanges", CAMPAIGN, *receiver]
    )
    assert loaded == [] and "3 in  solomani" in output


#: The ledger's statements that write; every other public method of ``Ledger`` reads.
LEDGER_WRITES = {
    "save_setup",
    "hold_for_dice",
    "release_held",
    "save_player",
    "withdraw",
    "record_export",
    "commit_import",
    "save_fair",
}


def count_ledger_reads(work: Work, monkeypatch) -> None:
    """Every call of a reading method of the ledger counts as one ledger read."""
    for method in vars(Ledger):
        if not method.startswith("_") and method not in LEDGER_WRITES:
            work.wrap(monkeypatch, Ledger, method, "ledger reads")


def test_one_import_reads_the_ledger_once(exchange, monkeypatch, capsys):
    """Issue 48 item 1: the mail use case reads its ledger once per command (one
    ``MailRecord``: set-up, player, files, secrets), and brings it up to date in memory after
    the commit; `campaign import` read it 13 times before (``check_sender`` and ``own_side``
    twice, the set-up three times)."""
    work = Work()
    count_ledger_reads(work, monkeypatch)
    assert main(["import", CAMPAIGN, str(exchange["file"]), *exchange["dbs"]["aslan"]]) == 0
    monkeypatch.undo()
    assert "file 3 from solomani imported" in capsys.readouterr().out
    assert work["ledger reads"] == 1


def test_a_fair_exchange_reads_each_ledger_once(tmp_path, monkeypatch):
    """Issue 48 item 1, fair mode with strict dice: file 1 (pass 1 of the shuffle, made on
    export) and its import (pass 2 made in answer) read each database's ledger once."""
    from tests.fair.by_mail import FIRST, MailTable

    table = MailTable(tmp_path, dice="strict")
    table.play("solomani place-neutral solace")
    work = Work()
    count_ledger_reads(work, monkeypatch)
    table.machines[FIRST].pbem.export_file(CAMPAIGN, FIRST, tmp_path / "turn-1.json")
    assert work["ledger reads"] == 1
    done = table.machines[FIRST.enemy].pbem.import_turn(
        CAMPAIGN, (tmp_path / "turn-1.json").read_bytes(), source="turn-1.json"
    )
    monkeypatch.undo()
    assert done.shuffle
    assert work["ledger reads"] == 2
