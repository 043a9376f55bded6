"""Running CLI commands in a fresh interpreter, to see which modules they import (ADR 0021 and
ADR 0027: commands on an SQLite file never import SQLAlchemy or SQLModel; issue 47: `status`
leaves the play-by-e-mail code out where the database plays no side)."""

from __future__ import annotations

import ast
import subprocess
import sys

from tests.conftest import REPO_ROOT

SQL_PACKAGES = ("sqlalchemy", "sqlmodel")


def sql_modules_imported_by(*commands: list[str]) -> tuple[str, list[str]]:
    """Run each ``campaign`` command (each must succeed) in one new interpreter; its output and
    the SQLAlchemy and SQLModel modules it had imported at the end."""
    return modules_imported_by(SQL_PACKAGES, *commands)


def modules_imported_by(names: tuple[str, ...], *commands: list[str]) -> tuple[str, list[str]]:
    """Run each ``campaign`` command (each must succeed) in one new interpreter; its output and
    the modules it had imported at the end that are ``names`` or inside one of them."""
    script = "\n".join(
        [
            "import sys",
            "from campaign.cli import main",
            *(f"assert main({argv!r}) == 0" for argv in commands),
            f"print('LOADED', sorted(m for m in sys.modules "
            f"if any(m == n or m.startswith(n + '.') for n in {names!r})))",
        ]
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO_ROOT, check=False
    )
    assert done.returncode == 0, done.stderr
    output, _, loaded = done.stdout.rpartition("LOADED ")
    return output, ast.literal_eval(loaded)
