"""Fixtures of the TUI tests. The demo campaigns (``demo_db_file``, ``service``) are shared
with the other folders: ``tests/conftest.py``."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def no_keymap(tmp_path: Path) -> Path:
    """A keymap path that does not exist (the user's own keymap must not leak into tests)."""
    return tmp_path / "no-keymap.toml"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of this folder drives the Textual app (a Pilot, a snapshot) or builds a
    campaign for it: seconds each, so all are marked ``slow`` (``make test-fast`` leaves them
    out; ``make test`` runs them)."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.slow)
