"""Issue 43 item 1: every screen on a campaign stays current. A change made anywhere (another
screen, the CLI in another process) shows on an open campaign screen without a key, and an
order typed on a view that is behind the stored campaign is refused with a clear line, nothing
stored, and the screen shows the campaign as it stands."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from campaign.app import CampaignService
from campaign.rules.errors import ConflictError
from campaign.rules.ids import Side
from campaign.tui.app import create_app
from campaign.tui.screens.launcher import LauncherScreen
from campaign.tui.session import CampaignSession
from tests.conftest import REPO_ROOT
from tests.tui.pilot_helpers import SIZE, campaign_on_top, screen_of
from tests.waiting import until


def phase_text(pilot: Pilot) -> str:
    return str(screen_of(pilot).query_one("#phase").render())


def order_from_the_cli(db_url: str, order: str) -> None:
    """The referee gives ``order`` with ``campaign order`` in another process."""
    done = subprocess.run(
        [sys.executable, "-m", "campaign", "order", "demo", order, "--db", db_url],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_session_catches_up_with_another_sessions_order(service: CampaignService):
    """issue 43 item 1: two sessions on one database; the second hears of the first's order
    and loads it; with nothing written it loads nothing."""
    writer = CampaignSession(service, "demo")
    follower = CampaignSession(CampaignService(db_url=service.store.url), "demo")
    follower.follow()
    try:
        assert not follower.catch_up()
        writer.order("aslan end-phase")
        assert follower.catch_up()
        assert follower.loaded.head == writer.loaded.head
        assert not follower.catch_up()
    finally:
        follower.close()


def test_catching_up_folds_the_new_orders_and_an_undo_loads_anew(service: CampaignService):
    """issue 43 item 1: a session catching up reads only the orders appended since its head
    and ends in the state a full load gives; after an undo (not a continuation of what it
    holds) it loads the campaign anew and agrees again."""
    writer = CampaignSession(service, "demo")
    follower = CampaignSession(CampaignService(db_url=service.store.url), "demo")
    follower.follow()
    try:
        writer.order(writer.move_order("main", "quillon"))
        writer.order("aslan end-phase")
        held = follower.loaded
        assert follower.catch_up()
        assert follower.loaded is held  # extended in place, not loaded anew
        full = service.load("demo")
        assert follower.loaded.head == full.head
        assert follower.state.canonical_text() == full.state.canonical_text()
        writer.undo(referee_reason="a mistake")
        assert follower.catch_up()
        full = service.load("demo")
        assert follower.loaded.head == full.head
        assert follower.state.canonical_text() == full.state.canonical_text()
    finally:
        follower.close()


def test_an_order_on_a_view_behind_the_store_is_refused_and_nothing_stored(
    service: CampaignService,
):
    """issue 43 item 1: a session that has not caught up refuses an order with a clear line
    (before: the store's "reload and try again"), stores nothing, and now shows the campaign
    as it stands."""
    writer = CampaignSession(service, "demo")
    stale = CampaignSession(CampaignService(db_url=service.store.url), "demo")
    writer.order("aslan end-phase")
    stored = service.stored_head("demo")
    with pytest.raises(ConflictError, match="changed on another screen") as refused:
        stale.order("aslan end-phase")
    assert refused.value.message.startswith("DN-ERR-1")
    assert service.stored_head("demo") == stored
    assert stale.loaded.head == stored


def test_an_open_screen_shows_an_order_given_from_the_cli_without_a_key(
    service: CampaignService, no_keymap: Path
):
    """issue 43 item 1: the referee's screen is open; an order given with ``campaign order``
    in another process shows on it (the phase tracker's event number) with no key pressed."""

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign="demo")
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            before = screen_of(pilot).session.loaded.head.seq
            await until(pilot, lambda: f"event {before}" in phase_text(pilot), "the tracker")
            order_from_the_cli(service.store.url, "aslan end-phase")
            after = service.stored_head("demo").seq
            assert after > before
            await until(
                pilot,
                lambda: f"event {after}" in phase_text(pilot),
                f"the phase tracker shows event {after}",
            )
            status = str(screen_of(pilot).query_one("#status-line").render())
            assert f"event {before} → {after}" in status

    asyncio.run(scenario())


def test_an_order_typed_before_a_change_is_refused_once_then_sent(
    service: CampaignService, no_keymap: Path
):
    """issue 43 item 1: a player's order typed while another screen changed the campaign was
    typed on the old view: Enter refuses it with a clear line (nothing stored), the screen
    shows the campaign as it stands and keeps the order; Enter again sends it."""

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign="demo")
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            await pilot.press("escape", "o")
            screen.query_one("#order", Input).value = "aslan end-phase"
            other = CampaignSession(CampaignService(db_url=service.store.url), "demo")
            other.order(other.move_order("main", "quillon"))
            moved = service.stored_head("demo")
            await until(
                pilot,
                lambda: screen.session.loaded.head == moved,
                "the screen catches up with the other screen's move",
            )
            line = screen.query_one("#status-line")
            screen.report("")
            await pilot.press("enter")
            await until(pilot, lambda: str(line.render()).strip(), "Enter answered")
            status = str(line.render())
            assert "changed while this order was typed" in status
            assert service.stored_head("demo") == moved
            assert screen.query_one("#order", Input).value == "aslan end-phase"
            screen.report("")
            await pilot.press("enter")
            await until(
                pilot,
                lambda: app.screen is not screen or str(line.render()).strip(),
                "Enter answered again",
            )
            if app.screen is not screen:  # end-phase says how far it goes: yes
                await pilot.press("y")
            await until(
                pilot, lambda: service.stored_head("demo").seq > moved.seq, "end-phase stored"
            )

    asyncio.run(scenario())


def campaign_names(pilot: Pilot) -> list[str]:
    """The names the launcher's campaign table lists now."""
    table = pilot.app.screen.query_one("#campaign-table", DataTable)
    return [str(key.value) for key in table.rows]


def test_the_launcher_lists_campaigns_made_and_deleted_elsewhere(
    service: CampaignService, no_keymap: Path
):
    """issue 43 item 4: the launcher is live: a campaign made by another process (the CLI)
    appears in its list without a key, and one deleted elsewhere goes; with nothing written,
    the list is not made again (the watch reads no table)."""

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign=None)
        async with app.run_test(size=SIZE) as pilot:
            await until(
                pilot,
                lambda: (
                    isinstance(app.screen, LauncherScreen)
                    and bool(app.screen.query("#campaign-table"))
                    and "demo" in campaign_names(pilot)
                ),
                "the launcher's campaigns",
            )
            listed = campaign_names(pilot)
            assert "demo" in listed and "second" not in listed
            made = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "campaign",
                    "new",
                    "second",
                    "--seed",
                    "3",
                    "--db",
                    service.store.url,
                ],
                capture_output=True,
                text=True,
                cwd=REPO_ROOT,
                check=False,
            )
            assert made.returncode == 0, made.stdout + made.stderr
            await until(
                pilot,
                lambda: "second" in campaign_names(pilot),
                "the launcher lists the campaign made by the CLI",
            )
            other = CampaignService(db_url=service.store.url)
            other.store.delete_campaign("second")
            await until(
                pilot,
                lambda: campaign_names(pilot) == listed,
                "the launcher drops the campaign deleted elsewhere",
            )

    asyncio.run(scenario())


def test_a_seat_opened_for_one_campaign_ends_on_q(service: CampaignService, no_keymap: Path):
    """issue 43 (the live table, round 2): a browser seat's screen (``--one-campaign``) ends
    on ``q`` instead of opening the launcher — which listed every campaign of the database on
    a player's phone and needed a page reload to get back — so its page says it is closed."""

    async def scenario() -> None:
        app = create_app(
            no_keymap, service=service, open_campaign="demo", side=Side.ASLAN, one_campaign=True
        )
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen_of(pilot)
            await pilot.press("q")
            await until(pilot, lambda: app.return_code == 0, "the app ends")
            assert not isinstance(app.screen, LauncherScreen)

    asyncio.run(scenario())


def test_a_live_update_redraws_only_what_changed(
    service: CampaignService, no_keymap: Path, monkeypatch: pytest.MonkeyPatch
):
    """issue 43 (round 2, the load benchmark: each seat spent its CPU painting): an order
    from elsewhere that changes nothing on the map (``end-phase`` after the last move)
    updates the phase tracker without a layout of the screen, draws no map and does not
    rebuild the stack list."""
    import campaign.tui.widgets.map_tab as map_tab_module

    drawn: list[object] = []
    real = map_tab_module.render_map
    monkeypatch.setattr(
        map_tab_module, "render_map", lambda *args: drawn.append(args) or real(*args)
    )

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign="demo")
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            phase = screen.query_one("#phase")
            stacks = screen.map_tab.stack_list
            layouts: list[str] = []
            for widget, name in ((phase, "phase"), (stacks, "stacks")):
                original = widget.refresh

                def counted(*regions, _name=name, _original=original, **kwargs):
                    if kwargs.get("layout"):
                        layouts.append(_name)
                    return _original(*regions, **kwargs)

                monkeypatch.setattr(widget, "refresh", counted)
            set_options = []
            monkeypatch.setattr(
                stacks,
                "set_options",
                lambda *args, _real=stacks.set_options: set_options.append(1) or _real(*args),
            )
            other = CampaignSession(CampaignService(db_url=service.store.url), "demo")
            other.order(other.move_order("main", "quillon"))  # this one moves a stack
            moved = service.stored_head("demo")
            await until(
                pilot, lambda: screen.session.loaded.head == moved, "the screen shows the move"
            )
            await pilot.pause()
            drawn.clear()
            layouts.clear()
            set_options.clear()
            before = moved.seq
            other.order("aslan end-phase")
            after = service.stored_head("demo").seq
            await until(
                pilot,
                lambda: f"event {after}" in phase_text(pilot),
                f"the phase tracker shows event {after}",
            )
            await pilot.pause()
            assert after > before
            assert drawn == [] and set_options == [] and layouts == []

    asyncio.run(scenario())


def test_the_log_tab_appends_the_orders_given_elsewhere(service: CampaignService, no_keymap: Path):
    """issue 48 item 2 (the TUI appends instead of reloading): with the Log tab shown, an
    order from elsewhere adds its row below the ones shown (their rows are kept, not made
    again), and the rows come from what the session holds."""

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign="demo")
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            await pilot.press("5")
            log = await screen.mounted_tab("tab-log")
            await until(pilot, lambda: log.table.row_count > 0, "the log is shown")
            rows = log.table.row_count
            first = next(iter(log.table.rows))
            other = CampaignSession(CampaignService(db_url=service.store.url), "demo")
            other.order(other.move_order("main", "quillon"))
            await until(
                pilot, lambda: log.table.row_count == rows + 1, "the log shows the new order"
            )
            assert next(iter(log.table.rows)) == first  # the rows shown were kept
            assert "quillon" in log.shown[-1].order
            assert log.shown == screen.session.log_rows()

    asyncio.run(scenario())


def test_a_change_elsewhere_right_after_the_screens_own_order_keeps_its_confirmation(
    service: CampaignService, no_keymap: Path
):
    """DN-SEQ-2 (found by use, December 7, late night): an order stored elsewhere (the CLI)
    right after the screen's own order replaced the screen's "✓ ORDER" by "the campaign
    changed elsewhere", so the player could not tell whether his own order went through.
    The status line keeps the confirmation and says what changed after it."""

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign="demo")
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            move = screen.session.move_order("main", "quillon")
            assert screen.send_order(move)
            mine = service.stored_head("demo").seq
            other = CampaignSession(CampaignService(db_url=service.store.url), "demo")
            other.order("aslan end-phase")
            after = service.stored_head("demo")
            await until(
                pilot,
                lambda: screen.session.loaded.head == after,
                "the screen catches up with the other order",
            )
            status = str(screen.query_one("#status-line").render())
            assert f"✓ {move}" in status, status
            assert f"changed elsewhere after your order (event {mine} → {after.seq})" in status

    asyncio.run(scenario())
