"""One way for every benchmark to state a goal: ``goal:`` lines that ``run_all`` gathers.

A benchmark calls ``goal(...)`` for each goal it measures. The line says the figure, the goal,
``met`` or ``NOT met``, and -- where the same run measured a peer (a bare import beside the CLI,
our Dobutsu build beside our Imperium build) -- the ratio to it:

    goal: campaign status CPU: 0.231 s (goal <= 0.15 s): NOT met; x0.96 bare import (0.240 s)

A figure with a peer but no goal of its own is a ``ratio:`` line (``ratio``). ``benchmarks.run_all``
prints every benchmark's output as it comes and ends with these lines, so one run shows which
goals hold (issue 47 item 4).
"""

from __future__ import annotations

from dataclasses import dataclass

PREFIX = "goal: "
RATIO_PREFIX = "ratio: "


@dataclass(frozen=True)
class Peer:
    """A figure measured in the same run to compare with (same unit as the goal's figure)."""

    label: str
    value: float


def goal(
    name: str,
    value: float,
    target: float,
    unit: str,
    *,
    at_most: bool = True,
    peer: Peer | None = None,
    digits: int = 3,
) -> bool:
    """Print the ``goal:`` line of one goal and return whether it is met.

    ``at_most`` goals are met when ``value <= target``, the others when ``value >= target``.
    """
    met = value <= target if at_most else value >= target
    sign = "<=" if at_most else ">="
    line = (
        f"{PREFIX}{name}: {value:.{digits}f} {unit} (goal {sign} {target:g} {unit}): "
        f"{'met' if met else 'NOT met'}"
    )
    if peer is not None and peer.value > 0:
        line += f"; x{value / peer.value:.2f} {peer.label} ({peer.value:.{digits}f} {unit})"
    print(line, flush=True)
    return met


def ratio(name: str, value: float, unit: str, peer: Peer, *, digits: int = 1) -> float:
    """Print a ``ratio:`` line: a figure beside a peer's from the same run, with no goal."""
    times = value / peer.value if peer.value > 0 else float("nan")
    print(
        f"{RATIO_PREFIX}{name}: {value:.{digits}f} {unit}; x{times:.2f} {peer.label} "
        f"({peer.value:.{digits}f} {unit})",
        flush=True,
    )
    return times
