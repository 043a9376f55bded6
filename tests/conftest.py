"""Shared test configuration."""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = REPO_ROOT / "data"
#: The rules catalogue (one file per game), the project's own statement of every rule id.
RULES_DIR = REPO_ROOT / "docs" / "rules"
