"""Registry of the scenario games: one entry per game, used by the CLI, the TUI launcher and the
conformance test suite.

Each entry names a module that provides:

* ``make_game(**options) -> Game`` — the default game when called with no options;
* optionally ``cli_perft(argv: list[str]) -> int`` and ``cli_solve(argv: list[str]) -> int`` for
  ``campaign scenario perft|solve NAME ...`` (they parse their own options);
* optionally ``make_screen(...)`` returning a Textual screen for the launcher.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class ScenarioEntry:
    """One registered scenario game."""

    name: str
    title: str
    module: str

    def load(self) -> ModuleType:
        """Import the game's module."""
        return importlib.import_module(self.module)


#: Every registered scenario, in launcher order. A game adds its line here when it lands.
SCENARIOS: tuple[ScenarioEntry, ...] = (
    ScenarioEntry("imperium-shogi", "Imperium Shogi (3x4 shogi)", "scenarios.imperium_shogi"),
    ScenarioEntry("imperial", "Imperial (investors and rondel, 2–6 players)", "scenarios.imperial"),
    ScenarioEntry("invector", "Invector (capture or step to the centre)", "scenarios.invector"),
)


def find(name: str) -> ScenarioEntry:
    """The entry called ``name``; raises ``KeyError`` with the known names if there is none."""
    for entry in SCENARIOS:
        if entry.name == name:
            return entry
    known = ", ".join(entry.name for entry in SCENARIOS) or "none registered"
    raise KeyError(f"unknown scenario {name!r} (known: {known})")
