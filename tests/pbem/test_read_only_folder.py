"""A turn file the user cannot write where he asked (found by use, December 7: the Mail tab
offered the folder of the last imported file, a read-only fixtures folder, for the export).
The export is refused naming the folder before anything is made or recorded, and the Mail
tab offers a folder it can write in (docs/turn-files.md, "Writing a file")."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.cli import main
from campaign.tui.places import in_folder, remember_folder
from tests.read_only import read_only_folder


def test_an_export_into_a_read_only_folder_is_refused_before_anything_is_recorded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DN-ERR-1 (as bad input): one line naming the file and why; no file counted as sent."""
    db = ["--db", f"sqlite:///{tmp_path / 'solomani.db'}"]
    assert main(["new", "nebula", "--seed", "3", "--as", "solomani", *db]) == 0
    assert main(["order", "nebula", "solomani place-neutral lantern", *db]) == 0
    capsys.readouterr()
    assert main(["exchanges", "nebula", *db]) == 0
    before = capsys.readouterr().out
    with read_only_folder(tmp_path / "fixtures") as folder:
        turn = folder / "turn-1.txt"
        assert main(["export", "nebula", "-o", str(turn), *db]) == 1
        assert capsys.readouterr().err == (
            f"campaign: {turn}: cannot write: directory {folder} is read-only for you; "
            "choose a folder you can write in\n"
        )
    assert main(["exchanges", "nebula", *db]) == 0
    assert capsys.readouterr().out == before
    assert not turn.exists()


def test_the_mail_tab_offers_a_folder_it_can_write_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DN-ERR-1: after an import from a read-only folder, the export's default path leaves
    that folder (the current directory, as when no folder is remembered); an import still
    starts there, and a writable folder stays the export's default."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    writable = tmp_path / "mail"
    writable.mkdir()
    remember_folder(writable / "turn-1.txt")
    assert in_folder("t.txt", writing=True) == str(writable / "t.txt")
    with read_only_folder(tmp_path / "fixtures") as folder:
        remember_folder(folder / "turn-1.txt")
        assert in_folder("t.txt", writing=True) == "t.txt"
        assert in_folder("t.txt") == str(folder / "t.txt")
