"""End the app when its terminal goes away.

A terminal window closed, an SSH connection dropped, or `tmux kill-server`: the terminal hangs
up. The process that leads the terminal's session gets SIGHUP and, by default, ends, and the app
with it. But the app is not always that process: under `make run` the leader is `make`, which
on SIGHUP waits for its child, and a program started with `nohup` or `setsid` gets no signal at
all. The app then keeps running on a terminal that is gone. Textual's input thread finds its
input at end of file and asks again at once, for ever: one core at 100 % until someone kills the
process (found by use in issue 47; Textual pull request 6690 is still open).

So a screen in a real terminal checks once a second that its input is still a terminal; a hung
up terminal is not one any more (the kernel answers the terminal's ``ioctl`` with EIO). The app
then exits. Nothing is lost: every order is stored when it is confirmed. Headless apps (tests)
and the browser driver, whose input is a pipe, are left alone.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

#: Seconds between two checks: a lost terminal costs at most this much CPU time before the
#: app ends, and a check is one ``ioctl``.
CHECK_INTERVAL = 1.0


def terminal_input() -> int | None:
    """The file descriptor of the app's terminal input, or None when it has none (a pipe, a
    file, a closed stream)."""
    stream = sys.__stdin__
    if stream is None:
        return None
    try:
        descriptor = stream.fileno()
    except (OSError, ValueError):
        return None
    return descriptor if os.isatty(descriptor) else None


def watch_terminal(app: App[Any]) -> None:
    """From now on, end ``app`` once its terminal is gone (when it runs in one)."""
    if app.is_headless or app.is_web:
        return
    descriptor = terminal_input()
    if descriptor is None:
        return

    def check() -> None:
        if not os.isatty(descriptor):
            app.exit(return_code=1)  # nothing to say it on

    app.set_interval(CHECK_INTERVAL, check, name="terminal watch")
