"""A database the user names must exist unless the command makes campaigns
(docs/referee-cli.md, "Which commands create a database"; found by use, December 7).

Before: `campaign verify nebula --db sqlite:///typo.db` left an empty ``typo.db`` behind, and a
0-byte file was set up as a new database. Bad input is refused in one line and changes nothing
(as DN-ERR-1 asks of orders)."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.cli import main
from campaign.store.places import DB_URL_ENV

#: Commands that only use campaigns: none may create the database it is given.
READ_COMMANDS = (
    ["list"],
    ["status", "nebula"],
    ["log", "nebula"],
    ["verify", "nebula"],
    ["units", "nebula"],
    ["battles", "nebula"],
    ["income", "nebula"],
    ["upkeep", "nebula"],
    ["systems", "nebula"],
    ["map", "nebula", "-o", "-"],
    ["exchanges", "nebula"],
    ["undo", "nebula"],
    ["order", "nebula", "pass"],
    ["export", "nebula", "--side", "aslan", "-o", "t.txt"],
    ["tui", "nebula"],
)


@pytest.mark.parametrize("command", READ_COMMANDS, ids=lambda words: words[0])
def test_a_read_command_refuses_a_missing_database_and_creates_nothing(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DN-ERR-1 (as bad input): one line naming the path; no file appears."""
    path = tmp_path / "typo.db"
    assert main([*command, "--db", f"sqlite:///{path}"]) == 1
    err = capsys.readouterr().err
    assert err == f"campaign: no database at {path}; `campaign new` creates one\n"
    assert list(tmp_path.iterdir()) == []


def test_an_empty_file_is_refused_and_left_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DN-ERR-1 (as bad input): a 0-byte file is not set up as a database by a read."""
    path = tmp_path / "zero.db"
    path.touch()
    assert main(["status", "nebula", "--db", f"sqlite:///{path}"]) == 1
    assert "is an empty file, not a database" in capsys.readouterr().err
    assert path.stat().st_size == 0
    assert sorted(tmp_path.iterdir()) == [path]


def test_the_environment_variable_names_a_database_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """DN-ERR-1 (as bad input): ``$CAMPAIGN_DB_URL`` is checked like ``--db``."""
    path = tmp_path / "env.db"
    monkeypatch.setenv(DB_URL_ENV, f"sqlite:///{path}")
    assert main(["list"]) == 1
    assert f"no database at {path}" in capsys.readouterr().err
    assert not path.exists()


def test_new_creates_the_database_it_is_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`campaign new` makes campaigns, so it creates a missing (or 0-byte) database file."""
    path = tmp_path / "zero.db"
    path.touch()
    assert main(["new", "nebula", "--db", f"sqlite:///{path}"]) == 0
    capsys.readouterr()
    assert main(["status", "nebula", "--db", f"sqlite:///{path}"]) == 0


def test_the_default_database_is_made_on_first_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a fresh machine `campaign list` works: the data directory's database is the tool's
    own and is created by the first command (no typo can name it)."""
    monkeypatch.delenv(DB_URL_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert main(["list"]) == 0
    assert "no campaigns yet" in capsys.readouterr().out
