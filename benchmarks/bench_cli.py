"""Benchmark: CLI latency of `campaign status` and one `campaign order` on a campaign with about
2,000 events, whole process, median of 9, beside `python -c "import pydantic, sqlalchemy"`.

Run from the repository root: ``.venv/bin/python -m benchmarks.bench_cli``.

The campaign is a random legal game (``tests.integration.driver``, seeded) written into a fresh
SQLite database through the store, so it has snapshots like a real one. Each `order` run works on
a fresh copy of that database (the copy is not timed) and gives ``referee stepping auto``, an
order that is always legal, so the run measures load + decide + append + report. One `status`
runs first, untimed (it creates the ledger's tables and keeps the built ruleset). Goals: each
command at most 2x the import baseline measured in the same run (issue 15, wall), each at most
0.15 s CPU, and a shell completion answer (a campaign name, an order word) at most 0.1 s CPU
(issue 47), beside Python starting with nothing to do. Wall and child CPU
times are printed; CPU is the steadier figure when other work shares the machine. No
assertions: figures only.
"""

from __future__ import annotations

import compileall
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.goals import Peer, goal

if TYPE_CHECKING:
    from tests.integration.driver import Driver

RUNS = 9
TARGET_EVENTS = 2_000
GOAL_RATIO = 2.0
COMMAND_GOAL_S = 0.15  # issue 47: `status` and `order`, CPU
TAB_GOAL_S = 0.1  # issue 47: one shell completion answer, CPU
NAME = "integration"


def random_game() -> Driver:
    """A random legal game (seeded) of at least ``TARGET_EVENTS`` events, played in memory."""
    from campaign.content import load_ruleset
    from tests.integration.driver import Driver

    driver = Driver(load_ruleset(None, "standard", None), seed=11, campaign_id=NAME)
    turns = 2
    while len(driver.events) < TARGET_EVENTS and driver.state.phase.value != "game-over":
        turns += 1
        driver.play_randomly(game_turns=turns)
    return driver


def build(db: Path) -> int:
    """Write a random legal game of at least ``TARGET_EVENTS`` events; returns the event count."""
    from campaign.app import CampaignService
    from campaign.rules.canonical import canonical_json

    driver = random_game()
    service = CampaignService(db_url=f"sqlite:///{db}")
    loaded = service.create(NAME, dice_seed=driver.dice_seed)
    seq = loaded.head.seq
    events = driver.events[seq:]
    for text, count in driver.orders:
        batch, events = events[:count], events[count:]
        stored = service.store.append(NAME, seq, text, [(e.type, canonical_json(e)) for e in batch])
        if stored[-1].seq // 250 > seq // 250:
            service.snapshot(service.load(NAME, use_snapshot=False))
        seq = stored[-1].seq
    service.load(NAME)  # the hash chain and the snapshots verify
    return seq


def compile_packages() -> None:
    """Write the bytecode of ``campaign`` and ``scenarios`` where Python looks for it (quietly;
    modules whose bytecode is current are left alone)."""
    import campaign
    import scenarios

    for package in (campaign, scenarios):
        compileall.compile_dir(Path(package.__file__).parent, quiet=1)


def timed(argv: list[str]) -> tuple[float, float]:
    """Wall and child CPU seconds of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def median_of(runs: list[tuple[float, float]]) -> tuple[float, float]:
    """Median wall and median CPU."""
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def main() -> None:
    """Build the campaign, then time the baseline, `status` and `order` side by side."""
    campaign = str(Path(sys.executable).with_name("campaign"))
    with tempfile.TemporaryDirectory() as tmp:
        master = Path(tmp) / "bench.db"
        events = build(master)
        url = f"sqlite:///{master}"
        # Once, untimed: the bytecode of the tool's packages, as pip compiles it when it
        # installs the wheel. A source tree edited since its last run, with
        # PYTHONDONTWRITEBYTECODE set, compiled every changed module again in every timed
        # command (measured on 2026-12-07: `status` 0.203 s of CPU instead of 0.150 s).
        compile_packages()
        # Once, untimed: the first command on a database the store wrote creates the ledger's
        # tables (SQLAlchemy imported once), and the first load of the data files keeps the
        # built ruleset in the user's cache (campaign.content.built); every later command,
        # as on a user's machine, finds both.
        timed([campaign, "status", NAME, "--db", url])
        baseline, status, order = [], [], []
        for _ in range(RUNS):  # interleaved, so load changes hit every figure alike
            baseline.append(timed([sys.executable, "-c", "import pydantic, sqlalchemy"]))
            status.append(timed([campaign, "status", NAME, "--db", url]))
            copy = Path(tmp) / "copy.db"
            shutil.copyfile(master, copy)
            order.append(
                timed(
                    [campaign, "order", NAME, "referee stepping auto", "--db", f"sqlite:///{copy}"]
                )
            )
        start_runs, names, words = [], [], []
        for _ in range(RUNS):
            start_runs.append(timed([sys.executable, "-c", "pass"]))
            names.append(
                timed(
                    [campaign, "completion", "--complete", "bash", "--", "status", "--db", url, ""]
                )
            )
            words.append(
                timed(
                    [
                        campaign,
                        "completion",
                        "--complete",
                        "bash",
                        "--",
                        "order",
                        "--db",
                        url,
                        NAME,
                        "aslan ",
                    ]
                )
            )
    base_wall, base_cpu = median_of(baseline)
    print(f"campaign with {events} events; median of {RUNS} whole-process runs")
    print(f"{'command':36} {'wall s':>8} {'cpu s':>8} {'x base (wall)':>14} {'x base (cpu)':>13}")
    for label, runs in (
        ("python -c 'import pydantic, sqlalchemy'", baseline),
        ("campaign status", status),
        ("campaign order (stepping auto)", order),
    ):
        wall, cpu = median_of(runs)
        print(f"{label:36} {wall:8.3f} {cpu:8.3f} {wall / base_wall:14.2f} {cpu / base_cpu:13.2f}")
        if runs is not baseline:
            goal(
                f"{label.split(' (')[0]}, wall / bare import (issue 15)",
                wall / base_wall,
                GOAL_RATIO,
                "x",
                digits=2,
            )
    bare_import = Peer("bare import of pydantic + sqlalchemy", base_cpu)
    goal(
        "campaign status, CPU (issue 47)",
        median_of(status)[1],
        COMMAND_GOAL_S,
        "s",
        peer=bare_import,
    )
    goal(
        "campaign order, CPU (issue 47)", median_of(order)[1], COMMAND_GOAL_S, "s", peer=bare_import
    )
    python_start = Peer("python start alone", median_of(start_runs)[1])
    goal(
        "Tab on a campaign name, CPU (issue 47)",
        median_of(names)[1],
        TAB_GOAL_S,
        "s",
        peer=python_start,
    )
    goal(
        "Tab on an order word, CPU (issue 47)",
        median_of(words)[1],
        TAB_GOAL_S,
        "s",
        peer=python_start,
    )


if __name__ == "__main__":
    main()
