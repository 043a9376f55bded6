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
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from campaign.cli import main

#: Set to 1 to rewrite the blocks instead of comparing them.
WRITE_ENV = "CAMPAIGN_WRITE_DOCS"


class TypedAtTerminal(io.StringIO):
    """Standard input that is a terminal holding the lines a person types; each line read is
    echoed to standard output, as a terminal shows it after the prompt."""

    def isatty(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:
        line = super().readline(-1 if size is None else size)
        sys.stdout.write(line)
        return line


def run_session(commands: Sequence[str | tuple[str, str]], db_url: str) -> str:
    """Run ``commands`` (each ``campaign ...``) with ``--db db_url``; the fenced transcript.
    A command may come with what is typed at its prompts (``(command, "3 5")``: one die per
    prompt, as a referee at the table types them), echoed after each prompt.
    Every command must succeed; state digests (which change with any rules change that touches
    the state's shape) are shown as ``…``."""
    out = ["```"]
    for entry in commands:
        command, typed = (entry, "") if isinstance(entry, str) else entry
        argv = shlex.split(command)[1:]
        buffer = io.StringIO()
        terminal = TypedAtTerminal("".join(f"{word}\n" for word in typed.split()))
        with (
            contextlib.redirect_stdout(buffer),
            contextlib.redirect_stderr(buffer),
            _stdin(terminal if typed else None),
        ):
            code = main([*argv, "--db", db_url])
        assert code == 0, f"{command}\n{buffer.getvalue()}"
        out.append(f"$ {command}")
        text = re.sub(r"state digest [0-9a-f]{64}", "state digest …", buffer.getvalue())
        out.extend(line.rstrip() for line in text.rstrip("\n").split("\n"))
    out.append("```")
    return "\n".join(out)


@contextlib.contextmanager
def _stdin(replacement: io.StringIO | None) -> Iterator[None]:
    """``sys.stdin`` replaced while a command runs (left alone for ``None``)."""
    if replacement is None:
        yield
        return
    saved, sys.stdin = sys.stdin, replacement
    try:
        yield
    finally:
        sys.stdin = saved


def block(text: str, start: str, end: str) -> str:
    """The text between the markers ``start`` and ``end``, without the surrounding newlines."""
    first, last = text.index(start) + len(start), text.index(end)
    return text[first:last].strip("\n")


def with_block(text: str, start: str, end: str, fresh: str) -> str:
    """``text`` with the block between the markers replaced by ``fresh``."""
    first, last = text.index(start) + len(start), text.index(end)
    return text[:first] + "\n" + fresh + "\n" + text[last:]


def stale_blocks(
    page: Path, tag: str, blocks: Sequence[tuple[str, Sequence[str | tuple[str, str]]]], db_url: str
) -> list[str]:
    """Play ``blocks`` in order on ``db_url`` and compare each with the block of ``page``
    between ``<!-- TAG:NAME -->`` and ``<!-- /TAG:NAME -->``; the names of the blocks that
    differ. With ``CAMPAIGN_WRITE_DOCS=1`` the page is rewritten instead (and none differ)."""
    text = page.read_text(encoding="utf-8")
    stale = []
    for name, commands in blocks:
        start, end = f"<!-- {tag}:{name} -->", f"<!-- /{tag}:{name} -->"
        fresh = run_session(commands, db_url)
        if writing():
            text = with_block(text, start, end, fresh)
        elif block(text, start, end) != fresh:
            stale.append(name)
    if writing():
        page.write_text(text, encoding="utf-8")
    return stale


def writing() -> bool:
    """True when the docs are to be rewritten (``CAMPAIGN_WRITE_DOCS=1``)."""
    return os.environ.get(WRITE_ENV) == "1"
