"""A process reuses the ruleset it built from unchanged files (``campaign.content.loader``),
and builds (and checks) it again as soon as a file changes: the files' content hashes decide,
so reusing it never hides an edit (DN-DATA-4) nor a broken file (DN-DATA-5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.content import load_ruleset
from campaign.content.errors import DataFileError
from tests.content.helpers import copy_data

TROOPS = "solomani,RT,regular troops,ground,2,,3,3,"


def test_unchanged_files_give_the_same_ruleset(tmp_path: Path):
    # DN-DATA-4: equal content hashes, equal ruleset (one object, built once)
    data = copy_data(tmp_path / "data")
    first = load_ruleset(data)
    assert load_ruleset(data) is first
    assert load_ruleset(data, "standard") is first
    assert load_ruleset(data, seed=3) is not first  # another assembly of the map
    (data / "units.csv").write_bytes((data / "units.csv").read_bytes().replace(b"\n", b"\r\n"))
    assert load_ruleset(data) is first  # CRLF endings: the same canonical bytes (DN-DATA-4)


def test_an_edited_file_is_read_again(tmp_path: Path):
    # DN-DATA-4: a changed file changes the hashes, and the ruleset is built from it again
    data = copy_data(tmp_path / "data")
    before = load_ruleset(data)
    units = data / "units.csv"
    units.write_text(
        units.read_text(encoding="utf-8").replace(TROOPS, TROOPS.replace(",2,,3,3,", ",5,,3,3,")),
        encoding="utf-8",
    )
    after = load_ruleset(data)
    assert after is not before
    assert after.file_hashes["units.csv"] != before.file_hashes["units.csv"]
    assert after.unit_type("solomani:RT-3").cost == 5 != before.unit_type("solomani:RT-3").cost


def test_a_broken_file_is_refused_after_a_good_load(tmp_path: Path):
    # DN-DATA-5: a file broken after the ruleset was built is named, never served from memory
    data = copy_data(tmp_path / "data")
    good = load_ruleset(data)
    units = data / "units.csv"
    text = units.read_text(encoding="utf-8")
    units.write_text(
        text.replace(TROOPS, "solomani,RT,regular troops,ground,two,,3,3,"), encoding="utf-8"
    )
    with pytest.raises(DataFileError, match=r"units\.csv:\d+"):
        load_ruleset(data)
    units.write_text(text, encoding="utf-8")
    assert load_ruleset(data) is good  # mended: the same bytes as the first load
