"""Benchmark: one `campaign import` of a turn file into a long game (about 2,000 events).

Run from the repository root: ``.venv/bin/python -m benchmarks.bench_import`` (about four minutes
on two cores: most of it builds the game).

The random legal game of ``bench_cli`` (about 2,000 events) is played by two players on two SQLite
databases with seeded dice, each order on its side's database and a turn file exchanged at every
hand-over, as players do (about 300 files). The last file is kept back; the benchmark then
imports it into copies of the receiver's database: once in this process, counting what the
import does (services opened, database drivers, reads of the log, events folded), and as a
whole process, median of ``RUNS`` (wall and CPU). Issue 30 asks one service, one driver, one
read of the log and one fold of it per import. Figures only, no assertions (the counts are
checked by ``tests/pbem/test_import_work.py``).
"""

from __future__ import annotations

import contextlib
import io
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from benchmarks.bench_cli import NAME, random_game, timed

RUNS = 7


def build(directory: Path) -> tuple[Path, Path, int]:
    """Play the game by turn files; the receiver's database, the file kept back, the
    receiver's event count."""
    from campaign.app import CampaignService
    from campaign.app.mail import PbemService
    from campaign.rules.ids import Side
    from campaign.store.repository import Store

    driver = random_game()
    ruleset = driver.ruleset
    players: dict[Side, PbemService] = {}
    for side in (Side.ASLAN, Side.SOLOMANI):
        store = Store(f"sqlite:///{directory / (side.value + '.db')}", durable=False)
        service = CampaignService(store, ruleset_loader=lambda *_: ruleset)
        service.create(NAME, dice_seed=driver.dice_seed, dice_mode="seeded")
        players[side] = PbemService(service, side=side)
    holder: Side | None = None
    for text, _count in driver.orders:
        side = Side(text.split()[0])
        if holder is not None and side is not holder:
            made = players[holder].export_turn(NAME, holder)
            players[side].import_turn(NAME, made.json_text)
        holder = side
        players[side].service.order(NAME, text)
    assert holder is not None
    kept = directory / "last-file.json"
    kept.write_text(players[holder].export_turn(NAME, holder).json_text, encoding="utf-8")
    receiver = players[holder.enemy].service
    return directory / f"{holder.enemy.value}.db", kept, receiver.store.head(NAME).seq


def count_work(argv: list[str]) -> Counter:
    """Run ``campaign ARGV`` in this process, counting services, drivers, log reads and events
    folded."""
    import campaign.app.campaigns as campaigns
    from campaign.cli import main
    from campaign.rules import engine
    from campaign.store import database

    work: Counter = Counter()
    undo = []

    def wrap(owner: object, name: str, key: str, counts=None) -> None:
        original = getattr(owner, name)

        def counted(*args, **kwargs):
            work[key] += counts(*args) if counts is not None else 1
            return original(*args, **kwargs)

        setattr(owner, name, counted)
        undo.append((owner, name, original))

    wrap(campaigns.Campaigns, "__init__", "services opened")
    for driver in (database.SqliteDatabase, database.SqlAlchemyDatabase):
        wrap(driver, "__init__", "database drivers")
    for connection in (database.SqliteConnection, database.SqlAlchemyConnection):
        wrap(
            connection,
            "all",
            "reads of the log",
            lambda _self, sql, *_: int("FROM dn_event" in sql and "payload" in sql),
        )
    wrap(engine, "fold", "events folded", lambda events, *_: len(events))
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(argv) == 0
    finally:
        for owner, name, original in undo:
            setattr(owner, name, original)
    return work


def main() -> None:
    """Build the game, count one import, time it as a whole process."""
    campaign = str(Path(sys.executable).with_name("campaign"))
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        receiver, kept, events = build(Path(tmp))
        print(
            f"game built in {time.perf_counter() - started:.0f} s; the receiver holds "
            f"{events} events"
        )
        copy = Path(tmp) / "copy.db"
        argv = ["import", NAME, str(kept), "--db", f"sqlite:///{copy}"]
        shutil.copyfile(receiver, copy)
        for key, value in count_work(argv).items():
            print(f"  {key}: {value}")
        runs = []
        for _ in range(RUNS):
            shutil.copyfile(receiver, copy)
            runs.append(timed([campaign, *argv]))
    wall = statistics.median(run[0] for run in runs)
    cpu = statistics.median(run[1] for run in runs)
    print(f"`campaign import`, whole process, median of {RUNS}: wall {wall:.3f} s, cpu {cpu:.3f} s")


if __name__ == "__main__":
    main()
