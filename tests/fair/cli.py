"""The command line as the fair-play CLI tests drive it: one database per side, each command
run through ``campaign.cli.main`` with its output captured."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.cli import main


def side_db(tmp: Path, side: str) -> list[str]:
    """The ``--db`` option of ``side``'s SQLite database in ``tmp``."""
    return ["--db", f"sqlite:///{tmp / (side + '.db')}"]


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``campaign ARGV``: exit status, standard output, standard error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
