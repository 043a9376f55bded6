"""A text field whose editing keys act in the order they were typed (every text field of the
campaign screens and of the scenario games is one).

Textual's ``Input`` types a printable key the moment it reads it, but runs its editing keys
(Backspace, the arrows, Home, Ctrl+U, Ctrl+W, Enter...) as bindings, once the key has gone up
to the app and the app has looked the key up. By then the field has already typed the keys that
followed in the same burst, so the editing key acts on the wrong text: ``solomani pax``
Backspace ``ss`` typed at once gave ``solomani paxs``, and Ctrl+U followed at once by an order
cleared the first half of the new order (found by use, both under tmux; Textual issue 6605,
open upstream). A fast typist, a paste through the terminal or a loaded machine all send such
bursts.

``TypeAheadInput`` runs the field's own bindings when it reads the key, in the order typed.
Bindings of the screens and of the app around it run as before: a priority one before the
field sees the key, any other after the field gives the key back.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class TypeAheadInput(Input):
    """An ``Input`` that acts on each key in the order the keys were typed."""

    async def _on_key(self, event: events.Key) -> None:
        if not event.is_printable and await self._run_own_binding(event.key):
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)

    async def _run_own_binding(self, key: str) -> bool:
        """Run the field's own (non-priority) binding of ``key``, as the app would once the key
        came back to it; False when the field binds no such key or its action declines it."""
        for binding in self._bindings.key_to_bindings.get(key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                return True
        return False
