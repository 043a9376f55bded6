"""Issue 20 items 7-9: data files take ASCII digits in documented ranges, layouts are names in the
data directory (and pinned), and huge files or devices are refused before reading (DN-DATA-5)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from campaign.content.data_files import MAX_DATA_FILE_BYTES
from tests.content.helpers import copy_data, replace_in, run_cli

# A light cruiser row of the shipped units.csv and the cells that can be made bad.
CRUISER = "solomani,CL,light cruiser,ship,"


def _cruiser_line(data: Path) -> str:
    return next(
        line for line in (data / "units.csv").read_text().splitlines() if line.startswith(CRUISER)
    )


@pytest.mark.parametrize(
    ("column", "bad", "words"),
    [
        ("count", "9999999999999999999", "above 99"),
        ("count", "100000000", "above 99"),
        ("cost", "1000000000000000", "above 999"),
        ("cost", "\u0661\u0662", "ASCII digits"),  # Arabic-Indic 12
        ("count", "1_000", "not a whole number"),
        ("factors", "99999-1-1[1]", "each 0-99"),
        ("factors", "\u0665-2-3[3]", "each 0-99"),
    ],
)
def test_data_check_refuses_absurd_numbers_with_file_and_line(tmp_path, column, bad, words):
    """Item 7 (DN-DATA-5): `data check` names file:line for each out-of-range number."""
    data = copy_data(tmp_path / "data")
    line = _cruiser_line(data)
    cells = line.split(",")
    index = {"cost": 4, "factors": 6, "count": 7}[column]
    cells[index] = bad
    replace_in(data / "units.csv", line, ",".join(cells))
    number = (data / "units.csv").read_text().splitlines().index(",".join(cells)) + 1
    code, out, err = run_cli("data", "check", "--data", str(data))
    assert code == 1 and "data OK" not in out
    assert f"units.csv:{number}: {column}" in err and words in err, err


def test_layout_must_be_a_name_of_the_data_directory(tmp_path):
    """Item 8 (DN-MAP-5): `--layout ../../x` reads nothing outside the data directory."""
    data = copy_data(tmp_path / "data")
    outside = tmp_path / "x.toml"
    outside.write_text((data / "maps" / "layouts" / "standard.toml").read_text())
    db = ["--db", f"sqlite:///{tmp_path / 'c.db'}"]
    os.environ["CAMPAIGN_DATA_DIR"] = str(data)
    try:
        for name in ("../../x", str(outside.with_suffix("")), "STANDARD/../standard"):
            code, _, err = run_cli("new", "c", "--layout", name, *db)
            assert code == 1 and "not a path" in err and "Traceback" not in err, err
        code, _, err = run_cli("data", "check", "--data", str(data), "--layout", "../../x")
        assert code == 1 and "not a path" in err
    finally:
        del os.environ["CAMPAIGN_DATA_DIR"]


def test_the_layout_read_is_pinned(tmp_path):
    """Item 8 (DN-DATA-4): editing the layout a campaign was made from is found by `verify`."""
    data = copy_data(tmp_path / "data")
    db = ["--db", f"sqlite:///{tmp_path / 'c.db'}"]
    os.environ["CAMPAIGN_DATA_DIR"] = str(data)
    try:
        assert run_cli("new", "c", "--layout", "demo", *db)[0] == 0
        demo = data / "maps" / "layouts" / "demo.toml"
        demo.write_text(demo.read_text() + "\n# edited\n")
        code, _, err = run_cli("verify", "c", *db)
        assert code == 1 and "maps/layouts/demo.toml changed" in err
    finally:
        del os.environ["CAMPAIGN_DATA_DIR"]


@pytest.mark.parametrize("kind", ["device", "huge"])
def test_huge_or_device_data_files_are_refused(tmp_path, kind):
    """Item 9 (DN-DATA-5): /dev/zero or a file above the limit is refused before reading."""
    data = copy_data(tmp_path / "data")
    units = data / "units.csv"
    units.unlink()
    if kind == "device":
        units.symlink_to("/dev/zero")
    else:
        with units.open("wb") as handle:
            handle.truncate(MAX_DATA_FILE_BYTES + 1)  # sparse
    code, out, err = run_cli("data", "check", "--data", str(data))
    assert code == 1 and "data OK" not in out and err.count("\n") == 1
    assert "units.csv" in err and ("a device" if kind == "device" else "too large") in err


def test_a_layout_name_in_capitals_gets_did_you_mean():
    """DN-MAP-5 (found by use, December 8): `--layout Standard` was told "a layout is the name
    of a file in this directory, not a path"; a name that is no path gets the closest layout."""
    code, _, err = run_cli("data", "check", "--layout", "Standard")
    assert code == 1
    assert "no layout 'Standard'; did you mean 'standard'?" in err and "not a path" not in err
