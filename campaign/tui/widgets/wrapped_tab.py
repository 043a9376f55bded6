"""A tab whose text is wrapped at the width it has (the Battle and Economy tabs)."""

from __future__ import annotations

from textual import events
from textual.containers import VerticalScroll

from campaign.tui.views import WRAP


class WrappedTab(VerticalScroll):
    """A scrolling tab that wraps its sentences at its own width and wraps them again when
    that width changes (at a fixed 76 columns the tabs wrapped there at 160x48 too: found by
    use, December 7). A subclass writes its text in ``draw``, wrapped at ``wrap_width``."""

    #: The columns the text was last wrapped at (0: not yet).
    _wrapped_at = 0

    @property
    def wrap_width(self) -> int:
        """The columns a row may take: the tab's width less its gutter, the room of a vertical
        scroll bar (shown or not) and one; ``WRAP`` before the tab is laid out."""
        room = self.region.width - self.styles.gutter.width - self.styles.scrollbar_size_vertical
        return room - 1 if room > 1 else WRAP

    def on_resize(self, event: events.Resize) -> None:
        """A new width wraps the text again."""
        if self.wrap_width != self._wrapped_at:
            self.redraw()

    def redraw(self) -> None:
        """Write the text again at the tab's width now."""
        self._wrapped_at = self.wrap_width
        self.draw(self._wrapped_at)

    def draw(self, width: int) -> None:
        """Write the tab's text wrapped at ``width`` columns (each tab)."""
        raise NotImplementedError
