"""Shared helpers of the content tests: a writable copy of data/ and the CLI runner."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

from campaign.cli import main
from tests.conftest import DATA_DIR


def copy_data(target: Path) -> Path:
    """A full copy of the shipped data directory at ``target`` (returned)."""
    shutil.copytree(DATA_DIR, target)
    return target


def run_cli(*argv: str) -> tuple[int, str, str]:
    """Run ``campaign <argv>`` in-process; returns (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def replace_in(path: Path, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in ``path`` (fails if it is not there)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")
