"""Every broken data set under tests/fixtures/data/ is refused by `campaign data check`
with ``file:line: reason`` (DN-DATA-5, DN-MAP-4, DN-MAP-5, DN-DATA-4).

Each fixture directory holds the broken file(s) at their data-relative paths plus
``expect.toml`` (``file``, optional ``line``, ``reason``, optional ``remove``). The test copies
the shipped data/, overlays the fixture (and deletes ``remove``), and runs the check on it.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from campaign.content import load_ruleset
from campaign.content.errors import DataFileError
from tests.conftest import REPO_ROOT
from tests.content.helpers import copy_data, run_cli

FIXTURES = REPO_ROOT / "tests" / "fixtures" / "data"
CASES = sorted(path.name for path in FIXTURES.iterdir() if path.is_dir())

#: Which rule each fixture exercises (every case is DN-DATA-5 "rejected with file, line, reason").
RULE_OF_CASE = {
    "bad_factor": "DN-DATA-1",
    "bad_table_result": "DN-DATA-4",
    "conscription_for_player": "DN-DATA-3",
    "connector_without_system": "DN-MAP-4",
    "duplicate_row": "DN-DATA-5",
    "edge_mismatch": "DN-MAP-5",
    "hex_outside_section": "DN-MAP-1",
    "home_without_capital": "DN-MAP-3",
    "house_rule_not_bool": "DN-DATA-4",
    "house_rules_unknown_table": "DN-DATA-5",
    "layout_missing_home": "DN-MAP-5",
    "layout_missing_nebula": "DN-MAP-5",
    "layout_unknown_section": "DN-MAP-5",
    "malformed_toml": "DN-DATA-5",
    "missing_column": "DN-DATA-5",
    "missing_table_file": "DN-DATA-4",
    "negative_cost": "DN-DATA-5",
    "non_numeric_strength": "DN-DATA-5",
    "official_switch_left_out": "DN-DATA-4",
    "route_to_empty_hex": "DN-MAP-4",
    "section_name_reused": "DN-MAP-1",
    "system_id_reused": "DN-MAP-1",
    "table_missing_row": "DN-DATA-4",
    "table_not_utf8": "DN-DATA-5",
    "table_odds_not_ascending": "DN-DATA-4",
    "table_two_labels": "DN-DATA-4",
    "table_without_label": "DN-DATA-4",
    "toml_unknown_table": "DN-DATA-5",
    "unknown_code": "DN-DATA-5",
    "unknown_house_rule": "DN-DATA-4",
}


def build_case(case: str, tmp_path: Path) -> tuple[Path, dict]:
    """The broken data directory of ``case`` and its expectation."""
    source = FIXTURES / case
    expect = tomllib.loads((source / "expect.toml").read_text(encoding="utf-8"))
    data_dir = copy_data(tmp_path / "data")
    for path in source.rglob("*"):
        if path.is_file() and path.name != "expect.toml":
            target = data_dir / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    for relative in expect.get("remove", []):
        (data_dir / relative).unlink()
    return data_dir, expect


def test_there_are_at_least_ten_broken_fixtures():
    # DN-DATA-5: the bad-input suite covers at least ten kinds of breakage
    assert len(CASES) >= 10
    assert set(CASES) == set(RULE_OF_CASE)


@pytest.mark.parametrize("case", CASES)
def test_data_check_rejects_broken_fixture(case: str, tmp_path: Path):
    # DN-DATA-5 (+ the rule in RULE_OF_CASE): non-zero exit, `file:line: reason`, no summary
    data_dir, expect = build_case(case, tmp_path)
    code, out, err = run_cli("data", "check", "--data", str(data_dir))
    assert code != 0
    assert "data OK" not in out
    where = str(data_dir / expect["file"])
    if "line" in expect:
        where += f":{expect['line']}"
    prefix = f"{where}: "
    message = err.strip()
    assert message.startswith(prefix), f"{case}: got {message!r}, expected {prefix!r}..."
    assert expect["reason"] in message[len(prefix) :]


@pytest.mark.parametrize("case", ["unknown_code", "edge_mismatch", "unknown_house_rule"])
def test_loader_raises_instead_of_returning_a_partial_ruleset(case: str, tmp_path: Path):
    # DN-DATA-5: nothing is half-loaded: load_ruleset raises DataFileError, returns nothing
    data_dir, expect = build_case(case, tmp_path)
    with pytest.raises(DataFileError) as caught:
        load_ruleset(data_dir)
    assert caught.value.path == data_dir / expect["file"]
    assert caught.value.line == expect.get("line")


def test_data_check_runs_as_a_real_subprocess(tmp_path: Path):
    # DN-DATA-5: the installed console entry point exits non-zero with file:line: reason
    import subprocess
    import sys

    data_dir, expect = build_case("bad_factor", tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "campaign", "data", "check", "--data", str(data_dir)],
        capture_output=True,
        text=True,
        check=False,
        cwd=REPO_ROOT,
    )
    assert result.returncode == 1
    assert f"units.csv:{expect['line']}: factors: '5-2[3]'" in result.stderr
