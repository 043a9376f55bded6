"""A one-line progress bar with an estimate of the time left, for the long solves."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

BAR_WIDTH = 24
#: The share of a phase done before the time left is estimated. The estimate assumes the pace
#: so far holds; the enumeration finds few positions in its first passes and many later (each
#: pass expands the positions the last one found), so an estimate from its first percent read
#: "about 32203:29 left" for a solve that took a minute and a half.
ESTIMATE_FROM = 0.05


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes}:{secs:02d}"


class ProgressBar:
    """``bar(phase, done, total, note)`` redraws one line on ``stream`` (stderr by default).

    With a known ``total`` the line shows a bar, the share done and, once ``ESTIMATE_FROM`` of
    the phase is done, the time left, estimated from the pace of the phase so far; with
    ``total = 0`` it shows the count only (if any). ``clock``: seconds (tests give their own).
    """

    def __init__(
        self, stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.phase = ""
        self.phase_started = clock()
        self.first_done = 0

    def __call__(self, phase: str, done: int, total: int, note: str) -> None:
        now = self.clock()
        if phase != self.phase:
            self.phase, self.phase_started, self.first_done = phase, now, done
        elapsed = now - self.phase_started
        if total > 0:
            share = min(1.0, done / total)
            filled = int(share * BAR_WIDTH)
            pace = (done - self.first_done) / elapsed if elapsed > 0 else 0.0
            estimated = pace > 0 and ESTIMATE_FROM <= share < 1.0
            left = f", about {_clock((total - done) / pace)} left" if estimated else ""
            line = (
                f"{phase:10} [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {share:4.0%} "
                f"{_clock(elapsed)}{left}  {note}"
            )
        elif done:
            line = f"{phase:10} {done:,} positions, {_clock(elapsed)}  {note}"
        else:
            line = f"{phase:10} {note}"
        print(f"\r\033[K{line}", end="", file=self.stream, flush=True)

    def finish(self) -> None:
        """End the line."""
        print(file=self.stream, flush=True)
