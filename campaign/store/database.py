"""How the store reaches its database: one small interface, two drivers.

The store's statements are plain SQL with ``:name`` parameters, written once (in
``repository.py`` and ``ledger.py``) and valid on SQLite and PostgreSQL alike. They run
through a ``Database``:

- ``SqliteDatabase``: a ``sqlite:///PATH`` URL, through Python's own ``sqlite3`` module. Every
  campaign command opens the store, and importing SQLAlchemy costs more than everything else a
  ``campaign status`` does after its imports (docs/adr/0021-sqlite-without-sqlalchemy.md);
- ``SqlAlchemyDatabase``: every other URL (PostgreSQL, in-memory SQLite, URLs with options),
  through SQLAlchemy Core.

Both give the same three things: ``read()`` (a connection for queries), ``write()`` (one
transaction, committed when the block ends and rolled back when it raises) and the table names.
Driver errors come out as ``IntegrityViolation`` (a unique or foreign key refused a write) or
``DatabaseUnavailable`` (the database could not be opened or used), so callers never depend on
a driver's exception classes.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from campaign.store.changes import (
    NOTIFY_CHANGES,
    ChangeWatch,
    NoWatch,
    PostgresChangeWatch,
    SqliteChangeWatch,
)
from campaign.userfiles import PRIVATE_MODE

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection as SaConnection
    from sqlalchemy.engine import Engine

#: Seconds a writer waits for another process's lock on an SQLite file before giving up.
SQLITE_BUSY_TIMEOUT = 30.0
SQLITE_PREFIX = "sqlite:///"

Params = Mapping[str, Any]


class IntegrityViolation(Exception):
    """A unique or foreign-key constraint refused a write (e.g. another writer was first)."""


class DatabaseUnavailable(Exception):
    """The database could not be opened or used; the message says why (driver's words)."""


class Connection(Protocol):
    """What the store's statements need from a connection."""

    def all(self, sql: str, params: Params | None = None) -> list[tuple]:
        """Every row of a query, as tuples."""
        ...

    def first(self, sql: str, params: Params | None = None) -> tuple | None:
        """The first row of a query, or ``None``."""
        ...

    def run(self, sql: str, params: Params | None = None) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    def run_many(self, sql: str, rows: Sequence[Params]) -> None:
        """Run one statement once per parameter set."""
        ...


class Database(Protocol):
    """A database the store can read and write."""

    url: str

    def read(self) -> AbstractContextManager[Connection]:
        """A connection for queries."""
        ...

    def write(self) -> AbstractContextManager[Connection]:
        """One transaction: committed at the end, rolled back on error."""
        ...

    def table_names(self) -> set[str]:
        """Names of the tables that exist."""
        ...

    def safe_url(self) -> str:
        """The URL for messages (no password)."""
        ...

    def keep_private(self) -> None:
        """Make the database readable by its owner only, where that is the tool's to do (an
        SQLite file); a server's access rights are its administrator's."""
        ...

    def files(self) -> tuple[Path, ...]:
        """The files on this machine that hold the database (an SQLite file and its journals;
        none for a server): a turn file is never written over one of them."""
        ...

    def dispose(self) -> None:
        """Close what is kept open."""
        ...

    def watch(self) -> ChangeWatch:
        """A watch that tells cheaply when anyone wrote to the database
        (``campaign.store.changes``)."""
        ...


#: The files SQLite keeps for a database: the file itself and its journals (same name + suffix).
SQLITE_SUFFIXES = ("", "-journal", "-wal", "-shm")


def sqlite_files(path: Path) -> tuple[Path, ...]:
    """The database file ``path`` and its journal files, whether they exist or not."""
    return tuple(path.with_name(path.name + suffix) for suffix in SQLITE_SUFFIXES)


def missing_database(database: Database) -> str | None:
    """Why ``database`` cannot be read as a campaign database because it is not there: its
    SQLite file is missing or empty (SQLite would make either a new, empty database), or
    ``None`` (it exists, or it is a server's). Said before anything is created."""
    files = database.files()
    if not files:
        return None
    path = files[0]
    if not path.exists():
        return f"no database at {path}; `campaign new` creates one"
    if path.is_file() and path.stat().st_size == 0:
        return f"{path} is an empty file, not a database; `campaign new` creates one there"
    return None


def uses_sqlite_driver(url: str) -> bool:
    """True for a plain ``sqlite:///PATH`` file URL (no options), which ``sqlite3`` opens
    directly; anything else (``sqlite://`` in memory, ``?mode=ro``, ``sqlite+pysqlite``...) goes
    through SQLAlchemy, which knows every form."""
    path = url[len(SQLITE_PREFIX) :] if url.startswith(SQLITE_PREFIX) else ""
    return bool(path) and "?" not in path and path != ":memory:"


def open_database(url: str, *, durable: bool = True) -> Database:
    """The driver for ``url``. ``durable=False`` switches off SQLite's fsync on commit (tests:
    commits stay atomic, only durability on power loss is given up)."""
    if uses_sqlite_driver(url):
        return SqliteDatabase(url, durable=durable)
    return SqlAlchemyDatabase(url, durable=durable)


def shown_url(url: str) -> str:
    """``url`` as it may be printed: a password in it is replaced by ``***``."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


def missing_driver(url: str, module: str | None) -> str:
    """The one line for a URL whose database driver is not installed: for PostgreSQL, how to
    install the ``postgres`` extra; for any other database, which module is missing."""
    from campaign.extras import install_hint

    shown = shown_url(url)
    if url.split(":", 1)[0].split("+", 1)[0] in ("postgresql", "postgres"):
        return (
            f"cannot use database URL {shown!r}: PostgreSQL needs the postgres extra: "
            f"{install_hint('postgres')}"
        )
    return (
        f"cannot use database URL {shown!r}: its driver ({module or 'unknown'}) is not "
        "installed; this tool is made for SQLite and PostgreSQL (postgresql+psycopg://)"
    )


class SqliteConnection:
    """``Connection`` over one ``sqlite3`` connection."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def all(self, sql: str, params: Params | None = None) -> list[tuple]:
        return self._connection.execute(sql, params or {}).fetchall()

    def first(self, sql: str, params: Params | None = None) -> tuple | None:
        return self._connection.execute(sql, params or {}).fetchone()

    def run(self, sql: str, params: Params | None = None) -> int:
        return self._connection.execute(sql, params or {}).rowcount

    def run_many(self, sql: str, rows: Sequence[Params]) -> None:
        self._connection.executemany(sql, rows)


class SqliteDatabase:
    """An SQLite file through the standard library. Each ``read``/``write`` opens its own
    connection (cheap for a local file, and safe from any thread); writers take the lock at
    ``BEGIN IMMEDIATE`` and wait up to ``SQLITE_BUSY_TIMEOUT`` for another process."""

    def __init__(self, url: str, *, durable: bool = True) -> None:
        self.url = url
        self.path = Path(url[len(SQLITE_PREFIX) :])
        self._durable = durable

    def safe_url(self) -> str:
        return self.url

    def keep_private(self) -> None:
        """The database file and its journal files readable by their owner only (0600): it
        holds secrets (issue 42 item 5). SQLite gives a journal the mode of its database."""
        for path in self.files():
            with contextlib.suppress(FileNotFoundError):
                os.chmod(path, PRIVATE_MODE)

    def files(self) -> tuple[Path, ...]:
        return sqlite_files(self.path)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            connection = sqlite3.connect(
                self.path, timeout=SQLITE_BUSY_TIMEOUT, isolation_level=None
            )
        except sqlite3.Error as error:
            raise DatabaseUnavailable(str(error)) from None
        try:
            if not self._durable:
                connection.execute("PRAGMA synchronous=OFF")
            yield connection
        except sqlite3.IntegrityError as error:
            raise IntegrityViolation(str(error)) from None
        except sqlite3.Error as error:
            raise DatabaseUnavailable(str(error)) from None
        finally:
            connection.close()

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """A connection in a read transaction: its queries see one state of the file, even
        when another process commits between them (``Store.open_campaign`` reads the row, the
        log and the snapshot together)."""
        with self._connect() as connection:
            connection.execute("BEGIN")
            try:
                yield SqliteConnection(connection)
            finally:
                connection.rollback()

    @contextmanager
    def write(self) -> Iterator[Connection]:
        with self._connect() as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield SqliteConnection(connection)
            except BaseException:
                connection.rollback()
                raise
            connection.commit()

    def table_names(self) -> set[str]:
        with self.read() as connection:
            return {
                row[0]
                for row in connection.all("SELECT name FROM sqlite_master WHERE type = 'table'")
            }

    def dispose(self) -> None:
        """Nothing is kept open between operations."""

    def watch(self) -> ChangeWatch:
        try:
            return SqliteChangeWatch(self.path)
        except sqlite3.Error as error:
            raise DatabaseUnavailable(str(error)) from None


class SqlAlchemyConnection:
    """``Connection`` over a SQLAlchemy connection."""

    def __init__(self, connection: SaConnection) -> None:
        from sqlalchemy import text

        self._connection = connection
        self._text = text

    def all(self, sql: str, params: Params | None = None) -> list[tuple]:
        return [tuple(row) for row in self._connection.execute(self._text(sql), params or {})]

    def first(self, sql: str, params: Params | None = None) -> tuple | None:
        row = self._connection.execute(self._text(sql), params or {}).first()
        return tuple(row) if row is not None else None

    def run(self, sql: str, params: Params | None = None) -> int:
        return self._connection.execute(self._text(sql), params or {}).rowcount

    def run_many(self, sql: str, rows: Sequence[Params]) -> None:
        self._connection.execute(self._text(sql), list(rows))


#: Loggers of database drivers whose warnings are no message for a user.
DRIVER_LOGGERS = ("psycopg",)


def quiet_driver_warnings() -> None:
    """Keep driver warnings off the terminal. psycopg logs a warning when it closes a pipeline
    that a failed statement aborted (``error ignored terminating <psycopg.Pipeline ...>``:
    a concurrent import that lost the race, issue 46); with no handler configured, Python
    printed it on stderr before our own one-line message. The error itself still comes out
    as ``IntegrityViolation`` or ``DatabaseUnavailable``. (``logging`` is imported here: an
    SQLite command has no driver to quiet, and the module cost 0.003 s of each, issue 47.)"""
    import logging

    for name in DRIVER_LOGGERS:
        driver = logging.getLogger(name)
        if not any(isinstance(handler, logging.NullHandler) for handler in driver.handlers):
            driver.addHandler(logging.NullHandler())
        driver.propagate = False


class SqlAlchemyDatabase:
    """Any database SQLAlchemy can reach (PostgreSQL in practice), through one engine."""

    def __init__(self, url: str, *, durable: bool = True) -> None:
        from sqlalchemy import create_engine, event
        from sqlalchemy.exc import ArgumentError, NoSuchModuleError

        self.url = url
        sqlite = url.startswith("sqlite")
        if not sqlite:
            quiet_driver_warnings()
        try:
            self.engine: Engine = create_engine(
                url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT} if sqlite else {}
            )
        except ImportError as error:
            raise DatabaseUnavailable(missing_driver(url, error.name)) from None
        except (ArgumentError, NoSuchModuleError) as error:
            raise DatabaseUnavailable(
                f"cannot use database URL {shown_url(url)!r}: {error}"
            ) from None
        if sqlite and not durable:
            event.listen(
                self.engine,
                "connect",
                lambda connection, _record: connection.execute("PRAGMA synchronous=OFF"),
            )

    def safe_url(self) -> str:
        return self.engine.url.render_as_string(hide_password=True)

    def keep_private(self) -> None:
        """Nothing: a server database's access rights are its administrator's (and an SQLite
        URL with options is the user's own choice)."""

    def files(self) -> tuple[Path, ...]:
        """An SQLite file named by the URL (with options or another driver) and its journals;
        nothing for a server or a database in memory."""
        url = self.engine.url
        database = url.database
        if url.get_backend_name() != "sqlite" or not database or database == ":memory:":
            return ()
        if database.startswith("file:"):  # a URI filename: its path, without the options
            database = database[len("file:") :].split("?", 1)[0]
        return sqlite_files(Path(database))

    @contextmanager
    def _translated(self) -> Iterator[None]:
        from sqlalchemy.exc import DBAPIError, IntegrityError

        try:
            yield
        except IntegrityError as error:
            raise IntegrityViolation(str(error.orig)) from None
        except DBAPIError as error:  # lost server, no permission, read-only: as sqlite3.Error
            raise DatabaseUnavailable(str(error.orig)) from None

    @contextmanager
    def read(self) -> Iterator[Connection]:
        with self._translated(), self.engine.connect() as connection:
            yield SqlAlchemyConnection(connection)

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """One transaction; on PostgreSQL it ends by notifying the screens that watch the
        database (``campaign.store.changes``: delivered at commit, dropped on rollback)."""
        with self._translated(), self.engine.begin() as connection:
            wrapped = SqlAlchemyConnection(connection)
            yield wrapped
            if self._postgres:
                wrapped.run(NOTIFY_CHANGES)

    def table_names(self) -> set[str]:
        from sqlalchemy import inspect

        with self._translated(), self.engine.connect() as connection:
            return set(inspect(connection).get_table_names())

    @property
    def _postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def watch(self) -> ChangeWatch:
        """LISTEN on PostgreSQL; ``PRAGMA data_version`` on an SQLite file reached through
        SQLAlchemy; no watch for an in-memory database (no one else can write it)."""
        with self._translated():
            if self._postgres:
                return PostgresChangeWatch(self.engine)
            database = self.engine.url.database
            if self.engine.dialect.name == "sqlite" and database and database != ":memory:":
                return SqliteChangeWatch(Path(database))
            return NoWatch()

    def dispose(self) -> None:
        self.engine.dispose()
