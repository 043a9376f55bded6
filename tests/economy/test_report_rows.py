"""The income report's rows: built without a validation per box, still exactly the validated rows.

Issue 47 item 3, round 5: ``build_report`` makes each ``BoxReport`` from values that already
have the fields' types, without pydantic's validation of every row, and every row shares one set
of given fields. These tests validate every row of reports with connected, joined, cut,
unconnected, type 2 fallback and uncontrolled boxes and check that validation gives back the same
row (values, types, given fields); that the report's JSON and text are byte for byte those of
the code before the change; and that a row takes less memory than before.
"""

from __future__ import annotations

import hashlib
import tracemalloc

import pytest

from benchmarks.synthetic_map import synthetic_pieces, synthetic_ruleset
from campaign.rules.economy.income import compute_income
from campaign.rules.economy.occupancy import Occupancy
from campaign.rules.economy.report import BoxReport, IncomeReport, build_report, income_report
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.ruleset import Ruleset
from tests.economy.helpers import occupancy, piece
from tests.economy.test_report_routes import _contested
from tests.rulesets import sample


def _synthetic(systems: int) -> tuple[Ruleset, Occupancy]:
    ruleset = synthetic_ruleset(systems, seed=7)
    return ruleset, Occupancy.from_pieces(synthetic_pieces(ruleset, seed=7))


def _both(ruleset: Ruleset, occupancy: Occupancy) -> list[IncomeReport]:
    incomes = compute_income(ruleset, occupancy)
    return [build_report(ruleset, occupancy, incomes[side], treasury=7) for side in PLAYER_SIDES]


def _sample_reports() -> list[IncomeReport]:
    """Reports on the sample map with every kind of row (see test_income_sample.py)."""
    ruleset = sample()
    cases = [
        (piece(ruleset, "aslan:CR", "kestrel"), piece(ruleset, "aslan:CS", "vantage")),
        (
            piece(ruleset, "aslan:RT-5", "kestrel", box=True),
            piece(ruleset, "solomani:CR", "concord"),
        ),
        (
            piece(ruleset, "solomani:RT-4", "lantern", box=True),
            piece(ruleset, "aslan:RT-4", "lantern", box=True),
        ),
        (piece(ruleset, "aslan:CR", "marrow", label="A-CR-4"),),
    ]
    return [
        income_report(ruleset, occupancy(*pieces), side)
        for pieces in cases
        for side in (Side.ASLAN, Side.SOLOMANI)
    ]


def _all_reports() -> list[IncomeReport]:
    return [
        *_sample_reports(),
        *_both(*_synthetic(300)),
        *_both(*_synthetic(2_000)),
        *_both(*_contested(300)),
    ]


def test_every_row_is_the_row_validation_makes():
    """issue 47 item 3 (DN-ECO-3/4 rows): validating each row's fields gives the same row."""
    reports = _all_reports()
    rows = [box for report in reports for box in report.boxes]
    fields = set(BoxReport.model_fields)
    assert any(box.joins for box in rows) and any(box.cut_by for box in rows)
    assert any(box.type1_path for box in rows) and any(box.no_route for box in rows)
    assert any(report.uncontrolled for report in reports)
    for box in rows:
        again = BoxReport.model_validate(dict(box.__dict__))  # extra="forbid": no stray keys
        assert again == box
        assert again.model_fields_set == box.model_fields_set == fields
        for name in fields:
            assert type(getattr(again, name)) is type(getattr(box, name)), name
    for report in reports:
        assert IncomeReport.model_validate_json(report.model_dump_json()) == report


def test_a_changed_copy_of_a_row_leaves_the_other_rows_alone():
    """issue 47 item 3: the rows share their set of given fields; ``model_copy`` copies it."""
    first, second = _both(*_synthetic(100))[0].boxes[:2]
    changed = first.model_copy(update={"ru": 99})
    assert changed.ru == 99 and first.ru != 99
    assert second.model_fields_set == set(BoxReport.model_fields)
    with pytest.raises(ValueError, match="frozen"):
        first.ru = 1  # type: ignore[misc]


#: sha256 of both sides' ``model_dump_json()`` and ``to_text()`` (treasury 7), made by the code
#: before issue 47 round 5 (commit bbaac60): the report must say exactly what it said.
BEFORE = {
    ("synthetic", 300): "135176ced9f0c8e1b13d3147f6e5cadbb058ad7f8c24248809171091294325fc",
    ("contested", 300): "2032192400c71bf79c419df78382e2ea5c185f881fef2ef1acba08e88468c12f",
    ("synthetic", 2_000): "58357dac6d562efb3b72ddcb6ede38857ae5c4fe05e9ce7e870131f8ed249a40",
    ("contested", 2_000): "19cc9936a2639b0572a1d7a58c70a57f2d13f48199b74746cdf13eb95d6f8bd2",
}


@pytest.mark.parametrize(("kind", "systems"), sorted(BEFORE))
def test_the_report_json_and_text_are_byte_for_byte_as_before(kind, systems):
    """issue 47 item 3: no change to what the report says (JSON and text)."""
    maps = {"synthetic": _synthetic, "contested": _contested}
    digest = hashlib.sha256()
    for report in _both(*maps[kind](systems)):
        digest.update(report.model_dump_json().encode())
        digest.update(report.to_text().encode())
    assert digest.hexdigest() == BEFORE[kind, systems]


def test_a_row_takes_less_memory_than_a_validated_row():
    """issue 47 item 3: the report at 2,000 systems keeps <= 1,250 bytes per box (a validated
    row with its own set of given fields kept ~1,650-1,730 at 1,000-10,000 systems)."""
    ruleset, occupancy = _synthetic(2_000)
    incomes = compute_income(ruleset, occupancy)
    tracemalloc.start()
    try:
        reports = [build_report(ruleset, occupancy, incomes[side]) for side in PLAYER_SIDES]
        kept, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    boxes = sum(len(report.boxes) for report in reports)
    assert boxes > 600
    assert kept / boxes <= 1_250
