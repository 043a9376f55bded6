"""Benchmark: drawing the map picture (issue 19) of synthetic maps up to 10,000 systems.

Run from the repository root: ``.venv/bin/python -m benchmarks.bench_map``.

The synthetic maps of ``benchmarks.synthetic_map`` get their pieces as units of a campaign state
(troops in boxes, cruisers, tankers and transports in hexes). For 100, 1,000 and 10,000 systems
it prints the best-of-N wall time of

- ``scene``: gathering what the picture shows from the rules (box control, both sides' income
  and supply reports, counters from the player view);
- ``draw``: building the drawsvg element tree;
- ``svg``: writing the SVG text (the three with the cyclic collector paused, as
  ``position_svg`` runs them);
- ``total``: all three, ``position_svg``: the time `campaign map` spends after loading (goal:
  < 2 s at 10,000 systems), for the referee's view with the supply overlay, as wall and process
  CPU time (the CPU figure is steadier on a shared machine), then the same for one side's view,
  and the size of the file.

The last line gives the 10,000-system figures (CPU and wall) against the goal; the load average
before and after says how busy the machine was.

Figures only; nothing is asserted.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

from benchmarks.synthetic_map import synthetic_pieces, synthetic_ruleset
from campaign.app.pictures import position_svg
from campaign.render.svg import cycle_collector_paused, draw_scene
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.sequence import FIRST_PLAYER_STEP
from campaign.rules.state import SIDE_PREFIX, CampaignState, Location, Unit
from campaign.rules.views import see
from campaign.views.scene import MapScene, Overlay, campaign_scene

SIZES = (100, 1_000, 10_000)
GOAL_S = 2.0


def synthetic_state(ruleset: Ruleset, seed: int = 7) -> CampaignState:
    """A game-turn-1 state holding the synthetic pieces as units."""
    state = CampaignState(
        campaign_id="bench", turn=1, step=FIRST_PLAYER_STEP, ru={side: 50 for side in PLAYER_SIDES}
    )
    for number, piece in enumerate(synthetic_pieces(ruleset, seed), start=1):
        system = piece.system_id or ""
        where = Location.box(system) if piece.in_box else Location.hex(system)
        unit_id = f"{SIDE_PREFIX[piece.side]}-{piece.unit_type.code}-{number}"
        state.add_unit(
            Unit(id=unit_id, kind=piece.unit_type.kind, owner=piece.side, location=where)
        )
    return state


def best_s(
    action: Callable[[], object], repeat: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Best time of ``repeat`` runs on ``clock`` (wall by default), in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        action()
        best = min(best, clock() - start)
    return best


def main() -> int:
    """Print the timing table, then the 10,000-system figures against the goal."""
    print(f"load average at start: {_load()}")
    print(
        f"{'systems':>8} {'routes':>7} {'units':>6} {'scene':>8} {'draw':>8} {'svg':>8} "
        f"{'total':>8} {'(cpu)':>8} {'side view':>9} {'file':>9}"
    )
    wall = cpu = 0.0
    for n in SIZES:
        ruleset = synthetic_ruleset(n, seed=7)
        state = synthetic_state(ruleset)
        repeat = 5 if n <= 1_000 else 3

        def scene(r=ruleset, s=state) -> MapScene:
            return campaign_scene("bench", see(s, None), r, overlay=Overlay.SUPPLY)

        def picture(side: Side | None = None, r=ruleset, s=state) -> str:
            return position_svg("bench", s, r, side=side, overlay=Overlay.SUPPLY)

        built = scene()
        drawing = draw_scene(built)
        with cycle_collector_paused():  # as position_svg runs them
            t_scene = best_s(scene, repeat)
            t_draw = best_s(lambda b=built: draw_scene(b), repeat)
            t_svg = best_s(lambda d=drawing: d.as_svg(), repeat)
        wall = best_s(picture, repeat)
        cpu = best_s(picture, repeat, time.process_time)
        t_side = best_s(lambda: picture(Side.ASLAN), repeat)
        size = len(picture().encode("utf-8"))
        print(
            f"{n:>8} {len(ruleset.star_map.routes):>7} {len(state.units):>6} "
            f"{t_scene:>7.3f}s {t_draw:>7.3f}s {t_svg:>7.3f}s {wall:>7.3f}s {cpu:>7.3f}s "
            f"{t_side:>8.3f}s {size / 1e6:>7.2f}MB"
        )
    print(f"load average at end: {_load()}")
    verdict = "met" if cpu < GOAL_S else "MISSED"
    print(
        f"{SIZES[-1]:,} systems, referee's picture with the supply overlay (scene + draw + svg, "
        f"best of 3): {cpu:.2f} s CPU, {wall:.2f} s wall; goal < {GOAL_S:.0f} s: {verdict} on "
        "CPU time (wall time equals it on a quiet machine)"
    )
    return 0


def _load() -> str:
    """The 1/5/15-minute load averages (the machine may be shared: CPU time is the steadier
    figure then)."""
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


if __name__ == "__main__":
    sys.exit(main())
