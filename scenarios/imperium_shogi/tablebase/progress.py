"""A one-line progress bar with an estimate of the time left, for the long solves."""

from __future__ import annotations

import sys
import time
from typing import TextIO

BAR_WIDTH = 24


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes}:{secs:02d}"


class ProgressBar:
    """``bar(phase, done, total, note)`` redraws one line on ``stream`` (stderr by default).

    With a known ``total`` the line shows a bar, the share done and the time left, estimated
    from the pace of the phase so far; with ``total = 0`` it shows the count only (if any).
    """

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.phase = ""
        self.phase_started = time.monotonic()
        self.first_done = 0

    def __call__(self, phase: str, done: int, total: int, note: str) -> None:
        now = time.monotonic()
        if phase != self.phase:
            self.phase, self.phase_started, self.first_done = phase, now, done
        elapsed = now - self.phase_started
        if total > 0:
            share = min(1.0, done / total)
            filled = int(share * BAR_WIDTH)
            pace = (done - self.first_done) / elapsed if elapsed > 0 else 0.0
            left = (
                f", about {_clock((total - done) / pace)} left" if pace > 0 and done < total else ""
            )
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
