"""The app ends when its terminal hangs up, even when no SIGHUP reaches it.

Found by use (issue 47's measurements): `make run` under tmux, then `tmux kill-server`. The
terminal's session leader was `make`, which waits for its child on SIGHUP, so the app got no
signal; Textual's input thread read end of file in a loop and kept a core at 100 % until the
process was killed by hand. Here the app runs on a pseudo-terminal that is not its controlling
terminal (a new session, no SIGHUP on hang-up, as under `make`, `nohup` or `setsid`); the test
closes the terminal's other end and waits for the process to end.
"""

from __future__ import annotations

import os
import select
import struct
import subprocess
import sys
import termios
import threading
import time
from fcntl import ioctl
from pathlib import Path

import pytest

#: Ceilings of the waits below, not timing expectations: each wait ends when its condition holds.
DRAWN_WITHIN = 120.0
ENDED_WITHIN = 120.0


def _read_until(master: int, text: bytes, within: float) -> bytes:
    """What the terminal shows until ``text`` appears (or ``within`` seconds pass)."""
    seen = b""
    deadline = time.monotonic() + within
    while text not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
    return seen


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_the_app_ends_when_its_terminal_hangs_up_without_a_sighup(tmp_path: Path) -> None:
    # found by use during issue 47 (no rule id: the app's own behaviour, docs/tui.md)
    master, slave = os.openpty()
    ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", CAMPAIGN_CACHE_DIR=str(tmp_path / "cache"))
    app = subprocess.Popen(
        [sys.executable, "-m", "campaign", "tui", "--db", f"sqlite:///{tmp_path / 'c.db'}"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,  # the terminal is not its controlling one: no SIGHUP
        cwd=tmp_path,
        env=env,
    )
    os.close(slave)
    open_master = True
    try:
        shown = _read_until(master, b"Campaigns", DRAWN_WITHIN)
        assert b"Campaigns" in shown, shown[-2000:]
        assert app.poll() is None  # the launcher is up and waiting for keys
        os.close(master)  # the terminal hangs up
        open_master = False
        try:
            app.wait(timeout=ENDED_WITHIN)  # returns as soon as the process ends
        except subprocess.TimeoutExpired:
            pytest.fail("the app kept running on a terminal that is gone")
    finally:
        if open_master:
            os.close(master)
        if app.poll() is None:
            app.kill()
            app.wait()


@pytest.mark.skipif(sys.platform == "win32", reason="poll on a pipe is POSIX")
def test_a_browser_seats_screen_ends_when_its_server_is_gone(tmp_path: Path) -> None:
    """Found by use (December 7, evening; no rule id: the app's own behaviour, docs/table.md):
    a browser seat's screen (``campaign tui NAME --one-campaign`` under textual-serve's web
    driver, its input a pipe from ``campaign serve``) ran on after the server was killed or
    its terminal closed: nothing ended it. It now ends once its input pipe has no writer."""
    db = f"sqlite:///{tmp_path / 'c.db'}"
    made = subprocess.run(
        [sys.executable, "-m", "campaign", "new", "war", "--db", db],
        capture_output=True,
        text=True,
        check=False,
    )
    assert made.returncode == 0, made.stdout + made.stderr
    env = dict(
        os.environ,
        TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver",
        COLUMNS="80",
        ROWS="24",
        CAMPAIGN_CACHE_DIR=str(tmp_path / "cache"),
    )
    seat = subprocess.Popen(
        [sys.executable, "-m", "campaign", "tui", "war", "--db", db, "--one-campaign"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=tmp_path,
        env=env,
    )
    try:
        assert seat.stdout is not None and seat.stdin is not None
        assert seat.stdout.readline() == b"__GANGLION__\n"  # the web driver runs
        # what it draws is read on, so the screen never waits on a full pipe
        threading.Thread(target=seat.stdout.read, daemon=True).start()
        seat.stdin.close()  # the server is gone
        try:
            seat.wait(timeout=ENDED_WITHIN)  # returns as soon as the process ends
        except subprocess.TimeoutExpired:
            pytest.fail("the seat's screen kept running without its server")
    finally:
        if seat.poll() is None:
            seat.kill()
            seat.wait()
