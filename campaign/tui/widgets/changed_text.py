"""Updating a text widget only when what it shows changes.

``Static.update`` always asks the screen for a new layout (its size may have changed) and a
repaint, even when the new content equals the old one. The campaign screen rebuilds its texts
after every order — the phase tracker, the map, its legend, the selected system's routes — and
most of them read the same as before, so each order cost several layouts and repaints that
changed nothing on the screen (issue 32, item 11: a third of the TUI tests' time went to
layouts and repaints).
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def show_text(widget: Static, content: str | Text) -> bool:
    """Give ``widget`` ``content`` unless it already shows the same; True when it changed.

    The same means the same characters and the same styles: Rich's ``Text`` compares only its
    characters and spans (not its base style), and Textual's ``Content`` only its characters,
    so neither ``==`` would see a map recoloured for another theme."""
    if _same(widget.content, content):
        return False
    widget.update(content)
    return True


def _same(shown: object, content: str | Text) -> bool:
    if isinstance(content, str):
        return type(shown) is str and shown == content
    return isinstance(shown, Text) and _signature(shown) == _signature(content)


def _signature(text: Text) -> tuple[object, ...]:
    return (text.plain, text.spans, text.style, text.justify, text.overflow, text.no_wrap,
            text.end, text.tab_size)
