"""The pictures of docs/table.md: each seat's screen of ``campaign serve`` in headless
Chromium (issue 43 item 5).

A demo campaign is played on to an open battle at Quillon, where a face-down neutral stands,
and served; each seat's link is opened and its page saved as ``docs/images/table-SEAT.png``.
Run: ``python -m tools.table_screenshots [FOLDER]`` (needs /usr/bin/chromium and
chromedriver).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from campaign.app import CampaignService
from campaign.tui.demo import ensure_demo
from campaign.tui.session import CampaignSession
from tests.browser.harness import Browser, Served, wait_for

FOLDER = Path("docs/images")


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else FOLDER
    work = Path(tempfile.mkdtemp(prefix="table-pictures-"))
    url = f"sqlite:///{work / 'campaigns.db'}"
    service = CampaignService(db_url=url)
    ensure_demo(service)
    session = CampaignSession(service, "demo")
    session.order(session.move_order("main", "quillon"))
    session.order("aslan end-phase")
    service.store.dispose()
    served = Served.start("demo", url)
    browser = Browser()
    try:
        for seat, link in served.links.items():
            tab = browser.open(link)
            browser.shows(tab, "Campaign demo")
            browser.shows(tab, "event")
            if seat != "table":  # the Battle tab: what each seat sees of the battle
                wait_for(
                    lambda tab=tab: browser.type(tab, "4") or "stage:" in browser.text(tab),
                    "the Battle tab",
                )
            if seat == "table":  # a big screen: the whole map beside the results
                browser.driver.set_window_size(1800, 1000)
                wait_for(lambda tab=tab: "Vantage" in browser.text(tab), "the whole map")
            target = folder / f"table-{seat}.png"
            browser.screenshot(tab, target)
            print(f"wrote {target}")
    finally:
        browser.quit()
        served.stop()
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
