"""The command line as the fair-play CLI tests drive it: one database per side, each command
run through ``campaign.cli.main`` with its output captured."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from campaign.app.mail.keys import peer_dir
from campaign.cli import main


def side_db(tmp: Path, side: str) -> list[str]:
    """The ``--db`` option of ``side``'s SQLite database in ``tmp``."""
    return ["--db", f"sqlite:///{tmp / (side + '.db')}"]


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``campaign ARGV``: exit status, standard output, standard error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def exchange_keys(home: Path, name: str) -> None:
    """Both players made their keys with `campaign new --fair` in one keys home (this test's
    ``$CAMPAIGN_KEYS_HOME``); each puts the other's public key in the campaign's folder there,
    as `campaign new` told them (docs/turn-files.md, "Keys in fair mode")."""
    folder = peer_dir(home, name)
    for side in ("aslan", "solomani"):
        shutil.copyfile(home / f"{side}.pub", folder / f"{side}.pub")
