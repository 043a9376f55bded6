"""Benchmark: the movement rules' interactive query and jump orders (DN-MOV-*, DN-NEB-1).

Run from the repository root: ``.venv/bin/python -m benchmarks.bench_movement``.

Prints the best-of-N time of

- ``move_options`` for one stack on the sample map (standard layout, 52 systems) with ~150 units
  scattered over it: every legal destination with its path and, for every other system, the rule
  that forbids it (goal: well under 50 ms, the UI calls it whenever the player picks a stack);
- ``decide(jump)``: checking and deciding one multi-jump order through the engine;
- the same ``move_options`` on synthetic maps of 400 and 2,500 systems (scaling check).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from benchmarks.goals import goal
from benchmarks.synthetic_map import synthetic_ruleset
from campaign.content import load_ruleset
from campaign.rules import catalog
from campaign.rules.engine import decide
from campaign.rules.ids import Side
from campaign.rules.movement import move_options
from campaign.rules.movement.moves import Jump
from campaign.rules.phases import Phase
from campaign.rules.ruleset import Ruleset
from campaign.rules.sequence import step_index
from campaign.rules.state import CampaignState, Location, Unit


def best_of(runs: int, action: Callable[[], object]) -> float:
    """The fastest of ``runs`` calls of ``action``, in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def scattered_state(
    ruleset: Ruleset, units: int, seed: int = 7, face_down: int = 0
) -> CampaignState:
    """Aslan's First Movement with ``units`` ships of both sides on random systems, plus stack
    ``bench`` (a cruiser and a tanker) at the first system and ``face_down`` face-down neutral
    counters on random systems (paths avoid them where they can, DN-NEU-1)."""
    rng = random.Random(seed)
    state = CampaignState(
        campaign_id="bench",
        turn=2,
        step=step_index(Phase.FIRST_MOVEMENT),
        phasing=Side.ASLAN,
        acting=Side.ASLAN,
    )
    systems = [s.id for s in ruleset.star_map.systems]
    codes = ["CR", "AO", "TR"]
    for n in range(units):
        side = Side.ASLAN if n % 2 else Side.SOLOMANI
        code = rng.choice(codes)
        state.add_unit(
            Unit(
                id=f"{side.value[0].upper()}-{code}-{n}",
                kind=f"{side.value}:{code}",
                owner=side,
                location=Location.hex(rng.choice(systems)),
            )
        )
    for uid, code in (("A-CR-B", "CR"), ("A-AO-B", "AO")):
        state.add_unit(
            Unit(
                id=uid,
                kind=f"aslan:{code}",
                owner=Side.ASLAN,
                location=Location.hex(systems[0]),
                stack="bench",
            )
        )
    for n in range(face_down):
        state.add_unit(
            Unit(
                id=f"N-TR-{n}",
                kind="neutral:TR",
                owner=Side.NEUTRAL,
                location=Location.hex(rng.choice(systems[1:])),
                face_down=True,
            )
        )
    return state


#: Goal of the docstring: ``move_options`` well under 50 ms on the sample map.
MOVE_OPTIONS_GOAL_MS = 50.0


def main() -> None:
    """Print the figures."""
    catalog.load()
    sample = load_ruleset()
    state = scattered_state(sample, 150)
    options = move_options(state, sample, Side.ASLAN, "bench")
    seconds = best_of(20, lambda: move_options(state, sample, Side.ASLAN, "bench"))
    print(
        f"move_options, sample map (52 systems, 152 units): {seconds * 1000:.2f} ms "
        f"({len(options.legal)} legal, {len(options.refused)} refused)"
    )
    goal("move_options, sample map", seconds * 1000, MOVE_OPTIONS_GOAL_MS, "ms", digits=2)
    if options.legal:
        target = max(options.legal.values(), key=lambda d: len(d.path))
        order = Jump(side=Side.ASLAN, what="bench", path=list(target.path))
        seconds = best_of(20, lambda: decide(state, order, sample))
        print(f"decide(jump), {len(target.path)} jumps: {seconds * 1000:.2f} ms")
    hidden = scattered_state(sample, 150, face_down=8)
    seconds = best_of(20, lambda: move_options(hidden, sample, Side.ASLAN, "bench"))
    print(f"move_options, sample map, 8 face-down counters too: {seconds * 1000:.2f} ms")
    for size in (400, 2500):
        ruleset = synthetic_ruleset(size, seed=3)
        for face_down in (0, size // 20):
            big = scattered_state(ruleset, size // 2, face_down=face_down)
            seconds = best_of(3, lambda r=ruleset, s=big: move_options(s, r, Side.ASLAN, "bench"))
            also = f", {face_down} face-down counters" if face_down else ""
            print(f"move_options, synthetic map of {size} systems{also}: {seconds * 1000:.1f} ms")


if __name__ == "__main__":
    main()
