"""A modal help screen listing the keys of the screen it was opened from."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from scenarios.footer import KeysFooter
from scenarios.keys import key_as_typed


class HelpScreen(ModalScreen[None]):
    """Lists every active binding of the underlying screen: key, binding id, description.

    It has a footer of its own naming its own keys: the footer of the screen under it went on
    showing that screen's keys ("o Order m Move …"), which the help ignores (found by use,
    December 7, evening; forms.py's dialogs had the same fix)."""

    BINDINGS = [
        Binding("escape,f1,question_mark,q", "dismiss", "Close help", id="help.close"),
    ]

    def __init__(self, title: str, rows: list[tuple[str, str, str]], notes: str = "") -> None:
        """``notes``: what the screen's own keys do that no binding lists (a dialog's Enter,
        Tab and Space), shown under the title."""
        super().__init__()
        self._title = title
        self._rows = rows
        self._notes = notes

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(f"[b]{self._title}[/b] — keys", id="help-title")
            if self._notes:  # a dialog's own keys, read before the list of bindings
                yield Static(self._notes, id="help-about", markup=False)
            table: DataTable[str] = DataTable(
                id="help-table", cursor_type="row", zebra_stripes=True
            )
            table.add_columns("key", "binding id", "what it does")
            for row in self._rows:
                table.add_row(*row)
            yield table
            yield Static(
                "Remap keys in keymap.toml (binding id = keys). Esc closes.", id="help-notes"
            )
        yield KeysFooter()  # its own keys, not the screen's under it

    def action_dismiss(self, result: None = None) -> None:  # type: ignore[override]
        self.dismiss(result)


def binding_rows(screen) -> list[tuple[str, str, str]]:
    """(key, id, description) for every binding the screen and app offer.

    The app's own bindings (those with an id, remappable in keymap.toml) come first, sorted by id;
    the built-in keys of the focused widget (scrolling, selecting) follow. They are the
    screen's ``active_bindings``: a screen leaves out there the keys its seat is refused, as the
    campaign screen does the referee's overrides on a player's screen.
    """
    rows: dict[str, tuple[str, str, str]] = {}
    for active in screen.active_bindings.values():
        binding = active.binding
        if not binding.description:
            continue
        key = key_as_typed(binding.key, screen.app.get_key_display(binding))
        name = binding.id or binding.action
        if name in rows and key not in rows[name][0].split(", "):
            key = f"{rows[name][0]}, {key}"  # every key of a binding (e.g. "F1, ?")
        rows[name] = (key, binding.id or "-", binding.description)
    return sorted(rows.values(), key=lambda row: (row[1] == "-", row[1], row[0]))
