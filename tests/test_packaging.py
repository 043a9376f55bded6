"""The data and seed games ship with the package and are found through importlib.resources.

The wheel itself is built and installed by ``tools/check_wheel.sh`` (run by ``.ci/run``); these
tests check the pieces that make it work, quickly, in the editable install.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from campaign import bundled
from campaign.app import CampaignService
from campaign.cli import main
from campaign.content.hashing import profile_files
from tests.conftest import DATA_DIR, OTHER_CHECKOUT, REPO_ROOT


def test_bundled_folders_are_the_repository_data_and_seeds():
    # DN-DATA-1: data/ at the top of the repository is the data the tool loads by default
    found = bundled.bundled_data_dir()
    assert found == DATA_DIR, OTHER_CHECKOUT.format(found=found, expected=DATA_DIR)
    assert bundled.seed_file("standard-turn1.json") == REPO_ROOT / "seeds" / "standard-turn1.json"
    assert bundled.seed_file("standard-turn1.json").is_file()


def test_a_missing_resource_package_says_how_to_fix_it():
    with pytest.raises(bundled.BundledFilesMissing, match="reinstall"):
        bundled.package_dir("campaign.no_such_resources")


def test_cli_reports_missing_shipped_data_in_one_line(monkeypatch, capsys):
    # an install that lacks the data package: one error line and exit 1, no traceback
    monkeypatch.delenv("CAMPAIGN_DATA_DIR", raising=False)
    monkeypatch.setattr(bundled, "DATA_PACKAGE", "campaign.no_such_resources")
    assert main(["data", "check"]) == 1
    error = capsys.readouterr().err
    assert error.startswith("campaign: campaign.no_such_resources is not installed")
    assert "Traceback" not in error


def test_package_data_patterns_ship_every_profile_file():
    # DN-DATA-4: every file that is part of a rules profile is also in the wheel
    config = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    assert setuptools["package-dir"]["campaign.data"] == "data"
    shipped = {
        path
        for pattern in setuptools["package-data"]["campaign.data"]
        for path in DATA_DIR.glob(pattern)
    }
    missing = [
        str(path.relative_to(DATA_DIR)) for path in profile_files(DATA_DIR) if path not in shipped
    ]
    assert missing == []
    seeds = {
        path
        for pattern in setuptools["package-data"]["campaign.seeds"]
        for path in (REPO_ROOT / "seeds").glob(pattern)
    }
    assert set((REPO_ROOT / "seeds").glob("*.json")) <= seeds


def test_package_data_patterns_ship_every_file_beside_the_code():
    # e.g. campaign/tui/app.tcss and scenarios/imperial/data/map.toml: a file the code reads at
    # run time but no package-data pattern names would be missing from the wheel
    config = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]
    missing = []
    for top in ("campaign", "scenarios"):
        for path in (REPO_ROOT / top).rglob("*"):
            if not path.is_file() or path.suffix in {".py", ".pyc"} or "__pycache__" in path.parts:
                continue
            package_dir = next(p for p in path.parents if (p / "__init__.py").exists())
            package = ".".join(package_dir.relative_to(REPO_ROOT).parts)
            globs = patterns.get(package, [])
            shipped = {found for pattern in globs for found in package_dir.glob(pattern)}
            if path not in shipped:
                missing.append(str(path.relative_to(REPO_ROOT)))
    assert missing == []


def test_demo_create_only_creates_the_campaign_and_opens_no_ui(tmp_path: Path, monkeypatch, capsys):
    def no_ui(*args, **kwargs):
        raise AssertionError("campaign demo --create-only must not open the TUI")

    # the name the handler calls (patching campaign.tui.app would miss a handler imported
    # before this test, and would leave the patch behind in one imported during it)
    monkeypatch.setattr("campaign.cli.handlers.tui.create_app", no_ui)
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    assert main(["demo", "--create-only", "--db", url]) == 0
    assert "demo campaign 'demo' is ready" in capsys.readouterr().out
    assert CampaignService(db_url=url).store.campaign("demo") is not None
    assert main(["demo", "--create-only", "--db", url]) == 0  # a second run keeps the campaign


def test_every_code_folder_is_a_regular_package():
    """setup.py ships the packages ``find_packages`` finds, and it finds only folders with an
    ``__init__.py``: a code folder without one would import from a checkout and be missing from
    the wheel (``campaign.views`` was, until ``tools/check_wheel.sh`` said so)."""
    missing = sorted(
        str(folder.relative_to(REPO_ROOT))
        for package in ("campaign", "scenarios")
        for folder in [REPO_ROOT / package, *(REPO_ROOT / package).rglob("*")]
        if folder.is_dir()
        and folder.name != "__pycache__"
        and any(folder.glob("*.py"))
        and not (folder / "__init__.py").exists()
    )
    assert missing == []
