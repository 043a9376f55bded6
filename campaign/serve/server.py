"""The web server of ``campaign serve``: textual-serve's, with a route per secret link.

textual-serve runs one command for everyone at ``/``. Here every page and websocket sits under
a link's path (``/seat/TOKEN`` and ``/seat/TOKEN/ws``): a wrong or revoked token gets a refusal
page (HTTP 403) and no process; a right one starts that seat's own screen
(``SeatLink.command``) for as long as the tab is open — closing the tab ends the process
(textual-serve asks the app to quit when the websocket closes). Outside the links only the
static files and ``/download/KEY``: what a screen hands its own page (the palette's
Screenshot), under a random key made for that one delivery (textual-serve's download
manager); without that route the page opened a 404.

The page is textual-serve's own template with one change: the link to Google's font service is
taken out, so nothing is fetched from the network (the terminal draws with the browser's
monospace font; textual-serve ships its script and styles, served from ``/static``). No URL of
the page is made from the request: the script, the styles and the websocket are paths on the
server (``/static/…``, ``/seat/TOKEN/ws``), and a line of script makes the websocket's address
from the page's own (``location``) before textual-serve's script opens it, so a phone on the
network reaches the websocket at the same address as the page. (They were made from the
request's ``Host`` header, which whoever sends the request writes: found by use, December 7,
``Host: evil.example:1`` was echoed into ``<script src>``.)

A message a page sends on its websocket is read by ``read_message``: one that textual-serve's
page never sends (not JSON, not ``[type, data]``, an unknown type, data of the wrong shape) is
answered with a one-line refusal (logged in the page's console, and one line in the server's
terminal) and the screen goes on (found by use, December 7: "not json" ended that tab's screen
with a traceback in the server's terminal).

Every page says why its screen closed: before the server closes a tab's websocket it sends
``["seat_ended", LINE]``, which a line of script on the page (``SEAT_PAGE_SCRIPT``) puts in
the page's "closed" panel — the screen quit (``q``), could not start or stopped (the reason
the seat's process gave, in one line: ``ended_reason``), the link revoked, the server stopped
(found by use, December 7, evening: every page said "you quit it (q), or the server ended
it", and the reason was in the server's terminal only). Ctrl+C in the server's terminal ends
the server alone: the seats' processes run in a session of their own
(``SeatService``), so the server closes their pages with its own word, then ends them.

A screen's process has ``QUIT_WITHIN`` seconds to end once the screen has quit or was asked
to (its tab closed, its link revoked, the server stopping); one that does not is ended with
its session's processes, and its page and the server's terminal say so (found by use,
December 7, night: the server waited for ever, so a hung screen kept its page on a dead
screen, held one of its link's places and outlived the server).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import signal
import sys
import threading
from asyncio.subprocess import Process
from collections.abc import Callable
from string import Template
from typing import Any

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from campaign.rules.wording import plural
from campaign.serve.links import SeatLink, SeatLinks
from campaign.serve.seat_driver import MAX_PING, SeatWebDriver

log = logging.getLogger("campaign-serve")

#: Every ``<link>`` to a font service on the internet (textual-serve's template has one).
REMOTE_FONTS = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>\s*", re.S)
#: The page a wrong or revoked link gets.
REFUSAL = (
    "DN-ERR-1: this link opens no seat: it is wrong, the referee revoked it, or the "
    "server that made it has stopped (each run of `campaign serve` makes new links). "
    "Ask the referee for the link of your seat."
)
#: textual-serve's line when a page's screen has ended, and what the page says instead: the
#: seat's screen ended (``q``, or the referee revoked the link) and how to open it again.
SESSION_ENDED = '<div class="message">Session ended.</div>'
SEAT_ENDED = (
    '<div class="message">Your screen is closed: you quit it (q), or the connection to '
    "the server was lost. Restart opens it again while your link is valid.</div>"
)
#: Why a seat's screen closed, as its page says it (``["seat_ended", LINE]``, see the module).
QUIT = "Your screen is closed: you quit it (q). Restart opens it again while your link is valid."
COULD_NOT_START = (
    "Your screen could not start: {reason}. Restart tries again while your link is valid."
)
STOPPED = "Your screen stopped: {reason}. Restart opens it again while your link is valid."
#: The reason of a screen that ended on an error its process did not explain in one line (a
#: traceback, which may name what the seat may not see, stays in the server's terminal).
UNEXPLAINED = "an unexpected error (the referee's terminal shows it)"
REVOKED = "Your screen is closed: the referee revoked this link. Ask him for your seat's new link."
SERVER_STOPPED = (
    "The server has stopped: this link is dead (each run of campaign serve makes new "
    "links). Ask the referee for your seat's link when he serves the campaign again."
)
#: What the server's terminal says when Ctrl+C has stopped it.
LINKS_DEAD = (
    "campaign serve stopped: every link it printed is dead ({screens} closed); "
    "the next `campaign serve` prints new ones"
)
#: Seconds a screen's process has to end once the screen has quit (``q``: it said goodbye)
#: or was asked to (its tab closed, its link revoked, the server stopping); then the server
#: ends it, with whatever it started (``SeatService.end_within``), and says so.
QUIT_WITHIN = 10.0
#: What a page says when its screen quit and its process had to be ended.
HUNG = (
    "Your screen is closed: it quit, but its process did not end within {seconds:g} s and "
    "the server ended it. Restart opens it again while your link is valid."
)
#: What the server's terminal says then.
HUNG_IN_TERMINAL = (
    "the {seat} screen (process {pid}) did not end within {seconds:g} s of quitting; "
    "the server ended it"
)
#: The longest reason a page is given, in characters (one line of a phone's panel or two).
MAX_REASON = 240
#: Screens one link runs at once for open pages: each is a process of about 70 MiB on the
#: referee's machine (docs/table.md, "Load"); a phone and a laptop per seat fit. A closed
#: page's screen, ending (``QUIT_WITHIN`` at most), no longer counts.
MAX_SCREENS_PER_LINK = 4
#: What a page opened beyond that shows in its terminal before it is closed.
TOO_MANY_SCREENS = (
    "\r\nDN-ERR-1: this link already has {count} open screens (each one runs on the "
    "referee's machine). Close one of its tabs, then Restart here.\r\n"
)
#: What a page that asks for a screen of a size out of bounds (``?width=…&height=…``) shows
#: in its terminal (found by use, December 7, night: 1500x1500 started a screen of 150 MiB
#: that wrote 5 MB for its first frame); a resize message has the same bounds.
BAD_SIZE = (
    "\r\nDN-ERR-1: a screen has 1 to {most} columns and rows; this page asked for another "
    "size, so nothing started. Reload the page.\r\n"
)
#: Made before ``</body>``: the websocket's address from the page's own (see the module);
#: it runs before textual-serve's script, which opens the websocket once the page has loaded.
ABSOLUTE_WEBSOCKET = """<script>
  for (const terminal of document.querySelectorAll("[data-session-websocket-url]")) {
    const url = new URL(terminal.dataset.sessionWebsocketUrl, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    terminal.dataset.sessionWebsocketUrl = url.href;
  }
</script>
"""
#: Seconds between a page's pings to its screen (``SEAT_PAGE_SCRIPT``): the server passes
#: each to the screen's process, whose loop answers it (``campaign.serve.seat_driver``).
PING_EVERY = 2.0
#: Seconds without an answer after which a page says that the table is not answering (so a
#: page says it within ``PING_EVERY + SILENT_AFTER`` of its screen stopping), and, before the
#: screen's first answer, while it starts (a loaded machine takes more than 5 s).
SILENT_AFTER = 6.0
STARTING_WITHIN = 30.0
#: What the page says then, at its top, until the screen answers again (``{seconds}``: how
#: long it has been silent).
NOT_ANSWERING = (
    "The table is not answering: no answer from your screen for {seconds} s (the "
    "referee's machine is busy or stopped, or the connection is lost). Keys typed now "
    "wait; this page carries on by itself once it answers."
)
#: Also before ``</body>``: every websocket the page opens puts the server's
#: ``["seat_ended", LINE]`` in the "closed" panel, as text (textual-serve's script ignores a
#: message type it does not know), and pings the screen every ``PING_EVERY`` seconds (its own
#: pongs are not passed on to textual-serve's script, which logs each): without an answer for
#: ``SILENT_AFTER`` seconds the page's top line says ``NOT_ANSWERING``, and the line goes
#: once an answer comes (found by use, December 7, night: the server answered the page's
#: pings itself, and a stopped screen froze its page without a word).
SEAT_PAGE_SCRIPT = Template(
    """<div id="not-answering" role="alert" style="display: none; position: fixed;
  top: 0; left: 0; right: 0; z-index: 30; padding: 4px 8px; background: #8a1c1c; color: #fff;
  font: 14px monospace;"></div>
<script>
  window.WebSocket = class extends window.WebSocket {
    constructor(...args) {
      super(...args);
      const EVERY = $every, SILENT = $silent, STARTING = $starting;
      const TEXT = $text;
      let answered = false, waitingSince = null, timer = null;
      const banner = document.getElementById("not-answering");
      const hide = () => { if (banner) { banner.style.display = "none"; } };
      const check = () => {
        if (this.readyState !== WebSocket.OPEN) { return; }
        const now = Date.now();
        if (waitingSince === null) { waitingSince = now; }
        this.send(JSON.stringify(["ping", "seat:" + now]));
        const silent = now - waitingSince;
        if (banner && silent > (answered ? SILENT : STARTING)) {
          banner.textContent = TEXT.replace("{seconds}", Math.round(silent / 1000));
          banner.style.display = "block";
        }
      };
      this.addEventListener("open", () => { timer = setInterval(check, EVERY); });
      this.addEventListener("close", () => { clearInterval(timer); hide(); });
      this.addEventListener("message", (event) => {
        if (typeof event.data !== "string" || !event.data.startsWith('["')) { return; }
        const [kind, data] = JSON.parse(event.data);
        if (kind === "pong") {
          answered = true;
          waitingSince = null;
          hide();
          if (typeof data === "string" && data.startsWith("seat:")) {
            event.stopImmediatePropagation();
          }
        } else if (kind === "seat_ended") {
          const panel = document.querySelector(".closed-dialog .message");
          if (panel) { panel.textContent = data; }
        }
      });
    }
  };
</script>
</body>"""
).substitute(
    every=round(PING_EVERY * 1000),
    silent=round(SILENT_AFTER * 1000),
    starting=round(STARTING_WITHIN * 1000),
    text=json.dumps(NOT_ANSWERING),
)
#: The sizes a page may ask its terminal for (a resize message), in characters.
MAX_TERMINAL = 1000
#: How a message a page never sends is answered (in the page's console) and noted in the
#: server's terminal: ``{reason}`` says what was wrong with it.
BAD_MESSAGE = (
    "DN-ERR-1: a message on this screen's websocket was refused ({reason}); the screen goes on"
)
#: What the server's terminal understands, one command a line (``help`` lists them).
COMMANDS_HELP = (
    "commands: `revoke SEAT` (SEAT: {seats}) revokes that seat's link, closes its "
    "open screens and prints its new link; `links` prints every link again; "
    "Ctrl+C stops the server and revokes every link"
)


def ended_reason(returncode: int, said: str, db_url: str, *, drew: bool) -> str:
    """What a seat's page says when its screen's process has ended with ``returncode``,
    having written ``said`` on its standard error (``drew``: it had drawn its screen).

    An error the process explained in one line — the CLI's ``campaign: …`` refusal, the
    app's ``campaign 'war' was deleted elsewhere`` — is given (the database's URL, which may
    name the referee's files or a password, replaced); a traceback never is: its lines may
    name what the seat may not see (DN-NEU-1), so the page gets ``UNEXPLAINED``."""
    if returncode == 0:
        return QUIT
    template = STOPPED if drew else COULD_NOT_START
    lines = [line.strip() for line in said.splitlines()]
    starts = [index for index, line in enumerate(lines) if line.startswith("campaign")]
    if "Traceback" in said or not starts:
        return template.format(reason=UNEXPLAINED)
    reason = " ".join(line for line in lines[starts[-1] :] if line)  # a console wraps it
    reason = reason.removeprefix("campaign: ").replace(db_url, "the referee's database")
    reason = reason.rstrip(".")
    if len(reason) > MAX_REASON:
        reason = reason[: MAX_REASON - 1] + "…"
    return template.format(reason=reason)


def read_message(text: str) -> tuple[str, Any]:
    """A page's websocket message as ``(type, data)``, checked against what textual-serve's
    page sends: ``["stdin", TEXT]``, ``["resize", {"width": N, "height": N}]``, ``["ping",
    DATA]``, ``["blur"]``, ``["focus"]``; anything else raises ``ValueError`` saying what is
    wrong with it (never quoting it: it is the sender's text)."""
    try:
        envelope = json.loads(text)
    except ValueError:
        raise ValueError("not JSON") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise ValueError("not a JSON list [type, data]")
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and not isinstance(data, str):
        raise ValueError("stdin takes a string")
    if kind == "resize" and not (
        isinstance(data, dict)
        and all(
            type(data.get(edge)) is int and 1 <= data[edge] <= MAX_TERMINAL
            for edge in ("width", "height")
        )
    ):
        raise ValueError(f"resize takes a width and a height of 1 to {MAX_TERMINAL}")
    if kind == "ping" and not (isinstance(data, str) and len(data) <= MAX_PING):
        raise ValueError(f"ping takes a string of at most {MAX_PING} characters")
    if kind not in ("stdin", "resize", "ping", "blur", "focus"):
        raise ValueError("an unknown message type")
    return kind, data


class SeatService(AppService):
    """textual-serve's service of one seat's screen (one process), which also keeps what the
    process says on its standard error and whether it drew anything, for ``ended_reason``.

    The process is started as textual-serve starts it, but in a session of its own: Ctrl+C in
    the server's terminal then reaches the server only, which tells each page that it stopped
    before it ends the screens (each screen ended by the key itself made its page say "you
    quit it"). Its standard error is read here, not by textual-serve (which printed a screen's
    failure to start twice in the server's terminal), and printed in the server's terminal
    once the process has ended."""

    def __init__(self, command: str, *, seat: str, **kwargs: Any) -> None:
        write_bytes = kwargs.pop("write_bytes")
        close = kwargs.pop("close")

        async def drawing(data: bytes) -> None:
            self.drew = True
            await write_bytes(data)

        async def goodbye() -> None:
            self.quitting.set()
            await close()

        super().__init__(command, write_bytes=drawing, close=goodbye, **kwargs)
        #: The seat whose screen this is (named in the server's terminal).
        self.seat = seat
        #: Whether the screen has drawn on its page.
        self.drew = False
        #: Set once the screen has said it ends, or was asked to: its process has
        #: ``QUIT_WITHIN`` seconds from then (``end_within``).
        self.quitting = asyncio.Event()
        #: Whether the server had to end the process (it did not end in time).
        self.ended_by_server = False
        self._said: list[bytes] = []
        self._reading: asyncio.Task[None] | None = None

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        """textual-serve's environment, with the driver that answers the server's pings from
        the screen's loop (``campaign.serve.seat_driver``)."""
        environment = super()._build_environment(width=width, height=height)
        environment["TEXTUAL_DRIVER"] = f"{SeatWebDriver.__module__}:{SeatWebDriver.__name__}"
        return environment

    async def on_meta(self, data: bytes) -> None:
        """The screen's ``pong`` goes to its page (it answers the page's ``ping``: the screen
        is alive); anything else as textual-serve handles it."""
        meta = json.loads(data)
        if meta.get("type") == "pong":
            await self.remote_write_str(json.dumps(["pong", meta.get("data")]))
            return
        await super().on_meta(data)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        self._process = process = await asyncio.create_subprocess_shell(
            self.command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,
        )
        assert process.stdin is not None and process.stderr is not None
        self._stdin = process.stdin
        self._reading = asyncio.create_task(self._keep(process.stderr))
        nothing = asyncio.StreamReader()  # what textual-serve reads instead
        nothing.feed_eof()
        process.stderr = nothing
        return process

    async def _keep(self, stderr: asyncio.StreamReader) -> None:
        while chunk := await stderr.read(4096):
            self._said.append(chunk)

    async def stop(self) -> None:
        """textual-serve's stop (ask the screen to quit, wait until its output ends), bounded:
        a process that does not end within ``QUIT_WITHIN`` is ended (its tab was closed, or
        the server stops). textual-serve waited for ever, so a hung screen held its link's
        place (``MAX_SCREENS_PER_LINK``) and outlived the server."""
        if self._task is not None:
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
            await self.end_within(QUIT_WITHIN)
            await self._task
            self._task = None

    async def end_within(self, seconds: float) -> None:
        """Ask the screen to quit (unless it has ended, quit or been asked already) and wait
        ``seconds`` at most for its process to end; then end it, with every process it
        started (they share its session), and say so in the server's terminal. The quit
        message is sent within the same bound: a process that reads nothing any more fills
        its input pipe."""
        process = self._process
        if process is None:
            return
        asked = self.quitting.is_set()  # it said goodbye, or was asked already
        self.quitting.set()
        try:
            async with asyncio.timeout(seconds):
                if process.returncode is None and not asked:
                    await self.send_meta({"type": "quit"})
                await process.wait()
        except TimeoutError:
            self._end_process(process, seconds)
            await process.wait()

    def _end_process(self, process: Process, seconds: float) -> None:
        """End ``process`` and its session's processes (SIGKILL: it ignored the quit, and
        may ignore SIGTERM) and say so in the server's terminal, once."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # its session's group: its own id
        if not self.ended_by_server:
            self.ended_by_server = True
            said = HUNG_IN_TERMINAL.format(seat=self.seat, pid=process.pid, seconds=seconds)
            print(said, flush=True)

    async def ended(self) -> tuple[int, str]:
        """Once the process has ended: its return code and what it said on its standard
        error (printed in the server's terminal)."""
        assert self._process is not None
        returncode = await self._process.wait()
        if self._reading is not None:
            await self._reading
        said = b"".join(self._said).decode("utf-8", "replace")
        if said:
            sys.stdout.write(said)
            sys.stdout.flush()
        return returncode, said


class TableServer(Server):
    """textual-serve's server with one route per seat link (see the module)."""

    def __init__(
        self,
        campaign: str,
        db_url: str,
        links: SeatLinks,
        *,
        host: str,
        port: int,
        public_host: str | None = None,
        announce: Callable[[SeatLink], None] | None = None,
    ) -> None:
        super().__init__(
            command="",
            host=host,
            port=port,
            title=f"Campaign {campaign}",
            public_url=f"http://{public_host or host}:{port}",
        )
        self.campaign = campaign
        self.db_url = db_url
        self.links = links
        #: Prints one link (with its QR code) in the server's terminal.
        self.announce = announce or (lambda link: print(f"{link.seat}: {link.path}"))
        #: The open tabs' websockets by seat (a revoked seat's are closed).
        self.sockets: dict[str, set[web.WebSocketResponse]] = {}
        #: The screens running (one process each), ended before the server (``on_shutdown``).
        self.services: set[SeatService] = set()

    def initialize_logging(self) -> None:
        """textual-serve's logging, without aiohttp's access log: a line for every request
        buried the commands typed in the server's terminal and their answers among five or
        six lines per page opened, each naming the seat's secret link (found by use,
        December 7). Warnings and errors are still shown."""
        super().initialize_logging()
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    @property
    def open_screens(self) -> dict[str, int]:
        """Processes running for open tabs, by seat."""
        return {seat: len(open_) for seat, open_ in self.sockets.items()}

    async def _make_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(
            app, loader=aiohttp_jinja2.jinja2.FileSystemLoader(self.templates_path)
        )
        app.add_routes(
            [
                web.get("/seat/{token}", self.handle_index, name="index"),
                web.get("/seat/{token}/ws", self.handle_websocket, name="websocket"),
                # what a screen delivers to its own page (the palette's Screenshot): the page
                # opens it at the server's root; the key is random and per delivery
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_shutdown(self, app: web.Application) -> None:
        """The server stops (Ctrl+C): every open page says so, its screen ends, and the
        terminal says that every link is dead."""
        open_ = [websocket for sockets in self.sockets.values() for websocket in sockets]
        for websocket in open_:
            await self.close_page(websocket, SERVER_STOPPED)
        await self.end_screens()
        print(LINKS_DEAD.format(screens=plural(len(open_), "open screen")), flush=True)

    async def end_screens(self) -> None:
        """Ask every running screen to quit and wait until their processes have ended
        (``QUIT_WITHIN`` at most; then they are ended): one that ended after the server's
        loop had closed made asyncio print a warning in the server's terminal, under the
        word that the links are dead (found by use, December 7, evening), and one that hung
        outlived the server (December 7, night)."""
        await asyncio.gather(*(service.end_within(QUIT_WITHIN) for service in self.services))

    @staticmethod
    async def close_page(websocket: web.WebSocketResponse, said: str) -> None:
        """Close a page's websocket, its "closed" panel saying ``said`` (its screen then ends).
        A page already closed is left as it is."""
        if websocket.closed:
            return
        with contextlib.suppress(ConnectionError, RuntimeError):  # the page went away
            await websocket.send_json(["seat_ended", said])
        await websocket.close()

    async def on_startup(self, app: web.Application) -> None:
        """Listen to the server's terminal for commands (``revoke SEAT``, ``links``); nothing
        printed: ``campaign serve`` prints the links itself."""
        loop = asyncio.get_running_loop()

        def read_commands() -> None:  # a daemon thread: never holds the server's exit
            for line in sys.stdin:
                asyncio.run_coroutine_threadsafe(self.run_command(line), loop)

        if sys.stdin is not None and not sys.stdin.closed:
            threading.Thread(target=read_commands, name="commands", daemon=True).start()

    async def run_command(self, line: str) -> str:
        """Carry out one command typed in the server's terminal; what it printed."""
        words = line.split()
        if not words:
            return ""
        if words[0] == "revoke" and len(words) == 2 and words[1] in self.links.seats:
            closed = await self.revoke(words[1])
            screens = plural(closed, "open screen")
            said = f"the {words[1]} link is revoked ({screens} closed); its new link:"
            print(said, flush=True)
            self.announce(self.links.find_seat(words[1]))
            return said
        if words == ["links"]:
            for link in self.links.links:
                self.announce(link)
            return "links"
        said = COMMANDS_HELP.format(seats=", ".join(self.links.seats))
        if words[0] == "revoke":  # a command, given no seat or another word
            *others, last = self.links.seats
            said = (
                f"DN-ERR-1: revoke takes one seat: {', '.join(others)} or {last}; nothing revoked"
            )
        elif words[0] not in ("help", "?"):
            said = f"DN-ERR-1: {line.strip()!r} is not a command; {said}"
        print(said, flush=True)
        return said

    async def revoke(self, seat: str) -> int:
        """Revoke ``seat``'s link and close its open screens (their processes end); how many
        were open."""
        self.links.revoke(seat)
        open_ = list(self.sockets.get(seat, ()))
        for websocket in open_:
            await self.close_page(websocket, REVOKED)
        return len(open_)

    def _link(self, request: web.Request) -> SeatLink:
        link = self.links.find(request.match_info.get("token", ""))
        if link is None:
            raise web.HTTPForbidden(text=REFUSAL)
        return link

    async def handle_index(self, request: web.Request) -> web.Response:
        """The seat's page, or the refusal."""
        link = self._link(request)
        context: dict[str, Any] = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{link.path}/ws",  # made absolute by ABSOLUTE_WEBSOCKET
            "config": {"static": {"url": "/static/"}},
            "application": {"name": f"{self.title} · {link.seat}"},
        }
        page = aiohttp_jinja2.render_string("app_index.html", request, context)
        page = REMOTE_FONTS.sub("", page).replace(SESSION_ENDED, SEAT_ENDED)
        page = page.replace("</body>", ABSOLUTE_WEBSOCKET + SEAT_PAGE_SCRIPT, 1)
        return web.Response(text=page, content_type="text/html")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """Start the seat's screen for this tab; end it when the tab closes."""
        link = self._link(request)
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        if not all(1 <= edge <= MAX_TERMINAL for edge in (width, height)):
            told = BAD_SIZE.format(most=MAX_TERMINAL)
            log.warning(told.strip())
            return await self._refuse_screen(websocket, request, told)
        open_ = self.sockets.setdefault(link.seat, set())
        if len(open_) >= MAX_SCREENS_PER_LINK:  # counted and taken with no await between
            told = TOO_MANY_SCREENS.format(count=len(open_))
            return await self._refuse_screen(websocket, request, told)
        open_.add(websocket)
        try:
            return await self._run_screen(link, websocket, request, width, height)
        finally:
            open_.discard(websocket)

    @staticmethod
    async def _refuse_screen(
        websocket: web.WebSocketResponse, request: web.Request, told: str
    ) -> web.WebSocketResponse:
        """Open the page's websocket only to show ``told`` in its terminal, then close it:
        no screen starts."""
        await websocket.prepare(request)
        await websocket.send_bytes(told.encode())
        await websocket.close()
        return websocket

    async def _run_screen(
        self,
        link: SeatLink,
        websocket: web.WebSocketResponse,
        request: web.Request,
        width: int,
        height: int,
    ) -> web.WebSocketResponse:
        """The seat's screen for one tab, from its process's start to its end."""
        await websocket.prepare(request)

        async def said_goodbye() -> None:
            """The screen says it ends: its page is closed once its process has ended, with
            the reason (``_close_when_ended``)."""

        service = SeatService(
            link.command(self.campaign, self.db_url),
            seat=link.seat,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=said_goodbye,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        self.services.add(service)
        try:
            await service.start(width, height)
            ended = asyncio.create_task(self._close_when_ended(service, websocket))
            await self._process_messages(websocket, service)
            ended.cancel()
        except asyncio.CancelledError:
            await websocket.close()
        finally:
            # the page is gone: its place on the link is free now, while its screen ends
            # (within QUIT_WITHIN); found by use, December 7, night: a few reloads in a row
            # left the page "this link already has 4 open screens", each old screen still
            # ending. Shielded: a handler cancelled (its connection lost, the server
            # stopping) still ends its screen.
            self.sockets.get(link.seat, set()).discard(websocket)
            await asyncio.shield(self._end_screen(service))
        return websocket

    async def _end_screen(self, service: SeatService) -> None:
        """End one tab's screen (``SeatService.stop``: bounded) and forget it."""
        try:
            await service.stop()
        finally:
            self.services.discard(service)

    async def _close_when_ended(
        self, service: SeatService, websocket: web.WebSocketResponse
    ) -> None:
        """Close the tab's websocket once its screen's process has ended, however it ended
        (``q``, an error, it could not start), the page saying why (``ended_reason``) instead
        of freezing. (textual-serve closes it, saying nothing, when the app says goodbye.)
        Once the screen has said goodbye its process has ``QUIT_WITHIN`` seconds to end, then
        the server ends it and the page says so (``HUNG``)."""
        running = service._task  # the task reading the process's output: done when it ends
        if running is None:
            return
        goodbye = asyncio.ensure_future(service.quitting.wait())
        try:
            await asyncio.wait([running, goodbye], return_when=asyncio.FIRST_COMPLETED)
        finally:
            goodbye.cancel()
        await service.end_within(QUIT_WITHIN)
        returncode, said = await service.ended()
        if service.ended_by_server:
            reason = HUNG.format(seconds=QUIT_WITHIN)
        else:
            reason = ended_reason(returncode, said, self.db_url, drew=service.drew)
        await self.close_page(websocket, reason)

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """textual-serve's reading of a page's messages, each checked first (``read_message``):
        one it never sends is refused in one line and the screen goes on."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, data = read_message(message.data)
            except ValueError as wrong:
                said = BAD_MESSAGE.format(reason=wrong)
                log.warning(said)
                await websocket.send_json(["log", said])  # the page logs it in its console
                continue
            if kind == "stdin":
                await app_service.send_bytes(data.encode("utf-8"))
            elif kind == "resize":
                await app_service.set_terminal_size(data["width"], data["height"])
            elif kind == "ping":  # the screen answers it (``SeatService.on_meta``), if alive
                await app_service.send_meta({"type": "ping", "data": data})
            elif kind == "blur":
                await app_service.blur()
            else:
                await app_service.focus()
