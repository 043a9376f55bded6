"""Fixtures of the browser tests (issue 43 item 3): a demo campaign served by
``campaign serve`` and headless Chromium from the system packages.

Without Chromium and its driver installed (``.ci/run`` installs both) these tests are skipped,
unless ``CAMPAIGN_REQUIRE_BROWSER=1`` (set by ``.ci/run``), which makes a missing browser a
failure. All are marked ``slow``.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.tui.demo import ensure_demo
from tests.browser.harness import CHROMEDRIVER, CHROMIUM, Browser, Served
from tests.built_once import built_once

REQUIRE_ENV = "CAMPAIGN_REQUIRE_BROWSER"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.slow)


def _build_browser_demo(directory: Path) -> None:
    """``directory/campaigns.db`` with the bundled demo campaign."""
    service = CampaignService(db_url=f"sqlite:///{directory / 'campaigns.db'}")
    ensure_demo(service)
    service.store.dispose()


@pytest.fixture(scope="session")
def browser_demo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file with the bundled demo campaign (built once per run, shared by the
    workers: ``tests/built_once.py``)."""
    return built_once(tmp_path_factory, "browser-demo-db", _build_browser_demo) / "campaigns.db"


@pytest.fixture
def served(browser_demo_file: Path, tmp_path: Path) -> Iterator[Served]:
    """``campaign serve demo`` on this test's own copy of the demo database."""
    copy = tmp_path / "campaigns.db"
    shutil.copy(browser_demo_file, copy)
    server = Served.start("demo", f"sqlite:///{copy}")
    try:
        yield server
    finally:
        server.stop()


def require_chromium() -> None:
    """Skip the test (fail it under CAMPAIGN_REQUIRE_BROWSER=1) without the system Chromium."""
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        message = f"no system Chromium ({CHROMIUM}) and chromedriver ({CHROMEDRIVER})"
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{REQUIRE_ENV}=1 but {message}")
        pytest.skip(message)


@pytest.fixture
def browser() -> Iterator[Browser]:
    """Headless system Chromium (skipped, or failed under CAMPAIGN_REQUIRE_BROWSER=1, when
    it is not installed)."""
    require_chromium()
    opened = Browser()
    try:
        yield opened
    finally:
        opened.quit()
