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
are left alone.

A browser seat's screen (``campaign serve``: the web driver, its input a pipe from the server)
checks instead that its pipe still has a writer: when the server is killed, or ends on its
terminal's hang-up, the pipe hangs up (``POLLHUP``) and the screen ends; it ran on for ever
(found by use, December 7, evening).
"""

from __future__ import annotations

import os
import select
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


def input_hung_up(descriptor: int) -> bool:
    """Whether the pipe (or terminal) read at ``descriptor`` has lost its other end; nothing
    is read from it."""
    watch = select.poll()
    watch.register(descriptor, 0)  # POLLHUP and POLLERR are always reported
    return any(events & (select.POLLHUP | select.POLLERR) for _, events in watch.poll(0))


def watch_terminal(app: App[Any]) -> None:
    """From now on, end ``app`` once its terminal is gone (when it runs in one), or, in the
    browser, once its server is gone."""
    if app.is_headless:
        return
    if app.is_web:
        stream = sys.__stdin__
        if stream is None or not hasattr(select, "poll"):
            return
        descriptor = stream.fileno()
        lost = input_hung_up
    else:
        found = terminal_input()
        if found is None:
            return
        descriptor = found

        def lost(descriptor: int) -> bool:
            return not os.isatty(descriptor)

    def check() -> None:
        if lost(descriptor):
            app.exit(return_code=1)  # nothing to say it on

    app.set_interval(CHECK_INTERVAL, check, name="terminal watch")
