"""Results and state on the campaign screen (issue 17 items 3 and 5): the outcome sentences of
the rules core after each order, the last battle on the Battle tab, who must act, and no stale
state (launcher event count, previous battle's dice, order hint, movement hints)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Static

from campaign.app import CampaignService
from campaign.rules.acting import acting_sentence, who_must_act
from campaign.rules.ids import Side
from campaign.tui.app import create_app
from campaign.tui.screens.forms import OrderForm
from campaign.tui.session import CampaignSession
from campaign.tui.session_log import LogRow, last_round_dice
from tests.tui.pilot_helpers import (
    SIZE,
    app_for,
    battle_step,
    campaign_on_top,
    campaign_shown,
    open_battle_at_halden,
    screen_of,
    screen_on_top,
    send,
    tab_ready,
)
from tests.waiting import until

#: Bound on the battle steps of the demo's battle at Halden (it ends well before).
MAX_STEPS = 60


def _text(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def launcher_rows(pilot) -> dict[str, str]:
    """The launcher's campaigns and their event counts ({} until it is on top, composed)."""
    tables = pilot.app.screen.query("#campaign-table").results(DataTable)
    return {str(key.value): str(t.get_row(key)[2]) for t in tables for key in t.rows}


def test_launcher_event_count_follows_play(service: CampaignService, no_keymap: Path):
    """Issue 17 item 5: the launcher kept the event count it had before the campaign was
    played."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "demo" in launcher_rows(pilot), "the launcher's list")
            table = pilot.app.screen.query_one("#campaign-table", DataTable)
            row = table.get_row_index("demo")
            table.move_cursor(row=row)
            await pilot.press("enter")
            assert "✓" in await send(pilot, "aslan end-phase")
            await pilot.press("q")
            head = service.load("demo").head.seq
            await until(
                pilot,
                lambda: launcher_rows(pilot).get("demo") == str(head),
                "the launcher's event count",
            )
            table = pilot.app.screen.query_one("#campaign-table", DataTable)
            assert table.get_row("demo")[2] == str(head)

    asyncio.run(scenario())


def test_last_round_dice_stop_at_the_opening_of_battles():
    """Issue 17 item 5 (DN-CBT-1): a new battle in the same system showed the previous battle's
    "last round's dice"."""
    old = LogRow(
        10, 2, "aslan", "aslan fire halden/1", ("round-fought",), ("fire halden A-CL-1=4",), 40, 40
    )
    opened = LogRow(
        11, 3, "aslan", "aslan end-phase", ("phase-advanced", "battles-opened"), (), 41, 42
    )
    assert last_round_dice([old], "halden") == "fire halden A-CL-1=4"
    assert last_round_dice([old, opened], "halden") == ""


def test_tracker_placeholder_results_and_last_battle(service: CampaignService, no_keymap: Path):
    """Issue 17 items 3 and 5 (DN-CBT-1..7): the tracker names who the battle waits for, the
    order line's hint is the order awaited, each sent order shows the rules core's outcome
    sentence, and once the battle is over the Battle tab shows the last battle summary."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            session = await open_battle_at_halden(pilot)
            screen = screen_of(pilot)
            assert session.battles()
            steps = 0
            while session.battles() and steps < MAX_STEPS:
                sentence = acting_sentence(session.state, session.ruleset)
                assert sentence in _text(screen, "#phase")
                awaited = who_must_act(session.state, session.ruleset)[0].orders[0]
                assert awaited in screen.query_one("#order", Input).placeholder
                status = await send(pilot, battle_step(session, next(iter(session.battles()))))
                assert "✓" in status, status
                first = session.last_outcome[0].splitlines()[0]
                assert first in status
                steps += 1
            assert not session.battles()
            await pilot.press("4")
            await until(pilot, lambda: tab_ready(screen, "tab-battle"), "the Battle tab")
            battle = _text(screen, "#battle")
            summary = session.last_battle()
            assert not summary.empty
            assert "Last battle" in battle
            # the tab wraps each sentence with its indent (found by use, December 7)
            last = " ".join(summary.lines[-1].splitlines()[0].split())
            assert last in " ".join(battle.split())

    asyncio.run(scenario())


def test_movement_hints_only_in_movement_phases(service: CampaignService, no_keymap: Path):
    """Issue 17 item 5 (DN-MOV-4): "move tankers first" stayed on the map panel outside the
    movement phases."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "full").run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            await until(pilot, lambda: _text(screen, "#system-info").strip(), "the map panel")
            assert not screen.session.state.phase.is_movement
            assert "DN-MOV-4" not in _text(screen, "#system-info")

    asyncio.run(scenario())


def test_physical_dice_are_counted_and_must_match(service: CampaignService, no_keymap: Path):
    """Issue 17 item 10 (DN-ERR-1, DN-CBT-2): the dice field says how many dice the typed order
    rolls and for what; too many values are refused like too few, and nothing is stored."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            session = await open_battle_at_halden(pilot)
            screen = screen_of(pilot)
            step = session.next_battle_order(next(iter(session.battles())))
            needed = session.dice_needed(step)
            assert needed, step
            await pilot.press("escape", "o")
            screen.query_one("#order", Input).value = step
            # the hint is worked out once typing pauses: wait for it (issue 44 item 7); it is
            # cut to the field's width, so what is shown is the start of the count and purpose
            purpose = needed[0].split()[0]
            await until(
                pilot,
                lambda: purpose in screen.query_one("#dice", Input).placeholder,
                "the dice hint for " + step,
            )
            placeholder = screen.query_one("#dice", Input).placeholder
            count = f"{len(needed)} dice: " if len(needed) > 1 else "1 die: "
            assert placeholder.startswith(count + purpose), placeholder
            assert needed[0].startswith(placeholder[len(count) :].rstrip("…")), placeholder
            head = service.load("demo").head.seq
            too_many = ",".join(["3"] * (len(needed) + 1))
            status = await send(pilot, step, too_many)
            assert "DN-ERR-1" in status and f"rolls {len(needed)}" in status
            assert service.load("demo").head.seq == head
            if len(needed) > 1:
                status = await send(pilot, step, ",".join(["3"] * (len(needed) - 1)))
                assert "DN-ERR-1" in status and service.load("demo").head.seq == head
            status = await send(pilot, step, ",".join(["3"] * len(needed)))
            assert "✓" in status
            assert service.load("demo").head.seq > head

    asyncio.run(scenario())


def test_battle_form_offers_the_open_battle(service: CampaignService, no_keymap: Path):
    """Issue 17 item 9 (DN-CBT-1): the form's BATTLE blank offers the open battles and starts
    on the first one instead of asking for its id as free text."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            await open_battle_at_halden(pilot)
            screen = screen_of(pilot)
            step = screen.session.next_battle_order(next(iter(screen.session.battles())))
            side, verb = step.split()[:2]
            screen.query_one("#order", Input).value = f"{side} {verb}"
            await pilot.press("escape", "e")
            await until(
                pilot,
                lambda: screen_on_top(pilot.app, OrderForm),
                "the order form",
            )
            form = pilot.app.screen
            names = [field.name for field in form.fields]
            assert "BATTLE" in names
            assert form.value_of(names.index("BATTLE")) == "b1"

    asyncio.run(scenario())


def shown_rows(widget: Static) -> list[str]:
    """The rows ``widget`` draws on the screen now (not the whole text it holds)."""
    return [strip.text.strip() for strip in widget.render_lines(widget.outer_size.region)]


def land_a_cruiser_at_span(service: CampaignService) -> None:
    """Aslan's A-CL-1 jumps to Span and lands in its hostile box, where no Aslan ground unit
    goes with it (DN-MOV-2, DN-INT-1): the next end-phase fights the ground combat there."""
    session = CampaignSession(service, "demo")
    session.order("aslan jump A-CL-1 hlirakh,ftahr,khtaoi,fissure,span")
    session.order("aslan end-phase")
    session.order("aslan end-phase")
    session.order("aslan interact span A-CL-1 - -")


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_the_status_line_marks_what_it_cuts_and_points_to_the_log(
    service: CampaignService, size: tuple[int, int]
):
    """Found by use (DN-GND-1): at 80x24 the outcome "Ground combat at Span (…): A-CL-1 removed,
    no ground forces to hold the box (DN-GND-1)" wrapped past the status line's three rows and
    its end was gone with no mark, the pointer to the log with it. Now the rows shown are the
    wrapped text at the width of the moment; what does not fit ends with "…" and the pointer;
    wide enough, the outcome shows whole."""
    land_a_cruiser_at_span(service)
    ground = "no ground forces to hold the box (DN-GND-1)"

    async def scenario() -> None:
        app = create_app(None, service=service, open_campaign="demo", side=Side.ASLAN)
        async with app.run_test(size=size) as pilot:
            await campaign_on_top(pilot)
            # DN-GND-1: the ground combat at Span removes the lone cruiser in the box
            status = await send(pilot, "aslan end-phase")
            assert ground in status  # the whole text, as a form shows a refusal
            line = screen_of(pilot).query_one("#status-line", Static)
            await until(pilot, lambda: shown_rows(line)[0].startswith("✓"), "the outcome shown")
            rows = shown_rows(line)
            assert len(rows) <= 3
            assert all(len(row) <= line.size.width for row in rows)
            if size[0] >= 160:
                assert ground in " ".join(rows)
                assert "…" not in rows[-1]
            else:
                assert ground not in " ".join(rows)
                assert rows[-1].endswith("… (+1 more line: 5 shows the log)"), rows

    asyncio.run(scenario())


def test_the_economy_tab_says_maintenance_is_resolved_once_it_is(
    service: CampaignService, no_keymap: Path
):
    """Found by use (December 7, DN-ECO-7): after ``aslan maintain`` in game turn 2 the
    Economy tab still said "maintenance due now, before any production: civilised ships pay
    9 RU", with the 9 RU already paid. It says what ``campaign upkeep`` says: resolved in
    this phase; the other side's is next in its own phase of this game turn."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "full", size=(160, 48)) as pilot:
            screen = screen_of(pilot)
            await pilot.press("3")
            await until(pilot, lambda: tab_ready(screen, "tab-economy"), "the Economy tab")
            economy = screen.query_one("#economy", Static)
            assert "maintenance due now" in str(economy.render())
            assert "✓" in await send(pilot, "aslan maintain - -", "6,6,6,6,6,6,6")
            await pilot.press("escape", "3")
            await until(
                pilot, lambda: "resolved" in str(economy.render()), "maintenance resolved shown"
            )
            text = str(economy.render())
            assert "due now" not in text, text
            assert "maintenance resolved in this phase (game turn 2" in text, text
            assert "next maintenance in its Maintenance & Production phase of game turn 2" in text

    asyncio.run(scenario())


def test_the_battle_tab_shows_the_engagements_formed_so_far(
    service: CampaignService, no_keymap: Path
):
    """Found by use (December 7, DN-CBT-3): while the two sides formed the engagements one by
    one, the Battle tab showed none of them ("2 engagements formed so far" in the status line
    only), where ``campaign battles`` lists each. The tab lists them as they are formed."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=(160, 48)) as pilot:
            session = await open_battle_at_halden(pilot)
            battle_id = next(iter(session.battles()))
            while session.battle_stage(battle_id) != "assign":
                assert "✓" in await send(pilot, battle_step(session, battle_id))
            assert "✓" in await send(pilot, "solomani target b1 S-CA-1")
            assert "✓" in await send(pilot, "aslan target b1 A-B1-1")
            screen = screen_of(pilot)
            await pilot.press("escape", "4")
            await until(pilot, lambda: tab_ready(screen, "tab-battle"), "the Battle tab")
            await until(
                pilot, lambda: "S-CA-1 ⇄ A-B1-1" in _text(screen, "#battle"), "engagement 1"
            )
            assert session.battle_stage(battle_id) == "assign"

    asyncio.run(scenario())


LONG_PATH = "hlirakh,ftahr,khtaoi,fissure,span,scarp,corredor,orilla,rampart,citadel,bulwark"


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_a_long_path_in_the_status_line_breaks_between_names(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """Found by use (December 7, evening; DN-MOV-2): after a 13-system jump the status line
    at 80x24 read "…,citadel,bulwar" on one row and "k,redoubt,marrow…" on the next: the
    path has no space, and Textual folds such a word at the row's last cell. It breaks after a
    comma now, every system name whole on its row, at every width."""
    path = f"{LONG_PATH},redoubt,marrow"
    names = path.split(",")

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=size) as pilot:
            status = await send(pilot, f"aslan jump A-CL-2 {path}")
            assert status.startswith("✓"), status
            line = screen_of(pilot).query_one("#status-line", Static)
            await until(pilot, lambda: shown_rows(line)[0].startswith("✓"), "the outcome shown")
            rows = shown_rows(line)
            assert all(len(row) <= line.size.width for row in rows), rows
            for row, after in zip(rows, rows[1:], strict=False):
                end = row.replace(" ", ",").split(",")[-1]
                start = after.replace(" ", ",").split(",")[0]
                assert not (end and start and end + start in names), (end, start, rows)
            assert "bulwark" in " ".join(rows), rows

    asyncio.run(scenario())
