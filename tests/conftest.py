"""Shared test configuration."""

from __future__ import annotations

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
