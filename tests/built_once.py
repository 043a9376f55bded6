"""Test material built once per test run and shared by the pytest-xdist workers.

A session fixture runs once in *each* worker: `make test` starts four, so an expensive,
immutable piece of set-up (a demo database, a record of what numba compiled on a cold cache)
was built four times. ``built_once`` builds it in a directory every worker of the run can
see (the parent of the workers' base temporary directories, as pytest-xdist documents),
under a file lock: the first worker to ask builds it, the others wait and read the result.
Tests only read or copy what it holds, so they stay isolated from each other.
"""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

#: Written into a directory once its build has finished: a worker that failed half-way
#: leaves none, and the next worker to ask builds the directory again from nothing.
DONE = ".built"


def run_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary directory shared by every process of this test run (the workers' common
    parent under pytest-xdist, the base temporary directory without it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_once(
    tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]
) -> Path:
    """The directory ``name`` of this test run, filled by ``build(directory)`` the first time
    any worker asks for it; later calls, in any worker, wait for that build and return the
    same directory. What it holds must not be changed by a test (copy it first)."""
    root = run_root(tmp_path_factory)
    directory = root / f"built-once-{name}"
    with open(root / f"built-once-{name}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not (directory / DONE).exists():
                shutil.rmtree(directory, ignore_errors=True)
                directory.mkdir()
                build(directory)
                (directory / DONE).touch()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return directory
