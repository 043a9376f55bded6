"""Issue 46 item 5: a PostgreSQL import that loses a race printed psycopg's own warning
(``error ignored terminating <psycopg.Pipeline ...>: pipeline aborted``) before our one-line
message; the store keeps driver warnings off the terminal.

Run in a fresh interpreter, as the CLI runs: pytest's own log capture would hide the warning."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import logging
from campaign.store.database import SqlAlchemyDatabase
database = SqlAlchemyDatabase("postgresql+psycopg://nobody@127.0.0.1:1/none")
logging.getLogger("psycopg").warning(
    "error ignored terminating %r: %s", "<psycopg.Pipeline [BAD]>", "pipeline aborted")
database.dispose()
"""


def test_psycopg_warnings_do_not_reach_the_terminal():
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True
    )
    assert "pipeline" not in done.stderr and "pipeline" not in done.stdout
