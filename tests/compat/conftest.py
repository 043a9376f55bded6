"""The compatibility suite runs each recorded database on every backend (``db_url``)."""

from tests.store.conftest import db_url  # noqa: F401 - the fixture, shared with tests/store
