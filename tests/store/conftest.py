"""Database fixtures: every persistence test runs on SQLite and on PostgreSQL.

PostgreSQL comes from ``CAMPAIGN_TEST_PG_URL`` (CI starts a server, see .ci/run). Without it the
PostgreSQL variants are skipped, unless ``CAMPAIGN_REQUIRE_PG=1``, which turns a missing or
unreachable server into a failure. Each PostgreSQL test gets its own schema, dropped afterwards.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

PG_ENV = "CAMPAIGN_TEST_PG_URL"
REQUIRE_ENV = "CAMPAIGN_REQUIRE_PG"


def _pg_base_url() -> str | None:
    url = os.environ.get(PG_ENV)
    required = os.environ.get(REQUIRE_ENV) == "1"
    if not url:
        if required:
            pytest.fail(f"{REQUIRE_ENV}=1 but {PG_ENV} is not set")
        pytest.skip(f"{PG_ENV} not set: PostgreSQL variant not run")
    try:
        engine = sa.create_engine(url)
        with engine.connect() as connection:
            connection.execute(sa.text("select 1"))
        engine.dispose()
    except Exception as error:
        if required:
            pytest.fail(f"PostgreSQL at {url} unreachable: {error}")
        pytest.skip(f"PostgreSQL at {url} unreachable")
    return url


@pytest.fixture(
    params=["sqlite", "sqlite-sqlalchemy", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database URL of each backend and driver: an SQLite file through
    ``sqlite3`` (``sqlite:///``) and through SQLAlchemy (``sqlite+pysqlite:///``), so the
    store's one set of SQL statements is run by both drivers, and PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'campaigns.db'}"
        return
    if request.param == "sqlite-sqlalchemy":
        yield f"sqlite+pysqlite:///{tmp_path / 'campaigns.db'}"
        return
    base = _pg_base_url()
    assert base is not None
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = sa.create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'create schema "{schema}"'))
    separator = "&" if "?" in base else "?"
    try:
        yield f"{base}{separator}options=-csearch_path%3D{schema}"
    finally:
        with admin.connect() as connection:
            connection.execute(sa.text(f'drop schema "{schema}" cascade'))
        admin.dispose()
