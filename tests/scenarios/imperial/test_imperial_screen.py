"""Pilot tests of the Imperial screens (IMP-7 orders from the list, IMP-19 investor dialog,
IMP-21 score table)."""

from __future__ import annotations

import asyncio
import functools
import random
import threading
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Button, DataTable, Input, OptionList, Select, Static

from scenarios.dialogs import GameConfirm, GamePathDialog
from scenarios.imperial import ai, make_screen
from scenarios.imperial.constants import NATIONS
from scenarios.imperial.notation import order_to_text
from scenarios.imperial.screen import (
    ImperialScreen,
    ImperialSetupScreen,
    InvestorDialog,
    ScoreScreen,
)
from tests.tui.pilot_helpers import computer_answered, pass_investor
from tests.waiting import until

#: Textual screens driven by a Pilot: seconds each (``make test-fast`` leaves them out).
pytestmark = pytest.mark.slow


class Host(App[None]):
    """A tiny app hosting one Imperial screen."""

    def __init__(self, screen: ImperialScreen) -> None:
        super().__init__()
        self._table = screen

    def on_mount(self) -> None:
        self.push_screen(self._table)


def sync(test):
    """Run an async Pilot test with asyncio (no async pytest plugin is installed)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        asyncio.run(test(*args, **kwargs))

    return run


def table(app: App) -> ImperialScreen:
    return next(s for s in app.screen_stack if isinstance(s, ImperialScreen))


async def table_shown(pilot, app: App) -> ImperialScreen:
    """The table once it is on the screen stack (a wait, not a pause)."""
    await until(
        pilot, lambda: any(isinstance(s, ImperialScreen) for s in app.screen_stack), "the table"
    )
    return table(app)


async def land_on_investor(pilot, app: App, game: ImperialScreen) -> InvestorDialog:
    """AH's rondel move lands on Investor: the investor step opens the dialog, focused."""
    game.play(("rondel", 3))
    await until(pilot, lambda: isinstance(app.screen, InvestorDialog), "the dialog")
    dialog = app.screen
    assert isinstance(dialog, InvestorDialog)
    await until(pilot, lambda: dialog.focused is not None, "the investor dialog focused")
    return dialog


async def open_saved(pilot, app: App, path: Path) -> None:
    """``Ctrl+O`` on the table, ``y`` if it asks to leave the game, then the path and Enter."""
    await pilot.press("ctrl+o")
    await until(
        pilot,
        lambda: isinstance(app.screen, GameConfirm | GamePathDialog),
        "the question or the open dialog",
    )
    if isinstance(app.screen, GameConfirm):
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, GamePathDialog), "the open dialog")
    app.screen.query_one(Input).value = str(path)
    await pilot.press("enter")


async def start_from_setup(pilot, app: App) -> ImperialScreen:
    """Press Start on the set-up screen and wait until the table replaces it."""
    setup = app.screen
    start = setup.query_one("#imperial-start", Button)
    # a Button ignores clicks during its press effect (issue 44 item 7: wait for it to end)
    await until(pilot, lambda: not start.has_class("-active"), "the Start button's effect")
    start.press()
    # the set-up screen gone, its widgets too (its header still took a title change once the
    # table was up, and the test ended with NoMatches under load), the table mounted
    await until(
        pilot,
        lambda: (
            not isinstance(app.screen, ImperialSetupScreen)
            and not setup.is_attached
            and table(app).is_mounted
        ),
        "the table replacing the set-up screen",
    )
    return table(app)


@sync
async def test_human_seat_plays_from_the_order_list_and_undoes():
    # IMP-7: the human seat picks a legal order from the list; computer seats answer
    screen = make_screen(players=4, seed=0)
    app = Host(screen)
    async with app.run_test(size=(160, 50)) as pilot:
        await pass_investor(pilot)  # IMP-19: the card holder may buy
        game = table(app)
        assert game.position.current_player() == 0
        assert game.query_one("#imperial-nations", DataTable).row_count == 6
        assert game.query_one("#imperial-map", DataTable).row_count == 55
        first = game.orders[0]
        count = len(game.position.orders())
        listed = game.query_one("#imperial-orders", OptionList)
        listed.focus()
        await until(pilot, lambda: listed.has_focus, "the orders list focused")
        await pilot.press("enter")
        await until(pilot, lambda: len(game.position.orders()) > count, "the order played")
        orders = game.position.orders()
        assert orders[count] == first
        await pilot.press("u")  # back to the human decision, computer answers taken back too
        await until(pilot, lambda: len(game.position.orders()) == count, "the orders undone")
        assert game.position.current_player() == 0 and game.orders[0] == first


@sync
async def test_investor_dialog_buys_a_bond():
    # IMP-19: the investor dialog lists the purchases; choosing one buys the bond
    screen = ImperialScreen(players=4, seed=0, computer=set())
    app = Host(screen)
    async with app.run_test(size=(160, 50)) as pilot:
        game = await table_shown(pilot, app)
        game.play(("rondel", 3))  # AH lands on Investor: interest, then the investor step
        assert isinstance(app.screen, InvestorDialog)
        dialog = app.screen
        await until(pilot, lambda: dialog.focused is not None, "the investor dialog focused")
        card = game.state.card
        cash = game.state.cash[card]
        await pilot.press("enter")  # the first purchase in the list
        await until(pilot, lambda: game.state.cash[card] < cash, "the bond bought")
        assert any(h == card for b in game.state.bonds.values() for h in b.values())


@sync
async def test_all_computer_game_ends_on_the_score_table():
    # IMP-21: a game of computer seats ends on the final score table
    screen = ImperialScreen(players=4, seed=3, computer={0, 1, 2, 3})
    app = Host(screen)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(  # the table's mount plays the computers, then shows the scores
            pilot,
            lambda: isinstance(app.screen, ScoreScreen) and app.screen.is_mounted,
            "the score table",
        )
        assert table(app).position.is_terminal()
        assert app.screen.query_one(DataTable).row_count == 1 + 4  # the power row, 4 players


@sync
async def test_setup_screen_starts_a_table_with_chosen_computer_seats():
    # IMP-4: the launcher entry asks for players, seed and computer seats, then deals
    app = Host(make_screen())
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: app.screen.is_mounted, "the set-up screen")
        setup = app.screen
        assert isinstance(setup, ImperialSetupScreen)
        setup.query_one("#imperial-computer", Input).value = "1, 9"
        await pilot.click("#imperial-start")
        await until(pilot, lambda: any("9" in str(n.message) for n in app._notifications), "no")
        await pilot.pause()
        assert app.screen is setup  # seat 9 does not exist: refused, nothing started
        setup.query_one("#imperial-players", Select).value = 5
        setup.query_one("#imperial-computer", Input).value = "0,1,2,3"
        game = await start_from_setup(pilot, app)
        assert game.game.num_players == 5 and game.computer == {0, 1, 2, 3}
        assert game.position.current_player() == 4  # the computer seats answered up to seat 4


@pytest.mark.parametrize(
    ("field", "typed", "named"),
    [
        ("#imperial-seed", "--5", "seed '--5'"),
        ("#imperial-seed", "\u00b2", "seed '\u00b2'"),
        ("#imperial-computer", "1,\u00b2", "seat '\u00b2'"),
        # found by use, December 8: Python's "Exceeds the limit (4300 digits) for integer
        # string conversion …" was the refusal of a seed of 5,000 digits
        ("#imperial-seed", "9" * 5000, "seed '9999999999"),
    ],
)
@sync
async def test_setup_screen_refuses_a_bad_seed_or_seat_and_stays_open(field, typed, named):
    """IMP-4 (found by use, December 7, night): a deal seed typed as "--5" (or "²", which
    str.isdigit accepts) passed the check and then crashed the whole TUI with a traceback
    at Start (int() of it); a seat "²" was refused with Python's "invalid literal for int()".
    Both are refused now with a message naming the entry, and nothing starts."""
    app = Host(make_screen())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.is_mounted, "the set-up screen")
        setup = app.screen
        assert isinstance(setup, ImperialSetupScreen)
        setup.query_one(field, Input).value = typed
        start = setup.query_one("#imperial-start", Button)
        await until(pilot, lambda: not start.has_class("-active"), "the Start button's effect")
        start.press()
        await until(
            pilot,
            lambda: any(named in str(n.message) for n in app._notifications),
            "the refusal naming the entry",
        )
        assert app.screen is setup and app.is_running
        told = [str(n.message) for n in app._notifications]
        assert not any("invalid literal" in said or "Exceeds the limit" in said for said in told)
        assert all(len(said) < 200 for said in told), told


@sync
async def test_setup_screen_offers_rule_presets_and_computer_levels():
    # IMP-8 IMP-16 IMP-20 (issue 21): the set-up lists what each preset switches, and the table
    # is dealt with the chosen preset and played by the chosen computer level
    app = Host(make_screen())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.is_mounted, "the set-up screen")
        setup = app.screen
        assert isinstance(setup, ImperialSetupScreen)
        switches = setup.query_one("#imperial-preset-switches", Static)
        assert "factory_top_up off" in str(switches.render())
        setup.query_one("#imperial-preset", Select).value = "published"
        setup.query_one("#imperial-level", Select).value = "easy"
        await until(pilot, lambda: "factory_top_up on" in str(switches.render()), "the preset")
        assert "home_chips off" in str(switches.render())
        game = await start_from_setup(pilot, app)
        assert game.game.options.factory_top_up and not game.game.options.home_chips
        assert game.level == "easy" and "published rules" in str(game.sub_title)


def test_tied_players_are_tied_for_the_lead_not_one_of_them_leading():
    """Issue 44 item 6 (IMP-21): four players at 2 points each read "tied for the lead (4)";
    the table's columns say their unit."""
    from scenarios.imperial.screen import standings

    state = ImperialScreen(players=4, seed=3).state
    assert standings(state) == ["tied for the lead (4)"] * 4


@sync
async def test_the_score_table_names_its_units():
    """Issue 44 item 6: the columns had no unit."""
    app = Host(ImperialScreen(players=4, seed=3))
    async with app.run_test(size=(160, 50)) as pilot:
        app.push_screen(ScoreScreen((await table_shown(pilot, app)).state))
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the score table")
        labels = [str(column.label) for column in app.screen.query_one(DataTable).columns.values()]
        assert labels[1] == "Cash (m)" and "Score (pts)" in labels


@sync
async def test_orders_list_shows_the_whole_order_at_80_columns():
    """IMP-13: at 80x24 the orders list cut "move A vienna-berlin hostile" to "move A
    vienna-berlin", so the friendly and the hostile entry read the same. Its options were laid
    out before its scrollbar appeared and kept that width; every word now shows (a long order
    wraps onto a second line)."""
    screen = ImperialScreen(players=3, seed=0, computer=set())
    app = Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_investor(pilot)
        game = table(app)
        for space in [1] * 6 + [2]:  # everyone to Production, then AH to Maneuver
            await pass_investor(pilot)
            game.play(("rondel", space))
        await pass_investor(pilot)
        options = game.query_one("#imperial-orders", OptionList)
        first = [order_to_text(order) for order in game.orders[:8]]  # within the list's height

        def shown_words() -> str:
            drawn = " ".join(strip.text for strip in options.render_lines(options.size.region))
            return " ".join(word for word in drawn.split() if word.isascii())  # not the border

        await until(  # the list laid out again once its scrollbar is there
            pilot, lambda: all(text in shown_words() for text in first), "every word of the orders"
        )
        shown = shown_words()
        assert any(text.endswith(" hostile") for text in first), first
        assert [text for text in first if text not in shown] == [], shown


@pytest.mark.parametrize("computer", [set(), {0, 1, 2, 3}], ids=["running", "over"])
@sync
async def test_score_table_names_the_leader_and_the_winner_at_80_columns(computer):
    """IMP-21: the mark "leading" / "winner" stood in the table's last column, beyond the
    dialog's edge at 80 columns; a line above the table says it too."""
    screen = ImperialScreen(players=4, seed=3, computer=computer)
    app = Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_investor(pilot)
        if not isinstance(app.screen, ScoreScreen):
            app.push_screen(ScoreScreen(table(app).state))
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the score table")
        line = app.screen.query_one("#imperial-score-standing", Static)
        text = str(line.render())
        expected = "Winner" if computer else "Tied for the lead (4): players 0, 1, 2, 3"
        assert text.startswith(expected), text
        await until(pilot, lambda: line.region.width > 0, "the score window laid out")
        assert line.region.right <= 80


@sync
async def test_undo_with_no_order_of_a_person_before_it_changes_nothing():
    """IMP-7 (found by use): ``u`` at a person's first decision took back the computer seats'
    orders before it and stopped with a computer seat to decide: the orders list empty and
    nobody moving, the game stuck until ``c``. Nothing is taken back now, and it says why."""
    screen = ImperialScreen(players=4, seed=0, computer={0, 1, 3})
    app = Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await computer_answered(pilot)
        game = table(app)
        assert game.position.current_player() == 2 and game.orders
        assert (game.state.pending or {}).get("kind") != "invest"
        before = game.position.to_text()
        count = len(game.position.orders())
        assert count > 0  # the computer seats decided before the person's first decision
        told = len(app._notifications)
        await pilot.press("u")
        await until(pilot, lambda: len(app._notifications) > told, "the refusal")
        assert "Nothing to undo" in str(list(app._notifications)[-1].message)
        assert game.position.to_text() == before and len(game.position.orders()) == count
        assert game.position.current_player() == 2 and game.orders


@sync
async def test_undo_back_to_an_investor_decision_opens_the_investor_dialog():
    """IMP-19 (found by use): ``u`` back to the person's investor decision listed the purchases
    in the orders list, without the dialog's cash, prices and interest; the dialog opens again,
    as it did when the decision first came."""
    app = Host(make_screen(players=4, seed=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, InvestorDialog), "the investor dialog")
        await pass_investor(pilot)
        game = table(app)
        assert (game.state.pending or {}).get("kind") != "invest"
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, InvestorDialog), "the dialog again")
        assert (game.state.pending or {}).get("kind") == "invest"


@sync
async def test_the_score_table_after_a_resignation_says_the_game_is_over():
    """IMP-21 (found by use): after ``x`` the score table opened titled "Score so far, turn 5 —
    the game goes on", while the status said the game was over. It names the resignation."""
    app = Host(ImperialScreen(players=4, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_investor(pilot)
        game = table(app)
        await pilot.press("x", "y")
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the score table")
        title = str(app.screen.query_one("#imperial-score-title", Static).render())
        assert "goes on" not in title and "P0 resigned" in title, title
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is game, "the table again")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the score table")
        title = str(app.screen.query_one("#imperial-score-title", Static).render())
        assert "goes on" not in title and "P0 resigned" in title, title


@sync
async def test_the_computer_key_after_the_end_says_the_game_is_over():
    """IMP-20 (found by use): ``c`` once the game had ended did nothing at all (every other
    key of the table says why it cannot act)."""
    app = Host(ImperialScreen(players=4, seed=3, computer={0, 1, 2, 3}))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the final score table")
        await pilot.press("escape")
        game = table(app)
        await until(pilot, lambda: app.screen is game, "the table again")
        told = len(app._notifications)
        await pilot.press("c")
        await until(pilot, lambda: len(app._notifications) > told, "a word about c")
        assert "game is over" in str(list(app._notifications)[-1].message)


@sync
async def test_the_computer_seats_follow_the_number_of_players_until_edited():
    """IMP-4 (found by use): choosing 2 players and pressing Start was refused with "computer
    seat '2' must be a number 0-1": the field kept the 4-player default "1,2,3". While it holds
    the default (every seat but seat 0) it follows the number of players; an edited field is
    kept as typed."""
    app = Host(make_screen())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.is_mounted, "the set-up screen")
        setup = app.screen
        seats = setup.query_one("#imperial-computer", Input)
        setup.query_one("#imperial-players", Select).value = 2
        await until(pilot, lambda: seats.value == "1", "the seats of 2 players")
        setup.query_one("#imperial-players", Select).value = 6
        await until(pilot, lambda: seats.value == "1,2,3,4,5", "the seats of 6 players")
        seats.value = "2"
        setup.query_one("#imperial-players", Select).value = 3
        await pilot.pause()
        assert seats.value == "2"
        game = await start_from_setup(pilot, app)
        assert game.game.num_players == 3 and game.computer == {2}


@sync
async def test_the_log_shows_its_newest_orders_at_80x24():
    """IMP-7 (found by use): at 80x24 the Log tab showed the oldest of its last 30 orders and
    cut the newest ones (the game's last, for one) off below the pane, with no way to scroll
    to them. The log scrolls, to its end after every order, as the board games' move lists do."""
    app = Host(ImperialScreen(players=4, seed=3, computer={0, 1, 2, 3}))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the final score table")
        await pilot.press("escape")
        game = table(app)
        await until(pilot, lambda: app.screen is game, "the table again")
        await pilot.press("5")
        log = game.query_one("#imperial-log", Static)
        tabs = game.query_one("#imperial-tabs")
        await until(pilot, lambda: log.region.height > 0, "the log shown")
        assert log.region.height > tabs.region.height  # more orders than lines: it must scroll
        await until(
            pilot, lambda: log.region.bottom <= tabs.region.bottom, "the newest order in view"
        )


@sync
async def test_a_long_investor_dialog_fits_80x24():
    """IMP-19 (found by use): with 11M in hand the investor dialog listed 22 purchases and was
    taller than a 24-line terminal: its frame and first line went off the top of the screen.
    It fits the screen and its list scrolls."""
    app = Host(ImperialScreen(players=4, seed=0, computer=set()))
    async with app.run_test(size=(80, 24)) as pilot:
        game = await table_shown(pilot, app)
        await land_on_investor(pilot, app, game)
        app.pop_screen()
        orders = [("buy", n, c, 0) for n in NATIONS for c in (2, 4, 6, 9)] + [("pass",)]
        app.push_screen(InvestorDialog(game.state, orders))
        await until(pilot, lambda: isinstance(app.screen, InvestorDialog), "a long dialog")
        box = app.screen.query_one("#imperial-investor")
        await until(pilot, lambda: box.region.height > 0, "the dialog laid out")
        assert box.region.y >= 0 and box.region.bottom <= 24, box.region
        options = app.screen.query_one(OptionList)
        await pilot.press(*["down"] * (len(orders) - 1))
        await until(pilot, lambda: options.highlighted == len(orders) - 1, "the last option")
        assert options.region.bottom <= 24 and options.scroll_y > 0
        # the keys' hint (Enter, c, Esc) stays on screen above a long list too
        hint = app.screen.query_one("#imperial-investor-hint")
        assert hint.region.y > 0 and hint.region.bottom <= box.region.bottom - 1, hint.region


@sync
async def test_the_bonds_tab_shows_score_and_flags_at_80_columns():
    """IMP-21 (found by use): at 80x24 the Bonds tab showed a player's cash and bonds but its
    Flags and Score columns lay beyond the pane's right edge (the table scrolls sideways only
    once it has the focus). They come right after the cash now, before the bonds per nation."""
    app = Host(ImperialScreen(players=4, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_investor(pilot)
        game = table(app)
        await pilot.press("2")
        bonds = game.query_one("#imperial-bonds", DataTable)
        await until(pilot, lambda: bonds.region.width > 0, "the Bonds tab shown")
        right = 0
        for column in bonds.columns.values():
            right += column.get_render_width(bonds)
            if str(column.label) in ("Flags", "Score"):
                assert right <= bonds.scrollable_content_region.width, (column.label, right)


@sync
async def test_the_help_says_what_shift_tab_reaches():
    """IMP-7 (found by use): the help said "Shift+Tab to the tab titles, then ← / → switch
    tabs", but from the orders the first Shift+Tab reaches the table of the tab shown, where
    → scrolls the table instead (the way to its columns beyond the edge at 80 columns). The
    help says so, and it is so."""
    app = Host(ImperialScreen(players=4, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_investor(pilot)
        game = table(app)
        await pilot.press("question_mark")
        await until(pilot, lambda: app.screen is not game, "the help")
        notes = str(app.screen.query_one("#help-notes", Static).render())
        assert "once more" in notes and "scroll" in notes, notes
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is game, "the table again")
        nations = game.query_one("#imperial-nations", DataTable)
        await pilot.press("shift+tab")
        await until(pilot, lambda: app.focused is nations, "the Nations table focused")
        await pilot.press("shift+tab", "right")
        tabs = game.query_one("#imperial-tabs")
        await until(pilot, lambda: tabs.active == "tab-bonds", "the Bonds tab")


@sync
async def test_a_loaded_game_keeps_who_plays_each_seat(tmp_path):
    """IMP-4 (found by use): a save held no word of who played each seat, so a game of four
    people loaded on a table with the default computer seats 1-3 had the computer play its
    next orders at once: the loaded game changed under the person's eyes. The save names the
    players (``# players: person person person person``, as the board games' do) and loading
    restores them, with the computer level."""
    path = tmp_path / "imperial.txt"
    app = Host(ImperialScreen(players=4, seed=0, computer={1}, level="easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_investor(pilot)
        game = table(app)
        for _ in range(3):
            await pass_investor(pilot)
            game.play(game.orders[0])
        await pass_investor(pilot)
        played = len(game.position.orders())
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, GamePathDialog), "the save dialog")
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")
        await until(pilot, path.exists, "the game saved")
    assert "# players: person easy person person" in path.read_text().splitlines()

    app = Host(ImperialScreen(players=4, seed=0))  # the default: seats 1-3 computer, normal
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_investor(pilot)
        game = table(app)
        await open_saved(pilot, app, path)
        await until(pilot, lambda: game.computer == {1}, "the saved seats")
        await pass_investor(pilot)
        assert game.level == "easy" and "computer easy" in str(game.sub_title)
        assert len(game.position.orders()) == played


def test_a_players_line_with_two_computer_levels_is_refused(tmp_path):
    """IMP-4: the table plays every computer seat at one level; a save naming two is refused
    with the file, its line and the reason (nothing is loaded; the line was not named, found
    by use, December 8: IMP-22), and an unknown word names its line."""
    from scenarios.imperial.record import game_record
    from scenarios.imperial.screen import read_game

    screen = ImperialScreen(players=4, seed=0)
    record = game_record(screen.game, screen.position)
    path = tmp_path / "mixed.txt"
    path.write_text(record + "# players: person easy normal person\n")
    with pytest.raises(
        ValueError, match=r"mixed\.txt:3: IMP-22: # players: names computer levels easy"
    ):
        read_game(path)
    path.write_text(record + "# players: person easy robot person\n")
    with pytest.raises(ValueError, match=r"line 3: IMP-22: .* must name 4 players"):
        read_game(path)
    path.write_text(record + "# players: person easy easy person\n")
    assert read_game(path).players == ["human", "easy", "easy", "human"]


@sync
async def test_the_score_table_shows_each_nations_power_and_multiplier():
    """IMP-21 (found by use): the score table listed the interest held in each nation but not
    the nations' power, so a player could not see what each bond is worth. Its first row now
    gives each nation's power and score multiplier under the nation's column."""
    app = Host(ImperialScreen(players=4, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_investor(pilot)
        state = table(app).state
        state.power.update({"AH": 12, "IT": 4, "FR": 5, "GB": 19, "GE": 20, "RU": 25})
        app.push_screen(ScoreScreen(state))
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the score table")
        score_table = app.screen.query_one("#imperial-score-table", DataTable)
        await until(pilot, lambda: score_table.row_count == 5, "the rows")
        labels = [str(column.label) for column in score_table.columns.values()]
        row = dict(zip(labels, (str(c) for c in score_table.get_row_at(0)), strict=True))
        assert row["Player"].startswith("Power")
        assert [row[f"{n} (m)"] for n in NATIONS] == [
            "12 ×2",
            "4 ×0",
            "5 ×1",
            "19 ×3",
            "20 ×4",
            "25 ×5",
        ]


@sync
async def test_the_bonds_tab_shows_each_nations_power_and_multiplier():
    """IMP-21 (found by use): the Bonds tab, where a player weighs a purchase, showed the bonds
    per nation without the nations' power; its first row now gives power and multiplier."""
    app = Host(ImperialScreen(players=4, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_investor(pilot)
        game = table(app)
        game.state.power["GB"] = 16
        game.refresh_views()
        bonds = game.query_one("#imperial-bonds", DataTable)
        labels = [str(column.label) for column in bonds.columns.values()]
        row = dict(zip(labels, (str(c) for c in bonds.get_row_at(0)), strict=True))
        assert row["Player"].startswith("Power")
        assert row["GB"] == "16 ×3" and row["AH"] == "0 ×0"
        assert bonds.row_count == game.state.players + 1


@sync
async def test_the_investor_dialog_lets_the_computer_decide():
    """IMP-19 (found by use): a person at the investor step could buy or pass but not ask for
    the computer's choice (`c` works at every other decision). The dialog now offers it, as
    its last option and on `c`: the order played is the computer level's own choice."""
    app = Host(ImperialScreen(players=4, seed=0, computer=set()))
    async with app.run_test(size=(80, 24)) as pilot:
        game = await table_shown(pilot, app)
        dialog = await land_on_investor(pilot, app, game)
        labels = [str(o.prompt) for o in dialog.query_one(OptionList).options]
        assert "computer" in labels[-1]
        twin = random.Random()
        twin.setstate(game.rng.getstate())
        expected = ai.choose(game.state, twin, game.level)
        count = len(game.position.orders())
        await pilot.press("c")
        await until(pilot, lambda: len(game.position.orders()) > count, "the computer's order")
        assert game.position.orders()[count] == expected


@sync
async def test_the_final_score_table_fits_its_dialog_at_160_columns():
    """IMP-21 (found by use): with the power row labelled "Power ×mult" the Player column grew
    and the last column, which names the winner, was cut to "win" at 160x48. Every column of
    the final table fits inside the dialog."""
    app = Host(ImperialScreen(players=4, seed=3, computer={0, 1, 2, 3}))
    async with app.run_test(size=(160, 48)) as pilot:
        await until(
            pilot,
            lambda: isinstance(app.screen, ScoreScreen) and app.screen.is_mounted,
            "the final score table",
        )
        score_table = app.screen.query_one("#imperial-score-table", DataTable)
        await until(pilot, lambda: score_table.region.width > 0, "the table laid out")
        marks = [str(score_table.get_row_at(i)[-1]) for i in range(score_table.row_count)]
        assert "winner" in marks
        width = sum(c.get_render_width(score_table) for c in score_table.columns.values())
        assert width <= score_table.scrollable_content_region.width, width


@sync
async def test_undo_from_the_investor_dialog_takes_back_the_move_before_it():
    """IMP-19 (found by use): the investor dialog took no `u`. A person whose rondel move
    landed on Investor by mistake could only pass (Esc) and press `u`, which reopened the
    same dialog: nothing before the investor step could be taken back. `u` in the dialog now
    undoes as on the table."""
    app = Host(ImperialScreen(players=4, seed=0, computer=set()))
    async with app.run_test(size=(80, 24)) as pilot:
        game = await table_shown(pilot, app)
        await land_on_investor(pilot, app, game)
        await pilot.press("u")
        await until(pilot, lambda: app.screen is game, "back on the table")
        assert game.position.orders() == []
        assert (game.state.pending or {}).get("kind") == "rondel"


@sync
async def test_the_investor_dialog_shows_each_nations_power():
    """IMP-21 (found by use): the investor dialog covers the tables, so a buyer could not see
    the nations' power (what each bond will score with) while choosing. It names each
    nation's power and multiplier."""
    app = Host(ImperialScreen(players=4, seed=0, computer=set()))
    async with app.run_test(size=(80, 24)) as pilot:
        game = await table_shown(pilot, app)
        game.state.power["FR"] = 7
        await land_on_investor(pilot, app, game)
        line = str(app.screen.query_one("#imperial-investor-power", Static).render())
        assert "AH 0 ×0" in line and "FR 7 ×1" in line, line


@sync
async def test_the_score_table_opens_over_the_investor_dialog():
    """IMP-19, IMP-21 (found by use): a buyer weighs a bond by who holds what and each
    nation's power, which the score table shows, but `r` did nothing while the investor
    dialog was open. It opens the table over the dialog; Esc goes back to the dialog."""
    app = Host(ImperialScreen(players=4, seed=0, computer=set()))
    async with app.run_test(size=(80, 24)) as pilot:
        game = await table_shown(pilot, app)
        dialog = await land_on_investor(pilot, app, game)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the score table")
        title = str(app.screen.query_one("#imperial-score-title", Static).render())
        assert "Score so far" in title
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is dialog, "back to the investor dialog")
        assert (game.state.pending or {}).get("kind") == "invest"


@sync
async def test_a_save_resigned_at_an_investor_decision_loads_without_the_dialog(tmp_path):
    """IMP-19 (found by use): a save whose game a player resigned (`# resigned: P3`) while an
    investor decision was open loaded with the game over and the investor dialog open over
    it; a purchase was then refused ("the game is over"). The game loads over, without the
    dialog; `u` takes the resignation back and the decision is asked again."""
    path = tmp_path / "imperial.txt"
    saved = make_game_record_at_investor()
    path.write_text(saved + "# players: person person person person\n# resigned: P3\n")
    app = Host(ImperialScreen(players=4, seed=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_investor(pilot)
        game = table(app)
        await open_saved(pilot, app, path)
        await until(pilot, lambda: game.resigned == "P3", "the resigned game loaded")
        await until(pilot, lambda: app.screen is game, "the table on top")
        await pilot.pause()
        assert not isinstance(app.screen, InvestorDialog)
        await pilot.press("u")  # the resignation is taken back: the decision is open again
        await until(pilot, lambda: isinstance(app.screen, InvestorDialog), "the dialog")


def make_game_record_at_investor() -> str:
    """A saved game of 4 players, seed 0, where AH has landed on Investor: player 0 holds the
    investor card and decides (IMP-19)."""
    from scenarios.imperial import make_game
    from scenarios.imperial.record import game_record

    game = make_game(4, seed=0)
    position = game.new_initial_state()
    position.apply_action(("rondel", 3))
    return game_record(game, position)


@sync
async def test_the_map_tab_shows_units_and_chips_at_80_columns():
    """IMP-11, IMP-16 (found by use): at 80x24 the Map tab showed each region's name, kind,
    home and factory, and its Units and Chip columns lay beyond the pane's right edge (the
    table scrolls sideways only once it has the focus): the map showed no unit. They come
    right after the region's name now (the chip, then the units, whose column may be wider
    than what is left: it begins in view)."""
    app = Host(ImperialScreen(players=4, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_investor(pilot)
        game = table(app)
        await pilot.press("4")
        board = game.query_one("#imperial-map", DataTable)
        await until(pilot, lambda: board.region.width > 0, "the Map tab shown")
        edges = {}  # each column's (left, right) edge
        left = 0
        for column in board.columns.values():
            edges[str(column.label)] = (left, left + column.get_render_width(board))
            left = edges[str(column.label)][1]
        width = board.scrollable_content_region.width
        assert edges["Chip"][1] <= width and edges["Units"][0] + len("Units") < width, edges


@sync
async def test_the_nations_tab_shows_units_factories_and_chips_at_80_columns():
    """IMP-11, IMP-16 (found by use, December 7, as for the Map tab): at 80x24 the Nations
    tab's Units, Factories and Chips columns lay beyond the pane's right edge (the table
    scrolls sideways only once it has the focus). They come right after the nation (its short
    name), then treasury, power and tax, the headers abbreviated; the flag holder and the
    rondel space, on the Bonds and Rondel tabs too, come last (docs/imperial.md)."""
    app = Host(ImperialScreen(players=4, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_investor(pilot)
        game = table(app)
        nations = game.query_one("#imperial-nations", DataTable)
        await until(pilot, lambda: nations.region.width > 0, "the Nations tab shown")
        edges = {}  # each column's right edge
        right = 0
        for column in nations.columns.values():
            right += column.get_render_width(nations)
            edges[str(column.label)] = right
        width = nations.scrollable_content_region.width
        for label in ("Nation", "Units", "Fact", "Chips", "Treas", "Power", "Tax"):
            assert edges[label] <= width, (label, edges, width)


@sync
async def test_the_number_of_players_is_offered_in_order():
    """IMP-4 (found by use, December 7, evening): the set-up's "Players: 2–6" list opened as
    4, 5, 6, 3, 2, so 2 was last and 3 under 6. It lists 2 to 6 in order, 4 still chosen."""
    app = Host(make_screen())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.is_mounted, "the set-up screen")
        players = app.screen.query_one("#imperial-players", Select)
        assert players.value == 4
        players.focus()
        await pilot.press("enter")
        overlay = players.query_one(OptionList)
        await until(pilot, lambda: overlay.option_count > 0 and players.expanded, "the list open")
        shown = [str(overlay.get_option_at_index(i).prompt) for i in range(overlay.option_count)]
        assert shown == ["2", "3", "4", "5", "6"], shown


@sync
async def test_esc_on_the_set_up_after_n_goes_back_to_the_game():
    """IMP-7 (found by use, December 7, night): ``n`` in a game opened the set-up in the
    game's place, so its ``esc Back`` left for the launcher and the game was gone (with no
    question for a saved or untouched game). The set-up now opens over the game: Esc goes
    back to it as it was; Start replaces it by the new game, and ``q`` there leaves for the
    launcher, not for the old game."""
    app = Host(ImperialScreen(players=4, seed=0, computer=set()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_investor(pilot)
        game = table(app)
        await until(pilot, lambda: app.screen is game, "the game")
        before = game.position
        await open_setup_over_the_game(pilot, app)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is game, "back to the game")
        assert game.position is before and game.is_attached  # the same game, untouched
        await open_setup_over_the_game(pilot, app)
        new = await start_from_setup(pilot, app)
        assert new is not game and game not in app.screen_stack
        await pass_investor(pilot)
        await until(pilot, lambda: app.screen is new, "the new game on top")
        await pilot.press("q")
        await until(
            pilot,
            lambda: (
                not any(isinstance(s, ImperialScreen) for s in app.screen_stack)
                or isinstance(app.screen, GameConfirm)
            ),
            "left the new game (or asked)",
        )
        if isinstance(app.screen, GameConfirm):
            await pilot.press("y")
            await until(
                pilot,
                lambda: not any(isinstance(s, ImperialScreen) for s in app.screen_stack),
                "left the new game",
            )


def test_a_reply_names_the_nation_that_replies_and_the_one_that_moved():
    """IMP-12: the governor of the nation asked decides fight or peace for it; the header read
    "Germany · player 2 decides: reply at vienna" and never named Italy, the nation replying
    (found by use, December 7, night)."""
    from scenarios.imperial.screen import decision_text
    from tests.scenarios.imperial.helpers import await_, fresh, govern

    state = fresh(4)
    govern(state, "GE", 0)
    state.flags["IT"] = 2
    await_(state, "reply", "GE", player=2, region="vienna", asked="IT", candidates=[])
    assert decision_text(state).endswith(
        "Germany · player 2 decides for Italy: fight or peace with Germany at vienna"
    )


async def open_setup_over_the_game(pilot, app) -> None:
    """``n`` in a running game (``y`` if it asks first): the set-up screen on top."""
    await pilot.press("n")
    await until(
        pilot,
        lambda: isinstance(app.screen, (ImperialSetupScreen, GameConfirm)),
        "the set-up (or the question)",
    )
    if isinstance(app.screen, GameConfirm):
        await pilot.press("y")
    await until(pilot, lambda: isinstance(app.screen, ImperialSetupScreen), "the set-up")


@sync
async def test_the_computer_decides_in_a_worker_and_the_screen_reads_keys_meanwhile(monkeypatch):
    """IMP-7, IMP-19 (found by use, December 7, late night): the computer seats decided on the
    screen's thread, so nothing was drawn and no key read until every computer seat had
    answered; Imperium Shogi's and Invector's computers decide in a worker thread. Imperial's
    does too now: the status says it decides, the tabs answer their keys meanwhile, and ``u``
    during its decision takes back the person's order and drops the late answer."""
    release = threading.Event()
    threads: list[str] = []
    choose = ai.choose

    def held(*args, **kwargs):
        threads.append(threading.current_thread().name)
        release.wait(timeout=30)
        return choose(*args, **kwargs)

    monkeypatch.setattr(ai, "choose", held)
    screen = ImperialScreen(players=4, seed=0, computer={1, 2, 3})
    app = Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        release.set()  # the computers' first answers, up to the person's first decision
        await pass_investor(pilot)
        game = table(app)
        await until(pilot, lambda: not game.thinking and bool(game.orders), "the person's turn")
        assert threads and threading.main_thread().name not in threads
        release.clear()
        for _ in range(20):  # the person's orders until a computer seat is to decide
            count = len(game.position.orders())
            game.play(game.orders[0])
            if game.thinking:
                break
            await pass_investor(pilot)
        assert game.thinking
        status = game.query_one("#imperial-status", Static)
        await until(pilot, lambda: "the computer decides for" in str(status.render()), "said")
        assert game.orders == []  # no order of a person is offered meanwhile
        tabs = game.query_one("#imperial-tabs")
        await pilot.press("5")
        await until(pilot, lambda: tabs.active == "tab-log", "the Log tab, read while it decides")
        await pilot.press("u")
        await until(pilot, lambda: len(game.position.orders()) == count, "the order taken back")
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(game.position.orders()) == count  # the late answer was dropped
        assert game.position.current_player() == 0 and game.orders


def test_the_log_names_the_nation_that_replies_to_a_hostile_move():
    """IMP-12 (found by use, December 7, late night): the Log tab gave a reply as the moving
    nation's order with the replying player ("T15 France (P3): reply fight", P3 governing
    Austria-Hungary, not France). It names the nation asked, its governor, and the move it
    answers."""
    from scenarios.imperial.game import make_game
    from scenarios.imperial.screen import log_lines

    position = make_game(4, seed=0).new_initial_state()
    rng = random.Random(0)
    while (position.state.pending or {}).get("kind") != "reply":
        position.apply_action(ai.choose(position.state, rng, "normal"))
    pending = position.state.pending or {}
    assert (pending["nation"], pending["asked"], pending["player"]) == ("GE", "IT", 2)
    position.apply_action(("reply", 1))
    assert log_lines(position)[-1].endswith(" Italy (P2): reply fight to Germany at vienna"), (
        log_lines(position)[-1]
    )


@sync
async def test_an_answer_arriving_under_the_help_waits_for_the_table(monkeypatch):
    """IMP-21 (found by use, December 7, late night): with the computer deciding in a worker,
    its answer may arrive while the help (or a new game's set-up) is over the table; the final
    score (or the investor dialog) it brings opened over that screen. It opens when the table
    is shown again."""
    from scenarios.dialogs import GameHelp

    release = threading.Event()
    choose = ai.choose

    def held(*args, **kwargs):
        release.wait(timeout=30)
        return choose(*args, **kwargs)

    monkeypatch.setattr(ai, "choose", held)
    app = Host(ImperialScreen(players=4, seed=3, computer={0, 1, 2, 3}))
    async with app.run_test(size=(80, 24)) as pilot:
        game = await table_shown(pilot, app)
        await until(pilot, lambda: game.is_mounted and game.thinking, "the computer deciding")
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, GameHelp), "the help")
        release.set()
        await until(pilot, lambda: not game.thinking, "the computer's answer")
        await pilot.pause()
        assert isinstance(app.screen, GameHelp) and game.position.is_terminal()
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the final score")
