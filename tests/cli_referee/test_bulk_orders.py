"""Bulk orders (issue 15 item 5): several units in one ``deploy``, several protocol steps in one
``target``, and ``campaign orders NAME FILE``."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.app.bulk import MAX_FILE_BYTES, MAX_LINE_CHARS
from campaign.cli import main
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from tests.cli_referee.conftest import NEUTRALS, TO_MARROW
from tests.conftest import REPO_ROOT


def _bought(tmp_path: Path, troops: int = 1) -> CampaignService:
    """Set-up until the Aslan deploy their three cruisers, transport and ``troops`` troops."""
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'bulk.db'}")
    service.create("t", seed=5)
    for system in NEUTRALS:
        service.order("t", f"{service.load('t').state.acting.value} place-neutral {system}")
    for text in [
        "aslan buy CL 3",
        "aslan buy TR",
        f"aslan buy RT-5 {troops}",
        "aslan end-phase",
        "solomani buy DD",
        "solomani end-phase",
    ]:
        service.order("t", text)
    return service


def test_deploy_several_units_in_one_order(tmp_path):
    # DN-SET-2 DN-MOV-7: each unit checked as if deployed one after the other
    service = _bought(tmp_path)
    events, state = service.order("t", "aslan deploy A-CL-1,A-CL-2,A-CL-3,A-TR-1 hex:eawyo")
    assert [e.type for e in events] == ["unit-deployed"] * 4
    assert {state.units[u].location.to_text() for u in ("A-CL-1", "A-TR-1")} == {"hex:eawyo"}
    service.order("t", "aslan deploy A-RT-1 on:A-TR-1")
    assert service.load("t").state.units["A-RT-1"].location.to_text() == "on:A-TR-1"


def test_a_refused_unit_refuses_the_whole_deploy(tmp_path):
    # DN-SET-2 DN-ERR-1: nothing is deployed when one unit cannot be
    service = _bought(tmp_path)
    head = service.load("t").head.seq
    with pytest.raises(IllegalOrderError) as refused:
        service.order("t", "aslan deploy A-CL-1,A-RT-1 hex:eawyo")
    assert refused.value.rule_id == "DN-SET-2"
    with pytest.raises(InvalidOrderError):
        service.order("t", "aslan deploy A-CL-1,A-CL-1 hex:eawyo")
    with pytest.raises(InvalidOrderError):
        service.order("t", "aslan deploy A-CL-1,A-XX-9 hex:eawyo")
    assert service.load("t").head.seq == head


def test_deploy_takes_one_location_and_counts_cargo_room_across_the_order(tmp_path):
    # DN-SET-2 DN-MOV-7: every unit of a deploy goes to its one location, so a transport
    # cannot take troops named after it (troops never go to the stellar hex, and a carrier
    # must be placed before it carries); the units of the order count against its room
    service = _bought(tmp_path, troops=2)
    with pytest.raises(IllegalOrderError) as refused:
        service.order("t", "aslan deploy A-TR-1,A-RT-1 hex:eawyo")
    assert refused.value.rule_id == "DN-SET-2" and "not the stellar hex" in refused.value.message
    with pytest.raises(IllegalOrderError, match="A-TR-1 is not on the map"):
        service.order("t", "aslan deploy A-RT-1 on:A-TR-1")
    service.order("t", "aslan deploy A-TR-1 hex:eawyo")
    with pytest.raises(IllegalOrderError, match="A-TR-1 already carries A-RT-1"):
        service.order("t", "aslan deploy A-RT-1,A-RT-2 on:A-TR-1")
    service.order("t", "aslan deploy A-RT-1 on:A-TR-1")
    assert service.load("t").state.units["A-RT-1"].location.to_text() == "on:A-TR-1"
    page = " ".join((REPO_ROOT / "docs" / "referee-cli.md").read_text().split())
    assert "a transport named first can take troops" not in page
    assert "`aslan deploy A-TR-1 hex:eawyo`, then `aslan deploy A-RT-1 on:A-TR-1`" in page


def test_target_takes_several_steps_of_one_side(db, capsys):
    # DN-CBT-3: after the defender's one unit is answered, the attacker adds its leftovers in
    # one order; a step that is not this side's refuses the whole order
    for order in (
        f"aslan jump strike {TO_MARROW}",
        "aslan end-phase",
        "aslan range b1",
        "aslan choose-range b1 short",
        "solomani target b1 S-DD-1",
        "aslan target b1 A-CL-1",
    ):
        assert main(["order", "t", order, *db]) == 0
    capsys.readouterr()
    assert main(["order", "t", "aslan target b1 A-CL-2,A-CL-3 1,2", *db]) == 1
    assert "engagement" in capsys.readouterr().err  # there is no engagement 2
    assert main(["order", "t", "aslan target b1 A-CL-2,A-CL-3 1", *db]) == 0
    out = capsys.readouterr().out
    assert "targets assigned — 1: S-DD-1 vs A-CL-1, A-CL-2, A-CL-3 (DN-CBT-3)" in out


def _file(tmp_path: Path, text: str | bytes) -> str:
    path = tmp_path / "orders.txt"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def test_order_file_applies_each_line_as_its_own_order(db, tmp_path, capsys):
    # DN-SEQ-2 DN-CBT-1: one logged order per line, sentences printed per line
    path = _file(
        tmp_path,
        f"# Aslan first movement\naslan jump strike {TO_MARROW}\n\n"
        "aslan end-phase\naslan range b1\n",
    )
    capsys.readouterr()
    assert main(["orders", "t", path, *db]) == 0
    out = capsys.readouterr().out
    assert f"{path}:2: aslan jump strike" in out and f"{path}:5: aslan range b1" in out
    assert "Battles open: Marrow" in out and "3 orders applied" in out
    main(["log", "t", "--turn", "1", "--by", "aslan", *db])
    log = capsys.readouterr().out
    assert "aslan range b1" in log and "aslan end-phase" in log  # as typed (issue 41 item 6)


def test_order_file_stops_at_the_first_refusal_naming_the_line(db, tmp_path, capsys):
    # DN-ERR-1: lines before the refusal stay applied, nothing after it is
    path = _file(
        tmp_path, "aslan form-stack one A-CL-1\nsolomani end-phase\naslan form-stack two A-CL-2\n"
    )
    assert main(["orders", "t", path, *db]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"campaign: {path}:2: DN-SEQ-2: ")
    assert "1 order before it applied, nothing after it" in err
    service = CampaignService(db_url=db[1])
    state = service.load("t").state
    assert state.units["A-CL-1"].stack == "one" and state.units["A-CL-2"].stack != "two"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("aslan end-phase\nnot an order at all\n", ":2: DN-ERR-1: cannot read order"),
        ("aslan fly away\n", ":1: DN-ERR-1: unknown order 'fly'"),
        (b"aslan end-phase\n\xff\xfe\n", ":2: not UTF-8 text"),
        ("x" * (MAX_LINE_CHARS + 1) + "\n", f":1: line of {MAX_LINE_CHARS + 1} characters"),
        ("# only a comment\n\n", ": no orders in the file"),
        (("#" + "x" * 900 + "\n") * (MAX_FILE_BYTES // 900 + 1), "is too large for an order file"),
    ],
    ids=["syntax", "unknown-verb", "not-utf8", "long-line", "empty", "too-big"],
)
def test_malformed_order_file_changes_nothing(db, tmp_path, capsys, content, message):
    # DN-ERR-1: checked whole before the first order; one line naming FILE:LINE
    path = _file(tmp_path, content)
    head = CampaignService(db_url=db[1]).load("t").head.seq
    assert main(["orders", "t", path, *db]) == 1
    captured = capsys.readouterr()
    assert message in captured.err and captured.err.count("\n") == 1 and captured.out == ""
    assert "(nothing applied)" in captured.err
    assert CampaignService(db_url=db[1]).load("t").head.seq == head


def test_missing_order_file_is_one_line(db, tmp_path, capsys):
    assert main(["orders", "t", str(tmp_path / "nope.txt"), *db]) == 1
    err = capsys.readouterr().err
    assert "nope.txt: cannot read" in err and err.count("\n") == 1


def test_ctrl_c_in_an_order_file_says_how_far_it_got(db, tmp_path, capsys, monkeypatch):
    """DN-ERR-1 (found by use, December 7, evening): Ctrl+C during `campaign orders` printed
    only `interrupted`, after 75 of 120 lines had been applied: the referee could not tell
    which. It now names the line it stopped at and how many orders were applied, as a
    refusal does; the exit code stays 130."""
    path = _file(
        tmp_path,
        "aslan form-stack one A-CL-1\naslan form-stack two A-CL-2\naslan form-stack three A-CL-3\n",
    )
    real = CampaignService.submit_report
    calls = []

    def interrupted_at_the_third(self, loaded, text, **kwargs):
        calls.append(text)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(self, loaded, text, **kwargs)

    monkeypatch.setattr(CampaignService, "submit_report", interrupted_at_the_third)
    capsys.readouterr()
    assert main(["orders", "t", path, *db]) == 130
    err = capsys.readouterr().err
    assert err == (
        f"interrupted at {path}:3 (aslan form-stack three A-CL-3): 2 orders applied, "
        "not this one nor any after it\n"
    )
    state = CampaignService(db_url=db[1]).load("t").state
    assert state.units["A-CL-2"].stack == "two" and state.units["A-CL-3"].stack != "three"
