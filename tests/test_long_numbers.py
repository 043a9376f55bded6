"""Issue 46 item 5: a number too long to read is refused in our words, naming the line, in a
turn file and in a seed game (not Python's "Exceeds the limit (4300 digits)" advice)."""

from __future__ import annotations

import json

from campaign.cli import main
from tests.compat.game import COMPAT_DIR
from tests.conftest import REPO_ROOT
from tests.databases import existing_sqlite

HUGE = "9" * 100_000


def _refusal(capsys, *argv: str) -> str:
    capsys.readouterr()
    assert main(list(argv)) == 1
    err = capsys.readouterr().err
    assert "Exceeds the limit" not in err and "set_int_max_str_digits" not in err
    assert err.count("\n") == 1
    return err


def test_a_turn_file_with_a_huge_number(tmp_path, capsys):  # DN-ERR-1
    text = (COMPAT_DIR / "v0_1_0" / "files" / "f019-solomani.json").read_text(encoding="utf-8")
    assert '"exchange": 19' in text
    bad = tmp_path / "turn.json"
    bad.write_text(text.replace('"exchange": 19', f'"exchange": {HUGE}', 1), encoding="utf-8")
    err = _refusal(capsys, "verify", str(bad), "--db", existing_sqlite(tmp_path / "c.db"))
    assert f"{bad}: not a turn file: line 9: a number of 100000 digits (at most 4300" in err


def test_a_seed_game_with_a_huge_number(tmp_path, capsys):  # DN-ERR-1
    game = json.loads((REPO_ROOT / "seeds" / "standard-turn1.json").read_text(encoding="utf-8"))
    bad = tmp_path / "seed.json"
    text = json.dumps({**game, "seed": 12345}, indent=1)
    assert text.count('"seed": 12345') == 1
    bad.write_text(text.replace('"seed": 12345', f'"seed": {HUGE}'), encoding="utf-8")
    err = _refusal(capsys, "replay", str(bad))
    assert f"{bad}: not a seed game: line " in err and "a number of 100000 digits" in err
