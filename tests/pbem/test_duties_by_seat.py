"""DN-SEQ-2 (docs/seats.md): a seat reads who must act and why, but is offered the order forms
of its own side only, and none where it may give none (the other player's database by e-mail).

Found by use (December 7): on the Aslan player's own database, `campaign status nebula` (and
`--side aslan`, `--side solomani`) said "must act now: solomani — setup-neutrals phase" and
then "solomani place-neutral SYSTEM", the other side's order form, as if it were his to give;
the TUI's header and the answer to an order ("now: …") named the other side's order too. The
seat decides it once (``views.report.seen_duty``): every front end passes its seat.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaign.cli import main

NAME = "nebula"
OTHERS_FORM = "solomani place-neutral"


def _made(tmp_path: Path, *plays: str) -> str:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["new", NAME, "--seed", "11", *plays, "--db", url]) == 0
    return url


def _status(url: str, *seat: str, capsys: pytest.CaptureFixture[str]) -> tuple[str, dict]:
    capsys.readouterr()
    assert main(["status", NAME, *seat, "--db", url]) == 0
    text = capsys.readouterr().out
    assert main(["status", NAME, *seat, "--json", "--db", url]) == 0
    return text, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    ("plays", "seat"),
    [
        (["--as", "aslan"], []),  # the owner of the Aslan player's database reads as aslan
        (["--as", "aslan"], ["--side", "aslan"]),
        (["--as", "aslan"], ["--side", "solomani"]),  # may give none of his orders there
        ([], ["--side", "aslan"]),  # a player's seat at the referee's table
    ],
    ids=["aslan-db-owner", "aslan-db-aslan", "aslan-db-solomani", "table-aslan"],
)
def test_status_offers_no_order_form_the_seat_cannot_give(tmp_path, capsys, plays, seat):
    """DN-SEQ-2: who must act and in which phase are said; the Solomani's order form is not
    (text and JSON)."""
    url = _made(tmp_path, *plays)
    capsys.readouterr()
    text, report = _status(url, *seat, capsys=capsys)
    assert "must act now: solomani — setup-neutrals phase (DN-SEQ-2)" in text, text
    assert OTHERS_FORM not in text, text
    assert report["must_act"] == [
        {
            "side": "solomani",
            "orders": [],
            "reason": "setup-neutrals phase",
            "rule": "DN-SEQ-2",
            "battle": None,
        }
    ]


@pytest.mark.parametrize("seat", [[], ["--side", "solomani"]], ids=["referee", "solomani"])
def test_the_seat_that_gives_them_is_still_offered_them(tmp_path, capsys, seat):
    """DN-SEQ-2: the referee at a shared table, and the Solomani's seat, read the form."""
    url = _made(tmp_path)
    text, report = _status(url, *seat, capsys=capsys)
    assert "must act now: solomani — setup-neutrals phase (DN-SEQ-2)\n  solomani place-neutral" in (
        text
    )
    assert report["must_act"][0]["orders"] == ["solomani place-neutral SYSTEM"]


def test_an_orders_answer_names_no_order_of_the_other_side(tmp_path, capsys):
    """DN-SEQ-2: after the Solomani player's placement on his own database, "now:" says that
    the Aslan must act, not which Aslan order (it named "aslan place-neutral SYSTEM")."""
    url = _made(tmp_path, "--as", "solomani")
    capsys.readouterr()
    assert main(["order", NAME, "solomani place-neutral lantern", "--db", url]) == 0
    said = capsys.readouterr().out
    assert "now: aslan must act: setup-neutrals phase\n" in said, said
    assert "aslan place-neutral" not in said


def test_the_other_players_seat_is_not_told_the_owners_next_step(tmp_path, capsys):
    """DN-SEQ-2: `status --side solomani` on the Aslan player's database said the owner's
    next step ("wait for solomani's file 1", or "your turn: give your orders (legal orders
    above)" with none listed); it now says where the Solomani's orders and files are given.
    The owner's seat still reads his next step."""
    url = _made(tmp_path, "--as", "aslan")
    text, _ = _status(url, "--side", "solomani", capsys=capsys)
    assert text.endswith(
        "next: this database plays aslan by e-mail: solomani's orders are given, and his turn "
        "files exported and imported, on the solomani player's machine\n"
    ), text
    for seat in ([], ["--side", "aslan"]):
        text, _ = _status(url, *seat, capsys=capsys)
        assert text.endswith(
            "next: wait for solomani's file 1 and import it (`campaign import nebula FILE`)\n"
        ), text
