"""``campaign demo`` and ``campaign tui`` on what the terminal and the options say (issue 44
item 4): the ``--create-only`` message names the database it used, and a terminal that cannot
draw the full-screen UI (``TERM=dumb``) gets a clear refusal instead of escape codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.cli import main
from campaign.cli.handlers.tui import demo_command


def no_ui(*args, **kwargs):
    raise AssertionError("the TUI must not be opened here")


def test_create_only_says_how_to_open_the_same_database(tmp_path: Path, monkeypatch, capsys):
    """Issue 44 item 4: ``--db URL`` was left out of "open it with: campaign demo"."""
    monkeypatch.setattr("campaign.cli.handlers.tui.create_app", no_ui)
    url = f"sqlite:///{tmp_path / 'club games.db'}"
    assert main(["demo", "--create-only", "--db", url]) == 0
    out = capsys.readouterr().out
    assert f"open it with: campaign demo --db '{url}'" in out


def test_the_demo_command_never_echoes_a_password():
    """Issue 44 item 4: the URL is shown as typed, but a password in it is not."""
    assert demo_command(None) == "campaign demo"
    shown = demo_command("postgresql://ref:s3cret@db.example/campaigns")
    assert "s3cret" not in shown
    assert shown == "campaign demo --db postgresql://ref:PASSWORD@db.example/campaigns"


@pytest.mark.parametrize("command", [["demo"], ["tui"]])
def test_a_dumb_terminal_gets_a_refusal_not_the_full_screen_ui(
    tmp_path: Path, monkeypatch, capsys, command: list[str]
):
    """Issue 44 item 4: ``TERM=dumb`` drew the full-screen UI anyway; now a clear sentence on
    stderr, a non-zero exit, nothing created."""
    monkeypatch.setattr("campaign.cli.handlers.tui.create_app", no_ui)
    monkeypatch.setenv("TERM", "dumb")
    db = tmp_path / "c.db"
    assert main([*command, "--db", f"sqlite:///{db}"]) != 0
    err = capsys.readouterr().err
    assert "TERM=dumb cannot draw the full-screen terminal UI" in err
    assert "campaign status" in err
    assert not db.exists()


@pytest.mark.parametrize("command", [["demo"], ["tui"], ["tui", "war"]])
def test_a_keymap_file_named_but_missing_is_refused(
    tmp_path: Path, monkeypatch, capsys, command: list[str]
):
    """``--keymap my-keys.toml`` (the example of ``campaign tui --help``) with no such file
    opened the UI with no keymap and said nothing: a mistyped file name went unnoticed. Now one
    line naming the file, before anything is created or opened."""
    monkeypatch.setattr("campaign.cli.handlers.tui.create_app", no_ui)
    monkeypatch.setenv("TERM", "xterm-256color")
    db = tmp_path / "c.db"
    keymap = tmp_path / "my-keys.toml"
    assert main([*command, "--db", f"sqlite:///{db}", "--keymap", str(keymap)]) != 0
    err = capsys.readouterr().err
    assert err.startswith(f"campaign: {keymap}: no such keymap file")
    assert len(err.strip().splitlines()) == 1
    assert not db.exists()


def test_an_existing_keymap_file_opens_the_ui(tmp_path: Path, monkeypatch):
    """The refusal above is for a missing file only: a file that is there is read by the UI."""
    opened: list[Path | None] = []

    class FakeApp:
        return_code = None  # as Textual's after a plain quit

        def run(self) -> None:
            pass

    def fake_app(keymap: Path | None, **kwargs) -> FakeApp:
        opened.append(keymap)
        return FakeApp()

    monkeypatch.setattr("campaign.cli.handlers.tui.create_app", fake_app)
    monkeypatch.setenv("TERM", "xterm-256color")
    keymap = tmp_path / "my-keys.toml"
    keymap.write_text('"campaign.undo" = "z"\n', encoding="utf-8")
    assert main(["tui", "--db", f"sqlite:///{tmp_path / 'c.db'}", "--keymap", str(keymap)]) == 0
    assert opened == [keymap]


def test_a_screen_that_ends_on_an_error_is_a_failed_command(tmp_path: Path, monkeypatch):
    """DN-ERR-1 (found by use, December 7): ``campaign tui demo --table`` ended by an error
    (the campaign deleted while it was shown, a crash) exited 0, so a script or the server
    that started it took it for a clean quit. The app's return code is the command's."""

    class FailedApp:
        return_code = 1

        def run(self) -> None:
            pass

    monkeypatch.setattr("campaign.cli.handlers.tui.create_app", lambda *a, **k: FailedApp())
    monkeypatch.setenv("TERM", "xterm-256color")
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["demo", "--create-only", "--db", url]) == 0
    assert main(["tui", "demo", "--table", "--db", url]) == 1
    FailedApp.return_code = 0
    assert main(["tui", "demo", "--db", url]) == 0
