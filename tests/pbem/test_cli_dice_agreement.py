"""Issue 20 item 6 (DN-ERR-1): the dice mode is agreed at set-up. Both players create the
campaign with the same `--dice`; a first file with another mode is refused unless the receiver
accepts exactly that mode; a failed export fixes no mode."""

from __future__ import annotations

from pathlib import Path

from campaign.app import CampaignService
from campaign.cli import main
from campaign.store.ledger import Ledger

NAME = "nebula"


def _db(tmp_path: Path, side: str, mode: str) -> list[str]:
    db = ["--db", f"sqlite:///{tmp_path / (side + '.db')}"]
    plays = ["--as", side] if mode != "physical" else []
    assert main(["new", NAME, "--seed", "3", "--dice", mode, *plays, *db]) == 0
    return db


def _state(db: list[str]) -> tuple:
    service = CampaignService(db_url=db[1])
    setup = Ledger(service.store).setup(NAME)
    return (service.store.head(NAME), service.store.dice_mode(NAME), setup.mode if setup else None)


def test_first_file_with_another_dice_mode_needs_explicit_acceptance(tmp_path, capsys):
    sol = _db(tmp_path, "solomani", "seeded")
    asl = _db(tmp_path, "aslan", "commit-reveal")
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    turn = tmp_path / "t1.json"
    assert main(["export", NAME, "--side", "solomani", "-o", str(turn), *sol]) == 0
    before = _state(asl)
    capsys.readouterr()
    assert main(["import", NAME, str(turn), *asl]) == 1
    err = capsys.readouterr().err
    assert "played with commit-reveal dice, the file uses seeded dice" in err
    assert "--accept-dice seeded" in err and "Traceback" not in err
    assert _state(asl) == before
    assert main(["import", NAME, str(turn), "--accept-dice", "commit-reveal", *asl]) == 1
    assert _state(asl) == before
    assert main(["import", NAME, str(turn), "--accept-dice", "seeded", *asl]) == 0
    assert _state(asl)[1:] == ("seeded", "seeded")


def test_failed_export_fixes_no_dice_mode(tmp_path, capsys):  # DN-ERR-1
    asl = _db(tmp_path, "aslan", "commit-reveal")
    before = _state(asl)
    assert main(["export", NAME, "--side", "aslan", "-o", str(tmp_path / "t.json"), *asl]) == 1
    assert "nothing to send" in capsys.readouterr().err
    assert _state(asl) == before and before[2] is None


def test_physical_campaign_cannot_send_turn_files(tmp_path, capsys):  # DN-ERR-1
    db = _db(tmp_path, "solomani", "physical")
    main(["order", NAME, "solomani place-neutral lantern", *db])
    capsys.readouterr()
    assert main(["export", NAME, "--side", "solomani", "-o", str(tmp_path / "t.json"), *db]) == 1
    assert "physical dice" in capsys.readouterr().err
