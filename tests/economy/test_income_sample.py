"""Table 3 income (DN-ECO-4) hand-worked on the sample map (data/maps, standard layout).

The Solomani Quadrant of the sample map (see data/maps/sections/solomani_quadrant.toml):

    Concord (capital, type 1, star) - Kestrel (2), Vantage (1), Marrow (2), Brume (3, unmarked)
    Halden (1) - Brume, Marrow, Bulwark;  Petrel (2) - Kestrel, Vantage;  Kestrel - Gravin (3)

Every Solomani box is marked, so with no troops at all the Solomani control Concord, Halden,
Vantage (type 1) and Marrow, Petrel, Kestrel (type 2): 25 + 3 x 10 + 3 x 2 = 61 RU. The Aslan
control Hlirakh and Eawyo (type 1) and Wahtoi, Ftahr, Khtaoi, Aokhtel (type 2): 25 + 20 + 8 = 53.
"""

from __future__ import annotations

import pytest

from campaign.rules.economy.income import (
    TABLE_3,
    IncomeSource,
    carry_over,
    classify,
    compute_income,
    side_income,
    table_value,
)
from campaign.rules.economy.report import IncomeReport, income_report
from campaign.rules.ids import Side
from campaign.rules.ruleset import HouseRules, Ruleset
from tests.economy.helpers import occupancy, piece
from tests.rulesets import sample

A, S, N = Side.ASLAN, Side.SOLOMANI, Side.NEUTRAL


def rows(ruleset: Ruleset, side: Side, *pieces) -> dict[str, tuple[IncomeSource, int]]:
    income = side_income(ruleset, occupancy(*pieces), side)
    return {box.system.id: (box.source, box.ru) for box in income.boxes}


def total(ruleset: Ruleset, side: Side, *pieces) -> int:
    return side_income(ruleset, occupancy(*pieces), side).total


def test_table3_values_are_the_seed_values():  # DN-ECO-4
    assert (TABLE_3.budget, TABLE_3.type1_connected, TABLE_3.type1_unconnected) == (25, 10, 4)
    assert (TABLE_3.type2_connected, TABLE_3.type2_via_type1) == (2, 1)


def test_budget_and_home_boxes_at_the_start():  # DN-ECO-4 rows budget, type 1/2 connected
    ruleset = sample()
    incomes = compute_income(ruleset, occupancy())
    assert incomes[S].budget == 25
    assert incomes[S].total == 61
    assert incomes[A].total == 53
    solomani = {b.system.id: (b.source, b.ru) for b in incomes[S].boxes}
    assert solomani["concord"] == (IncomeSource.TYPE1_CONNECTED, 10)
    assert solomani["kestrel"] == (IncomeSource.TYPE2_CONNECTED, 2)
    assert "brume" not in solomani  # unmarked type 3 without troops: nobody's


def test_type1_cut_by_enemy_cruiser_yields_4():  # DN-ECO-4 row type 1 unconnected, DN-ECO-3
    ruleset = sample()
    cruiser = piece(ruleset, "aslan:CR", "marrow")
    found = rows(ruleset, S, cruiser)
    # Halden's routes run through Marrow (enemy cruiser) or Brume (type 3, no tanker)
    assert found["halden"] == (IncomeSource.TYPE1_UNCONNECTED, 4)
    # Marrow itself is an endpoint: the cruiser over it does not disconnect it
    assert found["marrow"] == (IncomeSource.TYPE2_CONNECTED, 2)
    assert total(ruleset, S, cruiser) == 25 + 10 + 10 + 4 + 2 + 2 + 2


def test_the_text_report_names_the_worlds_cut_off_and_where():
    """DN-ECO-3 (found by use, December 7, night): "which of my worlds are cut off, and why?"
    was answered only row by row, each box's sentence among the connected ones. The text
    report now says it in one line after the total: each world cut off from the capital and
    the systems that cut it."""
    ruleset = sample()
    report = income_report(ruleset, occupancy(piece(ruleset, "aslan:CR", "marrow")), S)
    lines = report.to_text().splitlines()
    (line,) = [line for line in lines if line.startswith("  cut off from the capital")]
    assert line == "  cut off from the capital (DN-ECO-3): Halden (cut at Gravin, Marrow, Brume)"
    assert lines.index(line) == 1 + next(i for i, t in enumerate(lines) if "total" in t)
    alone = income_report(ruleset, occupancy(), S).to_text()
    assert "cut off" not in alone


def test_enemy_tanker_and_transport_do_not_cut():  # DN-ECO-3
    ruleset = sample()
    auxiliaries = (
        piece(ruleset, "aslan:AO", "marrow"),
        piece(ruleset, "aslan:TR", "marrow", box=True),
    )
    assert rows(ruleset, S, *auxiliaries)["halden"] == (IncomeSource.TYPE1_CONNECTED, 10)
    assert total(ruleset, S, *auxiliaries) == 61


def test_friendly_tanker_opens_a_type3_system_on_the_path():  # DN-ECO-3 switch
    ruleset = sample()
    cruiser = piece(ruleset, "aslan:CR", "marrow")
    tanker = piece(ruleset, "solomani:AO", "brume")
    assert rows(ruleset, S, cruiser, tanker)["halden"] == (IncomeSource.TYPE1_CONNECTED, 10)
    switch_off = sample().model_copy(
        update={"house_rules": HouseRules(connection_needs_tanker_in_type3=False)}
    )
    assert rows(switch_off, S, cruiser)["halden"] == (IncomeSource.TYPE1_CONNECTED, 10)


def test_endpoints_do_not_count_as_between():  # DN-ECO-3
    ruleset = sample()
    in_capital = (piece(ruleset, "aslan:B1", "concord"), piece(ruleset, "aslan:CR", "vantage"))
    found = rows(ruleset, S, *in_capital)
    assert found["vantage"] == (IncomeSource.TYPE1_CONNECTED, 10)
    assert found["concord"] == (IncomeSource.TYPE1_CONNECTED, 10)
    assert found["kestrel"] == (IncomeSource.TYPE2_CONNECTED, 2)


def test_fast_path_agrees_with_classify():  # DN-ECO-4
    ruleset = sample()
    blockers = (
        piece(ruleset, "aslan:CR", "kestrel"),
        piece(ruleset, "aslan:CS", "marrow"),
        piece(ruleset, "solomani:RT-4", "lantern", box=True),
    )
    income = side_income(ruleset, occupancy(*blockers), S)
    assert {box.source for box in income.boxes} >= {
        IncomeSource.TYPE1_UNCONNECTED,
        IncomeSource.TYPE2_CONNECTED,
        IncomeSource.TYPE1_CONNECTED,
    }
    for box in income.boxes:
        assert box.source is classify(box.system, income.connectivity)
        assert box.ru == table_value(box.source)


def test_type2_worth_1_through_a_type1_but_not_the_capital():  # DN-ECO-4 row 5
    ruleset = sample()
    blockers = (piece(ruleset, "aslan:CR", "kestrel"), piece(ruleset, "aslan:CS", "vantage"))
    found = rows(ruleset, S, *blockers)
    # Petrel's routes to Concord pass Kestrel or Vantage, both holding Aslan cruisers; Vantage is
    # a controlled type 1 box right next to it (an endpoint), so Petrel yields 1 RU.
    assert found["petrel"] == (IncomeSource.TYPE2_VIA_TYPE1, 1)
    assert found["vantage"] == (IncomeSource.TYPE1_CONNECTED, 10)
    assert total(ruleset, S, *blockers) == 25 + 10 + 10 + 10 + 2 + 1 + 2


def test_marked_box_held_by_owner_under_enemy_ships():  # DN-ECO-2, DN-ECO-1
    ruleset = sample()
    over_it = (
        piece(ruleset, "aslan:CR", "vantage"),
        piece(ruleset, "aslan:DD", "vantage", box=True),
    )
    assert rows(ruleset, S, *over_it)["vantage"] == (IncomeSource.TYPE1_CONNECTED, 10)
    assert "vantage" not in rows(ruleset, A, *over_it)


def test_marked_box_lost_to_enemy_troops_alone():  # DN-ECO-2
    ruleset = sample()
    troops = piece(ruleset, "aslan:RT-5", "kestrel", box=True)
    guard = piece(ruleset, "solomani:CR", "concord")
    assert "kestrel" not in rows(ruleset, S, troops, guard)
    # For the Aslan, Kestrel's only ways out are Concord (Solomani cruiser) and Gravin (type 3,
    # no Aslan tanker): a controlled type 2 box connected to nothing yields 0.
    assert rows(ruleset, A, troops, guard)["kestrel"] == (IncomeSource.TYPE2_ISOLATED, 0)
    assert total(ruleset, S, troops, guard) == 61 - 2
    report = income_report(ruleset, occupancy(troops, guard), A)
    kestrel = next(b for b in report.boxes if b.system_id == "kestrel")
    cuts = {c.system_id: c for c in kestrel.cut_by}
    assert sorted(cuts) == ["concord", "gravin"]
    assert cuts["gravin"].needs_tanker and not cuts["gravin"].enemy_units
    assert cuts["concord"].enemy_units[0].startswith("solomani CR#")


def test_box_with_both_sides_troops():  # DN-ECO-1, DN-ECO-2
    ruleset = sample()
    lantern = (
        piece(ruleset, "solomani:RT-4", "lantern", box=True),
        piece(ruleset, "aslan:RT-4", "lantern", box=True),
    )
    assert "lantern" not in rows(ruleset, S, *lantern)
    assert "lantern" not in rows(ruleset, A, *lantern)
    report = income_report(ruleset, occupancy(*lantern), S)
    assert [u.system_id for u in report.uncontrolled] == ["lantern"]
    # a marked box with both sides' troops stays with its original owner
    halden = (
        piece(ruleset, "solomani:RT-4", "halden", box=True),
        piece(ruleset, "aslan:RT-4", "halden", box=True),
    )
    assert rows(ruleset, S, *halden)["halden"] == (IncomeSource.TYPE1_CONNECTED, 10)


def test_conquered_type1_far_away_yields_10_when_connected():  # DN-ECO-4, DN-ECO-1
    ruleset = sample()
    troops = piece(ruleset, "solomani:RT-4", "bulwark", box=True)
    found = rows(ruleset, S, troops)
    assert found["bulwark"] == (IncomeSource.TYPE1_CONNECTED, 10)
    report = income_report(ruleset, occupancy(troops), S)
    # a shortest usable path: via Halden or via Redoubt, then Marrow
    assert report.full_path("bulwark") in (
        ["Bulwark", "Halden", "Marrow", "Concord"],
        ["Bulwark", "Redoubt", "Marrow", "Concord"],
    )


def test_neutral_monitor_cuts_like_an_enemy():  # DN-ECO-3, DN-NEU-2
    ruleset = sample()
    monitor = piece(ruleset, "neutral:M-8-0-7", "marrow")
    assert rows(ruleset, S, monitor)["halden"] == (IncomeSource.TYPE1_UNCONNECTED, 4)


def test_report_explains_every_cut():  # DN-ECO-3, DN-ECO-4
    ruleset = sample()
    cruiser = piece(ruleset, "aslan:CR", "marrow", label="A-CR-4")
    report = income_report(ruleset, occupancy(cruiser), S, treasury=7)
    halden = next(b for b in report.boxes if b.system_id == "halden")
    assert not halden.connected and halden.path is None
    # Marrow (cruiser), Brume (type 3, next to Halden) and Gravin (type 3, reached the long way
    # round through the Fastnesses and Moralon) are where the routes are cut first
    assert {c.system_name for c in halden.cut_by} == {"Marrow", "Brume", "Gravin"}
    marrow = next(c for c in halden.cut_by if c.system_id == "marrow")
    assert marrow.enemy_units == ["aslan A-CR-4 (stellar hex)"]
    assert "A-CR-4" in halden.explanation and "no friendly tanker" in halden.explanation
    assert report.income == 55 and report.treasury == 7
    assert "Halden" in report.to_text()
    assert IncomeReport.from_json(report.to_json()) == report


def test_combat_results_do_not_change_the_budget():  # DN-ECO-5
    ruleset = sample()
    # the same position after a lost battle (a destroyed ship is simply gone) earns the same
    before = compute_income(ruleset, occupancy(piece(ruleset, "solomani:CR", "lantern")))
    after = compute_income(ruleset, occupancy())
    assert before[S].budget == after[S].budget == 25
    assert before[S].total == after[S].total


@pytest.mark.parametrize(("switch", "kept"), [(True, 13), (False, 0)])
def test_unspent_ru_carry_over(switch: bool, kept: int):  # DN-ECO-6, DN-SET-1
    ruleset = sample().model_copy(update={"house_rules": HouseRules(unspent_ru_carry_over=switch)})
    assert carry_over(13, ruleset) == kept
    with pytest.raises(ValueError, match="DN-ECO-6"):
        carry_over(-1, ruleset)
