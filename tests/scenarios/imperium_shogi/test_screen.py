"""Pilot tests of the Imperium Shogi screen: select, move, repair, computer reply, undo, files."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.geometry import Region
from textual.widgets import Input

from scenarios.dialogs import GameChoice, GameHelp, GamePathDialog
from scenarios.imperium_shogi import make_screen
from scenarios.imperium_shogi.game import make_game
from scenarios.imperium_shogi.screen import Cell, CellView, ShogiScreen
from tests.tui.pilot_helpers import path_refusal
from tests.waiting import until

#: Textual screens driven by a Pilot: seconds each (``make test-fast`` leaves them out).
pytestmark = pytest.mark.slow


def pilot_test(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async Pilot test in a fresh event loop (no async pytest plugin is installed)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


class ShogiTestApp(App[None]):
    """A tiny host app for the game screen."""

    def __init__(self, **options: object) -> None:
        super().__init__()
        self.options = options

    def on_mount(self) -> None:
        self.push_screen(make_screen(**self.options))


def screen_of(app: App[None]) -> ShogiScreen:
    screen = app.screen_stack[1]
    assert isinstance(screen, ShogiScreen)
    return screen


def path_dialog(app: App[None]) -> bool:
    """The save/open dialog on top, its path field composed."""
    return isinstance(app.screen, GamePathDialog) and bool(app.screen.query(Input))


def moves_of(screen: ShogiScreen) -> list[str]:
    return [screen.state.action_to_text(move) for move in screen.state.history()]


async def settle(app: App[None], pilot, done: Callable[[], object], what: str) -> None:
    """Wait until a computer move (worker thread) has arrived and been drawn: its worker
    done, then ``done()`` (waited for, not paused once: the worker may start, and its move be
    drawn, after one pause on a loaded machine)."""
    await pilot.pause()
    await app.workers.wait_for_complete()
    await until(pilot, done, what)


async def board_ready(pilot, screen: ShogiScreen) -> None:
    """Wait until the board is laid out (a click needs its cells' places on screen)."""
    await until(pilot, lambda: screen.query(CellView).first().region.width > 0, "the board")


@pilot_test
async def test_keyboard_select_highlights_and_moves_for_two_people():
    # SHO-3 SHO-10: B on b2 selected, only b3 highlighted, then played; typed reply; undo
    app = ShogiTestApp(red="human", blue="human")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(app)
        await pilot.press("up", "enter")
        assert screen.selected is not None and screen.selected.square == 4  # b2
        assert {cell.square for cell in screen.targets} == {7}  # b3
        highlighted = [
            screen.cell_at(v.place).square for v in screen.query(CellView) if v.has_class("-target")
        ]
        assert highlighted == [7]
        await pilot.press("up", "enter")
        assert moves_of(screen) == ["b2b3"]
        await pilot.press("m", *"b4b3", "enter")
        assert moves_of(screen) == ["b2b3", "b4b3"]
        assert screen.state.to_text() == "m1c/1f1/3/CFM Bb r"
        await pilot.press("u")
        assert moves_of(screen) == ["b2b3"]
        assert screen.state.position.side == 1


@pilot_test
async def test_a_move_typed_in_capitals_is_played():
    """SHO-10 (found by use, December 7): `m` `B2B3` Enter was refused ("'B2' is not a
    square"); it plays b2b3."""
    app = ShogiTestApp(red="human", blue="human")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        await pilot.press("m", *"B2B3", "enter")
        await until(pilot, lambda: moves_of(screen) == ["b2b3"], "the move played")


@pilot_test
async def test_illegal_typed_move_changes_nothing():
    # SHO-3
    app = ShogiTestApp(red="human", blue="human")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(app)
        await pilot.press("m", *"a1a2", "enter")
        assert moves_of(screen) == []
        assert screen.state.to_text() == "mfc/1b1/1B1/CFM - r"


@pilot_test
async def test_mouse_click_selects_and_moves():
    # SHO-3: click the Red MS on c1, then c2
    app = ShogiTestApp(red="human", blue="human")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(app)
        await board_ready(pilot, screen)
        await pilot.click("#cell-4-2")
        assert {cell.square for cell in screen.targets} == {5}  # c2
        await pilot.click("#cell-3-2")
        assert moves_of(screen) == ["c1c2"]


@pilot_test
async def test_computer_replies_and_undo_goes_back_to_the_persons_turn():
    # SHO-2 SHO-7: Red person vs Blue computer; the reply is legal; undo takes back both plies
    app = ShogiTestApp(red="human", blue="easy", max_depth=2)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(app)
        await pilot.press("up", "enter", "up", "enter")
        await settle(
            app, pilot, lambda: len(moves_of(screen)) == 2 and not screen.thinking, "the reply"
        )
        assert moves_of(screen)[0] == "b2b3"
        replay = make_game().new_initial_state()
        for text in moves_of(screen):
            replay.apply_action(replay.text_to_action(text))
        assert replay.to_text() == screen.state.to_text()
        await pilot.press("u")
        await settle(app, pilot, lambda: moves_of(screen) == [], "both plies taken back")
        assert screen.state.position.side == 0


@pilot_test
async def test_repair_choice_dialog():
    # SHO-4: entering the enemy territory asks; choosing repair plays b3b4+
    state = make_game().state_from_text("f2/1B1/3/F2 BCcMm r")
    app = ShogiTestApp(red="human", blue="human", state=state)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(app)
        await board_ready(pilot, screen)
        await pilot.click("#cell-2-1")
        await pilot.click("#cell-1-1")
        assert isinstance(app.screen, GameChoice)
        await pilot.press("enter")
        await until(pilot, lambda: moves_of(screen) == ["b3b4+"], "the repairing move")
        assert screen.state.to_text() == "f+B1/3/3/F2 BCMcm b"


@pilot_test
async def test_the_new_game_heading_shows_why_perfect_is_missing_whole(monkeypatch):
    """SHO-7 (perfect play level), found by use at 80x24: the heading's wrapped line about the
    missing table was cut after "campaign", the command's name lost (the title did not wrap to
    the dialog's width: it ran on past the dialog's edge)."""
    from scenarios.imperium_shogi import screen as shogi_screen

    monkeypatch.setattr(shogi_screen, "stored_tablebase", lambda: None)
    app = ShogiTestApp(red="human", blue="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, GameChoice), "the new-game dialog")
        title = app.screen.query_one(".game-dialog-title")
        await until(pilot, lambda: title.size.width > 0, "the heading laid out")
        dialog = app.screen.query_one(".game-dialog")
        assert title.region.width <= dialog.content_region.width  # wrapped, not cut at the edge
        lines = [strip.text for strip in title.render_lines(title.size.region)]
        assert "imperium-shogi)" in " ".join(lines)


@pilot_test
async def test_the_new_game_heading_shows_the_install_line_as_written(monkeypatch):
    """SHO-7 (perfect play level), found by use (December 7, late night) at 80x24 without
    numba: the heading's install line read ``pip install '.'``: the dialog took the extra's
    ``[solver]`` for markup and dropped it. The heading is shown as written, whole."""
    from scenarios.imperium_shogi import ai
    from scenarios.imperium_shogi import screen as shogi_screen

    monkeypatch.setattr(shogi_screen, "stored_tablebase", lambda: None)
    monkeypatch.setattr(ai, "compiled_search_available", lambda: False)
    app = ShogiTestApp(red="human", blue="human")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, GameChoice), "the new-game dialog")
        title = app.screen.query_one(".game-dialog-title")
        await until(pilot, lambda: title.size.width > 0, "the heading laid out")
        shown = " ".join(strip.text for strip in title.render_lines(title.size.region))
        assert "pip install '.[solver]'" in " ".join(shown.split()), shown
        assert "imperium-shogi)" in shown


@pilot_test
async def test_new_game_as_blue_lets_the_computer_open():
    # SHO-2: Red moves first, here the computer
    app = ShogiTestApp(red="human", blue="human", max_depth=1)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(app)
        await pilot.press("n")
        assert isinstance(app.screen, GameChoice)
        await pilot.press("down", "down", "enter")  # "You play Blue vs computer (easy)"
        await settle(
            app,
            pilot,
            lambda: len(moves_of(screen)) == 1 and not screen.thinking,
            "the computer's opening",
        )
        assert screen.players == ["easy", "human"]
        assert screen.state.position.side == 1


@pilot_test
async def test_save_and_load_round_trip(tmp_path: Path):
    # SHO-10: the saved game holds the start position and the moves
    path = tmp_path / "game.txt"
    app = ShogiTestApp(red="human", blue="human")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(app)
        for text in ("c1c2", "a4a3"):
            assert screen.play(screen.state.text_to_action(text))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: path_dialog(app), "the save dialog")
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen and path.exists(), "the game saved")
        assert path.read_text().splitlines()[1:] == [
            "mfc/1b1/1B1/CFM - r",
            "c1c2 a4a3",
            "# players: person person",
        ]
        await pilot.press("u", "u")
        assert moves_of(screen) == []
        await pilot.press("ctrl+o")
        await until(pilot, lambda: path_dialog(app), "the open dialog")
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")
        await until(pilot, lambda: moves_of(screen) == ["c1c2", "a4a3"], "the game loaded")


@pilot_test
async def test_loading_a_bad_file_changes_nothing(tmp_path: Path):
    # SHO-10: errors name the file and line
    path = tmp_path / "bad.txt"
    path.write_text("mfc/1b1/1B1/CFM - r\nb2b3 zz\n")
    app = ShogiTestApp(red="human", blue="human")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(app)
        await pilot.press("ctrl+o")
        await until(pilot, lambda: path_dialog(app), "the open dialog")
        app.screen.query_one(Input).value = str(path)
        await pilot.press("enter")
        await until(pilot, lambda: f"{path}:2" in path_refusal(app), "refusal")
        await pilot.press("escape")  # the dialog stayed open with the reason
        await until(pilot, lambda: app.screen is screen, "the dialog closed")
        assert moves_of(screen) == []


@pilot_test
async def test_help_lists_bindings():
    # SHO-10 (keys to enter moves) and the help key
    app = ShogiTestApp(red="human", blue="human")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        await until(
            pilot, lambda: isinstance(app.screen, GameHelp) and app.screen.is_mounted, "the help"
        )
        text = str(app.screen.query_one("#help-keys").render())
        assert "shogi.undo" in text and "Select / move" in text
        levels = str(app.screen.query_one("#help-levels").render())
        assert all(level in levels for level in ("easy", "normal", "hard", "2,000,000"))
        # the dialog is drawn as a framed box of its own width (its CSS once sat on the game
        # screen, where Textual scopes it, so the help spread borderless over the board)
        box = app.screen.query_one(".game-dialog")
        await until(pilot, lambda: box.region.width > 0, "the help laid out")
        assert box.styles.border.top[0] != "" and box.region.width == 90
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ShogiScreen), "the help closed")


@pilot_test
async def test_leaving_while_the_computer_thinks_stops_the_game():
    # SHO-2: two computers play on their own; after leaving, no further move is made
    app = ShogiTestApp(red="easy", blue="easy", max_depth=2)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(app)
        await pilot.press("q", "y")  # the game has moves not saved: leaving asks first
        await settle(app, pilot, lambda: screen not in app.screen_stack, "the game left")
        played = len(screen.state.history())
        await pilot.pause()  # no further move may come: a pause, not a condition
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(screen.state.history()) == played


@pilot_test
async def test_playing_blue_against_the_computer_flips_the_board():
    # SHO-1 SHO-2: Blue's home rank (4) is drawn at the bottom; clicks map to the right squares
    app = ShogiTestApp(red="easy", blue="human", max_depth=1)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(app)
        await settle(
            app,
            pilot,
            lambda: len(moves_of(screen)) == 1 and not screen.thinking,
            "the computer's opening",
        )
        assert screen.flipped
        await board_ready(pilot, screen)
        await pilot.click("#cell-4-1")  # fifth row drawn, middle: b4, the Blue BB
        assert screen.selected is not None and screen.selected.square == 10
        await pilot.press("f")
        assert not screen.flipped
        assert screen.cell_at(Cell(4, 1)).square == 1  # b1 when not flipped


def last_message(app: App[None]) -> str:
    """The newest notification's text ("" when there is none)."""
    shown = list(app._notifications)
    return str(shown[-1].message) if shown else ""


@pilot_test
async def test_a_move_after_a_resignation_says_the_game_is_over():
    """SHO-10 (found by use): after ``x`` Enter on a piece did nothing at all and a typed move
    was refused with "It is not your turn."; both say the game is over now (Invector does)."""
    app = ShogiTestApp(red="human", blue="normal")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        await pilot.press("x", "y")
        await until(pilot, lambda: screen.resigned == "Red", "the resignation")
        await until(pilot, lambda: app.screen is screen, "the question answered")
        told = len(app._notifications)
        await pilot.press("up", "enter")  # the B on b2
        await until(pilot, lambda: len(app._notifications) > told, "a word about Enter")
        assert "game is over" in last_message(app) and screen.selected is None
        told = len(app._notifications)
        await pilot.press("m", *"b2b3", "enter")
        await until(pilot, lambda: len(app._notifications) > told, "the typed move refused")
        assert "game is over" in last_message(app), last_message(app)
        assert moves_of(screen) == []


@pilot_test
async def test_the_move_input_shows_its_whole_hint_at_80_columns():
    """SHO-10 (found by use): at 80x24 the move input read "move: b2b3, b3b4+, B*b3 (Enter",
    its hint cut off at the field's edge; the whole hint shows."""
    app = ShogiTestApp(red="human", blue="human")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        box = screen.query_one("#move-input", Input)
        await until(pilot, lambda: box.region.width > 0, "the move input laid out")
        whole = Region(0, 0, box.outer_size.width, box.outer_size.height)
        shown = " ".join(strip.text for strip in box.render_lines(whole))
        assert str(box.placeholder) in shown, (box.placeholder, shown)


@pilot_test
async def test_cycling_the_opponent_never_takes_over_the_persons_side():
    """SHO-10 (found by use): playing Blue against the computer, ``o`` cycled Red's level up to
    "person" and the next ``o`` then made Blue, the person's own side, a computer (``o`` cycled
    Blue whenever Red was a person), so Red never became a computer again. ``o`` keeps cycling
    the opponent's side."""
    app = ShogiTestApp(red="easy", blue="human")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        await settle(app, pilot, lambda: screen.is_human_turn(), "the computer's first move")
        seen = []
        for _ in range(len(screen.players) + 4):
            await pilot.press("o")
            await settle(app, pilot, lambda: not screen.thinking, "the opponent changed")
            seen.append(tuple(screen.players))
        assert all(blue == "human" for _red, blue in seen), seen
        assert ("human", "human") in seen and ("easy", "human") in seen, seen


@pilot_test
async def test_a_refused_typed_move_stays_in_the_field_to_be_corrected():
    """SHO-3 (found by use, December 8): a typed move that is not legal was refused, the field
    emptied and left, so the correction typed next went to the board's keys: "b1b2x" asked to
    resign. The refused move stays in the field, which keeps the keys; the corrected move is
    played and the keys go back to the board."""
    app = ShogiTestApp(red="human", blue="human")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        box = screen.query_one("#move-input", Input)
        told = len(app._notifications)
        await pilot.press("m", *"a1a4", "enter")
        await until(pilot, lambda: len(app._notifications) > told, "the typed move refused")
        assert box.has_focus and box.value == "a1a4"
        await pilot.press(*["backspace"] * 4, *"b2b3", "enter")
        await until(pilot, lambda: moves_of(screen) == ["b2b3"], "the corrected move played")
        assert not box.has_focus and box.value == ""
