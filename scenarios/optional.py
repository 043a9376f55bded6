"""The optional ``solver`` extra (numpy and numba): whether this installation has it, and the one
line that says how to add it.

A plain ``pip install .`` leaves it out (ADR 0025). Everything a player meets works without it:
Invector's exact solver has a pure-Python search for every board, Imperium Shogi's ``hard``
level falls back to the generic search. Only the compiled searches and the Imperium tablebase
(the full retrograde solve, and reading a solved table for the ``perfect`` level) need it; the
commands that need it say so in one line (``SOLVER_HINT``) instead of failing on an import.

This module only *looks* for the packages (``importlib.util.find_spec``): it never imports
them, so asking costs nothing at start-up.
"""

from __future__ import annotations

import functools
import importlib.util

from campaign.extras import install_hint

#: How to install the extra, for a checkout (pip, make run's .venv) and for a pipx installation:
#: the same line as every other extra's (``campaign.extras``).
SOLVER_HINT = f"install the solver extra: {install_hint('solver')}"


@functools.cache
def has_numpy() -> bool:
    """Whether numpy is installed (reading a solved Imperium table needs it)."""
    return importlib.util.find_spec("numpy") is not None


@functools.cache
def has_solver_extra() -> bool:
    """Whether numpy and numba are both installed (the compiled searches and the tablebase
    solve need both; numba itself needs numpy)."""
    return has_numpy() and importlib.util.find_spec("numba") is not None


def missing_solver_extra(what: str) -> str:
    """The one-line message for a command that needs the extra: ``what`` needs numpy and numba,
    and how to install them."""
    return f"{what} needs numpy and numba, which this installation lacks; {SOLVER_HINT}"
