"""`campaign verify FILE` says what it checked and what it could not, and its exit status
tells them apart (DN-ERR-1, docs/turn-files.md "`campaign verify`"): 0 when every check of an
import passed (the campaign is in the database: the orders were re-run), 3 when nothing was
found wrong but the file's campaign is not in the database (form, checksum and signature only),
1 when something is wrong. Found by use (December 7): without the campaign it printed "valid
turn file" with status 0 and "the orders were not re-run", while the docs called it "all
checks"."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.app.mail import PbemService
from campaign.cli import main
from campaign.pbem.signing import generate_keys
from tests.fair.by_mail import CAMPAIGN, FIRST, MailTable
from tests.pbem.helpers import service

NAME = "nebula"


def _db(tmp: Path, name: str) -> list[str]:
    return ["--db", f"sqlite:///{tmp / (name + '.db')}"]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("signed", [False, True])
def test_verify_tells_a_full_check_from_a_check_of_the_file_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], signed: bool
) -> None:
    """DN-ERR-1: the receiver's database (the campaign there) re-runs the file: status 0,
    "every check of an import passed"; a database without the campaign: status 3, the checks
    made (form, version, checksum, the signature or that there is none) and the ones not made
    (sides, place in the exchange, dice reveal, orders) named; nothing stored either way."""
    keys = tmp_path / "keys"
    generate_keys(keys, "solomani")
    for side in ("solomani", "aslan"):
        assert main(["new", NAME, "--seed", "3", "--dice", "commit-reveal", "--as", side,
                     *_db(tmp_path, side)]) == 0  # fmt: skip
    assert main(["new", "other", "--seed", "3", *_db(tmp_path, "other")]) == 0
    assert main(["order", NAME, "solomani place-neutral lantern", *_db(tmp_path, "solomani")]) == 0
    turn = tmp_path / "turn-1.json"
    sign = ["--sign", str(keys / "solomani.key")] if signed else []
    assert main(["export", NAME, "-o", str(turn), *sign, *_db(tmp_path, "solomani")]) == 0
    with_keys = ["--keys", str(keys)] if signed else []
    capsys.readouterr()
    code, out, err = _run(capsys, "verify", str(turn), *with_keys, *_db(tmp_path, "aslan"))
    assert (code, err) == (0, "")
    assert f"{turn}: valid turn file 1 from solomani for 'nebula', event 4: every check of an " \
        "import passed" in out  # fmt: skip
    assert "every order re-run and matched" in out and "nothing stored" in out
    code, out, err = _run(capsys, "verify", str(turn), *with_keys, *_db(tmp_path, "other"))
    assert (code, err) == (3, "")
    first, second = out.splitlines()
    assert first.startswith(
        f"{turn}: turn file 1 from solomani for 'nebula', event 4: checked only what the file "
        "alone shows: its form, version and checksum are sound; "
    )
    if signed:
        assert "signed by solomani's key " in first and "the signature checked" in first
    else:
        assert first.endswith("not signed (no signature to check)")
    assert second.startswith(
        "not checked: campaign 'nebula' is not in this database, so the sides, the file's "
        "place in the exchange, its dice reveal and its orders (re-run, chain hash, state "
        "digest) were not"
    )
    assert "valid" not in out
    code, out, _ = _run(capsys, "import", NAME, str(turn), *with_keys, *_db(tmp_path, "aslan"))
    assert code == 0  # verify stored nothing: the file still imports


def test_a_damaged_file_without_its_campaign_is_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DN-ERR-1: what the file alone shows wrong is a refusal (status 1) with or without the
    campaign."""
    assert main(["new", NAME, "--seed", "3", "--dice", "commit-reveal", "--as", "solomani",
                 *_db(tmp_path, "solomani")]) == 0  # fmt: skip
    assert main(["order", NAME, "solomani place-neutral lantern", *_db(tmp_path, "solomani")]) == 0
    turn = tmp_path / "turn-1.json"
    assert main(["export", NAME, "-o", str(turn), *_db(tmp_path, "solomani")]) == 0
    turn.write_text(turn.read_text().replace('"exchange": 1', '"exchange": 2'))
    assert main(["new", "other", "--seed", "3", *_db(tmp_path, "other")]) == 0
    capsys.readouterr()
    code, out, err = _run(capsys, "verify", str(turn), *_db(tmp_path, "other"))
    assert code == 1 and out == "" and err.count("\n") == 1 and "body_sha256" in err


def test_verifying_ones_own_signed_file_says_only_that(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DN-ERR-1: the sender verifying the signed file he sent (the wrong file of the mail
    folder) is told that it is his own, in one line, as `import` tells him; found by use
    (December 7): verify said first that the file's signature could not be checked and to put
    his own public key in the keys folder ("nothing imported")."""
    keys = tmp_path / "keys"
    generate_keys(keys, "solomani")
    db = _db(tmp_path, "solomani")
    assert main(["new", NAME, "--seed", "3", "--dice", "commit-reveal", "--as", "solomani",
                 *db]) == 0  # fmt: skip
    assert main(["order", NAME, "solomani place-neutral lantern", *db]) == 0
    turn = tmp_path / "turn-1.json"
    assert main(["export", NAME, "-o", str(turn), "--sign", str(keys / "solomani.key"), *db]) == 0
    capsys.readouterr()
    code, out, err = _run(capsys, "verify", str(turn), *db)
    assert (code, out) == (1, "")
    assert err == (
        f"campaign: {turn}: file 1 from solomani is the file this database sent: this "
        "database takes only aslan's files\n"
    )


def test_a_fair_file_names_its_shuffle_pass_among_the_checks(tmp_path: Path) -> None:
    """DN-NEU-1, ADR 0028: file 1 of a fair campaign carries pass 1 of the joint shuffle; the
    receiver's full check names it among the checks made, a database without the campaign
    among the checks not made."""
    table = MailTable(tmp_path / "table")
    table.play("solomani place-neutral solace")
    path = tmp_path / "turn-1.json"
    table.machines[FIRST].pbem.export_file(CAMPAIGN, FIRST, path)
    data = path.read_bytes()
    full = table.machines[FIRST.enemy].pbem.verify_file(data, source="turn-1.json")
    assert full.ok and full.complete
    assert "dice, its pass of the joint shuffle (and its proof), every order" in full.lines()[0]
    elsewhere = service(tmp_path / "other.db")
    elsewhere.create("other", seed=3)
    keys = table.machines[FIRST].keys
    partial = PbemService(elsewhere, keys, side=FIRST.enemy).verify_file(data, source="t1")
    assert partial.ok and not partial.complete
    assert (
        "its dice reveal, its pass of the joint shuffle (and its proof) and its orders"
        in (partial.lines()[1])
    )


def test_a_signature_verify_cannot_check_is_named_with_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DN-ERR-1 (found by use, December 7, late night): `verify FILE --keys DIR` whose DIR
    lacks the sender's key printed "campaign: file 1 is signed by key …" without the file,
    where every other line of `verify` and `import` starts with it."""
    keys, empty = tmp_path / "keys", tmp_path / "empty"
    generate_keys(keys, "solomani")
    empty.mkdir()
    for side in ("solomani", "aslan"):
        assert main(["new", NAME, "--seed", "3", "--dice", "commit-reveal", "--as", side,
                     *_db(tmp_path, side)]) == 0  # fmt: skip
    assert main(["new", "other", "--seed", "3", *_db(tmp_path, "other")]) == 0
    assert main(["order", NAME, "solomani place-neutral lantern", *_db(tmp_path, "solomani")]) == 0
    turn = tmp_path / "turn-1.json"
    sign = ["--sign", str(keys / "solomani.key")]
    assert main(["export", NAME, "-o", str(turn), *sign, *_db(tmp_path, "solomani")]) == 0
    capsys.readouterr()
    for db in ("aslan", "other"):
        code, _, err = _run(capsys, "verify", str(turn), "--keys", str(empty), *_db(tmp_path, db))
        assert code == 1 and err.count("\n") == 1, err
        assert err.startswith(f"campaign: {turn}: file 1 is signed by key "), err
