"""Issue 31 items 6 and 7: long lists filter as you type, a system is chosen by a click or by
name and lists its units and the orders that apply there, a moved stack's destinations are no
wall of ``✗ … DN-MOV-2`` rows, stacks say box or hex; the Log tab's columns share the width
(the order column took 106 columns, the dice were off-screen at 80) and its filter's hint does
not look like a filter in force."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, OptionList, Static

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.tui.app import create_app
from campaign.tui.widgets.map_render import hex_centre
from tests.tui.pilot_helpers import (
    app_for,
    campaign_on_top,
    campaign_shown,
    move_with_form,
    screen_of,
    send,
    tab_ready,
)
from tests.waiting import until

WIDE = (160, 48)


def options_of(screen, selector: str) -> list[str]:
    options = screen.query_one(selector, OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


def test_typing_narrows_the_destinations(service: CampaignService, no_keymap: Path):
    """DN-MOV-2: reaching Redoubt took 39 ``Down`` presses; typing ``redou`` in the
    destination list leaves Redoubt only (the letters are not the screen's keys there), and
    Enter sends the move."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=WIDE) as pilot:
            screen = screen_of(pilot)
            await pilot.press("escape", "m", "enter")
            destinations = screen.query_one("#dest-list", OptionList)
            await until(pilot, lambda: destinations.has_focus, "the destinations focused")
            assert len(options_of(screen, "#dest-list")) > 30
            await pilot.press(*"redou")
            title = screen.query_one("#dest-title", Static)
            await until(pilot, lambda: "Find: redou" in str(title.render()), "redou typed")
            shown = options_of(screen, "#dest-list")
            assert shown and all("Redoubt" in text for text in shown), shown
            main = screen.session.stacks(screen.session.state.acting)["main"][0]
            await pilot.press("enter")
            await until(
                pilot,
                lambda: screen.session.state.position_of(main).system == "redoubt",
                "main at Redoubt",
            )

    asyncio.run(scenario())


def test_a_moved_stack_shows_reasons_not_a_wall_of_refusals(
    service: CampaignService, no_keymap: Path
):
    """DN-MOV-2: after its jump a stack's list was ~90 rows ``✗ System DN-MOV-2`` with no
    reason; refusals for one reason are one row that says it, and every ✗ row has a reason."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=WIDE) as pilot:
            screen = screen_of(pilot)
            await move_with_form(pilot, "main", "halden")
            await pilot.press("escape", "m")
            await until(pilot, lambda: tab_ready(screen, "tab-map"), "the stack list focused")
            await until(
                pilot,
                lambda: any(t.startswith("✗") for t in options_of(screen, "#dest-list")),
                "the refused destinations listed",
            )
            refused = [text for text in options_of(screen, "#dest-list") if text.startswith("✗")]
            assert 0 < len(refused) <= 6, refused
            for text in refused:
                assert ":" in text and "(DN-" in text, text

    asyncio.run(scenario())


def test_stacks_say_box_or_hex(service: CampaignService, no_keymap: Path):
    """DN-MOV-6: a stack on a surface box must leave it before jumping; the stack list said
    only the system."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=WIDE) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            await until(pilot, lambda: bool(options_of(screen, "#stack-list")), "the stacks")
            stacks = options_of(screen, "#stack-list")
            assert stacks and all(" hex (" in text or " box (" in text for text in stacks)

    asyncio.run(scenario())


def test_a_click_on_a_system_lists_its_units_and_boxes(service: CampaignService, no_keymap: Path):
    """DN-MAP-4: a click on Wahtoi selects it; the side panel lists the cruisers in space and
    the one on the surface box, and the stacks that may move from there."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=WIDE) as pilot:
            screen = screen_of(pilot)
            wahtoi = screen.session.ruleset.star_map.system("wahtoi")
            x, y = hex_centre(wahtoi.hex.col, wahtoi.hex.row)
            await until(pilot, lambda: screen.query_one("#map").region.width > 0, "the map")
            scroll = screen.query_one("#map-scroll").scroll_offset
            await pilot.click("#map", offset=(x - scroll.x, y - scroll.y))
            await until(pilot, lambda: screen.map_tab.selected_system == "wahtoi", "Wahtoi")
            info = str(screen.query_one("#system-info", Static).render())
            assert "Wahtoi" in info and "in space: A-CL-1, A-CL-2" in info
            assert "surface box: A-CL-3" in info and "m moves: A-CL-1" in info

    asyncio.run(scenario())


def test_g_chooses_a_system_by_name(service: CampaignService, no_keymap: Path):
    """DN-MAP-4: ``g``, a few letters, Enter: the map selects the system and lists its
    units (Concord, the Solomani capital)."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=WIDE) as pilot:
            screen = screen_of(pilot)
            await pilot.press("escape", "g")
            await until(
                pilot,
                lambda: (
                    type(pilot.app.screen).__name__ == "ChoicePrompt"
                    and pilot.app.screen.focused is not None
                ),
                "the system prompt",
            )
            await pilot.press(*"conc", "enter")
            await until(pilot, lambda: screen.map_tab.selected_system == "concord", "Concord")
            assert pilot.app.screen is screen
            info = str(screen.query_one("#system-info", Static).render())
            assert "Concord" in info and "S-B1-1" in info

    asyncio.run(scenario())


def test_the_panel_lists_only_the_stacks_that_can_still_move(
    service: CampaignService, no_keymap: Path
):
    """Found by use (DN-MOV-2): after A-CL-1 jumped to Span, ``g`` ``span`` Enter said "m moves:
    A-CL-1" while its destinations said it "has finished its movement this phase". The panel
    lists a stack only when the movement form offers it a destination."""

    async def scenario() -> None:
        app = create_app(None, service=service, open_campaign="demo", side=Side.ASLAN)
        async with app.run_test(size=(80, 24)) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            # DN-MOV-2: a stack that jumped has finished its movement this phase
            await send(pilot, "aslan jump A-CL-1 hlirakh,ftahr,khtaoi,fissure,span")
            panel = screen.query_one("#system-info", Static)
            shown = {}
            for system in ("span", "wahtoi"):
                await pilot.press("escape", "g")
                await until(pilot, lambda: type(pilot.app.screen).__name__ == "ChoicePrompt", "g")
                await pilot.press(*system, "enter")
                heading = screen.session.system_name(system)
                await until(pilot, lambda h=heading: str(panel.render()).startswith(h), system)
                shown[system] = str(panel.render())
            assert "in space: A-CL-1" in shown["span"]
            assert "m moves" not in shown["span"], shown["span"]
            assert "m moves: A-CL-2" in shown["wahtoi"]

    asyncio.run(scenario())


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_the_log_columns_share_the_width_and_show_the_dice(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """DN-SEQ-1: the order column took 106 columns for a 12-jump path, "what happened" was
    cut to 37 characters at 160 columns and the dice were off-screen at 80."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "full", size=size) as pilot:
            screen = screen_of(pilot)
            await pilot.press("escape", "5")
            await until(pilot, lambda: tab_ready(screen, "tab-log"), "the Log tab")
            table = screen.query_one("#log", DataTable)
            await until(
                pilot,
                lambda: (
                    table.row_count > 0
                    and 0
                    < sum(c.get_render_width(table) for c in table.columns.values())
                    <= table.size.width
                ),
                "the Log columns laid out",
            )
            columns = list(table.columns.values())
            widths = [column.get_render_width(table) for column in columns]
            assert sum(widths) <= table.size.width, (widths, table.size.width)
            labels = [str(column.label) for column in columns]
            assert labels.index("dice") < labels.index("what happened")
            assert widths[labels.index("order")] <= 34
            if size[0] >= 160:
                assert widths[labels.index("what happened")] >= 80
            rolled = [row for row in screen._log_shown if row.rolls]
            assert rolled
            cells = [table.get_row_at(i) for i in range(table.row_count)]
            assert any(str(cell[3]).strip() for cell in cells)
            hint = str(screen.query_one("#log-filter", Input).placeholder)
            assert hint.startswith("type to filter") and "all orders shown" in hint

    asyncio.run(scenario())


def test_enter_in_the_log_filter_goes_to_the_rows_it_keeps(
    service: CampaignService, no_keymap: Path
):
    """Found by use (December 7, DN-SEQ-1): ``/``, ``halden``, Enter did nothing, the cursor
    stayed in the filter, and the ``2`` typed next to see the Forces tab made the filter
    ``halden2`` (no order matched). Enter now keeps the filter and puts the cursor on the rows
    it keeps, so the keys after it are commands again."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=WIDE) as pilot:
            screen = screen_of(pilot)
            await pilot.press("slash", *"halden", "enter")
            log = screen.tab_widget("tab-log")
            await until(pilot, lambda: log.table.has_focus, "the cursor on the log's rows")
            assert log.filter_input.value == "halden" and log.table.row_count > 0
            await pilot.press("2")
            await until(pilot, lambda: tab_ready(screen, "tab-forces"), "the Forces tab")
            assert log.filter_input.value == "halden"

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("turn:abc", "turn:abc: a game turn is a whole number, e.g. turn:1"),
        ("zzzz", "Ctrl+U in the filter"),
    ],
)
def test_a_log_filter_matching_nothing_says_why_and_how_to_clear_it(
    service: CampaignService, no_keymap: Path, typed: str, said: str
):
    """Found by use (December 7, evening; DN-ERR-1): ``/`` ``turn:abc`` showed an empty table
    and "no order matches the filter", as if the campaign had no game turn "abc". A term the
    filter cannot read is named with the form it takes, and every empty result says how to
    clear the filter."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            await pilot.press("slash", *typed)
            log = screen.tab_widget("tab-log")
            detail = log.query_one("#log-detail", Static)
            await until(pilot, lambda: log.table.row_count == 0, "no row kept")
            await until(pilot, lambda: said in str(detail.render()), "the reason shown")
            assert "no order matches the filter" in str(detail.render())

    asyncio.run(scenario())
