"""`campaign data check` on the shipped data (DN-DATA-1..5, DN-MAP-1..5)."""

from __future__ import annotations

import re

from campaign import __version__
from campaign.bundled import bundled_data_dir
from campaign.content import load_ruleset
from campaign.rules.ruleset import HouseRules
from tests.conftest import DATA_DIR
from tests.content.helpers import copy_data, replace_in, run_cli


def test_check_prints_summary_and_exits_zero():
    # DN-DATA-5 / DN-DATA-4: a good data set is summarised with its labels and profile hash
    code, out, err = run_cli("data", "check", "--data", str(DATA_DIR))
    assert code == 0 and err == ""
    assert out.startswith("data OK")
    assert re.search(r"units aslan +23 kinds +116 counters", out)
    assert re.search(r"units solomani +20 kinds +116 counters", out)
    assert re.search(r"units neutral +14 kinds +27 counters", out)
    for table in ("space_crt", "bombard_crt", "pd_crt", "ground_crt"):
        assert f"table {table}" in out
    assert out.count("[house]") == 5  # four tables and the switch file
    switches = HouseRules()
    on = sum(1 for name in HouseRules.model_fields if getattr(switches, name))
    assert f"house rules  [house] {len(HouseRules.model_fields)} switches, {on} on" in out
    assert out.count("    section ") == 8
    assert "type 3: 11" in out
    assert "unexplored)" in out
    assert f"profile hash {load_ruleset(DATA_DIR).profile_hash}" in out


def test_check_with_seed_summarises_the_random_map():
    # DN-MAP-5: the seeded assembly is summarised with its seed
    code, out, _ = run_cli("data", "check", "--seed", "5")
    assert code == 0
    assert "layout random seed 5" in out
    assert f"profile hash {load_ruleset(seed=5).profile_hash}" in out


def test_check_unknown_layout_fails_with_the_layout_list():
    # DN-MAP-5: asking for a layout file that does not exist is an error
    code, out, err = run_cli("data", "check", "--layout", "nowhere")
    assert code != 0 and "data OK" not in out
    assert "nowhere.toml: no layout 'nowhere'" in err


def test_check_seed_with_fixed_layout_is_a_usage_error():
    # DN-MAP-5: a seed applies to random assembly only
    code, _, err = run_cli("data", "check", "--layout", "demo", "--seed", "1")
    assert code == 2 and "seed only applies" in err


def test_check_names_the_directory_it_read_and_why(tmp_path, monkeypatch):
    """DN-DATA-5: `data check` says which data directory it checked and where that choice came
    from (the data shipped with the tool, ``$CAMPAIGN_DATA_DIR`` or ``--data``): a referee with
    an installed wheel finds the shipped folder to copy, and sees that his own copy is the one
    read (found by use: the summary named no directory)."""
    monkeypatch.delenv("CAMPAIGN_DATA_DIR", raising=False)
    code, out, _ = run_cli("data", "check")
    assert code == 0
    assert f"  directory    {bundled_data_dir()} (shipped with campaign {__version__})\n" in out
    own = copy_data(tmp_path / "own")
    code, out, _ = run_cli("data", "check", "--data", str(own))
    assert code == 0 and f"  directory    {own} (--data)\n" in out
    monkeypatch.setenv("CAMPAIGN_DATA_DIR", str(own))
    code, out, _ = run_cli("data", "check")
    assert code == 0 and f"  directory    {own} ($CAMPAIGN_DATA_DIR)\n" in out


def test_a_missing_directory_named_by_the_environment_says_so(tmp_path, monkeypatch):
    """DN-DATA-5 (found by use): with ``$CAMPAIGN_DATA_DIR`` left pointing at a folder that is
    gone, every command said only "/x: data directory not found", with nothing to tell that
    the variable chose it; it now says so, and how to go back to the shipped data. A folder
    named by ``--data`` is reported as before."""
    gone = tmp_path / "gone"
    monkeypatch.setenv("CAMPAIGN_DATA_DIR", str(gone))
    hint = f"{gone}: data directory not found (named by $CAMPAIGN_DATA_DIR; unset it to use "
    for argv in (("data", "check"), ("data", "map", "-o", str(tmp_path / "m.svg"))):
        code, out, err = run_cli(*argv)
        assert code != 0 and out == ""
        assert hint in err
    monkeypatch.delenv("CAMPAIGN_DATA_DIR")
    code, _, err = run_cli("data", "check", "--data", str(gone))
    assert code == 1 and err == f"{gone}: data directory not found\n"


def test_changed_data_refusal_names_the_directory_read(tmp_path, monkeypatch):
    """DN-DATA-4 (found by use, December 8): a campaign created with a referee's own tables
    (``$CAMPAIGN_DATA_DIR``), opened in a shell without the variable, was told only that "the
    data files changed" and to re-pin, which would put it on the shipped house tables. The
    refusal names the directory read, and how a campaign reads its own data files."""
    own = copy_data(tmp_path / "own")
    replace_in(own / "tables" / "space_crt.csv", "# label: house", "# label: official")
    database = f"sqlite:///{tmp_path / 'c.db'}"
    monkeypatch.setenv("CAMPAIGN_DATA_DIR", str(own))
    assert run_cli("new", "war", "--seed", "3", "--db", database)[0] == 0
    monkeypatch.delenv("CAMPAIGN_DATA_DIR")
    code, _, err = run_cli("status", "war", "--db", database)
    assert code != 0
    assert "tables/space_crt.csv changed" in err
    assert f"the data read: {bundled_data_dir()} (shipped with campaign {__version__})" in err
    assert "reads them with CAMPAIGN_DATA_DIR=DIR" in err
    monkeypatch.setenv("CAMPAIGN_DATA_DIR", str(own))
    assert run_cli("status", "war", "--db", database)[0] == 0


def test_a_file_given_as_the_data_directory_is_called_a_file(tmp_path):
    """DN-DATA-5 (found by use, December 8): `--data mine/units.csv` said "data directory not
    found" of a file that is there."""
    units = copy_data(tmp_path / "mine") / "units.csv"
    code, _, err = run_cli("data", "check", "--data", str(units))
    assert code == 1
    assert (
        err == f"{units}: a file, not a data directory (the folder holding units.csv, "
        "tables/ and maps/)\n"
    )
