"""One pattern for a CLI command that reads a campaign (issue 48 item 3, docs/index.md "Where to
put a new ..."): the handler calls ``read(args)`` (``campaign.cli.handlers.common``), which
loads the campaign once for the seat's eyes (``Reading.sight``), hands its parts to a pure view
of ``campaign.views`` and prints the view's model. No handler loads a campaign for reading by
itself or asks the service for a ready-made view."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from campaign.cli import main
from tests.conftest import REPO_ROOT
from tests.databases import existing_sqlite

HANDLERS = REPO_ROOT / "campaign" / "cli" / "handlers"
#: Handlers that are no read command: an order file is given on one load (a write), and the
#: terminal UI and its server open a session that reads for itself (``campaign.tui.session``).
NOT_READERS = {"orders_file.py", "tui.py", "serve.py"}
#: What the service would read for a handler: each one a second way to read a campaign.
READ_METHODS = {"load", "status", "log", "story", "reader"}


def _calls(path: Path) -> list[tuple[int, str]]:
    """The ``something.method(...)`` calls of ``READ_METHODS`` in a handler module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in READ_METHODS
            and not (isinstance(node.func.value, ast.Name) and node.func.value.id == "entry")
        ):
            found.append((node.lineno, node.func.attr))
    return found


def test_no_handler_reads_a_campaign_but_through_read():
    offenders = [
        f"{path.name}:{line}: .{method}(...)"
        for path in sorted(HANDLERS.glob("*.py"))
        if path.name not in NOT_READERS | {"common.py"}
        for line, method in _calls(path)
    ]
    assert offenders == [], "read the campaign with common.read(args):\n" + "\n".join(offenders)


def test_the_read_commands_start_from_read():
    uses = {
        path.name
        for path in HANDLERS.glob("*.py")
        if re.search(r"\bread\(args[,)]", path.read_text(encoding="utf-8"))
    }
    assert {
        "play.py",
        "units.py",
        "battles.py",
        "upkeep.py",
        "systems.py",
        "income.py",
        "maps.py",
    } <= uses


def test_a_read_command_on_an_unknown_campaign_is_one_line(tmp_path, capsys):
    # DN-ERR-1: every read command goes through read(args), so each refuses alike
    db = ["--db", existing_sqlite(tmp_path / "c.db")]  # (a missing database is refused)
    for command in (
        ["status"],
        ["status", "--json"],
        ["log"],
        ["log", "--raw"],
        ["units"],
        ["battles"],
        ["upkeep"],
        ["systems"],
        ["income"],
        ["map", "-o", "-"],
    ):
        assert main([command[0], "nowhere", *command[1:], *db]) == 1, command
        err = capsys.readouterr().err
        assert err.startswith("campaign: ") and "nowhere" in err and err.count("\n") == 1, err
