"""A seat's screen whose process does not end (DN-ERR-1; found by use, December 7, night).

The server waited without a limit for a screen's process to end once the screen had quit
(``q``), once its tab had closed, and when the server stopped: a process that hung there held
its page open on a dead screen, held one of its link's ``MAX_SCREENS_PER_LINK`` places for as
long as the server ran, and outlived the server. Now a screen has ``QUIT_WITHIN`` seconds to
end once it has quit or been asked to quit; then the server ends its process (and whatever it
started) and says so on its page and in its terminal.

The screen here is a stand-in speaking textual-serve's protocol (``HUNG_SCREEN``), which hangs
where a real screen's process ends, and ignores SIGTERM and the server's quit message; the
server runs in this process (aiohttp's test server), its links' command swapped for it."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from campaign.serve import server as serving
from campaign.serve.links import SeatLink, SeatLinks
from campaign.serve.server import TableServer

#: A screen that draws a line, says it ends when it reads the key ``q`` (as the TUI's ``q``
#: does), and then never ends; it writes its process id to the file named by its argument.
HUNG_SCREEN = r"""
import json, os, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
signal.signal(signal.SIGINT, signal.SIG_IGN)
with open(sys.argv[1], "w") as pid_file:
    pid_file.write(str(os.getpid()))
out, keys = sys.stdout.buffer, sys.stdin.buffer
def send(kind, payload):
    out.write(kind + len(payload).to_bytes(4, "big") + payload)
    out.flush()
out.write(b"__GANGLION__\n")
send(b"D", b"a screen that hangs\r\n")
while (header := keys.read(5)) and len(header) == 5:
    payload = keys.read(int.from_bytes(header[1:], "big"))
    if header[:1] == b"D" and payload == b"q":
        send(b"M", json.dumps({"type": "exit"}).encode())
        break
while True:
    time.sleep(60)
"""
#: Seconds the tests give a hung screen (the product's bound is longer; see QUIT_WITHIN).
QUICK = 0.5
#: Seconds after which a condition that never came fails the test (not a timing expectation).
CEILING = 20.0


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie does not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


async def until(done: Callable[[], object], what: str) -> None:
    """Wait until ``done()`` holds; fail naming ``what`` after ``CEILING`` seconds."""
    deadline = asyncio.get_running_loop().time() + CEILING
    while not done():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.05)


@pytest.fixture
def hung(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every link's screen is ``HUNG_SCREEN``; the file its process id is written to (the
    process is killed after the test if it still runs)."""
    script = tmp_path / "hung_screen.py"
    script.write_text(HUNG_SCREEN)
    pid_file = tmp_path / "screen.pid"
    command = f"{sys.executable} {script} {pid_file}"
    monkeypatch.setattr(SeatLink, "command", lambda link, campaign, db_url: command)
    monkeypatch.setattr(serving, "QUIT_WITHIN", QUICK)
    monkeypatch.setattr(sys, "stdin", None)  # no terminal to read commands from
    yield pid_file
    if pid_file.exists() and alive(pid := int(pid_file.read_text())):
        os.kill(pid, signal.SIGKILL)


@asynccontextmanager
async def served() -> AsyncIterator[tuple[TableServer, str]]:
    """A table server on a free loopback port; Aslan's websocket address."""
    table = TableServer("war", "sqlite://", SeatLinks(), host="127.0.0.1", port=0)
    test_server = TestServer(await table._make_app(), host="127.0.0.1")
    await test_server.start_server()
    try:
        link = table.links.find_seat("aslan")
        yield table, str(test_server.make_url(f"{link.path}/ws?width=80&height=24"))
    finally:
        await test_server.close()


async def screen_drawn(socket: aiohttp.ClientWebSocketResponse) -> None:
    """Read the page's messages until the screen has drawn its line."""
    async for message in socket:
        if message.type == aiohttp.WSMsgType.BINARY and b"hangs" in message.data:
            return
    raise AssertionError("the screen never drew")


async def the_pid(pid_file: Path) -> int:
    await until(lambda: pid_file.exists() and pid_file.read_text(), "the screen started")
    return int(pid_file.read_text())


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(scenario(), CEILING * 2))


def test_a_screen_that_quit_and_hangs_is_ended_and_its_page_says_so(hung: Path, capsys):
    """DN-ERR-1: ``q`` on a page whose screen's process then hangs: within ``QUIT_WITHIN``
    the server ends the process, the page's panel says the screen quit and the server ended
    its process (it froze on the dead screen), and the server's terminal says which."""

    async def scenario() -> None:
        async with served() as (table, url), aiohttp.ClientSession() as session:
            socket = await session.ws_connect(url)
            await screen_drawn(socket)
            pid = await the_pid(hung)
            await socket.send_json(["stdin", "q"])
            told = ""
            async for message in socket:
                if message.type == aiohttp.WSMsgType.TEXT and "seat_ended" in message.data:
                    told = message.data
            assert "did not end" in told and "the server ended it" in told, told
            await until(lambda: not alive(pid), "the hung process is ended")
            await until(lambda: not table.sockets["aslan"], "the seat's place is free")

    run(scenario)
    printed = capsys.readouterr().out
    assert "the aslan screen" in printed and "did not end" in printed, printed


def test_a_closed_tabs_hung_screen_does_not_hold_the_seat(hung: Path, capsys):
    """DN-ERR-1: a tab closed while its screen's process hangs (it ignores the quit): the
    process is ended within ``QUIT_WITHIN`` and the seat's place is free again; before, the
    server waited for it for ever, and ``MAX_SCREENS_PER_LINK`` such tabs locked the seat out
    for the rest of the session."""

    async def scenario() -> None:
        async with served() as (table, url), aiohttp.ClientSession() as session:
            socket = await session.ws_connect(url)
            await screen_drawn(socket)
            pid = await the_pid(hung)
            await socket.close()
            await until(lambda: not alive(pid), "the hung process is ended")
            await until(lambda: not table.sockets["aslan"], "the seat's place is free")

    run(scenario)
    assert "did not end" in capsys.readouterr().out


def test_stopping_the_server_ends_a_hung_screen(hung: Path, capsys):
    """DN-ERR-1: the server stops (Ctrl+C) while a screen's process hangs: the process is
    ended before the server is gone, instead of outliving it (the seats' processes run in a
    session of their own: Ctrl+C never reached it)."""

    async def scenario() -> None:
        async with served() as (_table, url), aiohttp.ClientSession() as session:
            socket = await session.ws_connect(url)
            await screen_drawn(socket)
            await the_pid(hung)

    run(scenario)
    assert not alive(int(hung.read_text())), "the hung screen outlived the server"
    assert "did not end" in capsys.readouterr().out
