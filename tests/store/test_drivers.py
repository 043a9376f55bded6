"""The store's two drivers (docs/adr/0021-sqlite-without-sqlalchemy.md): an SQLite file is read
and written through ``sqlite3`` without importing SQLAlchemy, every other URL through
SQLAlchemy; a file that is not a database, or a path that cannot be opened, is a clear error
that changes nothing (DN-ERR-1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.cli import main
from campaign.rules.errors import CampaignError
from campaign.store.database import (
    SQLITE_SUFFIXES,
    SqlAlchemyDatabase,
    SqliteDatabase,
    open_database,
)
from campaign.store.repository import Store
from tests.fresh_process import sql_modules_imported_by


@pytest.mark.parametrize(
    ("url", "driver"),
    [
        ("sqlite:////tmp/x/campaigns.db", SqliteDatabase),
        ("sqlite:///campaigns.db", SqliteDatabase),
        ("sqlite://", SqlAlchemyDatabase),
        ("sqlite:///:memory:", SqlAlchemyDatabase),
        ("sqlite:////tmp/x/campaigns.db?mode=ro&uri=true", SqlAlchemyDatabase),
        ("sqlite+pysqlite:////tmp/x/campaigns.db", SqlAlchemyDatabase),
        ("postgresql+psycopg://u@127.0.0.1:1/db", SqlAlchemyDatabase),
    ],
)
def test_a_plain_sqlite_file_url_uses_sqlite3_and_every_other_url_sqlalchemy(url, driver):
    # DN-ERR-1: the URL alone decides; nothing is opened here
    assert type(open_database(url)) is driver


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:////tmp/x/campaigns.db", "/tmp/x/campaigns.db"),
        ("sqlite:////tmp/x/campaigns.db?mode=ro&uri=true", "/tmp/x/campaigns.db"),
        ("sqlite+pysqlite:////tmp/x/campaigns.db", "/tmp/x/campaigns.db"),
        ("sqlite+pysqlite:///file:/tmp/x/campaigns.db?mode=ro&uri=true", "/tmp/x/campaigns.db"),
        ("sqlite://", None),
        ("sqlite:///:memory:", None),
        ("postgresql+psycopg://u@127.0.0.1:1/db", None),
    ],
)
def test_each_driver_names_the_files_that_hold_its_database(url, path):
    """DN-ERR-1: the files an export must never write over (docs/turn-files.md): an SQLite
    file and its journals, whichever driver and URL form opens it; none for a server."""
    expected = () if path is None else tuple(Path(path + s) for s in SQLITE_SUFFIXES)
    assert open_database(url).files() == expected


@pytest.mark.slow
def test_status_and_order_on_an_sqlite_file_do_not_import_sqlalchemy(tmp_path):
    # issue 15 (CLI latency): a referee's commands read and append the log without importing
    # SQLAlchemy, whose import alone costs more than the rest of `status` after its imports
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["new", "c", "--seed", "3", "--db", url]) == 0
    _, loaded = sql_modules_imported_by(
        ["status", "c", "--db", url], ["order", "c", "solomani place-neutral lantern", "--db", url]
    )
    assert loaded == []
    assert "place-neutral lantern" in Store(url).rows("c")[-1].order_text


def test_a_file_that_is_not_a_database_is_named_and_left_alone(tmp_path):
    # DN-ERR-1: a clear error naming the database, and the user's file is not touched
    notes = tmp_path / "notes.txt"
    notes.write_text("my campaign notes\n" * 100, encoding="utf-8")
    before = notes.read_bytes()
    with pytest.raises(CampaignError, match=r"cannot open database .*notes\.txt.*not a database"):
        Store(f"sqlite:///{notes}")
    assert notes.read_bytes() == before


def test_a_missing_directory_is_a_clear_error_and_creates_nothing(tmp_path):
    # DN-ERR-1
    target = tmp_path / "no-such-dir" / "campaigns.db"
    with pytest.raises(CampaignError, match="cannot open database .*unable to open"):
        Store(f"sqlite:///{target}")
    assert not target.parent.exists()


def test_the_cli_names_a_non_database_file_in_one_line(tmp_path, capsys):
    # DN-ERR-1: exit 1, one line, no traceback
    notes = tmp_path / "notes.db"
    notes.write_bytes(b"\x00not sqlite at all" * 64)
    assert main(["status", "c", "--db", f"sqlite:///{notes}"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "not a database" in err and len(err.strip().splitlines()) == 1


def test_the_store_and_the_ledger_share_one_file(tmp_path):
    # DN-ERR-1: the ledger's SQLAlchemy engine reaches the same file as the sqlite3 driver
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    assert isinstance(store.database, SqliteDatabase)
    from sqlalchemy import inspect

    assert {"dn_event", "dn_campaign"} <= set(inspect(store.engine).get_table_names())
    store.dispose()
