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

``TypeAheadInput`` runs the field's own bindings when it reads the key, in the order typed,
and those of the widgets that ``key_owners`` names: a field that is part of a larger one (the
filter line of a choice field, whose Up and Down move the list) names that one too, or Enter,
now acted on where it was typed, would read the list before a Down typed ahead of it had moved
it. Bindings of the screens and of the app around it run as before: a priority one before the
field sees the key, any other after the field gives the key back.
"""

from __future__ import annotations

import os
from typing import Any

from textual import events
from textual.dom import DOMNode
from textual.widgets import Input
from textual.widgets.input import Selection


class TypeAheadInput(Input):
    """An ``Input`` that acts on each key in the order the keys were typed."""

    async def _on_key(self, event: events.Key) -> None:
        if not event.is_printable and await self._run_binding_here(event.key):
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)

    def key_owners(self) -> tuple[DOMNode, ...]:
        """The widgets whose bindings this field runs as it reads a key, nearest first: itself."""
        return (self,)

    async def _run_binding_here(self, key: str) -> bool:
        """Run the (non-priority) binding of ``key`` of the first of ``key_owners`` that binds
        it, as the app would once the key came back to it; False when none binds the key or
        their actions decline it (the key then goes on up as before)."""
        for owner in self.key_owners():
            for binding in owner._bindings.key_to_bindings.get(key, ()):
                if not binding.priority and await self.app.run_action(binding.action, owner):
                    return True
        return False


class FieldInput(TypeAheadInput):
    """A dialog's text field: focused, it selects what follows the last folder separator of
    the value offered, so a path offered keeps its folder and a name typed replaces only the
    name (found by use, December 7: the import prompt and the export form offered the
    remembered folder selected whole, the name typed replaced it and the file was read from,
    or written to, the working directory; the scenario games' save and open dialog did the
    same with the saves folder). A value with no separator is selected whole
    (typing replaces it); one ending in a separator (a folder) gets the cursor at its end.

    A ``/`` or ``~`` typed or pasted where the name begins (the name offered selected, or
    erased) starts a new path: it replaces the folder offered too, so an absolute path typed
    is that path, not one under the folder (found by use, December 7, night: ``/tmp/x.txt``
    typed in the export form gave ``…/pb//tmp/x.txt``). Typed anywhere else it is an
    ordinary character (``sub/x.txt`` after the folder is a relative path there)."""

    #: What begins a path of its own: the root (``/``, or the system's separator) or ``~``.
    NEW_PATH_STARTS = frozenset({"/", os.sep, "~"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Textual's own select-all on focus is replaced by this class's (the handlers of
        #: both classes run: Textual calls each class's ``_on_focus``).
        self.select_name = self.select_on_focus
        self.select_on_focus = False
        #: The folder part of the value offered when the field got the focus (None: none).
        self.offered_folder: str | None = None

    def _on_focus(self, event: events.Focus) -> None:
        if self.select_name and not event.from_app_focus:
            name = max(self.value.rfind("/"), self.value.rfind(os.sep)) + 1
            self.offered_folder = self.value[:name]
            self.selection = Selection(name, len(self.value))

    def starts_a_new_path(self, text: str) -> bool:
        """True when ``text`` typed now begins a path of its own: it begins with ``/`` or
        ``~`` and would go where the name after the folder offered begins, with nothing after
        it (the name selected to the end, or erased)."""
        if not text or text[0] not in self.NEW_PATH_STARTS or self.offered_folder is None:
            return False
        start, end = sorted(self.selection)
        return self.value[:start] == self.offered_folder and end == len(self.value)

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable and self.starts_a_new_path(event.character or ""):
            self.selection = Selection(0, len(self.value))  # the key typed replaces it all
        await super()._on_key(event)

    def _on_paste(self, event: events.Paste) -> None:
        # Textual then runs ``Input._on_paste`` itself (each class's handler), which pastes
        if self.starts_a_new_path(event.text):
            self.selection = Selection(0, len(self.value))
