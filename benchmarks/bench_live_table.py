"""The live table under load (issue 43 item 4): 12 browser seats on one campaign while the
referee plays a game turn.

``campaign serve`` runs on a copy of the demo campaign; one headless system Chromium opens 12
seat pages (the referee's, Aslan's, Solomani's and the table's links, three tabs each: 12
seat processes). The referee then gives the rest of game turn 1 of the seed game, order by
order, in this process (as ``campaign order`` would). For each order, every page notes the
moment its terminal first shows the new event number (in the page: the terminal's own
"write parsed" event, stamped with the shared system clock), and the figure is that moment
minus the moment the order was stored. Printed: p50, p95 and the worst of those delays; the
CPU time the seat processes used per update per seat (``/proc``; their four idle looks a
second included); the resident memory of each seat's process and of the server.

Goal (issue 43): p95 under 1 s on a 2-core machine. Prints figures, asserts nothing.
Run: ``python -m benchmarks.bench_live_table`` (needs /usr/bin/chromium and chromedriver).
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from campaign.app import CampaignService
from campaign.bundled import seed_file
from campaign.tui.demo import SEED_NAME, ensure_demo, seed_orders
from tests.browser.harness import CHROMIUM, Browser, Served, wait_for

SEATS = 12
TABS_PER_LINK = SEATS // 4
WATCH = """
const terminal = window.__terminals[0];
window.__pattern = null; window.__seenAt = null;
window.__check = () => {
  if (window.__pattern === null || window.__seenAt !== null) { return; }
  const buffer = terminal.buffer.active;
  for (let i = 0; i < buffer.length; i++) {
    if (window.__pattern.test(buffer.getLine(i).translateToString(true))) {
      window.__seenAt = Date.now(); return;
    }
  }
};
terminal.onWriteParsed(window.__check);
window.__bytes = 0;
const write = terminal.write.bind(terminal);
terminal.write = (data, callback) => {
  window.__bytes += data.length; return write(data, callback);
};
"""
EXPECT = "window.__pattern = new RegExp(arguments[0]); window.__seenAt = null; window.__check();"
#: Added before the page's own script: the moment the first screen data (a binary message; the
#: pings are text) reaches the page after ``window.__armed`` is set: the seat's update has
#: crossed the server and the network, before the page draws it.
ARRIVALS = """
window.__armed = false; window.__arrivedAt = null;
const RealSocket = window.WebSocket;
window.WebSocket = function (...args) {
  const socket = new RealSocket(...args);
  socket.addEventListener('message', (event) => {
    if (window.__armed && typeof event.data !== 'string') {
      window.__armed = false; window.__arrivedAt = Date.now();
    }
  });
  return socket;
};
window.WebSocket.prototype = RealSocket.prototype;
Object.assign(window.WebSocket, RealSocket);
"""
ARM = "window.__armed = true; window.__arrivedAt = null;"


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time used so far by process ``pid`` (``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(root: int) -> list[int]:
    """The processes started (directly or not) by process ``root`` (``/proc``)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def cpu_of(pids: list[int]) -> float:
    """The CPU seconds used so far by the processes ``pids`` still running."""
    total = 0.0
    for pid in pids:
        try:
            total += cpu_seconds(pid)
        except (OSError, IndexError, ValueError):
            continue
    return total


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main() -> int:
    if not CHROMIUM.exists():
        print(f"no {CHROMIUM}: install chromium and chromium-driver")
        return 1
    folder = Path(tempfile.mkdtemp(prefix="bench-live-"))
    url = f"sqlite:///{folder / 'campaigns.db'}"
    service = CampaignService(db_url=url)
    ensure_demo(service)
    turn = seed_orders(seed_file(SEED_NAME), None)[len(seed_orders(seed_file(SEED_NAME))) :]
    served = Served.start("demo", url)
    browser = Browser(throttled=False)
    try:
        tabs = []
        for seat, link in served.links.items():
            for _ in range(TABS_PER_LINK):
                tabs.append((seat, browser.open(link, ARRIVALS)))
        loaded = service.load("demo")
        for _seat, tab in tabs:
            browser.shows(tab, f"event {loaded.head.seq}")
            browser.driver.execute_script(WATCH)
        seat_pids = [
            pid
            for flag in ("--side aslan", "--side solomani", "--table")
            for pid in served.screens(flag)
        ]
        referee_pids = [pid for pid in served.screens("tui demo") if pid not in seat_pids]
        delays: list[float] = []
        arrivals: list[float] = []
        written_before = 0
        for _seat, tab in tabs:
            browser.driver.switch_to.window(tab)
            written_before += browser.driver.execute_script("return window.__bytes")
        seat_cpu = {pid: cpu_seconds(pid) for pid in seat_pids + referee_pids}
        browser_pids = descendants(browser.driver.service.process.pid)
        others_before = (cpu_of(browser_pids), cpu_seconds(served.process.pid))
        started = time.perf_counter()
        for order in turn:
            expected = None
            for _seat, tab in tabs:  # armed before the order is stored
                browser.driver.switch_to.window(tab)
                browser.driver.execute_script(EXPECT, "^$never")
                browser.driver.execute_script(ARM)
            service.submit(loaded, order)
            stored_at = time.time() * 1000
            expected = rf"event {loaded.head.seq}(?!\d)"
            for _seat, tab in tabs:
                browser.driver.switch_to.window(tab)
                browser.driver.execute_script(EXPECT, expected)
            for _seat, tab in tabs:
                browser.driver.switch_to.window(tab)
                seen = wait_for(
                    lambda: browser.driver.execute_script("return window.__seenAt"),
                    f"a page shows {expected}",
                )
                delays.append(max(0.0, (seen - stored_at) / 1000))
                arrived = browser.driver.execute_script("return window.__arrivedAt")
                if arrived is not None:
                    arrivals.append(max(0.0, (arrived - stored_at) / 1000))
        elapsed = time.perf_counter() - started
        written = -written_before
        for _seat, tab in tabs:
            browser.driver.switch_to.window(tab)
            written += browser.driver.execute_script("return window.__bytes")
        used = sum(cpu_seconds(pid) - before for pid, before in seat_cpu.items())
        browser_used = cpu_of(browser_pids) - others_before[0]
        server_used = cpu_seconds(served.process.pid) - others_before[1]
        memory = [rss_kib(pid) for pid in seat_pids + referee_pids]
        print(
            f"{SEATS} browser seats, {len(turn)} orders of game turn 1 in {elapsed:.1f} s, "
            f"{len(delays)} page updates"
        )
        print(
            f"order stored -> page shows it: p50 {percentile(delays, 0.5):.3f} s, "
            f"p95 {percentile(delays, 0.95):.3f} s, worst {max(delays):.3f} s "
            f"(goal: p95 < 1 s)"
        )
        print(
            f"CPU of the seat processes: {used:.1f} s in all, "
            f"{used / len(turn) / len(seat_cpu):.3f} s per update per seat "
            f"({len(seat_cpu)} processes)"
        )
        print(
            f"order stored -> its first screen data reaches the page (before the page draws "
            f"it): p50 {percentile(arrivals, 0.5):.3f} s, p95 {percentile(arrivals, 0.95):.3f} "
            f"s over {len(arrivals)} updates"
        )
        print(
            f"written to the pages' terminals: {written / len(turn) / SEATS / 1024:.1f} KiB "
            "per update per seat"
        )
        print(
            f"CPU of the browser (12 tabs drawing their terminals): {browser_used:.1f} s, "
            f"{browser_used / len(turn) / SEATS:.3f} s per update per tab; of the server "
            f"(relaying): {server_used:.1f} s; machine load average "
            f"{os.getloadavg()[0]:.1f} (2 cores)"
        )
        print(
            f"memory per seat process: mean {statistics.mean(memory) / 1024:.0f} MiB, "
            f"max {max(memory) / 1024:.0f} MiB over {len(memory)} processes; server "
            f"{rss_kib(served.process.pid) / 1024:.0f} MiB"
        )
    finally:
        browser.quit()
        served.stop()
        service.store.dispose()
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
