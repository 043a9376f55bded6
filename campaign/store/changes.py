"""Change watches: has anyone written to this database since we last asked? (issue 43 item 1)

A screen kept open on a campaign (a TUI, a browser seat) asks several times a second; the
answer must cost next to nothing and never re-read the log. Each backend has its own cheap
signal:

- **SQLite file**: ``PRAGMA data_version`` on one connection kept open for the watch. SQLite
  changes the number whenever another connection commits to the file, in this process or any
  other (every write of ``SqliteDatabase`` opens its own connection, so our own writes count
  too). One pragma on an open connection reads no table.
- **PostgreSQL**: ``LISTEN``/``NOTIFY``. Every write transaction of ``SqlAlchemyDatabase``
  notifies ``CHANGES_CHANNEL`` (delivered at commit, once per transaction); the watch's own
  connection listens, so screens on other machines using the same server hear it too. Asking
  drains the notifications already received, without waiting.
- anything else (an in-memory SQLite, which no other process can reach): ``NoWatch``, which
  never reports a change.

A watch says only *that* something was written; the caller compares the campaign's head to
what it shows (``Store.head``, one indexed row) before loading anything again.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

#: The PostgreSQL channel every write transaction notifies.
CHANGES_CHANNEL = "dn_changes"
#: The statement a write transaction runs last on PostgreSQL (delivered at commit).
NOTIFY_CHANGES = f"SELECT pg_notify('{CHANGES_CHANNEL}', '')"


class ChangeWatch(Protocol):
    """Tells whether the database was written since the last question."""

    def changed(self) -> bool:
        """True once after each write by anyone (several writes may give one True)."""
        ...

    def close(self) -> None:
        """Release the connection the watch keeps."""
        ...


class SqliteChangeWatch:
    """``PRAGMA data_version`` on a connection kept for the watch (see the module)."""

    def __init__(self, path: Path) -> None:
        # asked from the event loop of a screen, which may not be the thread that made it
        self._connection = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._version = self._read()

    def _read(self) -> int:
        row = self._connection.execute("PRAGMA data_version").fetchone()
        return int(row[0])

    def changed(self) -> bool:
        version = self._read()
        if version == self._version:
            return False
        self._version = version
        return True

    def close(self) -> None:
        self._connection.close()


class PostgresChangeWatch:
    """A connection of its own that ``LISTEN``s to ``CHANGES_CHANNEL`` (see the module)."""

    def __init__(self, engine: Engine) -> None:
        pooled = engine.raw_connection()
        connection: Any = pooled.driver_connection  # a psycopg connection
        pooled.detach()  # kept by the watch, never handed back to the pool
        connection.rollback()
        connection.autocommit = True
        connection.execute(f"LISTEN {CHANGES_CHANNEL}")
        self._connection = connection

    def changed(self) -> bool:
        # drain every notification received so far, without waiting for more
        received = sum(1 for _ in self._connection.notifies(timeout=0))
        return received > 0

    def close(self) -> None:
        self._connection.close()


class NoWatch:
    """A database no other connection can write (an in-memory SQLite): never changes."""

    def changed(self) -> bool:
        return False

    def close(self) -> None:
        """Nothing is kept open."""
