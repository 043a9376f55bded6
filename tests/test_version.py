"""Versions and licence (issue 46 item 4): the version is written once, follows semantic
versioning, is what ``campaign --version`` prints and has its CHANGELOG section; every release
in the compatibility suite has one too; the licence is in the repository and the metadata."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib

from campaign import __version__
from tests.compat.game import COMPAT_DIR
from tests.conftest import REPO_ROOT

SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?$")


def _pyproject() -> dict:
    return tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_campaign_version_prints_the_version():
    assert (
        subprocess.run(
            [sys.executable, "-m", "campaign", "--version"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        == f"campaign {__version__}\n"
    )
    assert SEMVER.match(__version__)


def test_the_version_is_written_once():
    """pyproject.toml takes it from ``campaign.__version__`` instead of a copy of its own."""
    project = _pyproject()
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "campaign.__version__"}


def test_every_version_has_its_changelog_section():
    """This version's section, and one for every release whose fixtures the suite keeps."""
    headings = re.findall(
        r"^## (\S+)", (REPO_ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), flags=re.MULTILINE
    )
    released = [folder.name[1:].replace("_", ".") for folder in COMPAT_DIR.glob("v*_*_*")]
    assert released and __version__ in headings
    for version in released:
        assert version in headings


def test_the_licence_is_in_the_repository_and_the_metadata():
    assert _pyproject()["project"]["license"] == "MIT"
    assert (REPO_ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
