"""Imperial's tables at 80x24 (found by use, December 7): the Nations table's Flag and
Rondel and the Bonds table's GB, GE and RU lay beyond the pane's edge. Tab from the orders
reaches the table and the arrows scroll it sideways; scrolled, the columns came into view
without the nation's or player's name, so a row could not be read. The first column now
stays in view. A Pilot test at both sizes; it failed on the code before the change."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import DataTable

from scenarios.imperial.screen import ImperialScreen
from tests.tui.pilot_helpers import ScenarioHost, pass_investor, screen_lines
from tests.waiting import until

#: Each table's tab key, its id, its first column and the columns beyond 80 columns' edge.
TABLES = [
    ("1", "#imperial-nations", "Nation", ("Flag", "Rondel")),
    ("2", "#imperial-bonds", "Player", ("GB", "GE", "RU")),
]


def header(app, table: DataTable) -> str:
    """The table's header row as the terminal shows it."""
    return screen_lines(app, table.region)[0]


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_every_column_of_the_tables_can_be_read_with_its_row_name(size: tuple[int, int]):
    """IMP-7 (the table screen): from the orders, Tab Tab focuses the shown tab's table (its
    titles first); the arrows scroll it to its last columns, with the row names' column
    still in view. At 160x48 every column is in view at once."""

    async def scenario() -> None:
        app = ScenarioHost(lambda: ImperialScreen(players=4, seed=0, computer=set()))
        async with app.run_test(size=size) as pilot:
            await pass_investor(pilot)
            screen = app.screen
            for key, table_id, first, beyond in TABLES:
                await pilot.press(key)
                table = screen.query_one(table_id, DataTable)
                await until(pilot, lambda: screen.focused is not None, "the orders focused")
                await pilot.press("tab", "tab")
                await until(pilot, lambda table=table: table.has_focus, f"{table_id} focused")
                for _ in range(40):
                    if table.scroll_x >= table.max_scroll_x:
                        break
                    await pilot.press("right")
                await until(
                    pilot, lambda table=table: table.scroll_x >= table.max_scroll_x, "scrolled"
                )
                await pilot.pause()
                shown = header(app, table)
                assert shown.split()[0] == first, shown
                for column in beyond:
                    assert column in shown.split(), (column, shown)
                if size[0] == 160:
                    assert table.max_scroll_x == 0
                await pilot.press("escape")

    asyncio.run(asyncio.wait_for(scenario(), 60))
