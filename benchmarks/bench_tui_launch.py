"""Benchmark: launch of the TUI to the first interactive campaign screen on the demo campaign.

Run from the repository root: ``.venv/bin/python -m benchmarks.bench_tui_launch``.

Each run is a fresh Python process (so imports count, as for a user typing ``campaign demo``)
that builds the app exactly like ``campaign demo`` (service, keymap, launcher, demo opened
directly) and runs it headless until the campaign screen has mounted and the first frame is
idle. The clock starts before the first import of ``campaign``. Goal: ≤ 1.5 s (warm: the demo
already exists in the database). The first-ever launch, which also creates the demo from the
seed game, is reported separately. Wall and process CPU times are printed; CPU time is the
steadier figure when other work shares the machine.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.goals import goal

RUNS = 5
GOAL_S = 1.5


def child(db_url: str, keymap: str) -> None:
    """Measure one launch in this process and print ``wall cpu`` in seconds."""
    wall0, cpu0 = time.perf_counter(), time.process_time()
    import asyncio

    from campaign.app import CampaignService
    from campaign.tui.app import create_app
    from campaign.tui.demo import DEMO_NAME, ensure_demo
    from campaign.tui.screens.campaign import CampaignScreen

    async def launch() -> None:
        service = CampaignService(db_url=db_url)
        ensure_demo(service)
        app = create_app(Path(keymap), service=service, open_campaign=DEMO_NAME)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, CampaignScreen)
            print(f"{time.perf_counter() - wall0:.3f} {time.process_time() - cpu0:.3f}")

    asyncio.run(launch())


def run_child(db_url: str, keymap: str) -> tuple[float, float]:
    """One launch in a fresh interpreter; (wall, cpu) seconds."""
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_tui_launch", "--child", db_url, keymap],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return float(out[0]), float(out[1])


def main() -> None:
    """Time the first launch (creates the demo) and RUNS warm launches."""
    with tempfile.TemporaryDirectory() as tmp:
        db_url = f"sqlite:///{Path(tmp) / 'campaigns.db'}"
        keymap = str(Path(tmp) / "keymap.toml")
        first = run_child(db_url, keymap)
        print(
            f"first launch (creates the demo from the seed game): wall {first[0]:.2f} s, "
            f"cpu {first[1]:.2f} s"
        )
        warm = [run_child(db_url, keymap) for _ in range(RUNS)]
    walls = [w for w, _ in warm]
    cpus = [c for _, c in warm]
    median = statistics.median(walls)
    print(
        f"launch to interactive campaign screen, {RUNS} runs: median wall "
        f"{median:.2f} s (best {min(walls):.2f}), median cpu "
        f"{statistics.median(cpus):.2f} s (best {min(cpus):.2f})"
    )
    goal("TUI launch to the campaign screen, median wall (issue 17)", median, GOAL_S, "s", digits=2)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
    else:
        main()
