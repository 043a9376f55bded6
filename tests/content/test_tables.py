"""The results tables and house-rule switches under data/tables/ (DN-DATA-4, DN-CBT-4,
DN-INT-4, DN-GND-2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.content.errors import DataFileError
from campaign.content.tables import REQUIRED_TABLES, load_house_rules, load_table, load_tables
from campaign.rules.ids import CombatResult, TableLabel
from campaign.rules.ruleset import CombatTable, HouseRules
from tests.conftest import DATA_DIR
from tests.content.helpers import replace_in

N, D, X = CombatResult.NO_EFFECT, CombatResult.DISRUPTED, CombatResult.DESTROYED
SEVERITY = {N: 0, D: 1, X: 2}


def shipped() -> dict[str, CombatTable]:
    return load_tables(DATA_DIR / "tables", DATA_DIR)


def small_table() -> CombatTable:
    return CombatTable(
        name="t",
        label=TableLabel.HOUSE,
        source_file="test",
        columns=("1:2", "1:1", "2:1"),
        rows=((N, N, D), (N, N, D), (N, D, D), (N, D, X), (D, D, X), (D, X, X)),
    )


def test_required_tables_are_present_and_labelled_house():
    # DN-DATA-4: every shipped table says `house`; DN-CBT-4/DN-INT-4/DN-GND-2 name these files
    tables = shipped()
    assert set(REQUIRED_TABLES) <= set(tables)
    for name in REQUIRED_TABLES:
        assert tables[name].label is TableLabel.HOUSE
        assert tables[name].source_file == f"tables/{name}.csv"


@pytest.mark.parametrize("name", REQUIRED_TABLES)
def test_shipped_tables_get_deadlier_with_odds_and_die(name: str):
    # DN-CBT-4 / DN-INT-4 / DN-GND-2: playable house values: higher odds or die never weaker
    table = shipped()[name]
    for die in range(6):
        row = [SEVERITY[result] for result in table.rows[die]]
        assert row == sorted(row), f"{name} die {die + 1} not monotone across odds"
    for column in range(len(table.columns)):
        col = [SEVERITY[table.rows[die][column]] for die in range(6)]
        assert col == sorted(col), f"{name} column {table.columns[column]} not monotone in die"
    assert table.rows[0][0] is N and table.rows[5][-1] is X


def test_column_for_rounds_odds_down_for_the_defender():
    # DN-CBT-4: 5 against 3 is 1.67:1, which uses the 1:1 column of this table
    table = small_table()
    assert table.column_for(5, 3) == "1:1"
    assert table.column_for(6, 3) == "2:1"
    assert table.column_for(3, 6) == "1:2"
    assert table.column_for(2, 5) == "<1:2"


def test_odds_above_and_below_the_table():
    # DN-CBT-4: beyond the rightmost column use it; below the leftmost, no effect
    table = small_table()
    assert table.column_for(40, 1) == "2:1"
    assert table.column_for(3, 0) == "2:1"
    assert table.lookup(1, 9, 6) is N
    assert table.lookup(0, 1, 6) is N


def test_lookup_clamps_modified_die_rolls():
    # DN-CBT-4: a disrupted firer's die 1 - 1 = 0 reads as 1; a die of 8 reads as 6
    table = small_table()
    assert table.lookup(4, 2, 0) == table.lookup(4, 2, 1) == D
    assert table.lookup(4, 2, 8) == table.lookup(4, 2, 6) == X
    assert table.lookup(2, 2, 4) is D


def test_shipped_space_table_lookup_examples():
    # DN-CBT-4: a CL's beam 5 against a DD's defence 1 (5:1 -> 4:1 column) on a 2 is X
    space = shipped()["space_crt"]
    assert space.column_for(5, 1) == "4:1"
    assert space.lookup(5, 1, 2) is X
    assert space.lookup(1, 2, 4) is N


def test_combat_table_model_rejects_bad_shapes():
    # DN-DATA-5: a table model with five rows or unsorted odds cannot be built
    good = small_table()
    with pytest.raises(ValueError):
        CombatTable(**{**good.model_dump(), "rows": good.rows[:5]})
    with pytest.raises(ValueError):
        CombatTable(**{**good.model_dump(), "columns": ("1:1", "1:2", "2:1")})
    with pytest.raises(ValueError):
        CombatTable(**{**good.model_dump(), "columns": ("1:2", "1to1", "2:1")})


def test_referee_can_label_a_table_official(tmp_path: Path):
    # DN-DATA-4: a table entered from the rulebook is labelled official
    path = tmp_path / "space_crt.csv"
    path.write_text((DATA_DIR / "tables" / "space_crt.csv").read_text(encoding="utf-8"))
    replace_in(path, "# label: house", "# label: official")
    assert load_table(path).label is TableLabel.OFFICIAL


def test_unknown_label_is_rejected(tmp_path: Path):
    # DN-DATA-4: the label must be house or official
    path = tmp_path / "space_crt.csv"
    path.write_text((DATA_DIR / "tables" / "space_crt.csv").read_text(encoding="utf-8"))
    replace_in(path, "# label: house", "# label: homebrew")
    with pytest.raises(DataFileError, match=r"space_crt.csv:1: label: unknown value 'homebrew'"):
        load_table(path)


def test_house_rules_file_sets_every_switch():
    # DN-DATA-4: every HouseRules switch is listed in the shipped file with its default value
    path = DATA_DIR / "tables" / "house_rules.toml"
    text = path.read_text(encoding="utf-8")
    for name in HouseRules.model_fields:
        assert f"\n{name} =" in text
    assert load_house_rules(path) == HouseRules()


def test_house_rule_switch_can_be_flipped(tmp_path: Path):
    # DN-CBT-6 optional rule is switched on from the file, nothing else changes
    path = tmp_path / "house_rules.toml"
    path.write_text((DATA_DIR / "tables" / "house_rules.toml").read_text(encoding="utf-8"))
    replace_in(path, "multiple_targets = false", "multiple_targets = true")
    rules = load_house_rules(path)
    assert rules.multiple_targets is True
    assert rules.model_copy(update={"multiple_targets": False}) == HouseRules()


def test_house_rules_need_a_label_and_switches_table(tmp_path: Path):
    # DN-DATA-4: the switch file is labelled like the tables
    path = tmp_path / "house_rules.toml"
    path.write_text("[switches]\nmultiple_targets = true\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="missing label"):
        load_house_rules(path)
    path.write_text('label = "house"\nmultiple_targets = true\n', encoding="utf-8")
    with pytest.raises(DataFileError, match=r":2: unknown top-level key 'multiple_targets'"):
        load_house_rules(path)


def test_ruleset_carries_the_house_rules_label():
    # DN-DATA-4: the switch file's label travels with the profile so the UI can say "house rule"
    from campaign.content import load_ruleset

    assert load_ruleset(DATA_DIR).house_rules_label is TableLabel.HOUSE


def test_copied_table_with_new_columns_uses_them():
    # DN-CBT-4: a table copied with other columns looks up by its own columns
    table = small_table()
    wider = table.model_copy(update={"columns": ("1:1", "2:1", "4:1")})
    assert wider.column_for(3, 1) == "2:1" and table.column_for(3, 1) == "2:1"
    assert wider.column_for(1, 2) == "<1:1" and table.column_for(1, 2) == "1:2"
