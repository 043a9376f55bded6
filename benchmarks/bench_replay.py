"""Benchmark: load a 20,000-event campaign from SQLite, cold and from a snapshot.

Goals (2-core reference machine): cold replay (verify the hash chain, parse and fold every event)
at most 2 s; load with a snapshot (verify the chain, restore the snapshot, fold the tail) at most
0.3 s. Prints wall-clock and CPU time (best of 5); asserts nothing.

Run: ``.venv/bin/python -m benchmarks.bench_replay [--events N]``

The campaign is played on the real data files: set-up, then the deployment step is used to
move units back and forth (each redeployment is one order and one event), which gives a long log
of small events like a real campaign's movement orders.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from benchmarks.goals import goal
from campaign.app import CampaignService, Loaded
from campaign.content import load_ruleset
from campaign.rules import engine
from campaign.rules.canonical import canonical_json
from campaign.rules.dice import SeededSource
from campaign.rules.notation import parse_order
from campaign.rules.setup_rules import home_section, neutral_systems
from campaign.store.repository import Head, Store

BATCH = 200  # orders per database transaction while building the log


def _build(service: CampaignService, name: str, target: int) -> int:
    """Create campaign ``name`` and grow its log to at least ``target`` events."""
    loaded = service.create(name, dice_seed="bench")
    ruleset = loaded.ruleset
    source = SeededSource("bench")
    state = loaded.state
    head = loaded.head
    pending: list[tuple[str, str]] = []

    def play(text: str) -> None:
        events = engine.decide(state, parse_order(text), ruleset, source)
        engine.fold(events, state)
        pending.extend((e.type, canonical_json(e)) for e in events)

    def flush() -> None:
        nonlocal head
        if pending:
            stored = service.store.append(name, head.seq, "(benchmark batch)", list(pending))
            head = Head(stored[-1].seq, stored[-1].hash, stored[-1].batch)
            pending.clear()

    targets = [s.id for s in neutral_systems(ruleset)]
    placed = 0
    while state.phase.value == "setup-neutrals":
        play(f"{state.acting.value} place-neutral {targets[placed % len(targets)]}")
        placed += 1
    for side in ("aslan", "solomani"):
        play(f"{side} buy DD 11")
        play(f"{side} end-phase")
    homes = {
        side: [s.id for s in ruleset.star_map.systems if s.section == home_section(ruleset, side)]
        for side in (state.acting, state.acting.enemy)
    }
    units = [u.id for u in state.units_of(state.acting)]
    homes_now = homes[state.acting]
    count = 0
    while head.seq + len(pending) < target:
        unit = units[count % len(units)]
        where = "hex" if count % 2 else "box"
        play(f"{state.acting.value} deploy {unit} {where}:{homes_now[count % len(homes_now)]}")
        count += 1
        if len(pending) >= BATCH:
            flush()
    flush()
    return head.seq


def _timed(action) -> tuple[float, float, Loaded]:
    """Wall-clock and CPU seconds of ``action()`` (CPU time is what a busy machine distorts
    least), and its result."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def main() -> None:
    """Build the campaign, then time both kinds of load (best of 3)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=20_000)
    args = parser.parse_args()
    ruleset = load_ruleset()
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'bench.db'}"
        service = CampaignService(Store(url), ruleset_loader=lambda layout, seed: ruleset)
        start = time.perf_counter()
        events = _build(service, "bench", args.events)
        print(f"built {events} events in {time.perf_counter() - start:.1f} s")
        service.store.drop_snapshots("bench")
        cold_runs = [_timed(lambda: service.load("bench", use_snapshot=False)) for _ in range(5)]
        loaded = service.load("bench", use_snapshot=False)
        service.snapshot(loaded)
        warm_runs = [_timed(lambda: service.load("bench")) for _ in range(5)]
        assert warm_runs[0][2].from_snapshot == events
        same = engine.state_digest(warm_runs[0][2].state) == engine.state_digest(loaded.state)
        for label, runs, target in (
            (f"cold replay of {events} events", cold_runs, 2.0),
            (f"load with snapshot at event {events}", warm_runs, 0.3),
        ):
            wall = min(r[0] for r in runs)
            cpu = min(r[1] for r in runs)
            print(f"{label}: {wall:.3f} s wall, {cpu:.3f} s CPU (best of 5; goal <= {target} s)")
            goal(f"{label}, CPU (best of 5)", cpu, target, "s")
        print(f"snapshot state identical to cold replay: {same}")
        service.store.dispose()


if __name__ == "__main__":
    main()
