"""Real CLI sessions written into the docs (the README, docs/engine.md, docs/tutorial.md): run
the commands in this process against a test database and return the text a user sees, command
lines prefixed with ``$``; a doc's block between two markers is compared with it, or rewritten
with ``CAMPAIGN_WRITE_DOCS=1`` (the diff then shows what changed)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
from collections.abc import Sequence

from campaign.cli import main

#: Set to 1 to rewrite the blocks instead of comparing them.
WRITE_ENV = "CAMPAIGN_WRITE_DOCS"


def run_session(commands: Sequence[str], db_url: str) -> str:
    """Run ``commands`` (each ``campaign ...``) with ``--db db_url``; the fenced transcript.
    Every command must succeed; state digests (which change with any rules change that touches
    the state's shape) are shown as ``…``."""
    out = ["```"]
    for command in commands:
        argv = shlex.split(command)[1:]
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(buffer):
            code = main([*argv, "--db", db_url])
        assert code == 0, f"{command}\n{buffer.getvalue()}"
        out.append(f"$ {command}")
        text = re.sub(r"state digest [0-9a-f]{64}", "state digest …", buffer.getvalue())
        out.extend(line.rstrip() for line in text.rstrip("\n").split("\n"))
    out.append("```")
    return "\n".join(out)


def block(text: str, start: str, end: str) -> str:
    """The text between the markers ``start`` and ``end``, without the surrounding newlines."""
    first, last = text.index(start) + len(start), text.index(end)
    return text[first:last].strip("\n")


def with_block(text: str, start: str, end: str, fresh: str) -> str:
    """``text`` with the block between the markers replaced by ``fresh``."""
    first, last = text.index(start) + len(start), text.index(end)
    return text[:first] + "\n" + fresh + "\n" + text[last:]


def writing() -> bool:
    """True when the docs are to be rewritten (``CAMPAIGN_WRITE_DOCS=1``)."""
    return os.environ.get(WRITE_ENV) == "1"
