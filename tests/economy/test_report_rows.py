"""The income report's records: built without validation, still exactly what decoding makes.

Issue 47 item 3: ``build_report`` makes a row per box from values that already have the fields'
types. Round 5 built pydantic rows without validating them; since ADR 0053 the records are
msgspec Structs, which the garbage collector does not track. These tests decode every row of
reports with connected, joined, cut, unconnected, type 2 fallback and uncontrolled boxes from
its own JSON and check that decoding gives back the same row (values and types); that the
report's JSON and text are byte for byte those of the pydantic models before; that no record is
tracked by the collector; and that a row takes less memory than before.
"""

from __future__ import annotations

import gc
import hashlib
import tracemalloc

import msgspec
import pytest

from benchmarks.synthetic_map import synthetic_pieces, synthetic_ruleset
from campaign.rules.economy.income import compute_income
from campaign.rules.economy.occupancy import Occupancy
from campaign.rules.economy.report import (
    BoxReport,
    CutSystem,
    IncomeReport,
    build_report,
    income_report,
)
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


def test_every_row_is_the_row_its_json_decodes_to():
    """issue 47 item 3 (DN-ECO-3/4 rows): decoding each row's JSON, every field checked
    against its type, gives the same row, with values of the same types."""
    reports = _all_reports()
    rows = [box for report in reports for box in report.boxes]
    assert any(box.joins for box in rows) and any(box.cut_by for box in rows)
    assert any(box.type1_path for box in rows) and any(box.no_route for box in rows)
    assert any(report.uncontrolled for report in reports)
    fields = BoxReport.__struct_fields__
    for box in rows:
        again = msgspec.json.decode(msgspec.json.encode(box), type=BoxReport)
        assert again == box
        for name in fields:
            assert type(getattr(again, name)) is type(getattr(box, name)), name
    for report in reports:
        assert IncomeReport.from_json(report.to_json()) == report


def test_a_report_is_read_only_and_its_json_refuses_unknown_fields():
    """issue 47 item 3: a row cannot be changed in place; a changed copy leaves it alone; the
    report's JSON is checked against its fields when read back (DN-ECO-3)."""
    report = _both(*_synthetic(100))[0]
    first = report.boxes[0]
    changed = msgspec.structs.replace(first, ru=99)
    assert changed.ru == 99 and first.ru != 99
    with pytest.raises(AttributeError):
        first.ru = 1  # type: ignore[misc]
    data = report.to_data()
    data["boxes"][0]["stray"] = 1
    with pytest.raises(msgspec.ValidationError, match="stray"):
        msgspec.convert(data, IncomeReport)
    data["boxes"][0].pop("stray")
    data["boxes"][0]["ru"] = "two"
    with pytest.raises(msgspec.ValidationError, match="ru"):
        msgspec.convert(data, IncomeReport)


#: sha256 of both sides' JSON and ``to_text()`` (treasury 7), made by the code before issue 47
#: round 5 (commit bbaac60, pydantic's ``model_dump_json()``): the report says exactly that.
#: Re-recorded once when the wording changed on purpose (December 7, found by use: Table 3's
#: "type 1 box", "—" and "→" for "--" and "->", the "as things stand now" line, the ``lost``
#: worlds), again for the text's "cut off from the capital" line (December 7, night), and for
#: "the Solomani collect", "the Solomani no longer control it" (December 7, late night: "solomani
#: collect"); the records and their order, and the JSON, are unchanged.
BEFORE = {
    ("synthetic", 300): "92ae2c5e4b7fbb8cdebc035c113f6d910ed0e1cdbf8f5384f7c4f95e56691a81",
    ("contested", 300): "8a241512383460363139df2fc06215e013fda0f8a677303405e7e132bdce0b53",
    ("synthetic", 2_000): "20498d373833b06958c5dff338dec8efd475e1430bb10b37ffb558a89a9517bc",
    ("contested", 2_000): "8a7866861d95c5f1d1b437c167db3e05eb6593e19b33c898fbf129d29c67a0e3",
}


@pytest.mark.parametrize(("kind", "systems"), sorted(BEFORE))
def test_the_report_json_and_text_are_byte_for_byte_as_before(kind, systems):
    """issue 47 item 3: no change to what the report says (JSON and text)."""
    maps = {"synthetic": _synthetic, "contested": _contested}
    digest = hashlib.sha256()
    for report in _both(*maps[kind](systems)):
        digest.update(report.to_json().encode())
        digest.update(report.to_text().encode())
    assert digest.hexdigest() == BEFORE[kind, systems]


def test_a_row_takes_less_memory_than_a_pydantic_row():
    """issue 47 item 3: the report at 2,000 systems keeps <= 600 bytes per box (~460 with its
    explanations and paths; a pydantic row kept ~930 with a shared set of given fields, round 5,
    and ~1,650-1,730 with its own)."""
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
    assert kept / boxes <= 600


def test_no_record_of_the_report_is_tracked_by_the_garbage_collector():
    """issue 47 item 3 (ADR 0053): the thousands of rows of a large report add nothing to the
    collector's passes (as pydantic models, a row and its field dict were two tracked objects,
    and the collector's passes made the report's growth from 1,000 to 10,000 systems exceed
    x11)."""
    reports = _all_reports()
    records = [
        record for report in reports for record in (report, *report.boxes, *report.uncontrolled)
    ]
    records += [cut for report in reports for box in report.boxes for cut in box.cut_by]
    assert any(isinstance(record, CutSystem) for record in records)
    assert not any(gc.is_tracked(record) for record in records)
