"""The Textual driver of a seat's screen in the browser: textual-serve's web driver, which also
answers the server's ``ping`` from the screen's own event loop.

textual-serve's server answered a page's ``ping`` itself, so a page could not tell that its
screen had stopped answering (its process stopped, ``kill -STOP``, or its loop stuck): the
page froze silently (found by use, December 7, night). The server now passes a page's ping on
to its screen as ``{"type": "ping", "data": DATA}``, and this driver answers
``{"type": "pong", "data": DATA}`` once the screen's event loop runs the answer — so a pong
says that the screen itself is alive, not just its input thread. The server hands the pong to
the page (``campaign.serve.server``), whose script says when none has come for a while.

A page resized while its screen starts (a phone turned, a window resized as the page loads)
was drawn at its old size for good: Textual's driver posts the first size (the page's, from
the link's query) from a task it schedules, and a resize read from the page meanwhile,
posted straight into the app's queue, overtook it, so the stale first size came last (found
by use, December 8: the table view opened in a wide window made narrow at once drew a
133-column screen into a 43-column page, its results off the edge). This driver posts a
resize the same way as the first size, in order after it.

``campaign serve`` names this class in ``TEXTUAL_DRIVER`` for the screens it starts
(``SeatService``); nothing else uses it.
"""

from __future__ import annotations

import asyncio
import contextlib

from textual import events
from textual.drivers.web_driver import WebDriver
from textual.geometry import Size

#: The longest ping data answered (what textual-serve's page sends: a time in milliseconds).
MAX_PING = 64


class SeatWebDriver(WebDriver):
    """textual-serve's web driver with the ``ping`` answered from the app's loop (see the
    module)."""

    _seat_loop: asyncio.AbstractEventLoop | None = None

    def start_application_mode(self) -> None:
        # called on the app's event loop: the loop that answers the pings
        self._seat_loop = asyncio.get_running_loop()
        super().start_application_mode()

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        """A ``ping`` is answered (``pong``, the same data) when the app's loop gets to it; a
        ``resize`` is posted after the first size (see the module); everything else as
        textual-serve's driver does. Runs on the driver's input thread."""
        if packet_type == "resize" and self._seat_loop is not None:
            self._resize(payload)
            return
        if packet_type != "ping":
            super().on_meta(packet_type, payload)
            return
        data = payload.get("data")
        loop = self._seat_loop
        if loop is None or not isinstance(data, str) or len(data) > MAX_PING:
            return
        answer: dict[str, object] = {"type": "pong", "data": data}
        with contextlib.suppress(RuntimeError):  # the loop has closed: the screen is ending
            loop.call_soon_threadsafe(self.write_meta, answer)

    def _resize(self, payload: dict[str, object]) -> None:
        """Post the page's new size to the app as Textual's driver posts the first one (a
        task scheduled on the app's loop, so the two reach the app in the order they came)."""
        width, height = payload.get("width"), payload.get("height")
        loop = self._seat_loop
        if loop is None or not isinstance(width, int) or not isinstance(height, int):
            return
        self._size = (width, height)
        size = Size(width, height)
        app = self._app

        async def post() -> None:
            app.post_message(events.Resize(size, size))

        with contextlib.suppress(RuntimeError):  # the loop has closed: the screen is ending
            asyncio.run_coroutine_threadsafe(post(), loop)
