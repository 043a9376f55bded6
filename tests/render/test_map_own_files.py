"""`campaign map -o FILE` and `campaign export --map` never write a picture over the
campaign's own database (found by use, December 7: `map NAME -o x.svg` where x.svg was the
database, or a link to it, replaced the whole game with the picture). Refused before anything
is drawn or written, naming the path, as `export -o` is (``Campaigns.refuse_own_files``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.cli import main


def _new(database: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    db = ["--db", f"sqlite:///{database}"]
    assert main(["new", "nebula", "--seed", "3", *db]) == 0
    capsys.readouterr()
    return db


@pytest.mark.parametrize("target", ["game.svg", "link.svg"])
def test_map_never_writes_over_its_own_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    """DN-ERR-1 (as bad input): the database itself (named .svg) or a link to it."""
    database = tmp_path / "game.svg"
    db = _new(database, capsys)
    (tmp_path / "link.svg").symlink_to(database)
    before = database.read_bytes()
    path = tmp_path / target
    assert main(["map", "nebula", "-o", str(path), *db]) == 1
    assert capsys.readouterr().err == (
        f"campaign: {path}: that is the database campaign 'nebula' is kept in; "
        "write the picture to another path\n"
    )
    assert database.read_bytes() == before
    assert main(["status", "nebula", *db]) == 0


def test_export_map_never_writes_its_picture_over_the_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DN-ERR-1 (as bad input): `export -o t.txt --map` writes t.svg beside the turn file;
    when t.svg is the database, nothing is exported, drawn or written."""
    database = tmp_path / "t.svg"
    db = _new(database, capsys)
    before = _recorded(db, capsys)
    turn = tmp_path / "t.txt"
    code = main(["export", "nebula", "--side", "solomani", "-o", str(turn), "--map", *db])
    assert code == 1
    assert capsys.readouterr().err == (
        f"campaign: {database}: that is the database campaign 'nebula' is kept in; "
        "write the picture to another path\n"
    )
    assert _recorded(db, capsys) == before and not turn.exists()


def _recorded(db: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What the database records of the game and its files (it opens as a database still)."""
    assert main(["log", "nebula", *db]) == 0
    assert main(["exchanges", "nebula", *db]) == 0
    return capsys.readouterr().out
