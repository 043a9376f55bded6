"""A screen whose lists of keys show only what its seat may use (docs/seats.md).

Every list of keys a screen shows — its footer, the help (F1), Textual's keys panel (Ctrl+P,
Keys) — reads the screen's ``active_bindings``. A ``SeatScreen`` leaves out there the binding
ids its seat is refused (``unoffered_bindings``), so the lists are decided in one place. A key
is dispatched by the screen's binding chain, not by that list, so a key left out still runs
its action when pressed, which answers with the refusal and what to do instead (found by use,
December 7, night: Textual's keys panel listed ``U Referee undo`` on a player's screen after
the help had stopped listing it).
"""

from __future__ import annotations

from textual.binding import ActiveBinding
from textual.screen import Screen


class SeatScreen(Screen[None]):
    """A screen of one seat: its keys lists leave out ``unoffered_bindings``."""

    def unoffered_bindings(self) -> frozenset[str]:
        """The binding ids this screen's seat is refused, left out of its lists of keys."""
        return frozenset()

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's active bindings without ``unoffered_bindings``: what every list of keys
        shows (the dispatch of a key pressed does not read this)."""
        unoffered = self.unoffered_bindings()
        return {
            key: active
            for key, active in super().active_bindings.items()
            if active.binding.id not in unoffered
        }
