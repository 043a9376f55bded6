"""Layout at 80x24 and 160x48 (issue 17 item 11): every footer key is on screen (Help, Undo,
Close reachable at 80x24), the command palette key appears once, toasts do not cover the status
line and a refusal toast does not outlive a later success."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import DataTable, Footer, Input, Label, OptionList, Static
from textual.widgets._footer import FooterKey
from textual.widgets._toast import ToastRack

from campaign.app import CampaignService
from campaign.tui.app import CampaignApp
from campaign.tui.screens.campaign import CampaignScreen
from campaign.tui.screens.launcher import ScenarioItem
from scenarios.imperial.screen import ImperialScreen, ImperialSetupScreen
from scenarios.imperium_shogi.screen import ShogiScreen
from scenarios.invector.screen import InvectorScreen
from tests.tui.pilot_helpers import (
    SIZE,
    ScenarioHost,
    app_for,
    campaign_on_top,
    campaign_shown,
    open_battle_at_halden,
    screen_lines,
    screen_of,
    send,
    tab_ready,
)
from tests.waiting import until

SIZES = [(80, 24), (160, 48)]


def footer_keys(app: App) -> list[tuple[str, str, bool]]:
    """(key, description, fully on screen) of every key the footer shows."""
    footer = app.screen.query_one(Footer)
    right = footer.region.right
    return [
        (key.key, key.description, key.region.right <= right and key.region.width > 0)
        for key in footer.query(FooterKey)
    ]


def footer_fits(app: App, needed: set[str]) -> bool:
    """Whether the footer shows the ``needed`` keys, every key whole on screen (waited for:
    the footer is laid out, and recomposed after a refresh, later than one pause)."""
    keys = footer_keys(app)
    return bool(keys) and all(visible for *_, visible in keys) and needed <= {d for _, d, _ in keys}


def assert_footer_fits(app: App, needed: set[str]) -> None:
    keys = footer_keys(app)
    hidden = [description for _, description, visible in keys if not visible]
    assert not hidden, f"footer keys cut off: {hidden}"
    descriptions = [description for _, description, _ in keys]
    assert needed <= set(descriptions), descriptions
    palette = [key for key, _, _ in keys if key == "ctrl+p"]
    assert len(palette) == 1, keys


def assert_scenario_titles_whole(app: App) -> None:
    """Every scenario title in the launcher is on screen whole: wrapped inside its pane, not
    cut at the pane's edge (issue 32: "Invector (capture or step to the cen" at 80x24)."""
    for item in app.screen.query(ScenarioItem):
        label = item.query_one(Label)
        pane = item.query_ancestor(".pane")
        assert label.region.right <= pane.content_region.right
        lines = label.render_lines(label.size.region)
        shown = " ".join(" ".join(strip.text for strip in lines).split())
        assert shown == item.entry.title, shown


@pytest.mark.parametrize("size", SIZES)
def test_campaign_and_launcher_footers_fit(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """Issue 17 item 11: at 80x24 the campaign footer stopped after "e Fo" and ^p appeared
    twice; Help, Undo and Close must stay reachable."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=size) as pilot:
            launcher = {"Help", "New campaign", "Quit"}
            await until(pilot, lambda: footer_fits(pilot.app, launcher), "the launcher's footer")
            assert_footer_fits(pilot.app, launcher)
            assert_scenario_titles_whole(pilot.app)
            await pilot.press("enter")
            campaign = {"Help", "Undo", "Close", "Order"}
            await until(
                pilot,
                lambda: (
                    isinstance(pilot.app.screen, CampaignScreen)
                    and footer_fits(pilot.app, campaign)
                ),
                "the campaign's footer",
            )
            screen_of(pilot)
            assert_footer_fits(pilot.app, {"Help", "Undo", "Close", "Order"})

    asyncio.run(scenario())


SCENARIO_SCREENS = {
    "shogi": lambda: ShogiScreen(red="human", blue="human"),
    "invector": lambda: InvectorScreen(players=("human", "human")),
    "imperial": lambda: ImperialScreen(players=4, seed=0, computer=set()),
    "imperial-setup": ImperialSetupScreen,
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", sorted(SCENARIO_SCREENS))
def test_scenario_footers_fit(name: str, size: tuple[int, int]):
    """Issue 17 items 8 and 11: each game screen shows Help, Save, Load and Back on screen."""

    async def scenario() -> None:
        app = ScenarioHost(SCENARIO_SCREENS[name])
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await until(pilot, lambda: all(s.is_mounted for s in app.screen_stack), "screens")
            while (modal := app.screen).is_modal:
                await pilot.press("escape")
                await until(pilot, lambda modal=modal: app.screen is not modal, "Esc closed it")
            needed = {"Back"} if name == "imperial-setup" else {"Help", "Save", "Load", "Back"}
            await until(
                pilot,
                lambda: needed <= {d for _, d, _ in footer_keys(app)},
                f"the footer's keys {sorted(needed)}",
            )  # issue 44 item 7
            assert_footer_fits(app, needed)

    asyncio.run(scenario())


@pytest.mark.parametrize("size", SIZES)
def test_toasts_stay_off_the_status_line_and_a_success_clears_refusals(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """Issue 17 item 11 (DN-ERR-1 refusals): the red "refused" toast covered the status line
    and stayed over a later success."""

    async def scenario() -> None:
        app = app_for(service, no_keymap, "demo")
        async with app.run_test(size=size, notifications=True) as pilot:
            await campaign_on_top(pilot)
            screen = screen_of(pilot)
            status = await send(pilot, "solomani end-phase")
            assert "DN-SEQ-2" in status
            rack = pilot.app.screen.get_child_by_type(ToastRack)
            await until(
                pilot,
                lambda: any(toast.region.width > 0 for toast in rack.query("Toast")),
                "the refusal's toast shown",
            )
            toasts = list(rack.query("Toast"))
            line = screen.query_one("#status-line").region
            assert all(not toast.region.overlaps(line) for toast in toasts)
            status = await send(pilot, "aslan end-phase")
            assert "✓" in status
            await pilot.pause()
            assert not pilot.app._notifications

    asyncio.run(scenario())


async def open_log_tab(pilot):
    """Open the campaign screen's Log tab and let its table fill."""
    await pilot.pause()
    screen = screen_of(pilot)
    await pilot.press("5")

    def filled() -> bool:
        tables = screen.query("#log").results(DataTable)
        table = next(tables, None)
        return (
            table is not None
            and table.row_count > 0
            and table.region.height > 0
            and table.cursor_row == table.row_count - 1
            and table.scroll_y == table.max_scroll_y
        )

    await until(pilot, filled, "the Log table filled and scrolled to its newest row")
    return screen, screen.query_one("#log", DataTable)


@pytest.mark.parametrize("size", SIZES)
def test_log_tab_shows_the_newest_row_and_event_numbers(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """Issue 17 item 4: the Log table ran under the order bar (the newest rows unreachable) and
    its "#" column counted rows instead of giving the event numbers of the phase tracker."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "full").run_test(size=size) as pilot:
            screen, table = await open_log_tab(pilot)
            bar = screen.query_one("#order-bar").region
            assert table.region.bottom <= bar.y, (table.region, bar)
            assert table.scroll_y == table.max_scroll_y
            cursor_row = table.cursor_row
            assert cursor_row == table.row_count - 1
            head = service.load("full").head.seq
            number = str(table.get_row_at(table.row_count - 1)[0])
            assert number.split("–")[-1] == str(head), number
            # the cursor row is drawn inside the table's visible region
            visible = table.scrollable_content_region.height
            assert table.scroll_y <= cursor_row <= table.scroll_y + visible

    asyncio.run(scenario())


@pytest.mark.parametrize("size", SIZES)
def test_the_log_shows_the_highlighted_entry_whole(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """Issue 17 item 4 / DN-SEQ-1: the Log table's columns cut long sentences at 80 columns; the
    highlighted entry is shown below the table, and Enter opens all of it (every sentence and
    die) in a window that Esc closes."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "full").run_test(size=size) as pilot:
            screen, table = await open_log_tab(pilot)
            newest = screen._log_shown[-1]
            shown = screen.query_one("#log-detail")
            await until(pilot, lambda: newest.order in str(shown.render()), "the newest entry")
            detail = str(shown.render())
            assert newest.order in detail and newest.numbers in detail
            assert newest.sentences[0][:30] in detail.replace("\n", " ")
            assert table.region.bottom <= screen.query_one("#log-detail").region.y
            longest = max(
                range(len(screen._log_shown)),
                key=lambda i: len(" ".join(screen._log_shown[i].sentences)),
            )
            table.move_cursor(row=longest)
            await until(pilot, lambda: table.cursor_row == longest, "the longest entry")
            await pilot.press("enter")
            from campaign.tui.screens.forms import TextView

            await until(
                pilot,
                lambda: (
                    isinstance(pilot.app.screen, TextView)
                    and bool(pilot.app.screen.query("#text-view-body"))
                ),
                "the entry's window",
            )
            body = str(pilot.app.screen.query_one("#text-view-body").render())
            for sentence in screen._log_shown[longest].sentences:
                assert " ".join(sentence.split())[:60] in " ".join(body.split())
            await pilot.press("escape")
            await until(pilot, lambda: pilot.app.screen is screen, "the window closed")

    asyncio.run(scenario())


def test_screenshot_goes_to_the_screenshot_directory(
    service: CampaignService, tmp_path: Path, no_keymap: Path
):
    """Issue 17 item 14: the palette's screenshot failed ("Failed to save screenshot": no
    ~/Downloads). F12 and the palette command save into the app's screenshot directory (the
    user data directory by default) and say where."""
    shots = tmp_path / "shots" / "nested"

    async def scenario() -> None:
        app = CampaignApp(service=service, open_campaign="demo", screenshot_dir=shots)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await campaign_on_top(pilot)
            await pilot.press("f12")
            await until(pilot, lambda: len(list(shots.glob("*.svg"))) == 1, "F12's picture")
            app.deliver_screenshot()  # what the palette's "Screenshot" command calls
            await until(
                pilot, lambda: len(list(shots.glob("*.svg"))) == 2, "the palette command's picture"
            )  # issue 44 item 7: not pause(0.5)
            files = sorted(shots.glob("*.svg"))
            assert files, list(tmp_path.rglob("*"))
            assert any(str(shots) in n.message for n in app._notifications)
            assert not any("Failed" in n.message for n in app._notifications)

    asyncio.run(scenario())


def test_the_log_cursor_stays_in_view_when_the_table_shrinks(
    service: CampaignService, no_keymap: Path
):
    """Issue 32 item 10: the cursor (the newest order) was scrolled into view with the viewport
    of that moment; when the layout then took rows from the table (a horizontal scrollbar
    appearing late on a busy machine, or a smaller terminal) the cursor row ended hidden below
    the visible rows, and the Log snapshot failed now and then. Made deterministic here: the
    Log tab opens wide and tall, then the terminal shrinks."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "full").run_test(size=(240, 60)) as pilot:
            _screen, table = await open_log_tab(pilot)
            assert table.cursor_row == table.row_count - 1
            await pilot.resize_terminal(80, 24)
            await until(
                pilot,
                lambda: table.region.bottom <= 24 and table.scroll_y == table.max_scroll_y,
                "the Log table laid out at 80x24 and scrolled to its end",
            )
            visible = table.scrollable_content_region.height - 1  # the header row is fixed
            assert table.scroll_y <= table.cursor_row - 0 < table.scroll_y + visible + 1
            assert table.scroll_y == table.max_scroll_y

    asyncio.run(scenario())


def keys_textual_would_show(app: App) -> list[tuple[str, str]]:
    """(key, description) as Textual's ``Footer.compose`` picks them from the screen's active
    bindings: the first shown binding of each action, then the command palette's key."""
    active = app.screen.active_bindings
    first: dict[str, tuple[str, str]] = {}
    for _, binding, _, _ in active.values():
        if binding.show:
            first.setdefault(binding.action, (binding.key, binding.description))
    shown = list(first.values())
    if app.COMMAND_PALETTE_BINDING in active:
        palette = active[app.COMMAND_PALETTE_BINDING][1]
        shown.append((palette.key, palette.description))
    return shown


def test_the_footer_follows_the_focus_and_is_rebuilt_only_when_its_keys_change(
    service: CampaignService, no_keymap: Path
):
    """Issue 17 item 11, issue 32 item 11 (docs/tui.md, "Footer"): after every focus change the
    footer shows the keys of the focused widget, as Textual's footer would; moving between two
    widgets with the same keys keeps the footer's key widgets instead of mounting new ones."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(100, 30)) as pilot:
            shown = list(pilot.app.screen.query_one(Footer).query(FooterKey))
            rebuilt, kept = 0, 0
            # stack list -> order line -> stack list -> destinations (whose letters filter it:
            # no single key shown) -> order line (same keys) -> dice (same keys) -> tabs
            for keys in (("o",), ("escape",), ("tab",), ("tab",), ("tab",), ("tab",)):
                before = keys_textual_would_show(pilot.app)
                await pilot.press(*keys)
                await until(
                    pilot,
                    lambda: (
                        [
                            (key.key, key.description)
                            for key in pilot.app.screen.query_one(Footer).query(FooterKey)
                        ]
                        == keys_textual_would_show(pilot.app)
                    ),
                    f"the footer after {keys}",
                )
                now = list(pilot.app.screen.query_one(Footer).query(FooterKey))
                expected = keys_textual_would_show(pilot.app)
                assert [(key.key, key.description) for key in now] == expected, keys
                same_widgets = len(now) == len(shown) and all(
                    a is b for a, b in zip(now, shown, strict=True)
                )
                if expected == before:
                    assert same_widgets, f"footer rebuilt for the same keys after {keys}"
                    kept += 1
                else:
                    assert not same_widgets
                    rebuilt += 1
                shown = now
            assert rebuilt >= 3 and kept >= 2, (rebuilt, kept)

    asyncio.run(scenario())


def test_the_campaign_help_writes_keys_as_they_are_typed(service: CampaignService, no_keymap: Path):
    """Issue 44 item 6 (the same help words as the games'): ``^p``, ``⏎``, ``esc`` became
    ``Ctrl+P``, ``Enter``, ``Esc``."""
    from campaign.tui.screens.help import binding_rows

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            keys = [row[0] for row in binding_rows(screen_of(pilot))]
            assert "Ctrl+Q" in keys and "Esc" in keys, keys
            assert not [
                key for key in keys if "^" in key or "⏎" in key or key.split(", ")[0] == "esc"
            ], keys

    asyncio.run(scenario())


@pytest.mark.parametrize("size", SIZES)
def test_the_battle_tab_uses_the_width_of_the_screen(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """Found by use (December 7, DN-CBT-1): the Battle tab wrapped at 76 columns even at
    160x48. At 160 columns the dice line (105 characters) is one row; at 80 every row of the
    tab still ends inside it, wrapped between words."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=size) as pilot:
            session = await open_battle_at_halden(pilot)
            assert session.battles()
            screen = screen_of(pilot)
            await pilot.press("escape", "4")
            await until(pilot, lambda: tab_ready(screen, "tab-battle"), "the Battle tab")
            battle = screen.query_one("#battle")
            dice = "leave it empty for the seeded dice.  f: forecast"
            await until(
                pilot,
                lambda: any(dice[-20:] in row for row in screen_lines(pilot.app, battle.region)),
                "the dice line on screen",
            )
            rows = screen_lines(pilot.app, battle.region)
            if size[0] >= 160:
                assert any("Enter physical dice" in row and dice in row for row in rows), rows
            for row in rows:
                assert len(row.rstrip()) < battle.region.width, row

    asyncio.run(scenario())


def test_the_launcher_footer_and_hint_name_the_same_delete_key(
    service: CampaignService, no_keymap: Path
):
    """Found by use (December 7): the launcher's footer said "del Delete" while its panel
    hint said "x delete" (both keys delete); they name the same key now."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=SIZE) as pilot:
            footer = pilot.app.screen.query_one(Footer)
            await until(
                pilot,
                lambda: any(key.description == "Delete" for key in footer.query(FooterKey)),
                "the launcher's footer",
            )
            shown = next(k for k in footer.query(FooterKey) if k.description == "Delete")
            hint = str(pilot.app.screen.query_one("#viewer-hint", Static).render())
            assert f"{shown.key_display} delete" in hint, (shown.key_display, hint)

    asyncio.run(scenario())


def title_rows(pilot, screen: CampaignScreen) -> list[str]:
    """The rows the destination list's title takes on the screen, right-trimmed."""
    title = screen.query_one("#dest-title", Static)
    return [row.rstrip() for row in screen_lines(pilot.app, title.region)]


@pytest.mark.parametrize("size", SIZES)
def test_the_destination_title_fits_and_names_the_keys_that_work(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """Found by use (December 7, DN-MOV-2): at 160x48 the Map tab's title "Destinations
    (letters filter, 1-9 send)" wrapped onto two rows, and it said "1-9 send" for a stack with
    no legal destination (there a digit shows a tab). The title is one row at both sizes and
    names the digits only for the legal rows there are; a long filter typed still fits."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=size) as pilot:
            screen = screen_of(pilot)
            tab = screen.map_tab
            await until(pilot, lambda: tab.legal_shown >= 9, "the main stack's destinations")
            await until(
                pilot,
                lambda: title_rows(pilot, screen) == ["Go to: m, Enter, then 1-9"],
                "the title for nine legal rows or more, the stacks having the keys",
            )
            tab.stack_list.highlighted = tab.stack_ids.index("A-CL-3")  # in Wahtoi's box
            await until(pilot, lambda: tab.selected_stack == "A-CL-3", "A-CL-3 selected")
            assert tab.legal_shown == 0
            await until(
                pilot,
                lambda: title_rows(pilot, screen) == ["No legal move"],
                "the title for no legal row",
            )
            await pilot.press("escape", "m", "enter")
            destinations = screen.query_one("#dest-list")
            await until(pilot, lambda: destinations.has_focus, "the destinations focused")
            await pilot.press(*"wah")
            await until(
                pilot,
                lambda: title_rows(pilot, screen) == ["Find: wah▏ (Esc clears)"],
                "wah typed",
            )
            await pilot.press(*"xxxxxxxxxxxxxxxxxxxxx")  # 24 letters typed in all
            await until(
                pilot, lambda: "xxxxx▏" in "".join(title_rows(pilot, screen)), "24 letters typed"
            )
            (row,) = title_rows(pilot, screen)
            assert row.startswith("Find: …") and row.endswith("x▏"), row

    asyncio.run(scenario())


def test_the_destination_title_outside_movement_names_no_key(
    service: CampaignService, no_keymap: Path
):
    """DN-SEQ-2: in Maintenance & Production no stack moves; the title names no digit."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "full", size=(160, 48)) as pilot:
            screen = screen_of(pilot)
            destinations = screen.query_one("#dest-list", OptionList)
            await until(pilot, lambda: destinations.option_count > 0, "the destination list")
            assert "movement phases" in str(destinations.get_option_at_index(0).prompt)
            assert title_rows(pilot, screen) == ["Destinations"]

    asyncio.run(scenario())


@pytest.mark.parametrize("size", SIZES)
def test_the_map_side_panel_fits_with_a_system_chosen(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """Found by use (December 7, DN-MOV-2): at 80x24, with a system chosen (``g``, a click
    on the map) the panel under the Map tab's lists was laid out 21 rows high in 15: the
    system's routes, the stacks that may move from it and the movement hints were below the
    screen's edge. Every part of the side panel now ends inside it, the lists keep at least
    three rows, and the system's lines scroll within what is left."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=size) as pilot:
            screen = screen_of(pilot)
            tab = screen.map_tab
            await until(pilot, lambda: tab.legal_shown > 0, "the destinations")
            side = screen.query_one("#map-side")
            info = screen.query_one("#system-info", Static)

            def fits() -> bool:
                bottom = side.region.bottom
                return side.virtual_size.height <= side.size.height and all(
                    child.region.bottom <= bottom and child.region.height > 0
                    for child in side.children
                )

            for system in (None, "eawyo"):
                tab.select_system(system)
                await until(
                    pilot,
                    lambda chosen=bool(system): ("m moves" in str(info.render())) == chosen,
                    f"the system lines of {system}",
                )
                await until(pilot, fits, f"the side panel inside the screen ({system})")
                for lists in ("#stack-list", "#dest-list"):
                    assert screen.query_one(lists).region.height >= 3, lists

    asyncio.run(scenario())


def test_the_forces_tab_shows_the_cargo_at_80_columns(service: CampaignService, no_keymap: Path):
    """Found by use (December 7, DN-MOV-4: what a ship carries): at 80x24 the Forces tab cut
    its last column to "carg", and a transport's cargo (A-TR-1 carries A-RT-1) was off the
    screen. The columns that matter (unit … stack, disrupted, cargo) come first; the system,
    which the location names too, comes last."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            await pilot.press("escape", "2")
            await until(pilot, lambda: tab_ready(screen, "tab-forces"), "the Forces tab")
            lines = screen_lines(pilot.app, pilot.app.screen.region)
            header = next(line for line in lines if " unit " in line)
            assert "cargo" in header and "disr" in header, header
            carrier = next(line for line in lines if line.lstrip().startswith("A-TR-1"))
            assert "A-RT-1" in carrier, carrier

    asyncio.run(scenario())


def test_a_narrow_dice_field_cuts_its_hint_with_a_mark(service: CampaignService, no_keymap: Path):
    """DN-ERR-1, found by use (December 8): at 43 columns the dice field read "referee's",
    its idle hint cut at the field's edge with no mark that more was said. The hint is cut
    with "…" to the field's width, and whole again once the terminal is wider."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(43, 24)) as pilot:
            dice = screen_of(pilot).query_one("#dice", Input)
            width = dice.content_size.width
            await until(pilot, lambda: str(dice.placeholder).endswith("…"), "the hint cut")
            hint = str(dice.placeholder)
            assert hint.startswith("referee's") and len(hint) <= dice.content_size.width, hint
            await pilot.resize_terminal(80, 24)
            await until(pilot, lambda: dice.content_size.width > width, "a wider field")
            whole = "referee's dice (d), empty: seeded"
            await until(pilot, lambda: dice.placeholder == whole, "the hint whole")

    asyncio.run(scenario())


def test_the_destination_title_names_the_digits_only_while_the_list_has_the_keys(
    service: CampaignService, no_keymap: Path
):
    """DN-MOV-2, found by use (December 8): after Esc left the destination list (the stacks
    have the keys again), its title still read "Go to: 1-9 · type to find", and ``2`` showed
    the Forces tab. The title says how to reach the list while it does not have the keys,
    and names the digits again once it has them."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            tab = screen.map_tab
            await until(pilot, lambda: tab.legal_shown >= 9, "the main stack's destinations")
            await pilot.press("escape", "m", "enter")
            destinations = screen.query_one("#dest-list")
            await until(pilot, lambda: destinations.has_focus, "the destinations focused")
            focused = ["Go to: 1-9 · type to find"]
            await until(pilot, lambda: title_rows(pilot, screen) == focused, "the list's keys")
            await pilot.press("escape")
            await until(pilot, lambda: tab.stack_list.has_focus, "back on the stacks")
            away = ["Go to: m, Enter, then 1-9"]
            await until(pilot, lambda: title_rows(pilot, screen) == away, "how to reach it")

    asyncio.run(scenario())
