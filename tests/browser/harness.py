"""Driving ``campaign serve`` and the system's Chromium (issue 43 item 3).

``Served`` runs ``campaign serve`` in a process of its own on a free loopback port and reads
the links it prints. ``Browser`` is headless Chromium from the system packages driven by
Selenium through the system's chromedriver (both named by path: Selenium's own manager, which
would download a browser, never runs). A page's terminal is drawn on a canvas; the text it
shows is read from the terminal's buffer, which a script added before the page's own finds:
xterm.js's terminal sets ``_addonManager`` on itself in its constructor, and a setter of that
name on ``Object.prototype`` notes the terminal in ``window.__terminals`` (then steps aside).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import REPO_ROOT

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
#: Seconds a test waits for a condition before it fails (never a pause that must pass).
PATIENCE = 20.0
LINK = re.compile(r"^(?P<title>[^\n]+):\n  (?P<url>http://\S+/seat/\S+)$", re.M)

FIND_TERMINALS = """
window.__terminals = [];
Object.defineProperty(Object.prototype, '_addonManager', {
  configurable: true,
  set(value) {
    window.__terminals.push(this);
    Object.defineProperty(this, '_addonManager', {value, writable: true, configurable: true,
                                                  enumerable: true});
  },
});
"""
READ_TERMINAL = """
const terminal = window.__terminals && window.__terminals[0];
if (!terminal) { return null; }
const buffer = terminal.buffer.active, lines = [];
for (let i = 0; i < buffer.length; i++) { lines.push(buffer.getLine(i).translateToString(true)); }
return lines.join('\\n');
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(condition: Callable[[], object], what: str, patience: float = PATIENCE):
    """``condition()``'s first truthy value; AssertionError naming ``what`` after
    ``patience`` seconds without one."""
    deadline = time.monotonic() + patience
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        time.sleep(0.05)


@dataclass
class Served:
    """A running ``campaign serve NAME``: its process, its links by seat, and what it printed
    (read on by a thread, so the server never blocks on a full pipe)."""

    process: subprocess.Popen[str]
    links: dict[str, str]
    db_url: str
    port: int
    printed: list[str]

    @classmethod
    def start(cls, name: str, db_url: str) -> Served:
        port = free_port()
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "campaign",
                "serve",
                name,
                "--port",
                str(port),
                "--no-qr",
                "--db",
                db_url,
            ],
            cwd=REPO_ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert process.stdout is not None
        printed: list[str] = []
        while len(LINK.findall("".join(printed))) < 4:
            line = process.stdout.readline()
            if not line:
                raise AssertionError("campaign serve stopped:\n" + "".join(printed))
            printed.append(line)
        links = {
            match["title"].split(" ")[0]: match["url"] for match in LINK.finditer("".join(printed))
        }
        served = cls(process, links, db_url, port, printed)
        threading.Thread(target=served._read_on, daemon=True).start()
        wait_for(served.listening, "the server listens")
        return served

    def _read_on(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.printed.append(line)

    def type_command(self, line: str, answer: str) -> str:
        """Type ``line`` in the server's terminal; what it printed from then on, once that
        holds ``answer``."""
        assert self.process.stdin is not None
        start = len(self.printed)
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return wait_for(
            lambda: answer in (text := "".join(self.printed[start:])) and text,
            f"the server answers {line!r} with {answer!r}",
        )

    def link_after(self, text: str, seat: str) -> str:
        """The link of ``seat`` that ``text`` (printed by the server) gives."""
        found = [
            match["url"] for match in LINK.finditer(text) if match["title"].split(" ")[0] == seat
        ]
        assert found, text
        return found[-1]

    def listening(self) -> bool:
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", self.port)) == 0

    def screens(self, seat_flag: str) -> list[int]:
        """Process ids of the seat screens (``python -m campaign tui``, not the shell that
        starts one) this server started whose command holds ``seat_flag`` (``--side aslan``,
        ``--table``)."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                words = (entry / "cmdline").read_bytes().split(b"\0")
                status = (entry / "status").read_text()
            except OSError:
                continue
            command = " ".join(word.decode() for word in words)
            if (
                words[1:3] == [b"-m", b"campaign"]
                and " tui " in command
                and self.db_url in command
                and seat_flag in command
                and "State:\tZ" not in status
            ):
                found.append(int(entry.name))
        return found

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Browser:
    """Headless system Chromium through the system chromedriver (see the module).

    Chromium keeps its profile and its single-instance lock (``org.chromium.Chromium.*``) in
    the temporary folder and leaves the lock behind when the driver ends it; a run of the
    browser tests left fifteen such folders in ``/tmp``. Each browser therefore gets a scratch
    folder of its own (its profile, and its ``TMPDIR``), removed by ``quit``.
    """

    def __init__(self, *, throttled: bool = True) -> None:
        """``throttled=False``: background tabs run their timers at full speed, as a tab on
        its own phone would (the load benchmark keeps 12 tabs in one browser)."""
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.scratch = Path(tempfile.mkdtemp(prefix="campaign-browser-"))
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        options.add_argument(f"--user-data-dir={self.scratch / 'profile'}")
        for argument in (
            "--headless=new",
            "--no-sandbox",
            "--disable-dev-shm-usage",
            "--window-size=1200,700",
            "--disable-gpu",
        ):
            options.add_argument(argument)
        if not throttled:
            for argument in (
                "--disable-background-timer-throttling",
                "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows",
            ):
                options.add_argument(argument)
        service = Service(str(CHROMEDRIVER), env={**os.environ, "TMPDIR": str(self.scratch)})
        try:
            self.driver = webdriver.Chrome(service=service, options=options)
        except BaseException:
            shutil.rmtree(self.scratch, ignore_errors=True)
            raise

    def open(self, url: str, script: str = "") -> str:
        """Open ``url`` in a new tab (``script`` run in the page before its own); the tab's
        handle."""
        self.driver.switch_to.new_window("tab")
        # per tab: the script is added to the tab the command is sent to
        self.driver.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": FIND_TERMINALS + script}
        )
        self.driver.get(url)
        return self.driver.current_window_handle

    def text(self, tab: str) -> str:
        """What the terminal of ``tab`` shows now ('' before it is drawn)."""
        self.driver.switch_to.window(tab)
        return self.driver.execute_script(READ_TERMINAL) or ""

    def shows(self, tab: str, words: str) -> str:
        """Wait until ``tab`` shows ``words``; its text then (the failure says what it showed
        instead)."""
        try:
            return wait_for(
                lambda: (text := self.text(tab)) and words in text and text,
                f"the page shows {words!r}",
            )
        except AssertionError as missing:
            raise AssertionError(f"{missing}; it shows:\n{self.text(tab)}") from None

    def give(self, tab: str, order: str) -> None:
        """Type ``order`` into the page's order line and send it. ``o`` moves the focus there
        while the screen handles it; keys typed before the move lands would reach the map as
        commands (seen under the full suite: ``efreree stepping manual``), so the order is
        typed only once the footer shows the order line's keys (``o Order`` gone)."""
        self.type(tab, "o")
        wait_for(
            lambda: (text := self.text(tab)) and "o Order" not in text,
            "the order line has the focus",
        )
        self.type(tab, order)
        wait_for(lambda: order in self.text(tab), f"the order line holds {order!r}")
        self.type(tab, "\n")

    def type(self, tab: str, *keys: str) -> None:
        """Type ``keys`` into the terminal of ``tab`` (as the user would)."""
        from selenium.webdriver.common.by import By

        self.driver.switch_to.window(tab)
        area = self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        for key in keys:
            area.send_keys(key)

    def close(self, tab: str) -> None:
        self.driver.switch_to.window(tab)
        self.driver.close()
        handles = self.driver.window_handles
        if handles:
            self.driver.switch_to.window(handles[0])

    def screenshot(self, tab: str, path: Path) -> None:
        self.driver.switch_to.window(tab)
        self.driver.save_screenshot(str(path))

    def quit(self) -> None:
        """End the browser and remove its scratch folder."""
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.scratch, ignore_errors=True)
