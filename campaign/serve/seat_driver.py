"""The Textual driver of a seat's screen in the browser: textual-serve's web driver, which also
answers the server's ``ping`` from the screen's own event loop.

textual-serve's server answered a page's ``ping`` itself, so a page could not tell that its
screen had stopped answering (its process stopped, ``kill -STOP``, or its loop stuck): the
page froze silently (found by use, December 7, night). The server now passes a page's ping on
to its screen as ``{"type": "ping", "data": DATA}``, and this driver answers
``{"type": "pong", "data": DATA}`` once the screen's event loop runs the answer — so a pong
says that the screen itself is alive, not just its input thread. The server hands the pong to
the page (``campaign.serve.server``), whose script says when none has come for a while.

``campaign serve`` names this class in ``TEXTUAL_DRIVER`` for the screens it starts
(``SeatService``); nothing else uses it.
"""

from __future__ import annotations

import asyncio
import contextlib

from textual.drivers.web_driver import WebDriver

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
        """A ``ping`` is answered (``pong``, the same data) when the app's loop gets to it;
        everything else as textual-serve's driver does. Runs on the driver's input thread."""
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
