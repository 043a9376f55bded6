"""Updating a text widget only when what it shows changes.

``Static.update`` always asks the screen for a new layout (its size may have changed) and a
repaint, even when the new content equals the old one. The campaign screen rebuilds its texts
after every order — the phase tracker, the map, its legend, the selected system's routes — and
most of them read the same as before, so each order cost several layouts and repaints that
changed nothing on the screen (issue 32, item 11: a third of the TUI tests' time went to
layouts and repaints).

A text that did change but keeps its size (the same number of lines, none wider than the
widget, and in a widget as wide as its text the same widest line: the phase tracker's event
number, a recoloured map) is repainted
without a layout of the whole screen: on a live update every browser seat paid a layout for
each such text (issue 43, the live table under load).

It lives with the scenarios' shared screen code (as ``footer.py`` does) because both front ends
use it: the campaign's screens may import the scenarios, and the scenarios no campaign layer.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.content import Content
from textual.markup import MarkupError
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


def show_text(widget: Static, content: str | Text) -> bool:
    """Give ``widget`` ``content`` unless it already shows the same; True when it changed.

    The same means the same characters and the same styles: Rich's ``Text`` compares only its
    characters and spans (not its base style), and Textual's ``Content`` only its characters,
    so neither ``==`` would see a map recoloured for another theme."""
    if _same(widget.content, content):
        return False
    size = _size(content)
    shown = getattr(widget, "_shown_size", None)
    widget.update(content, layout=_resized(widget, shown, size))
    widget._shown_size = size  # type: ignore[attr-defined]
    return True


def _resized(widget: Static, shown: tuple[int, int] | None, size: tuple[int, int]) -> bool:
    """True when the new text may change ``widget``'s size: another number of lines, a line
    wider than the widget (it wraps), or another widest line in a widget as wide as its
    text."""
    if shown is None or shown[0] != size[0] or size[1] > widget.content_size.width:
        return True
    width = widget.styles.width
    return width is not None and width.is_auto and shown[1] != size[1]  # unset: fills


def _size(content: str | Text) -> tuple[int, int]:
    """Lines and the widest line's cells of ``content`` as it would be drawn unwrapped."""
    try:
        plain = content.plain if isinstance(content, Text) else Content.from_markup(content).plain
    except MarkupError:  # not markup Textual reads: sized as typed
        plain = str(content)
    lines = plain.split("\n")
    return len(lines), max(cell_len(line) for line in lines)


def show_options(
    options: OptionList, prompts: list[str], disabled: frozenset[int] = frozenset()
) -> bool:
    """Give ``options`` the rows ``prompts`` (the ``disabled`` ones greyed) unless it already
    lists the same; True when it changed. ``set_options`` measures and lays out the list
    again even for the same rows."""
    shown = getattr(options, "_shown_prompts", None)
    wanted = (tuple(prompts), disabled)
    if shown == wanted:
        return False
    options.set_options(
        Option(prompt, disabled=index in disabled) for index, prompt in enumerate(prompts)
    )
    options._shown_prompts = wanted  # type: ignore[attr-defined]
    return True


def _same(shown: object, content: str | Text) -> bool:
    if isinstance(content, str):
        return type(shown) is str and shown == content
    return isinstance(shown, Text) and _signature(shown) == _signature(content)


def _signature(text: Text) -> tuple[object, ...]:
    return (
        text.plain,
        text.spans,
        text.style,
        text.justify,
        text.overflow,
        text.no_wrap,
        text.end,
        text.tab_size,
    )
