"""The income report names the side's own worlds it no longer controls, and says why
(DN-ECO-1/2, DN-ECO-4), in its text, its JSON and the TUI's Economy tab; and its wording
(found by use, December 7).

On the sample map every Solomani box is marked (see test_income_sample.py): Aslan troops alone
in the Marrow box take it (DN-ECO-2), and the Solomani report used to drop Marrow without a
line, since its ``uncontrolled`` list covers only boxes where the side still has troops.
"""

from __future__ import annotations

from campaign.rules.economy.report import IncomeReport, income_report
from campaign.rules.ids import Side
from campaign.tui.views import income_lines
from tests.economy.helpers import occupancy, piece
from tests.rulesets import sample

S = Side.SOLOMANI


def _marrow_taken() -> IncomeReport:
    ruleset = sample()
    return income_report(ruleset, occupancy(piece(ruleset, "aslan:RT-5", "marrow", box=True)), S)


def test_a_lost_home_world_is_named_with_the_reason_in_text_json_and_tui():
    """DN-ECO-2 (DN-ECO-4): the taken marked box is listed as lost, with the rule and why."""
    report = _marrow_taken()
    assert "marrow" not in [box.system_id for box in report.boxes]
    assert [(lost.system_id, lost.control_rule) for lost in report.lost] == [("marrow", "DN-ECO-2")]
    assert "aslan" in report.lost[0].reason
    text = report.to_text()
    assert "Marrow" in text and "DN-ECO-2" in text and "taken: aslan ground" in text
    data = report.to_data()
    assert data["lost"][0]["system_id"] == "marrow"
    assert IncomeReport.from_json(report.to_json()) == report
    tui = "\n".join(income_lines(report))
    assert "Marrow" in tui and "DN-ECO-2" in tui


def test_no_world_is_lost_when_the_side_holds_them_all():
    """DN-ECO-2: with no troops anywhere every marked box stays with its owner: nothing lost."""
    ruleset = sample()
    assert income_report(ruleset, occupancy(), S).lost == []


def test_the_report_wording():
    """DN-ECO-4 (Table 3): the row says "type 1 box"; the report uses the tool's dashes and
    arrows, and says the total is as things stand now, collected at the next Production step."""
    ruleset = sample()
    cut = occupancy(piece(ruleset, "aslan:CR", "concord"), piece(ruleset, "aslan:CS", "vantage"))
    report = income_report(ruleset, cut, S)
    rows = {box.income_row for box in report.boxes}
    assert all(not row.endswith("type 1") for row in rows)
    text = report.to_text()
    assert "--" not in text and "->" not in text
    assert "→" in text and "—" in text
    assert "as things stand now" in text and "next Production step" in text
    tui = "\n".join(income_lines(report))
    assert "as things stand now" in tui
