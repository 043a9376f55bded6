"""Pilot tests of the scenario game screens as the launcher opens them (issue 17): leaving every
screen returns to a working launcher, every panel lies on screen, save/resume and leave work the
same way in the three games."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import random
import re
from pathlib import Path

import pytest
from textual.app import App
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import DataTable, Input, ListView, OptionList

from campaign.app import CampaignService
from campaign.tui.screens.campaign import CampaignScreen
from campaign.tui.screens.launcher import LauncherScreen
from scenarios import registry
from scenarios.dialogs import GameConfirm, GameHelp, GamePathDialog
from scenarios.imperial.screen import (
    ImperialScreen,
    ImperialSetupScreen,
    ScoreScreen,
)
from scenarios.imperium_shogi.screen import ShogiScreen
from scenarios.invector.screen import InvectorScreen
from tests.tui.pilot_helpers import (
    ScenarioHost,
    app_for,
    pass_investor,
    path_refusal,
    screen_lines,
)
from tests.waiting import until

SIZES = [(80, 24), (160, 48)]
#: A frozen app never answers; the test fails after this many seconds instead of hanging.
HANG_LIMIT = 60


def run(coroutine) -> None:
    """Run a Pilot scenario; a hang (the issue-17 freeze) becomes a failure, not a stuck run."""
    asyncio.run(asyncio.wait_for(coroutine, HANG_LIMIT))


async def open_scenario(pilot, index: int) -> Screen:
    """From the launcher: Tab to the scenario list, pick entry ``index``, Enter."""
    app = pilot.app
    assert isinstance(app.screen, LauncherScreen)
    scenarios = app.screen.query_one("#scenario-list", ListView)
    launcher = app.screen
    if not scenarios.has_focus:
        await pilot.press("tab")
    await until(pilot, lambda: scenarios.has_focus, "the scenario list focused")
    scenarios.index = index
    await pilot.press("enter")
    await until(pilot, lambda: app.screen is not launcher, "the scenario's screen")
    return app.screen


@pytest.mark.parametrize("size", SIZES)
def test_leaving_every_scenario_and_a_campaign_returns_to_a_live_launcher(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """Issue 17 item 1: leaving Imperium Shogi froze the app (its screen overwrote Textual's
    private ``_closed`` flag, so popping it waited forever). Open and leave each scenario screen
    and a campaign from the launcher, then quit with Ctrl+Q."""

    async def scenario() -> None:
        app = app_for(service, no_keymap, None)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            names = [entry.name for entry in registry.SCENARIOS]
            for index, name in enumerate(names):
                screen = await open_scenario(pilot, index)
                await pass_investor(pilot)
                screen = pilot.app.screen
                if isinstance(screen, ImperialSetupScreen):
                    await pilot.press("escape")  # a form: Esc is the way back
                else:
                    assert isinstance(screen, ShogiScreen | InvectorScreen | ImperialScreen), name
                    await pilot.press("q")
                await until(pilot, lambda: isinstance(pilot.app.screen, LauncherScreen), name)
            await pilot.press("tab")  # back to the campaigns
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, CampaignScreen), "campaign")
            await pilot.press("escape", "q")
            await until(pilot, lambda: isinstance(pilot.app.screen, LauncherScreen), "launcher")
            await pilot.press("ctrl+q")
        assert app.return_code == 0

    run(scenario())


#: The board games, by their place in the launcher's list (``registry.SCENARIOS``).
BOARD_GAMES = {
    entry.name: index
    for index, entry in enumerate(registry.SCENARIOS)
    if entry.name in ("imperium-shogi", "invector")
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", sorted(BOARD_GAMES))
def test_q_goes_back_to_the_launcher_after_tab(
    service: CampaignService, no_keymap: Path, size: tuple[int, int], game: str
):
    """SHO-10 INV-8 (the move field; docs/tui.md, "Scenario games": ``q`` is back in every
    game): in Imperium Shogi, Tab (the launcher's key for the other pane) went on from the
    move list into the move field, always on screen, and ``q`` was then typed into the field:
    the game stayed, and so did every later board key. The field takes the keys only through
    ``m`` (or a click on it), as Invector's does; Tab passes over it."""

    async def scenario() -> None:
        app = app_for(service, no_keymap, None)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = await open_scenario(pilot, BOARD_GAMES[game])
            await until(pilot, lambda: screen.is_mounted, game)
            for _ in range(3):
                await pilot.press("tab")
                assert not isinstance(screen.focused, Input), screen.focused
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, LauncherScreen), "the launcher")

    run(scenario())


def test_a_click_on_the_shogi_move_field_opens_it_as_m_does():
    """SHO-10: Tab passes over the move field, a click still opens it (as ``m`` does); Esc
    gives the keys back to the board, where ``q`` leaves the game."""

    async def scenario() -> None:
        app = ScenarioHost(ShogiScreen)
        async with app.run_test(size=(80, 24)) as pilot:
            await pass_investor(pilot)
            screen = app.screen
            field = screen.query_one("#move-input", Input)
            await pilot.click("#move-input")
            await until(pilot, lambda: field.has_focus, "the move field opened")
            await pilot.press("escape")
            await until(pilot, lambda: screen.focused is None, "the keys back on the board")
            await pilot.press("q")
            await until(pilot, lambda: screen not in app.screen_stack, "the game left")

    run(scenario())


SCREEN_MODULES = [
    "scenarios.imperium_shogi.screen",
    "scenarios.invector.screen",
    "scenarios.imperial.screen",
    "campaign.tui.screens.campaign",
    "campaign.tui.screens.launcher",
    "campaign.tui.screens.forms",
    "campaign.tui.screens.help",
]


@pytest.mark.parametrize("module_name", SCREEN_MODULES)
def test_screens_do_not_overwrite_textual_attributes(module_name: str):
    """Issue 17 item 1 (root cause): a screen attribute named like one of Textual's own
    (``_closed`` in the Shogi screen) silently breaks the message pump. Every ``self.NAME =``
    of the screen modules is checked against the attributes of a bare Textual screen (the
    public ``title``/``sub_title`` are meant to be set)."""

    class Host(App[None]):
        pass

    with Host()._context():
        textual_names = set(vars(Screen())) | {n for c in Screen.__mro__ for n in vars(c)}
    textual_names -= {"title", "sub_title"}
    source = inspect.getsource(importlib.import_module(module_name))
    assigned = set(re.findall(r"self\.(\w+)\s*(?::[^=]+)?=[^=]", source))
    assert not assigned & textual_names


class ImperialHost(App[None]):
    """Hosts the Imperial table directly (four players, seats 1-3 played by the computer)."""

    def on_mount(self) -> None:
        self.push_screen(ImperialScreen(players=4, seed=0))


@pytest.mark.parametrize("size", SIZES)
def test_imperial_orders_list_is_on_screen(size: tuple[int, int]):
    """Issue 17 item 2 (IMP-7): the "Orders (Enter plays)" list lay beyond the right edge (the
    tabs took the whole width). It must lie inside the screen and show the legal orders."""

    async def scenario() -> None:
        app = ImperialHost()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pass_investor(pilot)
            table = app.screen
            assert isinstance(table, ImperialScreen)
            orders = table.query_one("#imperial-orders", OptionList)
            await until(
                pilot,
                lambda: orders.region.width >= 20 and orders.region.height >= 3,
                "the orders list laid out",
            )
            screen_region = table.region
            assert orders.region.width >= 20 and orders.region.height >= 3
            assert screen_region.contains_region(orders.region), (orders.region, screen_region)
            assert orders.option_count == len(table.orders) > 0

    run(scenario())


def _play_first_legal(screen) -> None:
    """One move by whoever is to move, through the screen's own play method."""
    if isinstance(screen, ImperialScreen):
        screen.play(screen.orders[0])
    elif isinstance(screen, ShogiScreen):
        assert screen.play(screen.state.legal_actions()[0])
    else:
        screen.play(screen.state.legal_actions()[0])


def _path_dialog(app: App) -> bool:
    """The save/open dialog on top, its path field composed."""
    return isinstance(app.screen, GamePathDialog) and bool(app.screen.query(Input))


def _position_text(screen) -> str:
    return (
        screen.position.to_text() if isinstance(screen, ImperialScreen) else screen.state.to_text()
    )


GAMES = {
    "shogi": lambda: ShogiScreen(red="human", blue="human"),
    "invector": lambda: InvectorScreen(players=("human", "human")),
    "imperial": lambda: ImperialScreen(players=4, seed=0, computer=set()),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_saves_resumes_and_asks_before_discarding(game: str, tmp_path: Path):
    """Issue 17 item 8: Shogi ``q`` and Imperial ``Esc`` dropped a game without asking and
    Imperial could not be saved. All three: Ctrl+S and Ctrl+O with the same file dialog, ``q``
    asks while moves are not saved."""
    path = tmp_path / f"{game}.txt"

    async def scenario() -> None:
        app = ScenarioHost(GAMES[game])
        async with app.run_test(size=(160, 48)) as pilot:
            await pilot.pause()
            await pass_investor(pilot)
            screen = app.screen
            _play_first_legal(screen)
            await pilot.pause()
            await pass_investor(pilot)
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, GameConfirm), "the question")
            await pilot.press("n")
            await until(pilot, lambda: app.screen is screen, "the question answered")
            await pilot.press("ctrl+s")
            await until(pilot, lambda: _path_dialog(app), "the save dialog")
            app.screen.query_one(Input).value = str(path)
            await pilot.press("enter")
            await until(pilot, path.exists, "the game saved")
            await until(pilot, lambda: app.screen is screen, "the save dialog closed")
            saved = _position_text(screen)
            _play_first_legal(screen)
            await pilot.pause()
            await pass_investor(pilot)
            await pilot.press("ctrl+o", "y")  # the new move is not saved: asks first
            await until(pilot, lambda: _path_dialog(app), "the open dialog")
            app.screen.query_one(Input).value = str(path)
            await pilot.press("enter")
            await until(pilot, lambda: not isinstance(app.screen, GamePathDialog), "loaded")
            await pass_investor(pilot)
            assert _position_text(screen) == saved
            await pilot.press("q")  # saved: leaves without asking
            await until(pilot, lambda: screen not in app.screen_stack, "the game left")

    run(scenario())


def test_shogi_move_list_shows_the_game_ending_move():
    """Issue 17 item 13 (SHO-7): the move list overflowed its pane, so the game-ending move was
    never on screen. Play a long game to its end at 80x24: the list is scrolled to the last
    move."""

    async def scenario() -> None:
        app = ScenarioHost(GAMES["shogi"])
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ShogiScreen)
            plies = 0
            chooser = random.Random(40)  # seed 40: a game of 39 plies
            while not screen.state.is_terminal() and plies < 400:
                assert screen.play(chooser.choice(screen.state.legal_actions()))
                plies += 1
            assert screen.state.is_terminal() and plies > 20
            scroller = screen.query_one("#moves-scroll")
            await until(pilot, lambda: scroller.max_scroll_y > 0, "a list taller than its pane")
            await until(
                pilot, lambda: scroller.scroll_y == scroller.max_scroll_y, "the last move in view"
            )
            text = str(screen.query_one("#moves").render())
            assert text.splitlines()[-1].startswith(f"{plies:>3}.")

    run(scenario())


MOVE_LISTS = {
    # game: (a screen with people on both seats, the id of its move list's scroll pane, plies)
    "shogi": (GAMES["shogi"], "#moves-scroll", 18),
    "invector": (
        lambda: InvectorScreen(cols=9, rows=8, players=("human", "human")),
        "#inv-moves-scroll",
        40,
    ),
}


@pytest.mark.parametrize("game", sorted(MOVE_LISTS))
def test_the_newest_move_stays_in_view_after_a_resize(game: str):
    """SHO-10 INV-8: after shrinking the terminal from 160x48 to 80x24 the moves at the end of
    the list were below its visible part until the next move (found by use: moves 15-18 of an
    18-ply Shogi game); the list is scrolled to the newest move after a resize too."""
    make, scroll_id, plies = MOVE_LISTS[game]

    async def scenario() -> None:
        app = ScenarioHost(make)
        async with app.run_test(size=(160, 48)) as pilot:
            await pilot.pause()
            screen = app.screen
            chooser = random.Random(14)  # seed 14: no game ends within its plies
            for _ in range(plies):
                screen.play(chooser.choice(screen.state.legal_actions()))
                assert not screen.game_over()
            scroller = screen.query_one(scroll_id)
            await until(pilot, lambda: scroller.max_scroll_y == 0, "the whole list at 160x48")
            await pilot.resize_terminal(80, 24)
            await until(pilot, lambda: scroller.max_scroll_y > 0, "a list taller than its pane")
            await until(
                pilot,
                lambda: scroller.scroll_y == scroller.max_scroll_y,
                "the list scrolled to the newest move",
                ceiling=HANG_LIMIT / 2,  # fail naming it before the hang limit cancels the test
            )

    run(scenario())


def test_invector_cells_carry_their_names():
    """Issue 17 item 13 (INV-8): Invector had no coordinates (rows count from the top there,
    ranks from the bottom in Shogi): every cell is labelled with its INV-8 name."""

    async def scenario() -> None:
        app = ScenarioHost(GAMES["invector"])
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.screen.is_mounted, "the game's screen")
            screen = app.screen
            board = screen.state.board
            for cell in (0, board.size - 1):
                view = screen.query_one(f"#cell-{board.cell_name(cell)}")
                assert board.cell_name(cell) in str(view.render())

    run(scenario())


def test_imperial_mid_game_score_and_log_name_the_nation():
    """Issue 17 item 13 (IMP-21, IMP-7): the mid-game score window was titled "Final score —
    None" and named a winner; the log did not say which nation acted."""

    async def scenario() -> None:
        app = ScenarioHost(lambda: ImperialScreen(players=4, seed=0))
        async with app.run_test(size=(160, 48)) as pilot:
            await pilot.pause()
            await pass_investor(pilot)
            table = app.screen
            assert isinstance(table, ImperialScreen)
            table.play(table.orders[0])
            await pass_investor(pilot)
            log = str(table.query_one("#imperial-log").render())
            assert any(
                name in log
                for name in ("Austria", "Italy", "France", "Britain", "Germany", "Russia")
            ), log
            await pilot.press("r")  # the Scores key (docs/tui.md: one key vocabulary)
            await until(
                pilot,
                lambda: isinstance(app.screen, ScoreScreen) and app.screen.is_mounted,
                "the score window",
            )
            score = app.screen
            title = str(score.query_one("#imperial-score Static").render())
            assert "Final" not in title and "None" not in title
            rows = score.query_one(DataTable)
            marks = [str(rows.get_row_at(i)[-1]) for i in range(rows.row_count)]
            assert "winner" not in marks

    run(scenario())


def test_player_counts_agree():
    """Issue 17 item 13 (IMP-4): "4-6" in the launcher, "2-3 use the published starts" in the
    set-up and "2–6" in the README: one count everywhere."""
    entry = registry.find("imperial")
    assert "2–6 players" in entry.title
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert "2–6 players" in readme
    import scenarios.imperial.screen as imperial_screen

    source = inspect.getsource(imperial_screen.ImperialSetupScreen)
    assert "Players: 2–6" in source and "4-6" not in source


def test_a_scenario_save_never_replaces_the_campaign_database(
    service: CampaignService, no_keymap: Path
):
    """SHO-10 (found by use, December 7): Imperium Shogi's Ctrl+S to the path of the database
    the launcher shows wrote the saved game over it: every campaign was gone. The save is
    refused, naming the path, with the words `export -o` uses, and nothing is written; the
    dialog stays open with the reason (found by use, December 7, night)."""
    database = service.store.files()[0]
    before = database.read_bytes()

    async def scenario() -> None:
        app = app_for(service, no_keymap, None)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            screen = await open_scenario(pilot, BOARD_GAMES["imperium-shogi"])
            await until(pilot, lambda: screen.is_mounted, "the game")
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, GamePathDialog), "the dialog")
            app.screen.query_one(Input).value = str(database)
            await pilot.press("enter")
            refusal = (
                f"{database}: that is the database the campaigns are kept in; "
                "write the game to another path"
            )
            dialog = app.screen
            await until(pilot, lambda: path_refusal(app) == refusal, "the refusal")
            assert app.screen is dialog and screen.save_path is None
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, "the dialog closed")
            assert screen.save_path is None

    run(scenario())
    assert database.read_bytes() == before


def test_a_game_dialog_names_its_own_keys_and_f1_shows_them(
    service: CampaignService, no_keymap: Path
):
    """Found by use (December 7, DN-SEQ-2, as for the campaign's dialogs): under a scenario
    game's save dialog (Ctrl+S in Imperium Shogi) the footer still named the board's keys
    ("m Type u Undo n New … ? Help"), which the dialog types into its path, and F1 did
    nothing. The dialog's footer names its own keys; F1 shows them in the games' help
    layout, and Esc goes back to the dialog."""

    async def scenario() -> None:
        app = app_for(service, no_keymap, None)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await open_scenario(pilot, BOARD_GAMES["imperium-shogi"])
            await pilot.press("ctrl+s")
            await until(pilot, lambda: _path_dialog(app), "the save dialog")
            dialog = app.screen
            bottom = Region(0, 23, 80, 1)
            await until(
                pilot,
                lambda: "Cancel" in screen_lines(app, bottom)[0],
                "the dialog's footer",
            )
            footer = screen_lines(app, bottom)[0]
            assert "Help" in footer and "Undo" not in footer, footer
            await pilot.press("f1")
            await until(pilot, lambda: isinstance(app.screen, GameHelp), "F1's help")
            keys = str(app.screen.query_one("#help-keys").render())
            assert "Cancel" in keys and "Undo" not in keys and "Copy" not in keys, keys
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is dialog, "back to the dialog")

    run(scenario())
