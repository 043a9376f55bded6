"""Screen snapshots at 80x24 and 160x48 with a pinned seed and clock: the launcher, the campaign
screen's tabs, the help, and each scenario game screen (issue 17: layout at both sizes).

The SVGs live in ``__snapshots__``; after an intended change of the screens, review the
differences and re-create them with ``pytest tests/tui/test_snapshots.py --snapshot-update``.
The database is a copy of the seed-game campaigns (fixed dice seed), so the screens are the same
on every run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from freezegun import freeze_time

from campaign.app import CampaignService
from scenarios.imperial.screen import ImperialScreen, ImperialSetupScreen
from scenarios.imperium_shogi.screen import ShogiScreen
from scenarios.invector.screen import InvectorScreen
from tests.tui.pilot_helpers import ScenarioHost, app_for

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((160, 48), id="160x48")]
#: The wall clock starts here and ticks (a frozen monotonic clock would stop Textual's timers).
CLOCK = "2026-11-30 09:00:00"

#: Campaign views: (campaign, keys pressed after opening it).
CAMPAIGN_VIEWS = {
    # DN-MAP-4 routes, DN-MOV-2 legal destinations of the selected stack, DN-SEQ-1 tracker
    "map": ("demo", []),
    # DN-DATA-2: units with printed factors, stacks, places and cargo
    "forces": ("demo", ["2"]),
    # DN-ECO-4 income report, DN-ECO-7 maintenance due (game turn 2)
    "economy": ("full", ["3"]),
    # DN-CBT-1: no open battle in the production phase
    "battle": ("full", ["4"]),
    # the log: one row per order with event numbers
    "log": ("full", ["5"]),
    # the keys of the campaign screen
    "help": ("demo", ["f1"]),
}


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_launcher(snap_compare, service: CampaignService, no_keymap: Path, size):
    # DN-MAP-5: campaigns (with layout) and the scenario games on the first screen
    with freeze_time(CLOCK, tick=True):
        assert snap_compare(app_for(service, no_keymap, None), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("view", sorted(CAMPAIGN_VIEWS))
def test_snapshot_campaign(snap_compare, service: CampaignService, no_keymap: Path, view, size):
    name, keys = CAMPAIGN_VIEWS[view]
    with freeze_time(CLOCK, tick=True):
        assert snap_compare(app_for(service, no_keymap, name), press=keys, terminal_size=size)


SCENARIO_SCREENS = {
    "shogi": lambda: ShogiScreen(red="human", blue="human"),  # SHO-2 set-up
    "invector": lambda: InvectorScreen(players=("human", "human")),  # INV-2 set-up
    "imperial": lambda: ImperialScreen(players=4, seed=0),  # IMP-4 start, seats 1-3 computer
    "imperial-setup": ImperialSetupScreen,
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", sorted(SCENARIO_SCREENS))
def test_snapshot_scenario(snap_compare, name, size):
    keys = ["escape"] if name == "imperial" else []  # pass the opening investor dialog
    with freeze_time(CLOCK, tick=True):
        assert snap_compare(ScenarioHost(SCENARIO_SCREENS[name]), press=keys, terminal_size=size)
