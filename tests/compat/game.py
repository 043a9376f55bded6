"""A recorded game of a released version, copied where a test may change it, and the CLI
driven as each player drives it after upgrading (``tests/compat/README.md``)."""

from __future__ import annotations

import contextlib
import io
import shutil
from dataclasses import dataclass
from pathlib import Path

from campaign.cli import main

COMPAT_DIR = Path(__file__).resolve().parent
CAMPAIGN = "nebula"


def run(*argv: str) -> tuple[int, str, str]:
    """``campaign ARGV`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def copy_release(version: str, target: Path) -> Path:
    """The fixtures of release ``version`` copied to ``target`` (private keys made 0600, as the
    tool wants them); the checked-in copy is never written."""
    shutil.copytree(COMPAT_DIR / f"v{version.replace('.', '_')}", target)
    for key in target.glob("keys/*/*.key"):
        key.chmod(0o600)
    return target


@dataclass
class Machine:
    """One player's machine after the upgrade: a database, the side played, its signing key
    and the folder of the public key it trusts."""

    db: Path
    side: str
    key: Path
    trust: Path

    @property
    def db_args(self) -> list[str]:
        return ["--db", f"sqlite:///{self.db}"]

    def order(self, text: str) -> str:
        code, out, err = run("order", CAMPAIGN, f"{self.side} {text}", *self.db_args)
        assert code == 0, err
        return out

    def export(self, path: Path) -> Path:
        code, _, err = run("export", CAMPAIGN, "-o", str(path), "--sign", str(self.key),
                           *self.db_args)
        assert code == 0, err
        return path

    def import_file(self, path: Path) -> str:
        code, out, err = run("import", CAMPAIGN, str(path), "--keys", str(self.trust),
                             *self.db_args)
        assert code == 0, err
        return out
