"""JSON nested too deep is refused in one wording, naming DN-ERR-1 and the file, however deep
it goes and whichever command reads it. Found by use, December 8: 65 levels read "JSON nested
deeper than 64 levels", 200 000 read "JSON nested too deeply", and `campaign audit` of the
latter showed a Python traceback (RecursionError)."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.app.seeds import read_seed_game
from campaign.cli import main

ONE_WORDING = "DN-ERR-1: JSON nested deeper than 64 levels"


def _nested(tmp_path: Path, depth: int) -> Path:
    path = tmp_path / f"deep-{depth}.json"
    path.write_text("[" * depth + "]" * depth)
    return path


@pytest.mark.parametrize("depth", [65, 200_000])
@pytest.mark.parametrize("command", ["verify", "audit"])
def test_every_reader_says_the_same(tmp_path, capsys, depth, command):  # DN-ERR-1
    path = _nested(tmp_path, depth)
    db = ["--db", f"sqlite:///{tmp_path / 'x.db'}"] if command == "verify" else []
    if db:
        assert main(["new", "nebula", "--seed", "3", "--as", "aslan", *db]) == 0
    assert main([command, str(path), *db]) != 0
    captured = capsys.readouterr()
    assert f"{path}: not a turn file: {ONE_WORDING}" in captured.err
    assert "Traceback" not in captured.err + captured.out


@pytest.mark.parametrize("depth", [65, 200_000])
def test_a_seed_game_says_the_same(tmp_path, depth):  # DN-ERR-1
    path = _nested(tmp_path, depth)
    with pytest.raises(ValueError) as refused:
        read_seed_game(path)
    assert str(refused.value) == f"{path}: not a seed game: {ONE_WORDING}"
