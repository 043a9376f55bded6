"""Fixtures of the integration tests: ``db_url`` runs a test on every store driver (SQLite
through ``sqlite3`` and through SQLAlchemy, and PostgreSQL when a server is given)."""

from tests.store.conftest import db_url  # noqa: F401 - re-exported fixture
