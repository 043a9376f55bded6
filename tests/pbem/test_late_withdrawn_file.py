"""Issue 46 item 5: a file its sender withdrew and replaced, arriving after the replacement,
is named as the withdrawn copy it is, not as a stale file (DN-ERR-1)."""

from __future__ import annotations

from campaign.cli import main
from tests.pbem.helpers import CAMPAIGN, cli_databases


def test_a_late_withdrawn_file_is_named(tmp_path, capsys):
    dbs = cli_databases(tmp_path)
    sol, asl = dbs["solomani"], dbs["aslan"]
    assert main(["order", CAMPAIGN, "solomani place-neutral lantern", *sol]) == 0
    first = tmp_path / "turn-1.json"
    assert main(["export", CAMPAIGN, "-o", str(first), *sol]) == 0
    assert main(["withdraw", CAMPAIGN, "1", "--reason", "wrong system", *sol]) == 0
    assert main(["undo", CAMPAIGN, *sol]) == 0
    assert main(["order", CAMPAIGN, "solomani place-neutral solace", *sol]) == 0
    again = tmp_path / "turn-1-again.json"
    assert main(["export", CAMPAIGN, "-o", str(again), *sol]) == 0
    assert main(["import", CAMPAIGN, str(again), *asl]) == 0
    capsys.readouterr()
    assert main(["import", CAMPAIGN, str(first), *asl]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "stale" not in err
    assert "file 1 from solomani is not the file 1 imported here" in err
    assert "withdrew" in err
