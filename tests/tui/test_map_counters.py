"""Issue 31 item 2: the map's stack counters read as part of the next system's name
(``●BulwarkS6`` was Halden's counter, ``○RedoubtS1`` Marrow's, ``A5n1``, ``Drosseln1``); a
referee jumped two cruisers 12 jumps to an empty system because of it. Every counter must be
nearest to its own system's name and touch no other text. Checked on the drawn text only."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.content.layouts import build_map
from campaign.content.loader import load_sections_of
from campaign.rules.ids import Side
from campaign.rules.ruleset import StarMap
from campaign.tui.session import CampaignSession
from campaign.tui.widgets.map_render import (
    CAPITAL_GLYPH,
    TYPE_GLYPH,
    MapView,
    SystemMarks,
    hex_centre,
    render_map,
    short_name,
)
from tests.conftest import DATA_DIR
from tests.tui.pilot_helpers import campaign_shown, screen_lines

TOKEN = re.compile(r"[ASn]\d+")
LETTER = {Side.ASLAN: "A", Side.SOLOMANI: "S", Side.NEUTRAL: "n"}


def label_spans(star_map: StarMap, lines: list[str]) -> dict[str, tuple[int, int, int]]:
    """Where each system's name is drawn: (row, first, last column)."""
    spans = {}
    for system in star_map.systems:
        x, y = hex_centre(system.hex.col, system.hex.row)
        text = (CAPITAL_GLYPH if system.capital else TYPE_GLYPH[system.type]) + short_name(
            system.name
        )
        first = lines[y].find(text, max(0, x - len(text)))
        assert first >= 0, system.name
        spans[system.id] = (y, first, first + len(text) - 1)
    return spans


def counters_drawn(lines: list[str]) -> list[tuple[int, int, int, str]]:
    """Every counter on the map: (row, first, last column, text), a side's pieces together
    when one space or nothing parts them (``A4 n1``, ``A5n1``)."""
    found = []
    for row, line in enumerate(lines):
        for match in TOKEN.finditer(line):
            if found and found[-1][0] == row and match.start() - found[-1][2] <= 2:
                r, first, _, text = found[-1]
                found[-1] = (r, first, match.end() - 1, text + " " + match.group())
            else:
                found.append((row, match.start(), match.end() - 1, match.group()))
    return found


def distance(label: tuple[int, int, int], row: int, first: int, last: int) -> int:
    label_row, label_first, label_last = label
    return max(0, first - label_last, label_first - last) + 2 * abs(label_row - row)


def check_counters(star_map: StarMap, view: MapView, *, all_drawn: bool) -> None:
    lines = render_map(star_map, view).plain.split("\n")
    labels = label_spans(star_map, lines)
    expected = {
        system: " ".join(
            f"{LETTER[side]}{count}" for side, count in sorted(marks.stacks.items()) if count
        )
        for system, marks in view.marks.items()
        if any(marks.stacks.values())
    }
    drawn = counters_drawn(lines)
    for row, first, last, text in drawn:
        touching = [
            system
            for system, (r, lf, ll) in labels.items()
            if r == row and (lf == last + 1 or ll == first - 1)
        ]
        assert not touching, f"counter {text!r} touches the name of {touching}"
        nearest = sorted(labels, key=lambda s: distance(labels[s], row, first, last))
        assert expected.get(nearest[0]) == text, (text, nearest[:2])
        # issue 44 item 2: a counter on the line of another system's name reads as that
        # system's (Marrow's S1 on Redoubt's line): a line with no name, or its own name's line
        # with its own name the nearest there
        on_line = sorted(
            (distance(span, row, first, last), system)
            for system, span in labels.items()
            if span[0] == row
        )
        assert not on_line or on_line[0][1] == nearest[0], (text, nearest[0], row, on_line[:2])
        second = distance(labels[nearest[1]], row, first, last)
        assert second > distance(labels[nearest[0]], row, first, last), (text, nearest[:2])
    if all_drawn:
        assert sorted(text for *_, text in drawn) == sorted(expected.values())


@pytest.mark.parametrize("name", ["demo", "full"])
def test_every_counter_is_next_to_its_own_system(service: CampaignService, name: str):
    """DN-MAP-4 / DN-MOV-2: the counters of the seed game's positions (the demo's first
    movement, the whole seed game)."""
    session = CampaignSession(service, name)
    check_counters(session.ruleset.star_map, session.map_view(), all_drawn=True)


def test_crowded_counters_never_touch_another_name(service: CampaignService):
    """DN-MAP-4: every system holding units of both sides (two-side counters everywhere): a
    counter with no clear place is left out (the system panel lists the units), none is
    drawn where another name is nearer or touching."""
    star_map = CampaignSession(service, "demo").ruleset.star_map
    marks = {
        system.id: SystemMarks(None, {Side.ASLAN: 12, Side.SOLOMANI: 3})
        for system in star_map.systems
    }
    check_counters(star_map, MapView(marks=marks), all_drawn=False)
    drawn = counters_drawn(render_map(star_map, MapView(marks=marks)).plain.split("\n"))
    assert len(drawn) >= len(star_map.systems) - 2


#: Every layout a campaign can be played on: the layout files, and random assemblies (DN-MAP-5).
LAYOUTS = [("standard", None), ("demo", None), *(("random", seed) for seed in (1, 7, 44))]


def layout_map(layout: str, seed: int | None) -> StarMap:
    star_map, _ = build_map(DATA_DIR / "maps", load_sections_of(DATA_DIR), layout, seed)
    return star_map


@pytest.mark.parametrize(("layout", "seed"), LAYOUTS)
def test_every_system_of_every_layout_gets_its_counter_beside_its_name(
    layout: str, seed: int | None
):
    """Issue 44 item 2 (DN-MAP-4): a counter on every system (one side, then both), read back
    from the drawn text: each is drawn (one side's), nearest its own name, never on the line of
    another name, never touching one."""
    star_map = layout_map(layout, seed)
    for side in (Side.ASLAN, Side.SOLOMANI, Side.NEUTRAL):
        marks = {
            system.id: SystemMarks(None, {side: 1 + index % 12})
            for index, system in enumerate(star_map.systems)
        }
        check_counters(star_map, MapView(marks=marks), all_drawn=True)
    crowded = {
        system.id: SystemMarks(None, {Side.ASLAN: 12, Side.SOLOMANI: 3})
        for system in star_map.systems
    }
    check_counters(star_map, MapView(marks=crowded), all_drawn=False)


def visible_labels(star_map: StarMap, lines: list[str]) -> dict[str, tuple[int, int, int]]:
    """Every system name shown whole on ``lines``: (row, first, last column)."""
    found = {}
    for system in star_map.systems:
        text = (CAPITAL_GLYPH if system.capital else TYPE_GLYPH[system.type]) + short_name(
            system.name
        )
        for row, line in enumerate(lines):
            first = line.find(text)
            if first >= 0:
                found[system.id] = (row, first, first + len(text) - 1)
    return found


def shown_inside(system: str, star_map: StarMap, lines: list[str]) -> bool:
    """``system``'s name is shown with a line of the map above and below it (the map has
    scrolled to it: the counter's line is on screen too)."""
    span = visible_labels(star_map, lines).get(system)
    return span is not None and 0 < span[0] < len(lines) - 1


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_each_counter_reads_back_to_its_system_on_screen(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """Issue 44 item 2: at 80x24 and 160x48, each system holding units is shown (the map
    scrolled to it, as ``g`` does) and the screen's text is parsed: the counter nearest its
    name is its own, and no other name shown is as near that counter or on its line first."""
    from tests.tui.pilot_helpers import screen_of
    from tests.waiting import until

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=size) as pilot:
            tab = screen_of(pilot).map_tab
            session = tab.session
            star_map = session.ruleset.star_map
            expected = {
                system: " ".join(
                    f"{LETTER[side]}{count}"
                    for side, count in sorted(marks.stacks.items())
                    if count
                )
                for system, marks in session.map_view().marks.items()
                if any(marks.stacks.values())
            }
            scroller = tab.query_one("#map-scroll")
            for system, counter in expected.items():
                tab.select_system(system)
                await until(
                    pilot,
                    lambda s=system: shown_inside(
                        s, star_map, screen_lines(pilot.app, scroller.content_region)
                    ),
                    f"the map scrolled to {system}'s name",
                )
                lines = screen_lines(pilot.app, scroller.content_region)
                labels = visible_labels(star_map, lines)
                drawn = counters_drawn(lines)
                row, first, last, text = min(drawn, key=lambda c: distance(labels[system], *c[:3]))
                assert text == counter, (system, text, counter)
                mine = distance(labels[system], row, first, last)
                rivals = [
                    (distance(span, row, first, last), other)
                    for other, span in labels.items()
                    if other != system
                ]
                assert all(d > mine for d, _ in rivals), (system, text, sorted(rivals)[:2])
                on_line = [
                    other for other, span in labels.items() if span[0] == row and other != system
                ]
                assert row == labels[system][0] or not on_line, (system, text, on_line)
            await pilot.pause()

    asyncio.run(scenario())
