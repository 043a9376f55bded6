"""data/units.csv against Tables 1 and 2 of docs/rules/dark-nebula.md (DN-DATA-1..3, DN-DATA-5)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from campaign.content.errors import DataFileError
from campaign.content.units import load_units
from campaign.rules.ids import Side, UnitCategory, UnitFlag
from campaign.rules.ruleset import UnitType
from tests.conftest import DATA_DIR, RULES_DIR
from tests.content.helpers import replace_in
from tests.content.spec_tables import mismatches, table1, table2


@cache
def units() -> tuple[UnitType, ...]:
    return load_units(DATA_DIR / "units.csv")


@cache
def spec_text() -> str:
    return (RULES_DIR / "dark-nebula.md").read_text(encoding="utf-8")


def by_kind(kind: str) -> UnitType:
    return next(unit for unit in units() if unit.kind == kind)


def test_table1_matches_spec_value_by_value():
    # DN-DATA-2: every cost, factor, strength and count of Table 1
    expected = table1(spec_text())
    assert len(expected) == 43
    assert mismatches(units(), expected) == []


def test_table2_neutrals_match_spec_value_by_value():
    # DN-DATA-3: every neutral counter with build and conscription cost
    expected = table2(spec_text())
    assert len(expected) == 14
    assert mismatches(units(), expected) == []


def test_one_wrong_factor_is_caught_by_the_comparison(tmp_path: Path):
    # DN-DATA-2: the value-by-value check really fails on a single wrong factor
    broken = tmp_path / "units.csv"
    broken.write_text((DATA_DIR / "units.csv").read_text(encoding="utf-8"), encoding="utf-8")
    replace_in(broken, "ship,6,,5-2-3[3]", "ship,6,,5-2-4[3]")
    problems = mismatches(load_units(broken), table1(spec_text()))
    assert len(problems) == 1 and problems[0].startswith("solomani:CL")


def test_one_wrong_neutral_count_is_caught_by_the_comparison(tmp_path: Path):
    # DN-DATA-3: a changed counter count fails the neutral comparison
    broken = tmp_path / "units.csv"
    broken.write_text((DATA_DIR / "units.csv").read_text(encoding="utf-8"), encoding="utf-8")
    replace_in(broken, "neutral,PD,planetary defence,pd,10,-,2,7,", "neutral,PD,pd,pd,10,-,2,6,")
    problems = mismatches(load_units(broken), table2(spec_text()))
    assert len(problems) == 1 and problems[0].startswith("neutral:PD:")


def test_kinds_are_unique_and_keyed_as_documented():
    # DN-DATA-1: one row per counter kind, unique key side:CODE[-strength]
    kinds = [unit.kind for unit in units()]
    assert len(kinds) == len(set(kinds))
    assert {"solomani:CL", "aslan:RT-5", "neutral:M-8-0-7", "aslan:PD", "solomani:JT-7"} <= set(
        kinds
    )


def test_factor_string_reads_beam_missile_defence_maintenance():
    # DN-DATA-1: 5-2-3[3] is beam 5, missile 2, defence 3, maintenance 3
    cl = by_kind("solomani:CL")
    assert (cl.beam, cl.missile, cl.defence, cl.maintenance) == (5, 2, 3, 3)
    assert cl.factors == "5-2-3[3]"
    assert by_kind("aslan:RT-6").factors == "6"


def test_two_b2_kinds_refit_and_super_dreadnought():
    # DN-DATA-2: Solomani B2 is the refit dreadnought, Aslan B2 the super-dreadnought
    refit, superb2 = by_kind("solomani:B2"), by_kind("aslan:B2")
    assert refit.has(UnitFlag.REFIT) and refit.cost == 7 and refit.factors == "3-10-9[6]"
    assert not superb2.has(UnitFlag.REFIT) and superb2.cost == 14
    assert superb2.name == "super-dreadnought"


@pytest.mark.parametrize(
    ("code", "flags"),
    [
        ("TR", {UnitFlag.TRANSPORT, UnitFlag.AUXILIARY}),
        ("AO", {UnitFlag.TANKER, UnitFlag.AUXILIARY}),
        ("MS", {UnitFlag.CARRIER, UnitFlag.AUXILIARY}),
        ("EX", {UnitFlag.EXPLORER}),
        ("SC", {UnitFlag.SCOUT}),
        ("DD", set()),
        ("F", set()),
    ],
)
def test_player_ship_flags(code: str, flags: set[UnitFlag]):
    # DN-DATA-1 flags; DN-MOV-3 auxiliaries (TR, AO, MS) are exactly the auxiliary-flagged kinds
    for side in (Side.SOLOMANI, Side.ASLAN):
        assert by_kind(f"{side.value}:{code}").flags == frozenset(flags)


def test_categories_fighters_monitors_ground_pd():
    # DN-DATA-1 categories; DN-DATA-3 monitors cannot jump
    assert by_kind("aslan:F").category is UnitCategory.FIGHTER
    monitors = [u for u in units() if u.code == "M"]
    assert len(monitors) == 6
    assert all(u.category is UnitCategory.MONITOR and u.has(UnitFlag.NO_JUMP) for u in monitors)
    assert all(u.has(UnitFlag.JUMP_TROOPS) for u in units() if u.code == "JT")
    assert by_kind("neutral:PD").category is UnitCategory.PD
    assert by_kind("neutral:PD").conscription_cost is None


def test_only_neutrals_have_conscription_costs():
    # DN-DATA-1: conscription cost where neutral
    assert all(u.conscription_cost is None for u in units() if u.side is not Side.NEUTRAL)
    assert by_kind("neutral:M-9-2-7").conscription_cost == 1


def test_bad_factor_names_file_and_line(tmp_path: Path):
    # DN-DATA-5: a malformed factor is rejected with file and line
    broken = tmp_path / "units.csv"
    broken.write_text(
        "side,code,name,category,cost,conscription_cost,factors,count,flags\n"
        "# a comment line keeps its line number\n"
        "solomani,CL,light cruiser,ship,6,,5-2[3],11,\n",
        encoding="utf-8",
    )
    with pytest.raises(DataFileError) as caught:
        load_units(broken)
    assert caught.value.line == 3
    assert str(caught.value).startswith(f"{broken}:3: factors: '5-2[3]'")


def test_wrong_number_of_fields_and_unknown_flag(tmp_path: Path):
    # DN-DATA-5: truncated rows and unknown flags are rejected with the line
    broken = tmp_path / "units.csv"
    header = "side,code,name,category,cost,conscription_cost,factors,count,flags\n"
    broken.write_text(header + "aslan,CL,light cruiser,ship,6\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="expected 9 fields, found 5"):
        load_units(broken)
    broken.write_text(header + "aslan,TR,tr,ship,1,,0-0-1[1],11,teleport\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r":2: flags: unknown value 'teleport'"):
        load_units(broken)


def test_category_must_fit_the_code(tmp_path: Path):
    # DN-DATA-5: a fighter listed as a ship is rejected
    broken = tmp_path / "units.csv"
    broken.write_text(
        "side,code,name,category,cost,conscription_cost,factors,count,flags\n"
        "aslan,F,fighter,ship,1,,2-1-2[1],11,\n",
        encoding="utf-8",
    )
    with pytest.raises(DataFileError, match="code F must have category fighter"):
        load_units(broken)
