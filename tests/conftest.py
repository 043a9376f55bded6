"""Shared test configuration."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = REPO_ROOT / "data"
#: The rules catalogue (one file per game), the project's own statement of every rule id.
RULES_DIR = REPO_ROOT / "docs" / "rules"


@pytest.fixture(autouse=True, scope="session")
def _private_user_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Tests never read or write the user's real data directory (the default campaign
    database, the snapshot-sealing key, a solved tablebase) nor its config directory (the
    TUI's remembered turn-file folder): ``XDG_DATA_HOME`` and ``XDG_CONFIG_HOME`` point to
    fresh directories, as on a new machine, and ``$CAMPAIGN_DB_URL`` is unset."""
    patch = pytest.MonkeyPatch()
    patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("user-data")))
    patch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("user-config")))
    patch.delenv("CAMPAIGN_DB_URL", raising=False)
    yield
    patch.undo()


#: The collector's thresholds while the tests run (Python's are 700, 10, 10).
TEST_GC_THRESHOLDS = (10_000, 50, 50)


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
