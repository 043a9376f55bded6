"""The three scenario games as one product (issue 31 item 13): one key vocabulary, one help
layout, a saved Shogi game that keeps its computer level, Invector's swap hint only for a
person, Imperial's focus on the orders list from the start. Pilot tests at the sizes of the
snapshot tests (docs/tui.md, "Scenario games")."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.widgets import Input, ListView, OptionList, Select, TabbedContent
from textual.widgets._tabbed_content import ContentTab

from campaign.app import CampaignService
from scenarios import registry
from scenarios.dialogs import VOCABULARY, GameConfirm, GameHelp, GamePathDialog
from scenarios.imperial.screen import ImperialScreen, ImperialSetupScreen
from scenarios.imperium_shogi.screen import ShogiScreen
from scenarios.invector import screen as invector_screen
from scenarios.invector.ai import InvectorAI
from scenarios.invector.screen import InvectorScreen
from tests.tui.pilot_helpers import ScenarioHost, app_for, pass_investor
from tests.waiting import until

SIZES = [(80, 24), (160, 48)]
SCREENS = {
    "shogi": (ShogiScreen, lambda: ShogiScreen(red="human", blue="human")),
    "invector": (InvectorScreen, lambda: InvectorScreen(players=("human", "human"))),
    "imperial": (ImperialScreen, lambda: ImperialScreen(players=4, seed=0)),
}


def run(coroutine) -> None:
    """Run a Pilot scenario; a hang fails after a minute instead of blocking the run."""
    asyncio.run(asyncio.wait_for(coroutine, 60))


def test_one_key_vocabulary_across_the_three_games():
    """SHO-10 INV-8 IMP-7: a key means the same thing in every game that uses it (Invector's
    `c` changed the opponent while Imperial's `c` let the computer decide, and `s` swapped in
    Invector but showed the scores in Imperial), and every binding is a word of the shared
    vocabulary with the id GAME.WORD."""
    meaning: dict[str, set[tuple[str, str]]] = {}
    for cls, _ in SCREENS.values():
        for binding in cls.BINDINGS:
            assert isinstance(binding, Binding)
            prefix, _, word = (binding.id or "").partition(".")
            assert word in VOCABULARY, binding.id
            assert (binding.key, binding.action) == (
                VOCABULARY[word].keys,
                VOCABULARY[word].action,
            ), binding.id
            for key in binding.key.split(","):
                meaning.setdefault(key, set()).add((binding.action, binding.description))
    assert {key: sorted(used) for key, used in meaning.items() if len(used) > 1} == {}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_game_opens_the_same_help(name, size):
    """SHO-10 INV-8 IMP-7: `?` shows one help layout in every game: the keys in force with
    their ids, then the game's sections, in a framed box that fits the terminal."""
    cls, make = SCREENS[name]

    async def scenario() -> None:
        app = ScenarioHost(make)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pass_investor(pilot)
            game = app.screen
            assert isinstance(game, cls)
            await pilot.press("question_mark")
            await until(
                pilot,
                lambda: isinstance(app.screen, GameHelp) and bool(app.screen.query(".game-dialog")),
                "the help",
            )
            help_screen = app.screen
            keys = str(help_screen.query_one("#help-keys").render())
            for binding in cls.BINDINGS:
                assert binding.id in keys and binding.description in keys
            assert f"{cls.GAME_TITLE} — keys" in str(
                help_screen.query_one(".game-dialog-title").render()
            )
            assert len(help_screen.query(".game-help-heading")) >= 1
            box = help_screen.query_one(".game-dialog")
            await until(pilot, lambda: box.region.width > 0, "the help laid out")
            assert box.region.width <= size[0] and box.region.height <= size[1]
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is game, "the help closed")

    run(scenario())


def test_a_saved_shogi_game_keeps_its_computer_level(tmp_path: Path):
    """SHO-10: a game against `easy` saved and loaded in a screen that starts against the
    launcher's `normal` is played on against `easy` (the level used to be dropped)."""
    path = tmp_path / "game.txt"

    async def scenario() -> None:
        app = ScenarioHost(lambda: ShogiScreen(red="human", blue="easy"))
        async with app.run_test(size=(160, 48)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert screen.play(screen.state.text_to_action("c1c2"))
            await app.workers.wait_for_complete()
            await until(pilot, lambda: len(screen.state.history()) == 2, "easy's answer")
            await pilot.press("ctrl+s")
            await until(pilot, lambda: path_dialog(app), "the save dialog")
            app.screen.query_one(Input).value = str(path)
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is screen and path.exists(), "the game saved")
        assert "# players: person easy" in path.read_text()  # issue 44 item 6: as on screen

        app = ScenarioHost(lambda: ShogiScreen())  # the launcher's default: Blue is normal
        async with app.run_test(size=(160, 48)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert screen.players == ["human", "normal"]
            await pilot.press("ctrl+o")
            await until(pilot, lambda: path_dialog(app), "the open dialog")
            app.screen.query_one(Input).value = str(path)
            await pilot.press("enter")
            await until(pilot, lambda: screen.players == ["human", "easy"], "the save's players")
            assert screen._computers[1].level == "easy"
            assert len(screen.state.history()) == 2

    run(scenario())


def test_invector_asks_for_s_only_when_a_person_may_swap(monkeypatch):
    """INV-6: while the computer (White) thinks about its swap, the status told the person to
    press s. The computer's choice is held back here until the status has been read."""
    release = threading.Event()
    real_choose = InvectorAI.choose

    class HeldAI(InvectorAI):
        def choose(self, state):
            release.wait(30)
            return real_choose(self, state)

    monkeypatch.setattr(invector_screen, "InvectorAI", HeldAI)

    async def scenario() -> None:
        app = ScenarioHost(lambda: InvectorScreen(players=("human", "medium")))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("enter", "right", "enter")  # a1xb1: White may swap now
            shown = screen.query_one("#inv-status")
            await until(
                pilot,
                lambda: screen.thinking and "thinking" in str(shown.render()),
                "the computer thinking",
            )
            status = str(shown.render())
            assert screen.thinking and screen.state.swap_available()
            assert "press s" not in status and "thinking" in status
            release.set()
            await app.workers.wait_for_complete()
            await pilot.pause()

        app = ScenarioHost(lambda: InvectorScreen(players=("medium", "human")))
        release.set()
        async with app.run_test(size=(80, 24)) as pilot:
            # the computer (Black) opens; then the person may swap
            await until(
                pilot,
                lambda: len(app.screen.states) > 1 and not app.screen.thinking,
                "the computer's opening move",
            )
            assert app.screen.is_human_turn() and app.screen.state.swap_available()
            assert "press s" in str(app.screen.query_one("#inv-status").render())

    run(scenario())


@pytest.mark.parametrize("size", SIZES)
def test_imperial_starts_with_the_orders_list_focused(size):
    """IMP-7: the table opens with the focus on the orders list, so Enter plays the highlighted
    order at once (the focus used to sit on the Nations table)."""

    async def scenario() -> None:
        app = ScenarioHost(lambda: ImperialScreen(players=4, seed=0))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pass_investor(pilot)
            table = app.screen
            assert isinstance(table, ImperialScreen)
            orders = table.query_one("#imperial-orders", OptionList)
            await until(pilot, lambda: app.focused is orders, "the orders list focused")
            played = len(table.position.orders())
            await pilot.press("enter")
            await until(pilot, lambda: len(table.position.orders()) > played, "an order played")
            await pass_investor(pilot)

    run(scenario())


@pytest.mark.parametrize("size", SIZES)
def test_imperial_set_up_opens_with_the_first_choice_focused(
    service: CampaignService, no_keymap: Path, size
):
    """IMP-7: the set-up screen opened from the launcher with nothing focused, so the first
    Enter did nothing (found by use); the number of players has the focus, Enter opens it."""

    async def scenario() -> None:
        app = app_for(service, no_keymap, None)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            names = [entry.name for entry in registry.SCENARIOS]
            await pilot.press("tab")  # to the scenario list
            app.screen.query_one("#scenario-list", ListView).index = names.index("imperial")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, ImperialSetupScreen), "set-up")
            players = app.screen.query_one("#imperial-players", Select)
            await until(pilot, lambda: app.focused is players, "the players choice focused")
            await pilot.press("enter")
            await until(pilot, lambda: players.expanded, "the players choice open")

    run(scenario())


@pytest.mark.parametrize("size", SIZES)
def test_imperial_tabs_have_the_campaign_screens_digit_keys(size):
    """IMP-7: the help did not say how to reach the other tabs (only Shift+Tab to the tab
    titles and then Left/Right did, found by use). 1 to 5 show them, as on the campaign
    screen, and the focus stays on the orders; the help says so."""

    async def scenario() -> None:
        app = ScenarioHost(lambda: ImperialScreen(players=4, seed=0, computer=set()))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pass_investor(pilot)
            table = app.screen
            tabs = table.query_one("#imperial-tabs", TabbedContent)
            orders = table.query_one("#imperial-orders", OptionList)
            await until(pilot, lambda: app.focused is orders, "the orders list focused")
            for key, pane in [("2", "tab-bonds"), ("5", "tab-log"), ("4", "tab-map")]:
                await pilot.press(key)
                await until(pilot, lambda pane=pane: tabs.active == pane, pane)
                assert app.focused is orders
            titles = [str(tab.label) for tab in tabs.query(ContentTab)]
            assert titles == ["1 Nations", "2 Bonds", "3 Rondel", "4 Map", "5 Log"]
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, GameHelp), "the help")
            keys = str(app.screen.query_one("#help-keys").render())
            assert "imperial.tab_2" in keys and "Bonds tab" in keys
            notes = str(app.screen.query_one("#help-notes").render())
            assert "1 to 5 show" in notes and "Shift+Tab" in notes

    run(scenario())


#: How Textual writes keys that nobody types (issue 44 item 6: the help listed these).
NOT_AS_TYPED = ("^", "⏎", "esc ", "question_mark", "ctrl+", "f1")


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_the_help_writes_keys_as_they_are_typed(name):
    """Issue 44 item 6 (SHO-10 INV-8 IMP-7): the help listed ``^s``, ``^o``, ``esc`` and
    ``f1``; it writes ``Ctrl+S``, ``Ctrl+O``, ``Esc``, ``F1`` (the footer keeps Textual's
    short forms)."""
    _cls, make = SCREENS[name]

    async def scenario() -> None:
        app = ScenarioHost(make)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pass_investor(pilot)
            keys = [row[0] for row in app.screen._help_rows()]
            assert "Ctrl+S" in keys and "Ctrl+O" in keys and "? / F1" in keys, keys
            assert not [key for key in keys if any(word in f"{key} " for word in NOT_AS_TYPED)], (
                keys
            )

    run(scenario())


#: What each game's status says once the person resigned, and a save's resigned line.
RESIGNED = {
    "shogi": ("Red resigned", "# resigned: Red"),
    "invector": ("Black resigned", "# resigned: Black"),
    "imperial": ("P0 resigned", "# resigned: P0"),
}
STATUS = {"shogi": "#status", "invector": "#inv-status", "imperial": "#imperial-status"}


async def resign(pilot, game) -> None:
    """``x`` ``y`` on ``game``: the person's side resigns; back on the game's screen (Imperial
    shows its score table first)."""
    await pilot.press("x", "y")
    await until(pilot, lambda: game.resigned is not None, "the resignation")
    while (shown := pilot.app.screen) is not game:
        await pilot.press("escape")
        await until(pilot, lambda shown=shown: pilot.app.screen is not shown, "Esc closed it")


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_game_can_be_resigned_and_its_save_says_so(name, tmp_path: Path):
    """Issue 44 item 6 (SHO-10 INV-8 IMP-7): no game could be resigned. ``x`` asks y/n (``n``
    keeps playing), ``y`` ends the game for the person's side; the save records it with a
    ``# resigned:`` line and a game loaded from it is over."""
    _cls, make = SCREENS[name]
    path = tmp_path / "game.txt"
    said, line = RESIGNED[name]

    async def scenario() -> None:
        app = ScenarioHost(make)
        async with app.run_test(size=(160, 48)) as pilot:
            await pilot.pause()
            await pass_investor(pilot)
            game = app.screen
            await pilot.press("x")
            await until(pilot, lambda: isinstance(app.screen, GameConfirm), "the question")
            await pilot.press("n")  # the question, answered no: still playing
            await until(pilot, lambda: app.screen is game, "the question answered")
            await pilot.pause()
            assert game.resigned is None
            await resign(pilot, game)
            assert said in str(game.query_one(STATUS[name]).render())
            assert game.game_over() and not game.unsaved_game()
            await pilot.press("ctrl+s")
            await until(pilot, lambda: path_dialog(app), "the save dialog")
            app.screen.query_one(Input).value = str(path)
            await pilot.press("enter")
            await until(pilot, path.exists, "the save written")
        assert line in path.read_text().splitlines()

        app = ScenarioHost(make)
        async with app.run_test(size=(160, 48)) as pilot:
            await pilot.pause()
            await pass_investor(pilot)
            game = app.screen
            await pilot.press("ctrl+o")
            await until(
                pilot,
                lambda: isinstance(app.screen, GameConfirm) or path_dialog(app),
                "the question or the open dialog",
            )
            if isinstance(app.screen, GameConfirm):  # Imperial's computers played already
                await pilot.press("y")
                await until(pilot, lambda: path_dialog(app), "the open dialog")
            app.screen.query_one(Input).value = str(path)
            await pilot.press("enter")
            await until(pilot, lambda: game.resigned is not None, "the resigned game loaded")
            assert game.game_over()

    run(scenario())


#: A first move typed in each board game (two people at the keyboard); Imperial plays the
#: highlighted order of its orders list instead.
FIRST_MOVE = {"shogi": "b1a2", "invector": "a1xb1"}


def path_dialog(app) -> bool:
    """The save/open dialog on top, its path field composed."""
    return isinstance(app.screen, GamePathDialog) and bool(app.screen.query(Input))


def position_text(game) -> str:
    """The position a game screen shows (Imperial keeps it in ``position``)."""
    return (game.position if isinstance(game, ImperialScreen) else game.state).to_text()


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_undo_after_resigning_takes_the_resignation_back(name):
    """SHO-10 INV-5 IMP-7: ``u`` after ``x`` took moves back but left the game over ("Black
    resigned" over the start position: Invector's undo went all the way back, as no person
    was "to move" in a resigned game). It takes back the resignation only: the same position,
    the game running again, the status no longer saying who resigned."""
    _cls, make = SCREENS[name]
    said, _line = RESIGNED[name]

    async def scenario() -> None:
        app = ScenarioHost(make)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pass_investor(pilot)
            game = app.screen
            start = position_text(game)
            if name in FIRST_MOVE:
                await pilot.press("m")
                await until(pilot, lambda: game.query_one(Input).has_focus, "the move input")
                game.query_one(Input).value = FIRST_MOVE[name]
                await pilot.press("enter")
            else:
                await pilot.press("enter")
            await until(pilot, lambda: position_text(game) != start, "the first move played")
            await pass_investor(pilot)
            before = position_text(game)
            await resign(pilot, game)
            await pilot.press("u")
            await until(pilot, lambda: game.resigned is None, "the resignation taken back")
            assert not game.game_over()
            assert position_text(game) == before
            assert said not in str(game.query_one(STATUS[name]).render())

    run(scenario())
