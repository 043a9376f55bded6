"""Pilot tests of the campaign screen and the launcher, each checked on the stored state."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.widgets import DataTable, Input, Select, Static

from campaign import cli
from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.rules.phases import Phase
from campaign.tui.app import CampaignApp, create_app
from campaign.tui.screens.campaign import CampaignScreen
from campaign.tui.screens.forms import Confirm, NewCampaignForm, OrderForm, TextPrompt
from campaign.tui.screens.help import HelpScreen
from campaign.tui.screens.launcher import LauncherScreen
from campaign.tui.widgets.choice_field import ChoiceField
from tests.tui.pilot_helpers import (
    SIZE,
    app_for,
    battle_step,
    campaign_on_top,
    campaign_shown,
    move_with_form,
    open_battle_at_halden,
    screen_of,
    send,
    tab_ready,
)
from tests.waiting import until


def _status(pilot) -> str:
    return str(screen_of(pilot).query_one("#status-line", Static).render())


def _at(service: CampaignService, system: str) -> bool:
    """Whether the demo's Aslan main stack (A-B1-1) is at ``system`` in the store."""
    return service.load("demo").state.unit("A-B1-1").location.system == system


def _prompt_focused(app: App) -> bool:
    """A text prompt on top, its field focused (keys typed next go there)."""
    return isinstance(app.screen, TextPrompt) and app.screen.focused is not None


def _new_form_shown(app: App) -> bool:
    """The new campaign dialog on top with its fields composed."""
    return isinstance(app.screen, NewCampaignForm) and bool(app.screen.query("#new-seed"))


def palette_input(app: App) -> bool:
    """The command palette on top, its search field focused."""
    return isinstance(app.screen, CommandPalette) and app.screen.focused is not None


def test_refused_move_names_rule_and_changes_nothing(service: CampaignService, no_keymap: Path):
    # DN-ERR-1: an illegal target shows the rule id and sentence; nothing is stored
    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            session = screen_of(pilot).session
            before = service.load("demo").head.seq
            refused = next(iter(session.move_options("main").refused))
            rule = session.move_options("main").refused[refused].rule
            status = await move_with_form(pilot, "main", refused)
            assert f"✗ {rule}:" in status
            assert service.load("demo").head.seq == before
            status = await send(pilot, "solomani end-phase")
            assert "DN-SEQ-2" in status
            status = await send(pilot, "aslan fly main")
            assert "✗" in status and "Traceback" not in status
            assert service.load("demo").head.seq == before

    asyncio.run(scenario())


def palette_offers(app: App, text: str) -> bool:
    """Whether the open command palette lists a command whose text holds ``text``."""
    return any(
        text in str(option.prompt)
        for found in app.screen.query(CommandList)
        for option in found.options
    )


def test_palette_offers_legal_orders_and_opens_their_form(
    service: CampaignService, no_keymap: Path
):
    # DN-SEQ-2: only orders legal in this step are offered, labelled with their rule id; the
    # order chosen opens its form (issue 44 item 3: the template was left in the order line)
    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            labels = [legal.rule for legal in screen.session.legal_orders()]
            assert "DN-MOV-2" in labels and "DN-ECO-8" not in labels
            await pilot.press("ctrl+p")
            await until(pilot, lambda: palette_input(pilot.app), "the palette's input focused")
            await pilot.press(*"jump")
            await until(
                pilot, lambda: palette_offers(pilot.app, "aslan jump"), "the palette's jump command"
            )  # issue 44 item 7: not pause(0.5)
            await pilot.press("enter")
            await until(
                pilot, lambda: isinstance(pilot.app.screen, OrderForm), "the jump order's form"
            )
            assert pilot.app.screen.head == "aslan jump"
            assert screen.query_one("#order", Input).value == ""

    asyncio.run(scenario())


def test_a_form_from_the_palette_starts_in_the_first_field_to_fill(
    service: CampaignService, no_keymap: Path
):
    """Found by use: a form chosen in the palette opened with the cursor in a field already
    filled (the battle the game waits for), so the letters typed went to its filter. The
    focus starts in the first required field still empty."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, "demo").run_test(size=SIZE) as pilot:
            session = await open_battle_at_halden(pilot)
            # DN-CBT-1: the range roll; its winner chooses the range (BATTLE R)
            session.order(battle_step(session, "halden/aslan-solomani"), "4,2", "at the table")
            screen_of(pilot).refresh_all()
            await pilot.press("escape", "ctrl+p")
            await pilot.press(*"choose-range")
            await until(pilot, lambda: palette_offers(pilot.app, "choose-range"), "the command")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, OrderForm), "its form")
            form = pilot.app.screen
            assert isinstance(form, OrderForm)
            assert [blank.name for blank in form.fields] == ["BATTLE", "R"]
            assert form.value_of(0) == "b1"  # DN-CBT-2: the battle the game waits for
            await until(
                pilot,
                lambda: form.query_one("#field-1").has_focus_within,
                "the focus in R, the first field to fill",
            )
            await pilot.press("l", "o")
            assert form.value_of(1).startswith("l")
            assert form.value_of(0) == "b1"

    asyncio.run(scenario())


def test_undo_and_referee_undo_with_reason(service: CampaignService, no_keymap: Path):
    # DN-ERR-1: undo refuses to cross dice (a message, no change); the referee's override is
    # logged with its reason; DN-CBT-1: the range roll is the dice crossed
    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            session = screen_of(pilot).session
            await move_with_form(pilot, "main", "eawyo")
            assert service.load("demo").state.unit("A-B1-1").location.system == "eawyo"
            await pilot.press("escape", "u", "y")
            await until(pilot, lambda: _at(service, "hlirakh"), "the move undone")
            await move_with_form(pilot, "A-DD-1", "khtaoi")
            await move_with_form(pilot, "main", "halden")
            await send(pilot, "aslan end-phase")
            await send(pilot, "aslan range halden/aslan-solomani", "3,1")
            seq = service.load("demo").head.seq
            await pilot.press("escape", "u", "y")
            await until(pilot, lambda: "only a referee override" in _status(pilot), "the refusal")
            assert service.load("demo").head.seq == seq
            await pilot.press("U")
            await until(pilot, lambda: _prompt_focused(pilot.app), "the reason prompt")
            await pilot.press(*"wrong dice")
            await pilot.press("enter")
            await until(
                pilot,
                lambda: service.log("demo")[-1].order_text == 'referee undo "wrong dice"',
                "the referee's undo stored",
            )
            assert session.battle_stage("halden/aslan-solomani") == "range"

    asyncio.run(scenario())


def test_economy_tab_and_connection_overlay(service: CampaignService, no_keymap: Path):
    # DN-ECO-4: budget and boxes from the income report; DN-ECO-7: maintenance due;
    # DN-ECO-3: the connection overlay marks boxes connected to their capital
    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "full", size=SIZE) as pilot:
            screen = screen_of(pilot)
            await pilot.press("3")
            report = screen.session.income(Side.ASLAN)

            def economy() -> str:
                return "".join(str(shown.render()) for shown in screen.query("#economy"))

            await until(pilot, lambda: f"total {report.income:>3} RU" in economy(), "the budget")
            text = economy()
            assert "maintenance due now" in text
            assert "frontier: 1d6 ≥ 6" in text  # A-B1-1 outside a civilised system
            await pilot.press("c")
            await pilot.pause()
            assert screen.show_connections
            view = screen.session.map_view(show_connections=True)
            assert view.marks["hlirakh"].connected is True

    asyncio.run(scenario())


def test_forces_table_sorts_and_lists_units(service: CampaignService, no_keymap: Path):
    # DN-DATA-2: every unit with its printed factors; cargo shown on its carrier (DN-MOV-7)
    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            # s before the Forces tab was ever shown (its widget is mounted on demand)
            await pilot.press("s")
            await until(pilot, lambda: screen._sort_column == 1, "the forces sorted")
            assert "forces sorted by side" in _status(pilot)
            await pilot.press("2")
            in_play = [
                u
                for u in screen.session.state.units.values()
                if u.location.where.value != "eliminated"
            ]
            await until(
                pilot,
                lambda: any(t.row_count == len(in_play) for t in screen.query("#forces")),
                "the forces listed",
            )
            table = screen.query_one("#forces", DataTable)
            assert "A-RT-1" in str(table.get_row("A-TR-1"))
            await pilot.press("escape", "s")
            assert screen._sort_column == 2

    asyncio.run(scenario())


def test_s_on_another_tab_shows_the_forces_it_sorted(service: CampaignService, no_keymap: Path):
    """DN-DATA-2: ``s`` on the Map tab sorted the hidden forces table and said "forces sorted
    by side" with the map still shown, the sorted table nowhere (found by use, December 7,
    late night); ``f`` already showed the Battle tab it forecasts on. ``s`` shows the Forces
    tab, sorted."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            await pilot.press("s")
            await until(pilot, lambda: screen._sort_column == 1, "the forces sorted")
            await until(pilot, lambda: tab_ready(screen, "tab-forces"), "the Forces tab shown")
            assert "forces sorted by side" in _status(pilot)

    asyncio.run(scenario())


def test_help_and_keymap_remap(service: CampaignService, tmp_path: Path):
    # DN-ERR-1: a remapped key does the same checked action (undo); help lists ids
    keymap = tmp_path / "keymap.toml"
    keymap.write_text('"campaign.undo" = "z"\n', encoding="utf-8")

    async def scenario() -> None:
        async with campaign_shown(service, keymap, "demo", size=SIZE) as pilot:
            await move_with_form(pilot, "main", "eawyo")
            await pilot.press("escape", "z", "y")
            await until(pilot, lambda: _at(service, "hlirakh"), "the move undone by z")
            await pilot.press("f1")
            await until(
                pilot,
                lambda: (
                    isinstance(pilot.app.screen, HelpScreen)
                    and any(t.row_count for t in pilot.app.screen.query("#help-table"))
                ),
                "the help's keys",
            )
            table = pilot.app.screen.query_one("#help-table", DataTable)
            rows = [table.get_row_at(i) for i in range(table.row_count)]
            assert any(r[1] == "campaign.undo" and r[0] == "z" for r in rows)
            await pilot.press("escape")

    asyncio.run(scenario())


def test_forecast_runs_in_background(service: CampaignService, no_keymap: Path):
    # DN-CBT-4: the forecast before committing uses the battle as it stands
    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=SIZE) as pilot:
            screen = screen_of(pilot)
            await move_with_form(pilot, "main", "halden")
            await send(pilot, "aslan end-phase")
            await pilot.press("escape", "f")
            await pilot.app.workers.wait_for_complete()
            forecast = screen.query_one("#forecast", Static)
            await until(pilot, lambda: "wins" in str(forecast.render()), "the forecast shown")
            text = str(forecast.render())
            assert "aslan (attacker) wins" in text
            assert screen.session.state.phase is Phase.FIRST_COMBAT

    asyncio.run(scenario())


def test_enter_after_a_new_campaign_opens_it(service: CampaignService, no_keymap: Path):
    """DN-SEQ-2: a campaign made with ``n`` was listed, but the cursor stayed on the row it
    was on (``demo``), so the Enter that followed opened demo (found by use, December 7,
    late night). The cursor goes to the campaign just made; Enter opens it."""

    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, LauncherScreen), "launcher")
            launcher = pilot.app.screen
            assert isinstance(launcher, LauncherScreen)
            await until(pilot, lambda: launcher.selected_campaign() == "demo", "demo listed")
            await pilot.press("n")
            await until(pilot, lambda: _new_form_shown(pilot.app), "the new campaign dialog")
            form = pilot.app.screen
            form.query_one("#new-name", Input).value = "t5"
            seed = form.query_one("#new-seed", Input)
            seed.value = "5"
            seed.focus()
            await until(pilot, lambda: seed.has_focus, "the seed field focused")
            await pilot.press("enter")
            await until(pilot, lambda: pilot.app.screen is launcher, "the dialog closed")
            await until(pilot, lambda: launcher.selected_campaign() == "t5", "t5 under the cursor")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, CampaignScreen), "opened")
            assert screen_of(pilot).session.name == "t5"

    asyncio.run(scenario())


def test_launcher_new_random_campaign_and_delete(service: CampaignService, no_keymap: Path):
    # DN-MAP-5: a new campaign by random assembly with a seed; deletion asks first
    async def scenario() -> None:
        async with app_for(service, no_keymap, None).run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(pilot.app.screen, LauncherScreen)
            launcher = pilot.app.screen
            await pilot.press("n")
            await until(pilot, lambda: _new_form_shown(pilot.app), "the new campaign dialog")
            form = pilot.app.screen
            form.query_one("#new-name", Input).value = "r7"
            form.query_one("#new-layout", Select).value = "random"
            seed = form.query_one("#new-seed", Input)
            seed.value = "7"
            seed.focus()
            await until(pilot, lambda: seed.has_focus, "the seed field focused")
            await pilot.press("enter")
            await until(pilot, lambda: "r7" in service.store.campaigns(), "r7 created")
            row = service.store.campaign("r7")
            assert (row.layout, row.layout_seed) == ("random", 7)
            await until(pilot, lambda: pilot.app.screen is launcher, "the dialog closed")
            table = launcher.query_one("#campaign-table", DataTable)
            await until(pilot, lambda: "r7" in table.rows, "r7 listed")
            table.move_cursor(row=table.get_row_index("r7"))
            await pilot.press("x")
            await until(pilot, lambda: isinstance(pilot.app.screen, Confirm), "the question")
            await pilot.press("n")  # "no" keeps it
            await until(pilot, lambda: pilot.app.screen is launcher, "the question answered")
            await pilot.pause()
            assert "r7" in service.store.campaigns()
            await pilot.press("x", "y")
            await until(pilot, lambda: service.store.campaigns() == ["demo", "full"], "r7 gone")
            await until(pilot, lambda: "r7" not in table.rows, "r7 no longer listed")
            table.move_cursor(row=table.get_row_index("demo"))
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, CampaignScreen), "demo")
            assert screen_of(pilot).session.name == "demo"
            await pilot.press("escape", "q")
            await until(pilot, lambda: isinstance(pilot.app.screen, LauncherScreen), "launcher")

    asyncio.run(scenario())


def test_cli_demo_creates_demo_and_opens_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # DN-SEQ-1: the demo is the standard seed game at Aslan's First Movement of game turn 1
    opened: list[str | None] = []
    monkeypatch.setattr(CampaignApp, "run", lambda self: opened.append(self.open_campaign))
    url = f"sqlite:///{tmp_path / 'd.db'}"
    keymap = tmp_path / "k.toml"  # an empty keymap of its own: the user's must not leak in
    keymap.write_text("", encoding="utf-8")  # (a keymap named but missing is refused)
    assert cli.main(["demo", "--db", url, "--keymap", str(keymap)]) == 0
    assert opened == ["demo"]
    state = CampaignService(db_url=url).load("demo").state
    assert (state.turn, state.phase, state.acting) == (1, Phase.FIRST_MOVEMENT, Side.ASLAN)
    assert cli.main(["tui", "nothing-here", "--db", url]) == 1
    assert opened == ["demo"]


def test_keymap_typo_is_reported(service: CampaignService, tmp_path: Path):
    # DN-ERR-1 (bad input gets a clear message): an unknown binding id is named, not ignored
    keymap = tmp_path / "keymap.toml"
    keymap.write_text('"campaign.undoo" = "z"\n"launcher.new" = 5\n', encoding="utf-8")

    async def scenario() -> None:
        async with app_for(service, keymap, None).run_test(size=SIZE) as pilot:
            await pilot.pause()
            messages = [n.message for n in pilot.app._notifications]
            assert any("campaign.undoo" in m for m in messages)
            assert any("launcher.new: keys must be a non-empty string" in m for m in messages)

    asyncio.run(scenario())


def test_order_forms_for_maintenance_and_production(service: CampaignService, no_keymap: Path):
    # DN-ECO-7: the maintenance form (choices left empty = pay all / roll all) with entered dice;
    # DN-ECO-8: the production form builds "produce KIND COUNT" and the unit appears
    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "full", size=SIZE) as pilot:
            screen = screen_of(pilot)
            screen.dice_reason = "dice rolled at the table"  # the referee's override (DN-ERR-1)
            screen.query_one("#dice", Input).value = "6,6,6,6,6,6,6"
            await pilot.press("e")
            await until(pilot, lambda: isinstance(pilot.app.screen, OrderForm), "the form")
            maintain = pilot.app.screen
            assert maintain.head == "aslan maintain"
            await until(pilot, lambda: maintain.focused is not None, "the form's field focused")
            await pilot.press("enter")  # Enter sends from any field (issue 31 item 5)
            await until(
                pilot,
                lambda: service.log("full")[-1].order_text == "aslan maintain",
                "maintenance stored",
            )
            await until(pilot, lambda: pilot.app.screen is screen, "the form closed")
            before = sum(
                1 for u in service.load("full").state.units_of(Side.ASLAN) if u.kind == "aslan:DD"
            )
            screen.query_one("#order", Input).value = "aslan produce"
            await pilot.press("escape", "e")
            await until(pilot, lambda: isinstance(pilot.app.screen, OrderForm), "the form")
            form = pilot.app.screen
            await until(pilot, lambda: bool(form.query("#field-0")), "the form's fields")
            assert [f.name for f in form.fields] == ["KIND", "COUNT", "LOCATION"]
            kinds = form.query_one("#field-0", ChoiceField)
            labels = [label for label, _ in kinds._choices]
            # issue 17 item 9: kinds offered with their cost; the RU held stand in the form
            assert any(label.startswith("DD ") and " RU " in label for label in labels)
            assert "RU" in str(form.query_one(".muted", Static).render())
            kinds.value = "DD"
            form.query_one("#field-1", Input).value = "99"
            form.query_one("#form-ok").press()  # more than the RU pay for: refused
            status = screen.query_one("#status-line", Static)
            await until(pilot, lambda: "DN-ECO-" in str(status.render()), "the refusal")
            refusal = str(status.render())
            assert "DN-ECO-" in refusal, refusal
            # issue 17 item 9: the refused form stays open with what was typed and says why
            assert pilot.app.screen is form
            assert "DN-ECO-" in str(form.query_one("#form-error", Static).render())
            assert form.value_of(0) == "DD" and form.value_of(1) == "99"
            form.query_one("#field-1", Input).value = "1"
            form.query_one("#field-2", ChoiceField).value = "hex:hlirakh"
            form.query_one("#form-ok").press()
            await until(pilot, lambda: pilot.app.screen is screen, "the form closed")
            after = sum(
                1 for u in service.load("full").state.units_of(Side.ASLAN) if u.kind == "aslan:DD"
            )
            assert after == before + 1
            assert service.log("full")[-1].order_text == "aslan produce DD 1 hex:hlirakh"

    asyncio.run(scenario())


def test_a_campaign_opened_by_name_closes_to_a_launcher_as_the_same_side(
    service: CampaignService, no_keymap: Path
):
    """``campaign tui NAME --side S`` opens the campaign screen alone (no launcher composed
    beneath it); ``q`` then shows a launcher listing the campaign with its new event count,
    opening campaigns as the same side (DN-NEU-1). A name that does not exist opens the
    launcher with the reason."""

    async def scenario() -> None:
        app = create_app(no_keymap, service=service, open_campaign="demo", side=Side.ASLAN)
        async with app.run_test(size=SIZE) as pilot:
            await campaign_on_top(pilot)
            assert [type(s).__name__ for s in pilot.app.screen_stack[1:]] == ["CampaignScreen"]
            assert "✓" in await send(pilot, "aslan end-phase")
            await pilot.press("escape", "q")
            await until(pilot, lambda: isinstance(pilot.app.screen, LauncherScreen), "launcher")
            launcher = pilot.app.screen
            assert isinstance(launcher, LauncherScreen) and launcher.viewer is Side.ASLAN
            assert len(pilot.app.screen_stack) == 2  # the campaign screen is gone
            table = launcher.query_one("#campaign-table", DataTable)
            await until(pilot, lambda: "demo" in table.rows, "demo listed")
            assert table.get_row("demo")[2] == str(service.load("demo").head.seq)
            await until(pilot, lambda: table.has_focus, "the campaign list focused")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, CampaignScreen), "demo")
            assert screen_of(pilot).session.viewer is Side.ASLAN

        async with create_app(no_keymap, service=service, open_campaign="nosuch").run_test(
            size=SIZE
        ) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, LauncherScreen), "launcher")
            await until(
                pilot,
                lambda: any("nosuch" in str(n.message) for n in pilot.app._notifications),
                "the reason",
            )

    asyncio.run(scenario())


def test_malformed_dice_are_refused_before_the_reason_is_asked(
    service: CampaignService, no_keymap: Path
):
    """DN-ERR-1: the referee's typed dice in a seeded campaign are an override with a reason.
    Dice typed wrong ("3,4n": the ``n`` meant for the next-step key) were refused only after
    the referee had typed that reason (found by use, December 7, late night); they are refused
    at once now, naming the bad part, and no reason is asked."""

    async def scenario() -> None:
        async with campaign_shown(service, no_keymap, "demo", size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            screen.query_one("#dice", Input).value = "3,4n"
            await pilot.press("o")
            order = screen.query_one("#order", Input)
            await until(pilot, lambda: order.has_focus, "the order line focused")
            order.value = "aslan end-phase"
            await pilot.press("enter")
            await until(pilot, lambda: _status(pilot).startswith("✗"), "Enter answered")
            assert "'4n' is not" in _status(pilot), _status(pilot)
            assert pilot.app.screen is screen  # no prompt for the reason
            assert screen.dice_reason is None

    asyncio.run(scenario())
