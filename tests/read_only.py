"""A folder this process cannot write in, for tests of what the tool says about one."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def read_only_folder(folder: Path) -> Iterator[Path]:
    """``folder`` (created) made read-only for this process while the block runs: mode 0555,
    and for root, whom modes do not stop, the immutable attribute (``chattr +i``); the test
    is skipped, saying why, where neither takes (root on a file system without it)."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o555)
    immutable = False
    if os.access(folder, os.W_OK) and shutil.which("chattr"):
        immutable = (
            subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode == 0
        )
    try:
        if os.access(folder, os.W_OK):
            pytest.skip(f"{folder}: cannot be made read-only here (root without chattr +i)")
        yield folder
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
        folder.chmod(0o755)
