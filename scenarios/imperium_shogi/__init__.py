"""Imperium Shogi (いんぺりうむしょうぎ): a 3x4 Dobutsu-shogi-like game, Empire vs Terrans.

Modules: ``rules`` (integer core, move generator, make/unmake, perft, compact encoding),
``notation`` (SHO-10 move and position text), ``game`` (the ``scenarios.protocol`` game with
repetition and history), ``ai`` (alpha-beta player), ``cli`` (perft/solve commands) and
``screen`` (the Textual screen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scenarios.imperium_shogi.cli import cli_perft, cli_solve
from scenarios.imperium_shogi.game import ShogiGame, ShogiState, make_game

if TYPE_CHECKING:
    from scenarios.imperium_shogi.screen import ShogiScreen

__all__ = ["ShogiGame", "ShogiState", "cli_perft", "cli_solve", "make_game", "make_screen"]


def make_screen(**options: Any) -> ShogiScreen:
    """The Textual screen for the launcher (imported lazily: the rules never need Textual)."""
    # deliberate lazy import: Textual (heavy) stays out of the CLI's start-up and the rules
    from scenarios.imperium_shogi.screen import ShogiScreen

    return ShogiScreen(**options)
