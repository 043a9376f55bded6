"""Shared test configuration."""

from __future__ import annotations

import gc
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.cli import main as cli_main
from campaign.tui.demo import ensure_demo
from tests.built_once import built_once

REPO_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = REPO_ROOT / "data"
#: Why a test that expects this checkout's data finds another folder: the editable install
#: (``pip install -e .``) maps ``campaign.data`` to the checkout it was made in, so a second
#: checkout (a git worktree) run with ``PYTHONPATH`` pointing at itself still loads the first
#: checkout's ``data/`` and ``seeds/`` (docs/testing.md, "Worktrees").
OTHER_CHECKOUT = (
    "campaign.data resolves to {found}, not this checkout's {expected}: the editable install "
    "belongs to another checkout, whose data and seeds the tool loads here (docs/testing.md, "
    "Worktrees)"
)
#: The rules catalogue (one file per game), the project's own statement of every rule id.
RULES_DIR = REPO_ROOT / "docs" / "rules"


@pytest.fixture(autouse=True, scope="session")
def _private_user_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Tests never read or write the user's real data directory (the default campaign
    database, the snapshot-sealing key, a solved tablebase) nor its config directory (the
    TUI's remembered turn-file folder) nor its cache directory (the built rulesets):
    ``XDG_DATA_HOME``, ``XDG_CONFIG_HOME`` and ``XDG_CACHE_HOME`` point to fresh directories,
    as on a new machine, and ``$CAMPAIGN_DB_URL`` and ``$CAMPAIGN_CACHE_DIR`` are unset."""
    patch = pytest.MonkeyPatch()
    patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("user-data")))
    patch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("user-config")))
    patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("user-cache")))
    patch.delenv("CAMPAIGN_CACHE_DIR", raising=False)
    patch.delenv("CAMPAIGN_DB_URL", raising=False)
    yield
    patch.undo()


@pytest.fixture(autouse=True)
def keys_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test has its own keys home (``$CAMPAIGN_KEYS_HOME``, issue 42 item 4): the keys
    ``campaign new --fair`` makes and fair mode signs with are never shared between tests,
    nor the user's own."""
    home = tmp_path / "keys-home"
    monkeypatch.setenv("CAMPAIGN_KEYS_HOME", str(home))
    return home


# The demo campaigns, built once per test run and copied per test. Building a campaign from the
# seed game takes seconds, so a session-wide SQLite file holds two campaigns — ``demo`` (the
# bundled demo: Aslan's First Movement, game turn 1) and ``full`` (the whole seed game: game
# turn 2, Aslan's Maintenance & Production) — and every test works on its own copy in
# ``tmp_path``, never on the user's data directory.


def _build_demo_db(directory: Path) -> None:
    """``directory/campaigns.db`` with the ``demo`` and ``full`` campaigns."""
    service = CampaignService(db_url=f"sqlite:///{directory / 'campaigns.db'}")
    ensure_demo(service)
    ensure_demo(service, "full", stop_before=None)
    service.store.dispose()


@pytest.fixture(scope="session")
def demo_db_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file with the ``demo`` and ``full`` campaigns (built once per run, shared by
    the workers: ``tests/built_once.py``); tests copy it, never open it."""
    return built_once(tmp_path_factory, "demo-db", _build_demo_db) / "campaigns.db"


@pytest.fixture
def service(demo_db_file: Path, tmp_path: Path) -> CampaignService:
    """A service on this test's own copy of the demo database."""
    copy = tmp_path / "campaigns.db"
    shutil.copy(demo_db_file, copy)
    return CampaignService(db_url=f"sqlite:///{copy}")


#: The collector's thresholds while the tests run (Python's are 700, 10, 10).
TEST_GC_THRESHOLDS = (10_000, 50, 50)


@pytest.fixture
def alpha_db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The URL of a fresh SQLite database holding one new campaign, ``alpha`` (seed 3), made
    by the CLI as a user would; its output is swallowed."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert cli_main(["new", "alpha", "--db", url, "--seed", "3"]) == 0
    capsys.readouterr()
    return url


def pytest_collection_finish(session: pytest.Session) -> None:
    """Run the tests with a collector tuned for a long process that builds and drops many
    object graphs (issue 32, item 11).

    Each Textual app a test starts leaves a few hundred thousand objects in reference cycles,
    and every imported module, the session's campaigns and the bounded caches of Textual stay
    for the whole run; with the default thresholds the full collections walked that growing
    heap again and again (a quarter of the CPU time of the TUI tests). The collected modules
    and session objects are moved out of the collector's sight (``gc.freeze``), and young
    objects are collected less often; garbage is still collected, the process just holds a
    little more memory between collections. What a test checks does not change."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*TEST_GC_THRESHOLDS)
