"""Issue 46 item 5: a turn file that breaks the exchange protocol is refused naming the
protocol fault, not a side effect of it (DN-ERR-1, ADR 0028)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.fair.cli import exchange_keys, run_cli, side_db
from tests.pbem.conftest import resigned

NAME = "duel"


@pytest.fixture
def duel(tmp_path: Path, capsys: pytest.CaptureFixture[str], keys_home: Path) -> Path:
    """Fair mode on two databases (the public keys exchanged); Solomani's first draw sent in
    file 1, which Aslan imported; Aslan's file 2 (its pass only) written, not imported yet."""
    for side in ("solomani", "aslan"):
        assert (
            run_cli(
                capsys,
                "new",
                NAME,
                "--seed",
                "5",
                "--dice",
                "commit-reveal",
                "--fair",
                "--as",
                side,
                *side_db(tmp_path, side),
            )[0]
            == 0
        )
    exchange_keys(keys_home, NAME)
    sol, asl = side_db(tmp_path, "solomani"), side_db(tmp_path, "aslan")
    assert (
        run_cli(capsys, "order", NAME, "solomani place-neutral solace", "--side", "solomani", *sol)[
            0
        ]
        == 0
    )
    assert run_cli(capsys, "export", NAME, "-o", str(tmp_path / "turn-1.json"), *sol)[0] == 0
    assert run_cli(capsys, "import", NAME, str(tmp_path / "turn-1.json"), *asl)[0] == 0
    assert run_cli(capsys, "export", NAME, "-o", str(tmp_path / "turn-2.json"), *asl)[0] == 0
    return tmp_path


def _key(tmp: Path, side: str) -> Path:
    """``side``'s private key (the test's keys home): a hostile machine signs its forgery."""
    return tmp / "keys-home" / f"{side}.key"


def _refused(capsys, path: Path, db: list[str]) -> str:
    code, _, err = run_cli(capsys, "import", NAME, str(path), *db)
    assert code == 1 and err.count("\n") == 1, err
    return err


def test_a_file_without_events_says_so(duel, capsys):
    """A file that carries no event is "no events", never "events 6-5"."""
    code, out, _ = run_cli(capsys, "verify", str(duel / "turn-2.json"), *side_db(duel, "solomani"))
    assert code == 0 and "no events" in out
    assert (
        run_cli(capsys, "import", NAME, str(duel / "turn-2.json"), *side_db(duel, "solomani"))[0]
        == 0
    )
    code, out, _ = run_cli(capsys, "exchanges", NAME, *side_db(duel, "solomani"))
    assert code == 0 and "no events" in out
    assert not any(f"events {n + 1}-{n}" in out for n in range(100))


def test_file_2_without_its_pass(duel, capsys):
    """File 2 must carry pass 2 of the joint shuffle: its absence is named."""
    text = (duel / "turn-2.json").read_text(encoding="utf-8")
    bad = duel / "no-pass.json"
    bad.write_text(
        resigned(text, lambda d: d["body"].pop("fair"), _key(duel, "aslan")), encoding="utf-8"
    )
    err = _refused(capsys, bad, side_db(duel, "solomani"))
    assert "pass 2 of the joint shuffle" in err and "carries no orders" not in err


def test_file_3_with_pass_1(duel, capsys):
    """A file carrying another file's pass says which pass it should have carried."""
    sol = side_db(duel, "solomani")
    assert run_cli(capsys, "import", NAME, str(duel / "turn-2.json"), *sol)[0] == 0
    assert run_cli(capsys, "export", NAME, "-o", str(duel / "turn-3.json"), *sol)[0] == 0
    first = json.loads((duel / "turn-1.json").read_text(encoding="utf-8"))
    text = (duel / "turn-3.json").read_text(encoding="utf-8")
    bad = duel / "pass-1.json"
    bad.write_text(
        resigned(
            text,
            lambda d: d["body"].__setitem__("fair", first["body"]["fair"]),
            _key(duel, "solomani"),
        ),
        encoding="utf-8",
    )
    err = _refused(capsys, bad, side_db(duel, "aslan"))
    assert "carries pass 1 of solomani where pass 3 of solomani was expected" in err


def test_an_edited_share(duel, capsys):
    """A key share changed in the file (order and event alike) is named as a share that does
    not open its commitment, not as a state digest that differs."""
    sol = side_db(duel, "solomani")
    assert run_cli(capsys, "import", NAME, str(duel / "turn-2.json"), *sol)[0] == 0
    assert run_cli(capsys, "export", NAME, "-o", str(duel / "turn-3.json"), *sol)[0] == 0
    text = (duel / "turn-3.json").read_text(encoding="utf-8")

    def edit(data: dict) -> None:
        for batch in data["body"]["batches"]:
            if " share " in batch["order"]:
                share = batch["order"].rsplit(" ", 1)[1]
                edited = share[:-1] + ("0" if share[-1] != "0" else "1")
                batch["order"] = batch["order"].replace(share, edited)
                for event in batch["events"]:
                    if event.get("payload") and event["payload"].get("share") == share:
                        event["payload"]["share"] = edited
                return
        raise AssertionError("file 3 carries no share")

    bad = duel / "edited-share.json"
    bad.write_text(resigned(text, edit, _key(duel, "solomani")), encoding="utf-8")
    err = _refused(capsys, bad, side_db(duel, "aslan"))
    assert "digest" not in err and "share" in err and "solomani" in err
