"""`campaign export|import|verify FILE|resolve|keygen|exchanges` from the shell."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from campaign.app.mail.keys import fingerprint
from campaign.cli import main
from tests.pbem.conftest import resealed


@pytest.fixture
def dbs(tmp_path: Path) -> dict[str, list[str]]:
    out = {}
    for side in ("aslan", "solomani"):
        db = ["--db", f"sqlite:///{tmp_path / (side + '.db')}"]
        assert main(["new", "nebula", "--seed", "3", "--as", side, *db]) == 0
        out[side] = db
    return out


def test_export_verify_import_round_trip(dbs, tmp_path, capsys):  # DN-ERR-1
    assert main(["order", "nebula", "solomani place-neutral lantern", *dbs["solomani"]]) == 0
    mail = tmp_path / "turn1.txt"
    assert main(["export", "nebula", "--side", "solomani", "-o", str(mail), *dbs["solomani"]]) == 0
    assert mail.read_text().startswith("-----BEGIN DARK NEBULA TURN FILE-----")
    assert "(1 order)" in capsys.readouterr().out  # one order: no "1 orders"
    assert main(["verify", str(mail), *dbs["aslan"]]) == 0
    assert "valid turn file 1 from solomani" in capsys.readouterr().out
    assert main(["import", "nebula", str(mail), *dbs["aslan"]]) == 0
    assert "1 order re-run and matched" in capsys.readouterr().out
    assert main(["import", "nebula", str(mail), *dbs["aslan"]]) == 1
    err = capsys.readouterr().err
    assert "already exchanged" in err and str(mail) in err and "Traceback" not in err
    assert main(["exchanges", "nebula", *dbs["aslan"]]) == 0
    assert "in  solomani" in capsys.readouterr().out


def test_verify_file_reports_first_bad_entry(dbs, tmp_path, capsys):  # DN-ERR-1
    solomani = dbs["solomani"]
    main(["order", "nebula", 'referee set-ru solomani 80 "test"', *solomani])
    main(["order", "nebula", "solomani place-neutral lantern", *solomani])
    good = tmp_path / "turn1.json"
    assert main(["export", "nebula", "--side", "solomani", "-o", str(good), *solomani]) == 0
    text = good.read_text()
    bad = tmp_path / "bad.json"
    bad.write_text(text.replace('"ru": 80', '"ru": 81'))  # one byte changed
    capsys.readouterr()
    assert main(["verify", str(bad), *dbs["aslan"]]) == 1
    err = capsys.readouterr().err
    assert "does not match body_sha256" in err
    assert "a referee order in a file from solomani" in err  # not agreed: named first
    assert main(["import", "nebula", str(bad), "--allow-referee", *dbs["aslan"]]) == 1
    assert "body_sha256" in capsys.readouterr().err
    forged = tmp_path / "forged.json"
    forged.write_text(
        resealed(
            text, lambda d: d["body"]["batches"][0]["events"][0]["payload"].__setitem__("ru", 81)
        )
    )
    assert main(["import", "nebula", str(forged), "--allow-referee", *dbs["aslan"]]) == 1
    err = capsys.readouterr().err
    assert "batch 1 ('referee set-ru solomani 80" in err and "the file says 81" in err
    # nothing was stored: the good file still imports as file 1
    assert main(["import", "nebula", str(good), "--allow-referee", *dbs["aslan"]]) == 0


def test_verify_locates_damage_despite_the_checksum(dbs, tmp_path, capsys):  # DN-ERR-1
    main(["order", "nebula", "solomani place-neutral lantern", *dbs["solomani"]])
    good = tmp_path / "turn1.json"
    main(["export", "nebula", "--side", "solomani", "-o", str(good), *dbs["solomani"]])
    text = good.read_text()
    position = text.index('"sealed": "') + len('"sealed": "')
    flipped = "0" if text[position] != "0" else "1"
    bad = tmp_path / "bad.json"
    bad.write_text(text[:position] + flipped + text[position + 1 :])  # one byte changed
    capsys.readouterr()
    assert main(["verify", str(bad), *dbs["aslan"]]) == 1
    err = capsys.readouterr().err
    assert "does not match body_sha256" in err
    assert "batch 1 ('solomani place-neutral lantern'" in err and "sealed" in err


def test_keygen_and_signed_export(tmp_path, dbs, capsys):  # DN-ERR-1
    keys = tmp_path / "keys"
    assert main(["keygen", "solomani", "--dir", str(keys)]) == 0
    main(["order", "nebula", "solomani place-neutral lantern", *dbs["solomani"]])
    out = tmp_path / "t.json"
    assert (
        main(
            [
                "export",
                "nebula",
                "--side",
                "solomani",
                "-o",
                str(out),
                "--sign",
                str(keys / "solomani.key"),
                *dbs["solomani"],
            ]
        )
        == 0
    )
    assert main(["import", "nebula", str(out), "--keys", str(keys), *dbs["aslan"]]) == 0
    capsys.readouterr()
    assert main(["import", "nebula", str(tmp_path / "missing.json"), *dbs["aslan"]]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_failed_export_leaves_no_file(dbs, tmp_path, capsys):  # DN-ERR-1
    out = tmp_path / "empty.json"
    assert main(["export", "nebula", "--side", "aslan", "-o", str(out), *dbs["aslan"]]) == 1
    assert "nothing to send" in capsys.readouterr().err and not out.exists()
    assert main(["order", "nebula", "solomani place-neutral lantern", *dbs["solomani"]]) == 0
    capsys.readouterr()
    assert (
        main(
            [
                "export",
                "nebula",
                "--side",
                "solomani",
                "-o",
                str(tmp_path / "no" / "x.json"),
                *dbs["solomani"],
            ]
        )
        == 1
    )
    assert "cannot write" in capsys.readouterr().err


def test_export_refuses_a_key_other_than_the_sides_earlier_files(tmp_path, dbs, capsys):
    # DN-ERR-1: the receiver checks every file of a side against one public key, so a file
    # signed by another key (here the opponent's) is refused before it is written or recorded
    keys = tmp_path / "keys"
    for side in ("aslan", "solomani"):
        assert main(["keygen", side, "--dir", str(keys)]) == 0
    ids = {side: fingerprint(keys / f"{side}.pub") for side in ("aslan", "solomani")}
    for n, (side, order) in enumerate(
        (("solomani", "place-neutral lantern"), ("aslan", "place-neutral span")), start=1
    ):
        sent = tmp_path / f"t{n}.json"
        assert main(["order", "nebula", f"{side} {order}", *dbs[side]]) == 0
        sign = ["--sign", str(keys / f"{side}.key")]
        assert main(["export", "nebula", "-o", str(sent), *sign, *dbs[side]]) == 0
        other = "aslan" if side == "solomani" else "solomani"
        assert main(["import", "nebula", str(sent), "--keys", str(keys), *dbs[other]]) == 0
    solomani, t3 = dbs["solomani"], tmp_path / "t3.json"
    assert main(["order", "nebula", "solomani place-neutral bastion", *solomani]) == 0
    capsys.readouterr()
    wrong = ["--sign", str(keys / "aslan.key")]
    assert main(["export", "nebula", "-o", str(t3), *wrong, *solomani]) == 1
    err = capsys.readouterr().err
    assert (
        f"signed with key {ids['aslan']}, but solomani's files are signed with key "
        f"{ids['solomani']} (file 1)" in err
    )
    assert not t3.exists()
    assert main(["exchanges", "nebula", *solomani]) == 0
    assert "   3 out" not in capsys.readouterr().out  # not recorded as sent
    right = ["--sign", str(keys / "solomani.key")]
    assert main(["export", "nebula", "-o", str(t3), *right, *solomani]) == 0
    assert main(["import", "nebula", str(t3), "--keys", str(keys), *dbs["aslan"]]) == 0


def test_next_step_after_import_says_where_the_legal_orders_are(dbs, tmp_path, capsys):
    # DN-SEQ-2: `import` lists no legal orders, so its next step points to `campaign status`;
    # `status` lists them and says "above"
    mail = tmp_path / "turn1.json"
    assert main(["order", "nebula", "solomani place-neutral lantern", *dbs["solomani"]]) == 0
    assert main(["export", "nebula", "-o", str(mail), *dbs["solomani"]]) == 0
    capsys.readouterr()
    assert main(["import", "nebula", str(mail), *dbs["aslan"]]) == 0
    out = capsys.readouterr().out
    assert "legal orders" not in out.replace("`campaign status nebula` lists them", "")
    assert (
        "next: your turn: give your orders (`campaign status nebula` lists them), then export "
        "file 2" in out
    )
    assert main(["status", "nebula", *dbs["aslan"]]) == 0
    out = capsys.readouterr().out
    assert out.index("legal orders now (aslan):") < out.index(
        "next: your turn: give your orders (legal orders above), then export file 2"
    )


def test_crossed_file_refusal_names_the_resolve_command(dbs, tmp_path, capsys):
    # DN-ERR-1: the refusal fills in the campaign and the file; only the reason is the user's
    files = {side: tmp_path / f"{side}-1.json" for side in dbs}
    assert main(["order", "nebula", 'referee set-ru aslan 60 "handicap"', *dbs["aslan"]]) == 0
    assert main(["order", "nebula", "solomani place-neutral lantern", *dbs["solomani"]]) == 0
    for side, db in dbs.items():
        assert main(["export", "nebula", "-o", str(files[side]), *db]) == 0
    capsys.readouterr()
    theirs = shlex.quote(str(files["solomani"]))
    assert main(["import", "nebula", str(files["solomani"]), *dbs["aslan"]]) == 1
    err = capsys.readouterr().err
    assert f'`campaign resolve nebula {theirs} --reason "..."` (drops your event 4' in err
    assert "NAME" not in err and "FILE" not in err
    reason = ["--reason", "solomani first"]
    assert main(["resolve", "nebula", str(files["solomani"]), *reason, *dbs["aslan"]]) == 0


def test_next_step_of_a_signed_game_names_the_key(dbs, tmp_path, capsys, monkeypatch):
    # DN-SEQ-2 (found by use, December 7, night: the upgraded 0.1.0 game): once a campaign
    # exchanges signed files, an unsigned export is refused, so the `next:` line's command
    # asks for the key (`--sign KEYFILE`); the command shown, with the key filled in, works
    keys = tmp_path / "keys"
    for side in ("aslan", "solomani"):
        assert main(["keygen", side, "--dir", str(keys)]) == 0
    first = tmp_path / "t1.json"
    assert main(["order", "nebula", "solomani place-neutral lantern", *dbs["solomani"]]) == 0
    sign = ["--sign", str(keys / "solomani.key")]
    assert main(["export", "nebula", "-o", str(first), *sign, *dbs["solomani"]]) == 0
    assert main(["import", "nebula", str(first), "--keys", str(keys), *dbs["aslan"]]) == 0
    assert main(["order", "nebula", "aslan place-neutral span", *dbs["aslan"]]) == 0
    capsys.readouterr()
    assert main(["status", "nebula", *dbs["aslan"]]) == 0
    line = capsys.readouterr().out.splitlines()[-1]
    command = line[line.index("`") + 1 : line.rindex("`")]
    assert command == "campaign export nebula -o turn-2.json --sign KEYFILE", line
    words = shlex.split(command)[1:]
    monkeypatch.chdir(tmp_path)  # the command names its file relative to the current folder
    assert main([*words[:-2], *dbs["aslan"]]) == 1  # the command without the key
    assert "sign this one too (--sign KEYFILE)" in capsys.readouterr().err
    assert main([*words[:-1], str(keys / "aslan.key"), *dbs["aslan"]]) == 0
