"""Issue 43 item 1: the store's change watch (``campaign.store.changes``) tells a write by
anyone, another process included, on every backend: ``PRAGMA data_version`` on an SQLite file
(through ``sqlite3`` and through SQLAlchemy), ``LISTEN``/``NOTIFY`` on PostgreSQL; once per
write, and never for a transaction that was rolled back."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from campaign.store.changes import ChangeWatch
from campaign.store.repository import Store
from tests.conftest import REPO_ROOT

#: A write that changes a row (SQLite writes nothing for a row set to its own value); the
#: test's database is thrown away afterwards.
REWRITE_VERSION = "UPDATE dn_schema_info SET version = version + 1 WHERE id = 1"
#: How long a test waits for a condition before it fails (never a pause that must pass).
PATIENCE = 10.0


def told_within(watch: ChangeWatch, patience: float = PATIENCE) -> bool:
    """True as soon as the watch tells a change; False if it has not after ``patience``."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        if watch.changed():
            return True
        time.sleep(0.01)
    return False


def write_in_another_process(url: str) -> None:
    """``campaign new`` run by another interpreter on the same database (one commit)."""
    done = subprocess.run(
        [sys.executable, "-m", "campaign", "new", "elsewhere", "--seed", "5", "--db", url],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_a_write_by_another_process_is_told_once(db_url: str):
    """issue 43 item 1: a screen hears of a change made by another process (the CLI) without
    reading the log; asked again with nothing written, the watch says no."""
    store = Store(db_url, durable=False)
    watch = store.watch()
    try:
        assert not watch.changed()
        write_in_another_process(db_url)
        assert told_within(watch)
        assert not watch.changed()
    finally:
        watch.close()
        store.dispose()


def test_a_write_in_this_process_is_told_and_a_rolled_back_one_is_not(db_url: str):
    """issue 43 item 1: the watch counts this process's writes too (another screen of the same
    process), and a transaction rolled back tells nothing (nothing changed)."""
    store = Store(db_url, durable=False)
    watch = store.watch()
    try:
        with pytest.raises(RuntimeError), store.database.write() as connection:
            connection.run(REWRITE_VERSION)
            raise RuntimeError("rolled back")
        assert not watch.changed()
        with store.database.write() as connection:
            connection.run(REWRITE_VERSION)
        assert told_within(watch)
    finally:
        watch.close()
        store.dispose()
