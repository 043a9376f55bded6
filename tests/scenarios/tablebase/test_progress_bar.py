"""The solve's progress bar (docs/solving.md, "Resuming": a progress bar on stderr shows the
phase, the share done and an estimate of the time left; issue 47 item 1, round 3).

The enumeration finds few positions in its first passes and many later, so an estimate taken
from its first percent was absurd ("about 32203:29 left" for a 96-second solve, seen by hand on
the full solve): the time left is shown only once ``ESTIMATE_FROM`` of a phase is done.
"""

from __future__ import annotations

import io

from scenarios.imperium_shogi.tablebase.progress import ESTIMATE_FROM, ProgressBar


class Clock:
    """Seconds that a test moves on."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def last_line(stream: io.StringIO) -> str:
    return stream.getvalue().rsplit("\r\033[K", 1)[-1]


def test_no_time_left_is_guessed_from_the_first_sliver_of_a_phase() -> None:
    stream, clock = io.StringIO(), Clock()
    bar = ProgressBar(stream, clock)
    total = 246_838_526
    bar("enumerate", 0, total, "pass 1")
    clock.now += 30.0
    bar("enumerate", 80_000, total, "pass 3")  # 0.03 % in 30 s
    assert "left" not in last_line(stream)
    assert "0%" in last_line(stream)


def test_the_time_left_is_estimated_once_enough_of_the_phase_is_done() -> None:
    stream, clock = io.StringIO(), Clock()
    bar = ProgressBar(stream, clock)
    bar("retrograde", 0, 1_000, "level 0")
    clock.now += 10.0
    bar("retrograde", int(1_000 * ESTIMATE_FROM), 1_000, "level 1")
    assert "left" in last_line(stream)
    clock.now += 10.0
    bar("retrograde", 500, 1_000, "level 2")  # 500 in 20 s: 500 more take 20 s
    assert "about 0:20 left" in last_line(stream)
    bar("retrograde", 1_000, 1_000, "level 3")
    assert "left" not in last_line(stream)
    assert "100%" in last_line(stream)
