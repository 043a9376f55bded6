"""Invector (Mark Steere, 2026): rules INV-1..8, exact solver, computer player and Textual screen.

``make_game(cols=5, rows=4, pie=True)`` is the protocol entry point; ``cli_perft``/``cli_solve``
serve ``campaign scenario perft|solve invector ...``; ``make_screen`` builds the game screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scenarios.invector.cli import cli_perft, cli_solve
from scenarios.invector.rules import InvectorGame, InvectorState

if TYPE_CHECKING:
    from scenarios.invector.screen import InvectorScreen


def make_game(cols: int = 5, rows: int = 4, pie: bool = True) -> InvectorGame:
    """The Invector variant with ``cols`` columns, ``rows`` rows, with or without the pie rule."""
    return InvectorGame(cols, rows, pie)


def make_screen(**options: Any) -> InvectorScreen:
    """The Textual screen for the launcher (imported lazily: the rules never need Textual)."""
    # deliberate lazy import: Textual (heavy) stays out of the CLI's start-up and the rules
    from scenarios.invector.screen import InvectorScreen

    return InvectorScreen(**options)


__all__ = ["InvectorGame", "InvectorState", "cli_perft", "cli_solve", "make_game", "make_screen"]
