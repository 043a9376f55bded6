"""Fixtures of the TUI tests: the demo campaigns built once per session, copied per test.

Building a campaign from the seed game takes seconds, so a session-wide SQLite file holds two
campaigns — ``demo`` (the bundled demo: Aslan's First Movement, game turn 1) and ``full`` (the
whole seed game: game turn 2, Aslan's Maintenance & Production) — and every test works on its
own copy in ``tmp_path``, never on the user's data directory.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.tui.demo import ensure_demo


@pytest.fixture(scope="session")
def demo_db_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file with the ``demo`` and ``full`` campaigns (built once)."""
    path = tmp_path_factory.mktemp("tui-db") / "campaigns.db"
    service = CampaignService(db_url=f"sqlite:///{path}")
    ensure_demo(service)
    ensure_demo(service, "full", stop_before=None)
    service.store.dispose()
    return path


@pytest.fixture
def service(demo_db_file: Path, tmp_path: Path) -> CampaignService:
    """A service on this test's own copy of the demo database."""
    copy = tmp_path / "campaigns.db"
    shutil.copy(demo_db_file, copy)
    return CampaignService(db_url=f"sqlite:///{copy}")


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
