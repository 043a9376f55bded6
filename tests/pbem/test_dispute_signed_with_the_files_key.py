"""`campaign dispute` signs its record with the key the side's files carry (DN-ERR-1). Found by
use, December 8: in a game whose files were signed with `--sign keys/solomani.key`, the record
was signed with the keys home's key; `campaign audit` then left it out ("a record not signed by
solomani's key is no evidence") and the player learnt it only from the umpire."""

from __future__ import annotations

import pytest

from campaign.app.mail.keys import KEYS_HOME_ENV
from campaign.cli import main


@pytest.fixture
def game(tmp_path, monkeypatch):
    """Solomani's signed file 1 imported by aslan; a keys home with another solomani key."""
    monkeypatch.setenv(KEYS_HOME_ENV, str(tmp_path / "home"))
    assert main(["keygen", "solomani", "--dir", str(tmp_path / "home")]) == 0
    keys = tmp_path / "keys"
    for side in ("solomani", "aslan"):
        assert main(["keygen", side, "--dir", str(keys)]) == 0
    dbs = {}
    for side in ("solomani", "aslan"):
        dbs[side] = ["--db", f"sqlite:///{tmp_path / (side + '.db')}"]
        new = ["new", "nebula", "--seed", "3", "--dice", "commit-reveal", "--as", side]
        assert main([*new, *dbs[side]]) == 0
    assert main(["order", "nebula", "solomani place-neutral lantern", *dbs["solomani"]]) == 0
    sent = tmp_path / "t1.json"
    sign = ["--sign", str(keys / "solomani.key")]
    assert main(["export", "nebula", "-o", str(sent), *sign, *dbs["solomani"]]) == 0
    assert main(["import", "nebula", str(sent), "--keys", str(keys), *dbs["aslan"]]) == 0
    return tmp_path, keys, dbs


def test_a_record_signed_by_another_key_is_refused(game, capsys):  # DN-ERR-1
    tmp_path, _, dbs = game
    db = dbs["solomani"]
    record = tmp_path / "dispute.json"
    capsys.readouterr()
    assert main(["dispute", "nebula", "--reason", "no answer", "-o", str(record), *db]) == 1
    err = capsys.readouterr().err
    assert "an umpire's audit leaves out a record of solomani signed by another key" in err
    assert "--sign KEYFILE; nothing written" in err
    assert not record.exists()


def test_a_record_signed_with_the_files_key_is_evidence(game, capsys):  # DN-ERR-1
    tmp_path, keys, dbs = game
    db = dbs["solomani"]
    record = tmp_path / "dispute.json"
    sign = ["--sign", str(keys / "solomani.key")]
    assert main(["dispute", "nebula", "--reason", "no answer", "-o", str(record), *sign, *db]) == 0
    capsys.readouterr()
    main(["audit", str(record), "--keys", str(keys)])
    out = capsys.readouterr().out
    assert "dispute signed by solomani: no answer" in out and "no evidence" not in out


def test_the_audit_of_a_game_not_played_in_fair_mode_accuses_nobody(game, capsys):  # DN-ERR-1
    """Found by use, December 8: the dispute record of a commit-reveal game read "verdict:
    solomani withheld (file 1, pass 1): file 1 carries no pass 1 of the joint shuffle"."""
    tmp_path, keys, dbs = game
    assert main(["order", "nebula", "aslan place-neutral span", *dbs["aslan"]]) == 0
    answer = tmp_path / "t2.json"
    sign = ["--sign", str(keys / "aslan.key")]
    assert main(["export", "nebula", "-o", str(answer), *sign, *dbs["aslan"]]) == 0
    capsys.readouterr()
    assert main(["audit", str(tmp_path / "t1.json"), str(answer), "--keys", str(keys)]) == 0
    out = capsys.readouterr().out
    assert "withheld" not in out and "game not played in fair mode" in out
    assert "verdict: no cheat and no stop shown by these files: file 2 from aslan" in out
