"""Content hashes, the profile hash and change detection of pinned data (DN-DATA-4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.content import (
    compare_with_data,
    current_hashes,
    describe_changes,
    diff_hashes,
    load_ruleset,
)
from campaign.content.hashing import ChangeKind, canonical_bytes, profile_hash
from campaign.content.loader import DATA_DIR_ENV, default_data_dir
from tests.conftest import DATA_DIR, OTHER_CHECKOUT
from tests.content.helpers import copy_data, replace_in


def test_ruleset_records_a_hash_for_every_data_file():
    # DN-DATA-4: units, every table, the switches, every section and layout are hashed
    ruleset = load_ruleset(DATA_DIR)
    files = set(ruleset.file_hashes)
    assert {"units.csv", "tables/space_crt.csv", "tables/house_rules.toml"} <= files
    assert "maps/sections/dark_nebula.toml" in files and "maps/layouts/standard.toml" in files
    assert all(len(digest) == 64 for digest in ruleset.file_hashes.values())
    assert ruleset.profile_hash == profile_hash(ruleset.file_hashes, "standard", None)


def test_hashes_do_not_depend_on_line_endings(tmp_path: Path):
    # DN-DATA-4: a CRLF checkout of the same data has the same profile
    data_dir = copy_data(tmp_path / "data")
    for path in data_dir.rglob("*"):
        if path.is_file():
            path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert (data_dir / "units.csv").read_bytes().count(b"\r\n") > 10
    assert load_ruleset(data_dir).profile_hash == load_ruleset(DATA_DIR).profile_hash
    assert canonical_bytes(b"\xef\xbb\xbfa\r\nb\rc\n") == b"a\nb\nc\n"


def test_changed_file_is_reported_by_name(tmp_path: Path):
    # DN-DATA-4: comparing pinned hashes with the files names the file that changed
    data_dir = copy_data(tmp_path / "data")
    pinned = load_ruleset(data_dir).file_hashes
    assert compare_with_data(pinned, data_dir) == ()
    replace_in(data_dir / "tables" / "space_crt.csv", "6,D,D,X,X,X,X,X", "6,D,X,X,X,X,X,X")
    changes = compare_with_data(pinned, data_dir)
    assert [(c.path, c.kind) for c in changes] == [("tables/space_crt.csv", ChangeKind.CHANGED)]
    message = describe_changes(changes)
    assert message.startswith("DN-DATA-4: ") and "tables/space_crt.csv changed" in message
    assert "re-pin" in message
    assert load_ruleset(data_dir).profile_hash != load_ruleset(DATA_DIR).profile_hash


def test_missing_and_added_files_are_reported():
    # DN-DATA-4: a removed or a new data file also changes the profile
    pinned = {"units.csv": "a" * 64, "tables/x.csv": "b" * 64}
    current = {"units.csv": "a" * 64, "tables/y.csv": "c" * 64}
    changes = diff_hashes(pinned, current)
    assert [(c.path, c.kind) for c in changes] == [
        ("tables/x.csv", ChangeKind.MISSING),
        ("tables/y.csv", ChangeKind.ADDED),
    ]
    assert describe_changes(()) == ""


def test_profile_hash_covers_layout_and_seed():
    # DN-DATA-4 / DN-MAP-5: the same files with another map assembly are another profile
    hashes = current_hashes(DATA_DIR)
    assert profile_hash(hashes, "standard", None) != profile_hash(hashes, "demo", None)
    assert profile_hash(hashes, "random", 1) != profile_hash(hashes, "random", 2)
    assert profile_hash(dict(reversed(hashes.items())), "demo", None) == profile_hash(
        hashes, "demo", None
    )


def test_default_data_dir_is_the_repository_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    # DN-DATA-1: the tool finds data/ of the (editable) install; an env variable overrides it
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    found = default_data_dir()
    assert found == DATA_DIR, OTHER_CHECKOUT.format(found=found, expected=DATA_DIR)
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    assert default_data_dir() == tmp_path
