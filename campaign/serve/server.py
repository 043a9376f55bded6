"""The web server of ``campaign serve``: textual-serve's, with a route per secret link.

textual-serve runs one command for everyone at ``/``. Here every page and websocket sits under
a link's path (``/seat/TOKEN`` and ``/seat/TOKEN/ws``): a wrong or revoked token gets a refusal
page (HTTP 403) and no process; a right one starts that seat's own screen
(``SeatLink.command``) for as long as the tab is open — closing the tab ends the process
(textual-serve asks the app to quit when the websocket closes).

The page is textual-serve's own template with one change: the link to Google's font service is
taken out, so nothing is fetched from the network (the terminal draws with the browser's
monospace font; textual-serve ships its script and styles, served from ``/static``). Every URL
of the page is made from the address the browser used (``Host``), so a phone on the network
reaches the websocket at the same address as the page.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from campaign.serve.links import SeatLink, SeatLinks

log = logging.getLogger("campaign-serve")

#: Every ``<link>`` to a font service on the internet (textual-serve's template has one).
REMOTE_FONTS = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>\s*", re.S)
#: The page a wrong or revoked link gets.
REFUSAL = ("DN-ERR-1: this link opens no seat: it is wrong, or the server that made it has "
           "stopped (each run of `campaign serve` makes new links). Ask the referee for the "
           "link of your seat.")


class TableServer(Server):
    """textual-serve's server with one route per seat link (see the module)."""

    def __init__(self, campaign: str, db_url: str, links: SeatLinks, *, host: str,
                 port: int, public_host: str | None = None) -> None:
        super().__init__(command="", host=host, port=port, title=f"Campaign {campaign}",
                         public_url=f"http://{public_host or host}:{port}")
        self.campaign = campaign
        self.db_url = db_url
        self.links = links
        #: Processes started for open tabs (seat name → count), for the tests and the log.
        self.open_screens: dict[str, int] = {}

    async def _make_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=aiohttp_jinja2.jinja2.FileSystemLoader(
            self.templates_path))
        app.add_routes([
            web.get("/seat/{token}", self.handle_index, name="index"),
            web.get("/seat/{token}/ws", self.handle_websocket, name="websocket"),
            web.static("/static", self.statics_path, name="static"),
        ])
        app.on_startup.append(self.on_startup)
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Nothing printed: ``campaign serve`` prints the links itself."""

    def _link(self, request: web.Request) -> SeatLink:
        link = self.links.find(request.match_info.get("token", ""))
        if link is None:
            raise web.HTTPForbidden(text=REFUSAL)
        return link

    async def handle_index(self, request: web.Request) -> web.Response:
        """The seat's page, or the refusal."""
        link = self._link(request)
        base = f"{request.scheme}://{request.host}"
        websocket = ("wss" if request.scheme == "https" else "ws") + \
            f"://{request.host}{link.path}/ws"
        context: dict[str, Any] = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": websocket,
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": f"{self.title} · {link.seat}"},
        }
        page = aiohttp_jinja2.render_string("app_index.html", request, context)
        return web.Response(text=REMOTE_FONTS.sub("", page), content_type="text/html")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """Start the seat's screen for this tab; end it when the tab closes."""
        link = self._link(request)
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        await websocket.prepare(request)
        service = AppService(link.command(self.campaign, self.db_url),
                             write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                             # textual-serve passes the same method: it is awaited without
                             # arguments, which its defaults allow
                             close=websocket.close,  # type: ignore[arg-type]
                             download_manager=self.download_manager,
                             debug=self.debug)
        self.open_screens[link.seat] = self.open_screens.get(link.seat, 0) + 1
        try:
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        finally:
            await service.stop()
            self.open_screens[link.seat] -= 1
        return websocket
