"""Waiting for a condition in a Textual test, never for a length of time (issue 44, item 7).

A Pilot's ``pause()`` lets the app handle what is queued *now*; work the app schedules for later
(a footer's recompose after the next refresh, a debounced hint, a computer move in a worker
thread, a button's press effect) may still be pending when it returns, and under load it often
is. ``pause(0.5)`` guesses how long that work takes, and a busy machine proves the guess wrong.

``until`` pauses again and again until the test's own condition holds. The ceiling is only there
to turn a condition that never comes into a failure naming it instead of a hung test run; it is
generous (a minute) because nothing in these tests should come near it, loaded or not.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

#: Seconds after which a condition that never came fails the test (not a timing expectation).
CEILING = 60.0


async def until(
    pilot: Any, done: Callable[[], object], what: str, ceiling: float = CEILING
) -> None:
    """Pause ``pilot`` until ``done()`` is true; fail naming ``what`` if it never is.

    Between pauses the loop yields briefly to the event loop, so worker threads and timers can
    advance: with an idle app a Pilot pause returns at once, and a loop of bare pauses would
    spin without letting a worker finish."""
    deadline = time.monotonic() + ceiling
    while True:
        await pilot.pause()
        if done():
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting after {ceiling:.0f} s for: {what}")
        await asyncio.sleep(0.01)
