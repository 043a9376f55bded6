"""The key footer of every screen: Textual's ``Footer``, rebuilt only when the keys it shows
change.

Textual's footer throws its key widgets away and mounts new ones whenever the screen's bindings
may have changed, which is every focus change: on the campaign screen (about 15 keys) that was a
fifth of the work of moving between fields, and the keys shown were the same most of the time.
This footer compares what it would show — each shown key, its label, action, description,
whether it is enabled, its tooltip — with what it shows, and rebuilds only on a difference, so
what the user sees is exactly Textual's footer. Keys a footer never shows (``show=False``, such
as a list's arrow keys) are left out of the comparison — the palette key, drawn apart, is kept:
moving the focus between two fields that differ only in those keys rebuilt the footer for
nothing (a fifth of its rebuilds).

A compact footer's keys are built with their compact class already set; Textual sets it just
after each key is mounted, which styled every key a second time.

A footer narrower than its keys (a terminal 43 columns wide) drew the palette key over the last
keys, and a compact footer's margin after the palette key let the last letter of the key under
it show at the right edge (``^p Commandsl``). The palette key now ends at the edge, and the keys
that do not fit whole to its left are hidden whole, from the last one back (F1 lists them all).

It lives with the scenarios because both the scenario screens and the campaign screens use it
(the campaign's TUI may import the scenarios; the scenarios import nothing of the campaign).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    """``Footer`` that recomposes only when the keys it would show differ from those shown."""

    DEFAULT_CSS = """
    KeysFooter.-compact FooterKey.-command-palette {
        margin-right: 0;
    }
    """

    _shown: tuple[tuple[Any, ...], ...] | None = None

    def _keys_to_show(self, screen: Screen[Any]) -> tuple[tuple[Any, ...], ...]:
        """What ``compose`` would draw from the screen's active bindings, as comparable data:
        as Textual's footer, the first binding of each action only (``f1`` of "f1, ?": a
        widget that types ``?`` and one that does not show the same keys)."""
        app = screen.app
        actions: set[str] = set()
        shown = []
        for key, (_, binding, enabled, tooltip) in screen.active_bindings.items():
            palette = key == app.COMMAND_PALETTE_BINDING  # drawn though not "shown"
            if not palette and (not binding.show or binding.action in actions):
                continue
            if not palette:
                actions.add(binding.action)
            shown.append(
                (
                    binding.key,
                    app.get_key_display(binding),
                    binding.description,
                    binding.action,
                    binding.group,
                    enabled,
                    tooltip,
                )
            )
        return tuple(shown)

    def compose(self) -> ComposeResult:
        """Textual's keys, each compact from the start when the footer is compact."""
        return self._compact_from_the_start(super().compose())

    def _compact_from_the_start(self, widgets: Iterable[Widget]) -> Iterator[Widget]:
        for widget in widgets:
            if self.compact and isinstance(widget, FooterKey):
                widget.add_class("-compact")
            yield widget

    async def recompose(self) -> None:
        """Textual's rebuild, then only the keys that fit shown."""
        await super().recompose()
        self._fit_keys()

    def on_resize(self, event: events.Resize) -> None:
        """A narrower or wider terminal shows fewer or more keys."""
        self._fit_keys()

    def _fit_keys(self) -> None:
        """Show the keys, in order, while each fits whole left of the palette key; hide the
        rest whole (a key half under the palette key read as another word)."""
        width = self.size.width
        if not width:
            return
        keys = [child for child in self.children if not child.has_class("-command-palette")]
        room = width - sum(
            self._natural_width(child)
            for child in self.children
            if child.has_class("-command-palette")
        )
        for child in keys:
            needed = self._natural_width(child)
            fits = needed <= room
            child.display = fits
            room = room - needed if fits else 0  # the keys after a hidden one are hidden too

    def _natural_width(self, child: Widget) -> int:
        """The columns ``child`` takes when shown: its content, padding, border and margins."""
        content = child.get_content_width(self.size, self.app.size)
        return content + child.styles.gutter.width + child.styles.margin.width

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Textual's handler, minus the rebuild when nothing shown would change."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            shown = self._keys_to_show(screen)
            if shown != self._shown:
                self._shown = shown
                self.call_after_refresh(self.recompose)


#: The key that shows a dialog's keys, in every dialog of the tool (campaign and games).
DIALOG_HELP_KEY = "f1"


def dialog_keys(own: Iterable[BindingType], help_action: str, help_id: str) -> list[BindingType]:
    """A dialog's bindings in the one order every dialog's footer and help list them: the
    dialog's own keys first (``esc Cancel``), then ``f1 Help`` (``help_action``: the action
    that shows its keys, ``help_id``: the id a keymap moves it by). Found by use (December 7):
    the games' dialogs listed ``f1 Help  esc Cancel``, the campaign's ``esc Cancel  f1 Help``:
    each wrote its own list, one with F1 on a base class (Textual lists a base's first)."""
    return [*own, Binding(DIALOG_HELP_KEY, help_action, "Help", id=help_id)]
