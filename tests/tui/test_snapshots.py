"""Screen snapshots of the main screens at a pinned terminal size, seed and clock.

The SVGs live in ``__snapshots__``; after an intended change of the screens, review the
differences and re-create them with ``pytest tests/tui/test_snapshots.py --snapshot-update``.
The database is a copy of the seed-game campaigns (fixed dice seed), so the screens are the same
on every run.
"""

from __future__ import annotations

from pathlib import Path

from freezegun import freeze_time

from campaign.service import CampaignService
from tests.tui.pilot_helpers import app_for

SIZE = (100, 30)
#: The wall clock starts here and ticks (a frozen monotonic clock would stop Textual's timers).
CLOCK = "2026-11-30 09:00:00"


def test_snapshot_launcher(snap_compare, service: CampaignService, no_keymap: Path):
    # DN-MAP-5: campaigns (with layout) and the scenario games on the first screen
    with freeze_time(CLOCK, tick=True):
        assert snap_compare(app_for(service, no_keymap, None), terminal_size=SIZE)


def test_snapshot_campaign_map(snap_compare, service: CampaignService, no_keymap: Path):
    # DN-MAP-4 routes, DN-MOV-2 legal destinations of the selected stack, DN-SEQ-1 phase tracker
    with freeze_time(CLOCK, tick=True):
        assert snap_compare(app_for(service, no_keymap, "demo"), terminal_size=SIZE)


def test_snapshot_economy(snap_compare, service: CampaignService, no_keymap: Path):
    # DN-ECO-4 income report, DN-ECO-7 maintenance due (game turn 2)
    with freeze_time(CLOCK, tick=True):
        assert snap_compare(app_for(service, no_keymap, "full"), press=["3"],
                            terminal_size=SIZE)


def test_snapshot_forces(snap_compare, service: CampaignService, no_keymap: Path):
    # DN-DATA-2: units with printed factors, stacks, places and cargo
    with freeze_time(CLOCK, tick=True):
        assert snap_compare(app_for(service, no_keymap, "demo"), press=["2"],
                            terminal_size=SIZE)
