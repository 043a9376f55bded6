"""DN-ERR-1: a map picture never replaces a database, a key or any other file of the user's.

Found by use (December 7): `campaign data map -o FILE.svg` opens no database, so the guard of
`campaign map -o` (never over the campaign's own database) did not apply: a database, a key
file or any file named ``.svg`` was written over. Both commands (and `export --map`) now refuse
any existing file that is not a map this tool drew (``render.output.refuse_non_map``), before
anything is drawn, naming the path; a map drawn before is replaced as always.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from campaign.cli import main

DATA_MAP = ["data", "map", "--section", "dark_nebula"]


def _files(tmp_path: Path, alpha_db: str) -> dict[str, tuple[Path, str]]:
    """Files a user might name by mistake, each with what the refusal says it is."""
    database = tmp_path / "campaigns.svg"
    shutil.copyfile(alpha_db.removeprefix("sqlite:///"), database)
    key = tmp_path / "aslan.svg"
    key.write_text("-----BEGIN PRIVATE KEY-----\nMC4CAQAw\n-----END PRIVATE KEY-----\n")
    notes = tmp_path / "notes.svg"
    notes.write_text("my notes\n")
    other = tmp_path / "drawing.svg"
    other.write_text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>\n')
    photo = tmp_path / "photo.png"
    photo.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(40))
    return {
        "database": (database, "it is an SQLite database"),
        "key": (key, "it is a key file"),
        "notes": (notes, "it holds other content"),
        "svg": (other, "it is a picture"),
        "png": (photo, "it is a picture"),
    }


@pytest.mark.parametrize("kind", ["database", "key", "notes", "svg", "png"])
@pytest.mark.parametrize("command", ["data map", "map"])
def test_a_file_that_is_not_a_map_is_refused_and_kept(alpha_db, tmp_path, capsys, kind, command):
    target, said = _files(tmp_path, alpha_db)[kind]
    before = target.read_bytes()
    line = DATA_MAP if command == "data map" else ["map", "alpha", "--db", alpha_db]
    assert main([*line, "-o", str(target)]) == 1
    err = capsys.readouterr().err
    assert err == (
        f"campaign: {target}: {said}, not a map this tool drew; write the picture to another "
        "path (or remove that file first)\n"
    )
    assert target.read_bytes() == before


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_a_map_drawn_before_is_replaced(alpha_db, tmp_path, capsys, suffix):  # DN-MAP-1
    target = tmp_path / f"map{suffix}"
    assert main([*DATA_MAP, "-o", str(target)]) == 0
    assert main(["map", "alpha", "--db", alpha_db, "-o", str(target)]) == 0
    assert main([*DATA_MAP, "-o", str(target)]) == 0
    empty = tmp_path / f"empty{suffix}"
    empty.touch()
    assert main([*DATA_MAP, "-o", str(empty)]) == 0 and empty.stat().st_size > 0
