"""Imperial (Mac Gerdts), the investor/rondel game of the teaching guide: rules IMP-1..21.

``make_game`` returns the protocol game; ``make_screen`` the Textual screen for the launcher.
"""

from __future__ import annotations

from typing import Any

from scenarios.imperial.game import ImperialGame, ImperialState, make_game

__all__ = ["ImperialGame", "ImperialState", "make_game", "make_screen"]


def make_screen(**options: Any) -> Any:
    """The launcher's entry: the set-up screen, or straight to the table when ``options``
    (players, seed, computer, switches) are given. Textual is imported only here."""
    # deliberate lazy import: Textual (heavy) stays out of the CLI's start-up and the rules
    from scenarios.imperial.screen import ImperialScreen, ImperialSetupScreen

    return ImperialScreen(**options) if options else ImperialSetupScreen()
