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
