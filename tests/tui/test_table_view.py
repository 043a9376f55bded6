"""Issue 43 item 2: the public table view (``campaign tui NAME --table``, the table link of
``campaign serve``): what both sides may see — the phase, the map and the last results — with
no orders, kept current like every screen."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.tui.app import create_app
from campaign.tui.screens.table import TableScreen, result_lines, table_lines
from campaign.tui.session import CampaignSession
from campaign.tui.widgets.map_render import render_map
from tests.tui.pilot_helpers import screen_lines, screen_on_top
from tests.tui.test_side_view import REAL_NEUTRAL_ID, battle_with_a_face_down_neutral
from tests.waiting import until


def table_text(service: CampaignService, name: str, side: Side) -> str:
    session = CampaignSession(service, name, viewer=side)
    star_map = session.ruleset.star_map
    return "\n".join(
        [
            *table_lines(session),
            render_map(star_map, session.map_view()).plain,
            *result_lines(session),
        ]
    )


@pytest.mark.parametrize("name", ["demo", "full"])
def test_the_table_is_the_same_whichever_players_seat_builds_it(
    service: CampaignService, name: str
):
    """issue 43 item 2, DN-NEU-1: the table tells neither side anything the other may not
    see: built through Aslan's or Solomani's hiding rule it is the same, and it names no
    neutral by its real id."""
    aslan = table_text(service, name, Side.ASLAN)
    assert aslan == table_text(service, name, Side.SOLOMANI)
    assert not REAL_NEUTRAL_ID.findall(aslan)


def test_the_table_after_a_battle_with_a_face_down_counter(service: CampaignService):
    """issue 43 item 2, DN-NEU-1: with a battle where a face-down neutral stands, the table
    still says the same to both sides and names no real id."""
    battle_with_a_face_down_neutral(service)
    aslan = table_text(service, "demo", Side.ASLAN)
    assert aslan == table_text(service, "demo", Side.SOLOMANI)
    assert not REAL_NEUTRAL_ID.findall(aslan)


@asynccontextmanager
async def table_screen(
    service: CampaignService, keymap: Path, size: tuple[int, int]
) -> AsyncIterator[tuple[Pilot, TableScreen]]:
    """The table screen of the demo campaign, opened as ``campaign tui demo --table`` would."""
    app = create_app(keymap, service=service, open_campaign="demo", table=True)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: screen_on_top(app, TableScreen), "the table screen")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        yield pilot, screen


async def order_elsewhere(
    pilot: Pilot, screen: TableScreen, service: CampaignService, order: str
) -> None:
    """Give ``order`` through another session of the same database, and wait until the table
    screen shows the event it led to (no key pressed)."""
    other = CampaignSession(CampaignService(db_url=service.store.url), "demo")
    other.order(order)
    after = other.loaded.head.seq
    await until(
        pilot,
        lambda: f"event {after}" in str(screen.query_one("#table-phase").render()),
        f"the table shows event {after}",
    )


def test_the_table_screen_has_no_order_line_and_follows_the_campaign(
    service: CampaignService, no_keymap: Path
):
    """issue 43 items 1, 2: the table screen takes no orders (no input at all) and shows an
    order given elsewhere without a key."""

    async def scenario() -> None:
        async with table_screen(service, no_keymap, (160, 50)) as (pilot, screen):
            assert not screen.query(Input)
            await order_elsewhere(pilot, screen, service, "aslan end-phase")
            assert "aslan end-phase" in str(screen.query_one("#table-results").render())

    asyncio.run(scenario())


def test_a_long_result_goes_on_under_its_own_start(service: CampaignService):
    """issue 43 item 2 (the table view on a big screen or a phone): a sentence too long for the
    results panel is folded to its width and goes on under its own start (a hanging indent),
    not at the panel's left edge under the event numbers; no word is lost or changed."""
    from rich.text import Text

    session = CampaignSession(service, "demo", viewer=Side.ASLAN)
    width = 40
    unfolded = [Text.from_markup(line).plain for line in result_lines(session)]
    folded = [Text.from_markup(line).plain for line in result_lines(session, width)]
    assert max(len(line) for line in unfolded) > width  # the demo has sentences to fold
    assert all(len(line) <= width for line in folded)
    assert " ".join(folded).split() == " ".join(unfolded).split()
    continued = [
        line
        for before, line in zip(folded, folded[1:], strict=False)
        if len(before) > width - 12 and line.startswith(" " * 11)
    ]
    assert continued, "no folded sentence goes on under its own start"
    headings = ("Latest orders", "Last battle")
    at_the_edge = [line for line in folded if line[:1].strip() and not line.startswith(headings)]
    assert not at_the_edge, "a folded line goes on at the panel's left edge"


def test_a_word_longer_than_a_narrow_row_breaks_after_a_hyphen_or_slash(service: CampaignService):
    """issue 43 item 2 (the table view at 80x24 and 160x48, whose results panel has 28 to
    31 columns, and narrower on a phone): a phase name longer than a row's room after the
    hanging indent was cut anywhere: "first-m" / "ovement,", "firs" / "t-combat/interact" /
    "ion," (found by use, December 7, late night). Such a word breaks after one of its
    hyphens or slashes; ids and rule ids (``A-CL-1``, ``DN-SEQ-2``) stay whole."""
    from rich.text import Text

    session = CampaignSession(service, "demo", viewer=Side.ASLAN)
    unfolded = " ".join(Text.from_markup(line).plain for line in result_lines(session)).split()
    assert "first-movement," in unfolded  # longer than a 24-column row's room (13)
    folded = " ".join(Text.from_markup(line).plain for line in result_lines(session, 24)).split()
    joined: list[str] = []
    for word in folded:  # a word broken after its hyphen or slash, put together again
        if joined and joined[-1].endswith(("-", "/")) and joined[-1] + word in unfolded:
            joined[-1] += word
        else:
            joined.append(word)
    assert joined == unfolded
    assert "first-" in folded and "movement," in folded


def test_a_jumps_path_longer_than_a_row_breaks_after_a_comma(service: CampaignService):
    """issue 43 item 2 (DN-MOV-2, the table view's results at 80x24): a jump's path longer
    than a row's room was cut anywhere, "khtaoi,fissure,sp" / "an" (found by use, December
    8); it breaks after one of its commas, each system's name whole."""
    from rich.text import Text

    session = CampaignSession(service, "demo", viewer=Side.ASLAN)
    session.order("aslan jump A-DD-1 khtaoi,fissure,span")
    folded = " ".join(Text.from_markup(line).plain for line in result_lines(session, 24)).split()
    at = next(index for index, word in enumerate(folded) if word.startswith("khtaoi"))
    pieces = [folded[at]]
    while pieces[-1].endswith(","):  # the path goes on on the next row
        at += 1
        pieces.append(folded[at])
    assert len(pieces) > 1  # longer than a 24-column row's room (13)
    assert "".join(pieces) == "khtaoi,fissure,span", folded


def test_the_table_screen_folds_its_results_to_the_panel(service: CampaignService, no_keymap: Path):
    """issue 43 item 2: on the screen the results are folded to the panel's width (no line
    wider than the panel), also after the terminal changes size."""

    async def scenario() -> None:
        async with table_screen(service, no_keymap, (120, 40)) as (pilot, screen):
            results = screen.query_one("#table-results")

            def fits() -> bool:
                width = results.content_size.width
                lines = str(results.render()).splitlines()
                return width > 0 and all(len(line) <= width for line in lines)

            await until(pilot, fits, "the results fit the panel")
            await pilot.resize_terminal(90, 40)
            await until(pilot, fits, "the results fit the narrower panel")

    asyncio.run(scenario())


def test_the_table_screen_shows_the_whole_map_when_there_is_room(
    service: CampaignService, no_keymap: Path
):
    """issue 43 item 2, found by use: the map and the results shared the width evenly, so the
    map's panel cut off its east half at any size (Concord, Halden, Vantage, Marrow were never
    shown) with no way to reach it. The map panel now takes the map's width when the results
    keep ``RESULTS_MIN_WIDTH`` columns, and on a narrower screen scrolls sideways."""
    from campaign.tui.screens.table import RESULTS_MIN_WIDTH
    from campaign.tui.widgets.map_render import canvas_size

    async def scenario() -> None:
        async with table_screen(service, no_keymap, (160, 48)) as (pilot, screen):
            map_width, _ = canvas_size(screen.session.ruleset.star_map)
            scroll = screen.query_one("#table-map-scroll")
            results = screen.query_one("#table-results-scroll")

            def whole_map() -> bool:
                return scroll.scrollable_content_region.width >= map_width

            await until(pilot, whole_map, "the map panel is as wide as the map")
            assert scroll.max_scroll_x == 0
            assert "Vantage" in str(screen.query_one("#table-map").render())
            assert results.size.width >= RESULTS_MIN_WIDTH
            await pilot.resize_terminal(80, 24)
            await until(pilot, lambda: scroll.max_scroll_x > 0, "the narrow map panel scrolls")
            assert results.size.width >= RESULTS_MIN_WIDTH
            assert screen.focused is scroll  # the arrow keys move the map
            await pilot.press("right", "right")
            await until(pilot, lambda: scroll.scroll_x > 0, "Right scrolls the map east")

    asyncio.run(scenario())


def test_the_newest_result_is_in_view_on_a_short_screen(service: CampaignService, no_keymap: Path):
    """issue 43 item 2, found by use: the results list the latest orders oldest first, and on
    a screen too short for all of them (a 1200x700 browser window, 80x24) the newest, the one
    the table is looked at for, was below the panel's edge, with no key to scroll to it (the
    arrow keys move the map). The panel shows its end, also after an order given elsewhere."""

    async def scenario() -> None:
        async with table_screen(service, no_keymap, (80, 24)) as (pilot, screen):
            results = screen.query_one("#table-results-scroll")

            def at_the_end() -> bool:
                return results.max_scroll_y > 0 and results.scroll_y == results.max_scroll_y

            await until(pilot, at_the_end, "the results show their end")
            await order_elsewhere(pilot, screen, service, "aslan end-phase")
            await until(pilot, at_the_end, "the results show their end after the order")

    asyncio.run(scenario())


def test_the_newest_result_is_on_the_screen_when_the_table_opens(
    service: CampaignService, no_keymap: Path
):
    """issue 43 item 2 (found by use, December 7, late night): the table view opened at 80x24
    after three moves showed its results scrolled to their end, but the panel's text was laid
    out at the height of its first, unfolded draw (31 rows for 36 lines): the last order and
    its sentence (``aslan end-move A-CL-2``, ``A-CL-2 ends its movement``) were never on the
    screen. The newest line is on the screen now."""
    other = CampaignSession(service, "demo")
    for order in ("aslan jump main ftahr", "aslan jump A-CL-1 hlirakh", "aslan end-move A-CL-2"):
        other.order(order)

    async def scenario() -> None:
        async with table_screen(service, no_keymap, (80, 24)) as (pilot, screen):
            scroll = screen.query_one("#table-results-scroll")
            results = screen.query_one("#table-results")

            def newest_shown() -> bool:
                width = results.content_size.width
                if not width:
                    return False
                last = result_lines(screen.session, width)[-1].strip()
                shown = [line.strip() for line in screen_lines(pilot.app, scroll.region)]
                return last in shown

            await until(pilot, newest_shown, "the newest result's last line is on the screen")

    asyncio.run(scenario())
