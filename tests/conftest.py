"""Shared test configuration."""

from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = REPO_ROOT / "data"
SPEC_DIR = REPO_ROOT.parent / "shared" / "spec"
