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
    assert main(["keygen", "solomani", "--dir", str(keys)]) == 0
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
    return tmp_path, keys, dbs["solomani"]


def test_a_record_signed_by_another_key_is_refused(game, capsys):  # DN-ERR-1
    tmp_path, _, db = game
    record = tmp_path / "dispute.json"
    capsys.readouterr()
    assert main(["dispute", "nebula", "--reason", "no answer", "-o", str(record), *db]) == 1
    err = capsys.readouterr().err
    assert "an umpire's audit leaves out a record of solomani signed by another key" in err
    assert "--sign KEYFILE; nothing written" in err
    assert not record.exists()


def test_a_record_signed_with_the_files_key_is_evidence(game, capsys):  # DN-ERR-1
    tmp_path, keys, db = game
    record = tmp_path / "dispute.json"
    sign = ["--sign", str(keys / "solomani.key")]
    assert main(["dispute", "nebula", "--reason", "no answer", "-o", str(record), *sign, *db]) == 0
    capsys.readouterr()
    main(["audit", str(record), "--keys", str(keys)])
    out = capsys.readouterr().out
    assert "dispute signed by solomani: no answer" in out and "no evidence" not in out
