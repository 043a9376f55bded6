"""The TUI's session keeps the campaign it loaded (issue 48 item 2): a write hands back the
campaign it folded, and the Log tab is built from the rows the session already holds.

Before: an import from the Mail tab read the whole log four times (the import, the session's
reload after it, and the Log tab's two reads: ``service.log`` and ``service.story``); an undo
loaded the campaign three times (the undo's own load, its load after truncating, the session's
reload).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.cli import main
from campaign.rules.ids import Side
from campaign.store import database
from campaign.tui.session import CampaignSession
from tests.pbem.helpers import CAMPAIGN, cli_databases, setup_orders
from tests.pbem.test_import_work import Work


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def count_log_reads(work: Work, monkeypatch: pytest.MonkeyPatch) -> None:
    """``work["log reads"]``: statements reading the whole log; ``work["rows read"]``: the
    stored events every read of the log returned (a read of the orders after a head counts
    its rows only)."""
    for connection in (database.SqliteConnection, database.SqlAlchemyConnection):
        original = connection.all

        def counted(self, sql, params=None, *args, _original=original, **kwargs):
            found = _original(self, sql, params, *args, **kwargs)
            if "FROM dn_event" in sql and "payload" in sql:
                work["rows read"] += len(found)
                work["log reads"] += int(not (params or {}).get("after"))  # from the start
            return found

        monkeypatch.setattr(connection, "all", counted)


def test_a_tui_import_reads_the_log_once_and_the_log_tab_reads_none(tmp_path: Path, monkeypatch):
    """Issue 48 item 2: the import reads the log once; the session then reads only the
    orders the file appended, and the Log tab's rows come from what the session holds."""
    dbs = cli_databases(tmp_path)
    order = setup_orders()[0]  # solomani's first order, in a file to aslan
    assert main(["order", CAMPAIGN, order, *dbs["solomani"]]) == 0
    turn = tmp_path / "t1.json"
    assert main(["export", CAMPAIGN, "-o", str(turn), *dbs["solomani"]]) == 0
    service = CampaignService(db_url=dbs["aslan"][1])
    session = CampaignSession(service, CAMPAIGN, viewer=Side.ASLAN)
    held = len(session.loaded.rows)
    session.log_rows()  # the Log tab shown before the import
    work = Work()
    count_log_reads(work, monkeypatch)

    lines = session.import_turn(str(turn), Side.ASLAN)
    rows = session.log_rows()  # the Log tab shown again after it
    monkeypatch.undo()

    appended = len(session.loaded.rows) - held
    assert "imported" in lines and appended > 0
    assert any(order.split()[1] in row.order for row in rows)
    assert session.loaded.head == service.stored_head(CAMPAIGN)
    assert work["log reads"] == 1  # the import's own (was 4)
    assert work["rows read"] == held + appended  # the log once, then the new orders alone


def test_an_undo_keeps_the_campaign_the_app_returns(tmp_path: Path, monkeypatch):
    """Issue 48 item 2: an undo starts from the campaign the screen holds and the session
    keeps the campaign the undo returns (one load, after the log was cut back; was three)."""
    dbs = cli_databases(tmp_path)
    service = CampaignService(db_url=dbs["solomani"][1])
    session = CampaignSession(service, CAMPAIGN, viewer=Side.SOLOMANI)
    before = session.loaded.head
    session.order(setup_orders()[0])
    work = Work()
    count_log_reads(work, monkeypatch)

    session.undo()
    monkeypatch.undo()

    assert session.loaded.head == before == service.stored_head(CAMPAIGN)
    assert session.state.canonical_text() == service.load(CAMPAIGN).state.canonical_text()
    assert work["log reads"] == 1
