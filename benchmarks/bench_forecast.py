"""Benchmark: Monte Carlo forecast of a 20-vs-20-ship battle, 10,000 simulated battles.

Goal: at most 2 s on the 2-core reference machine. Prints the figures; asserts nothing.
Run: ``.venv/bin/python -m benchmarks.bench_forecast``
"""

from __future__ import annotations

import os
import time

from benchmarks.goals import goal
from campaign.bundled import bundled_data_dir
from campaign.content.tables import load_tables
from campaign.content.units import load_units
from campaign.rules.combat.forecast import forecast_battle
from campaign.rules.combat.model import Battle, Combatant
from campaign.rules.ids import Side

DATA = bundled_data_dir()
ASLAN_MIX = ("CL", "CL", "CS", "CR", "DD", "DD", "B1", "CL", "CS", "CR")
SOLOMANI_MIX = ("CL", "CS", "CR", "DD", "CA", "B1", "CL", "CS", "DD", "B2")
SAMPLES = 10_000
GOAL_SECONDS = 2.0


def fleets() -> Battle:
    """20 Aslan ships defending against 20 Solomani ships (a mix of every warship class)."""
    units = {u.kind: u for u in load_units(DATA / "units.csv")}
    members = []
    for side, mix in ((Side.ASLAN, ASLAN_MIX), (Side.SOLOMANI, SOLOMANI_MIX)):
        for n in range(20):
            code = mix[n % len(mix)]
            members.append(Combatant.from_unit_type(f"{side}-{code}-{n}", units[f"{side}:{code}"]))
    return Battle(system="bench", attacker=Side.SOLOMANI, defender=Side.ASLAN, units=tuple(members))


def main() -> None:
    """Time one forecast of the benchmark battle and print the figures."""
    table = load_tables(DATA / "tables", DATA)["space_crt"]
    battle = fleets()
    forecast_battle(battle, table, frozenset(), samples=200, seed=1)  # warm-up
    start, cpu_start = time.perf_counter(), time.process_time()
    result = forecast_battle(battle, table, frozenset(), samples=SAMPLES, seed=2026)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    print(
        f"forecast 20 vs 20 ships, {SAMPLES} battles: {elapsed:.3f} s wall, {cpu:.3f} s CPU "
        f"(goal <= {GOAL_SECONDS} s)"
    )
    print(f"  per battle: {elapsed / SAMPLES * 1e6:.0f} us, mean rounds {result.mean_rounds:.2f}")
    for name in ("attacker_losses", "defender_losses", "defender_holds", "attacker_wins"):
        est = getattr(result, name)
        print(f"  {name}: {est.mean:.3f} (95% CI {est.low:.3f}..{est.high:.3f})")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"  load average while measuring: {load:.1f} (the kernel runs on one core)")
    goal(f"forecast of {SAMPLES} battles, 20 vs 20 ships, CPU", cpu, GOAL_SECONDS, "s")


if __name__ == "__main__":
    main()
