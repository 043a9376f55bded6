"""Issue 20 item 11: private keys are created 0600, `verify FILE --keys DIR` works, and a campaign
named like a file in the current directory can still be verified (DN-ERR-1)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from campaign.cli import main


def test_private_key_is_created_unreadable_by_others(tmp_path, monkeypatch):  # DN-ERR-1
    """The key file is 0600 from its creation, not chmod-ed afterwards: with chmod doing
    nothing and a permissive umask, the file is still private."""
    monkeypatch.setattr(os, "chmod", lambda *args, **kwargs: None)
    monkeypatch.setattr(Path, "chmod", lambda *args, **kwargs: None)
    old = os.umask(0o022)
    try:
        assert main(["keygen", "solomani", "--dir", str(tmp_path)]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "solomani.key").stat().st_mode) == 0o600


def test_verify_file_with_keys_dir(tmp_path, capsys):  # DN-ERR-1
    """`campaign verify FILE --keys DIR`, as the docs describe it, checks the signature."""
    keys = tmp_path / "keys"
    assert main(["keygen", "solomani", "--dir", str(keys)]) == 0
    db = ["--db", f"sqlite:///{tmp_path / 's.db'}"]
    main(["new", "nebula", "--seed", "3", "--dice", "commit-reveal", "--as", "solomani", *db])
    main(["order", "nebula", "solomani place-neutral lantern", *db])
    unsigned = tmp_path / "t1.json"
    assert main(["export", "nebula", "--side", "solomani", "-o", str(unsigned), *db]) == 0
    capsys.readouterr()
    assert main(["verify", str(unsigned), "--keys", str(keys)]) == 1
    err = capsys.readouterr().err
    assert "not signed" in err and "Traceback" not in err


def test_campaign_named_like_a_file_is_verified(tmp_path, monkeypatch, capsys):  # DN-ERR-1
    monkeypatch.chdir(tmp_path)
    Path("turn1").write_text("not a turn file\n")
    db = ["--db", f"sqlite:///{tmp_path / 'c.db'}"]
    assert main(["new", "turn1", "--seed", "3", *db]) == 0
    capsys.readouterr()
    assert main(["verify", "turn1", *db]) == 0
    assert "turn1: hash chain intact" in capsys.readouterr().out
    assert main(["verify", "./turn1", *db]) == 1  # a path: the file, which is no turn file
    assert "not a turn file" in capsys.readouterr().err


def test_the_commands_suggested_quote_a_campaign_name_with_a_blank(tmp_path, capsys):
    """DN-ERR-1: a campaign name may hold blanks (`campaign new "my game"`); found by use, the
    `next:` line of a game by e-mail said "`campaign import my game FILE`", a command that
    names campaign 'my' and the file 'game'. Every command the tool suggests quotes it."""
    name = "my game"
    dbs = {
        side: ["--db", f"sqlite:///{tmp_path / (side + '.db')}"] for side in ("aslan", "solomani")
    }
    for side, db in dbs.items():
        assert main(["new", name, "--seed", "3", "--dice", "commit-reveal", "--as", side, *db]) == 0
    out = capsys.readouterr().out
    assert "`campaign import 'my game' FILE`" in out  # aslan waits for file 1
    assert main(["order", name, "solomani place-neutral span", *dbs["solomani"]]) == 0
    turn = tmp_path / "t1.json"
    capsys.readouterr()
    assert main(["export", name, "-o", str(turn), *dbs["solomani"]]) == 0
    assert "`campaign import 'my game' FILE`" in capsys.readouterr().out
    assert main(["export", name, "-o", str(turn), *dbs["solomani"]]) == 1
    err = capsys.readouterr().err
    assert "`campaign export 'my game' --again 1 -o FILE`" in err
    assert "`campaign withdraw 'my game' 1 --reason ...`" in err
    assert main(["status", name, *dbs["aslan"]]) == 0
    assert "`campaign import 'my game' FILE`" in capsys.readouterr().out
    assert main(["import", name, str(turn), *dbs["solomani"]]) == 1
    assert main(["import", name, str(turn), *dbs["aslan"]]) == 0
    assert "`campaign status 'my game'` lists them" in capsys.readouterr().out
