"""Pilot tests of the Invector screen: games to the end, swap, passes, computer, undo, files."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from textual.app import App
from textual.widgets import Input

from scenarios.dialogs import GameChoice, GameHelp, GamePathDialog
from scenarios.invector import make_game, make_screen
from scenarios.invector.rules import BLACK, PASS, SWAP, WHITE
from scenarios.invector.screen import BoardRow, CellView, InvectorScreen
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


class HostApp(App[None]):
    """A tiny app hosting the game screen."""

    def __init__(self, **options: Any) -> None:
        super().__init__()
        self.options = options

    def on_mount(self) -> None:
        self.push_screen(make_screen(**self.options))


def screen_of(app: App[None]) -> InvectorScreen:
    screen = app.screen_stack[-1]
    assert isinstance(screen, InvectorScreen)
    return screen


async def settle(app: App[None], pilot: Any) -> None:
    """Wait until the computer's moves (worker threads) have arrived and been drawn: a person
    to move, or the game over, and nobody thinking. (It stopped at the first moment nobody was
    thinking, which on a loaded machine came before the computer had started.)"""
    await pilot.pause()
    await app.workers.wait_for_complete()
    screen = screen_of(app)
    await until(
        pilot,
        lambda: (
            screen.is_mounted
            and not screen.thinking
            and (screen.state.is_terminal() or screen.is_human_turn())
        ),
        "the computer's move",
    )


async def board_ready(pilot: Any, screen: InvectorScreen) -> None:
    """Wait until the board is laid out (a click needs its cells' places on screen)."""
    await until(pilot, lambda: screen.query(CellView).first().region.width > 0, "the board")


def path_dialog(app: App[None]) -> bool:
    """The save/open dialog on top, its path field composed."""
    return isinstance(app.screen, GamePathDialog) and app.screen.focused is not None


@pilot_test
async def test_two_people_play_3x2_to_the_end_with_clicks():
    # INV-4 INV-7: select by click, targets are highlighted, play until one side has no stone;
    # the end names the winner, why, and the rule
    app = HostApp(cols=3, rows=2, pie=False, players=("human", "human"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await board_ready(pilot, screen)
        await pilot.click("#cell-b2")
        assert screen.selected == 4
        targets = sorted(v.id for v in screen.query(CellView) if v.has_class("-target"))
        assert targets == ["cell-a2", "cell-b1", "cell-c2"]
        await pilot.click("#cell-b1")
        assert screen.moves == ["b2xb1"]
        plies = 1
        while not screen.state.is_terminal():
            action = next(a for a in screen.state.legal_actions() if a >= 0)
            size = screen.state.board.size
            frm, to = divmod(action, size)
            await pilot.click(f"#cell-{screen.state.board.cell_name(frm)}")
            await pilot.click(f"#cell-{screen.state.board.cell_name(to)}")
            plies += 1
            assert plies < 20
        state = screen.state
        assert state.is_terminal() and sorted(state.returns()) == [-1.0, 1.0]
        # the winner's colour written as everywhere else ("Black to move"; found by use: the
        # end said "Game over: black (seat 1) wins.")
        winner = state.winner_colour()
        assert winner is not None
        # and why, with the rule (found by use: the end named no rule, where Shogi's does)
        loser = ("Black", "White")[1 - winner]
        said = (
            f"Game over: {('Black', 'White')[winner]} (seat {state.seat_of(winner)}) wins: "
            f"{loser} has no stone left (INV-7)."
        )
        assert said in str(screen.query_one("#inv-status").render())
        replay = make_game(3, 2, pie=False).new_initial_state()
        for text in screen.moves:
            replay.apply_action(replay.text_to_action(text))
        assert replay == state


@pilot_test
async def test_keyboard_swap_then_computer_plays_to_the_end():
    # INV-6 INV-7: seat 1 (a person) swaps on White's first turn, so the computer (seat 0)
    # continues as White; the game is played to the end by keys and the computer
    app = HostApp(cols=2, rows=3, pie=True, players=("hard", "human"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        screen = screen_of(app)
        assert len(screen.moves) == 1 and screen.state.swap_available()
        await pilot.press("s")
        await settle(app, pilot)
        assert screen.moves[1] == "swap"
        assert screen.state.colour_of(1) == BLACK and screen.state.colour_of(0) == WHITE
        while not screen.state.is_terminal():
            assert screen.state.current_player() == 1
            action = next(a for a in screen.state.legal_actions() if a >= 0)
            await pilot.press("m", *screen.state.action_to_text(action), "enter")
            await settle(app, pilot)
        # 2x3 is lost for the side to move at the start, so after Black's first move White
        # wins: the swap handed seat 1 a lost game and the exact computer (White) must win it
        assert screen.state.is_terminal() and SWAP in screen.state.history
        assert screen.state.winner_colour() == WHITE
        assert screen.state.returns() == [1.0, -1.0]


@pilot_test
async def test_computer_swaps_when_black_is_winning():
    # INV-6: on 5x2 Black wins after any first move, so the computer (seat 1) swaps and the
    # person (seat 0) continues with White
    app = HostApp(cols=5, rows=2, pie=True, players=("human", "hard"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await pilot.press("m", *"a1xb1", "enter")
        await settle(app, pilot)
        assert screen.moves == ["a1xb1", "swap"]
        assert screen.state.current_player() == 0 and screen.state.to_move == WHITE
        assert "seat 1: hard — black" in str(screen.query_one("#inv-status").render())


@pilot_test
async def test_forced_pass_is_played_and_shown():
    # INV-5: White is blocked on the centre, the pass is automatic and in the move list
    state = make_game(5, 4, pie=False).state_from_text(
        "invector 5x4 b..../..w../...../....b b pie:off"
    )
    app = HostApp(state=state, players=("human", "human"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await pilot.press("m", *"a1-b1", "enter")
        assert screen.moves == ["a1-b1", "pass"]
        assert screen.state.history[-1] == PASS and screen.state.to_move == BLACK
        assert "passed" in str(screen.query_one("#inv-status").render())


@pilot_test
async def test_undo_and_illegal_typed_move_change_nothing_wrongly():
    # INV-4 INV-8: an illegal typed move is refused; undo takes the last move back
    app = HostApp(cols=5, rows=4, pie=True, players=("human", "human"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        start = screen.state.to_text()
        await pilot.press("m", *"a1-a2", "enter")
        assert screen.moves == [] and screen.state.to_text() == start
        await pilot.press("escape")  # the refused move stays in the input until Esc
        await pilot.press("enter")  # cursor on a1: select
        assert screen.selected == 0
        await pilot.press("down", "enter")
        assert screen.moves == ["a1xa2"]
        await pilot.press("u")
        assert screen.moves == [] and screen.state.to_text() == start


@pilot_test
async def test_save_and_load_position_text(tmp_path):
    # INV-8: save writes the one-line position; load restores it; a bad file changes nothing
    path = tmp_path / "game.txt"
    app = HostApp(cols=3, rows=2, pie=True, players=("human", "human"), save_path=str(path))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await pilot.press("m", *"a1xb1", "enter")
        saved = screen.state.to_text()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: path_dialog(app), "the save dialog")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen and path.exists(), "the game saved")
        assert path.read_text().splitlines()[0] == saved
        await pilot.press("s")  # swap, then load the saved position back
        assert screen.state.pie == "swapped"
        await pilot.press("ctrl+o", "y")  # the swap is not saved: loading asks first
        await until(pilot, lambda: path_dialog(app), "the open dialog")
        await pilot.press("enter")
        await until(pilot, lambda: screen.state.to_text() == saved, "the saved game loaded")
        assert screen.state.swap_available()
        bad = tmp_path / "bad.txt"
        bad.write_text("invector 4x4 nonsense\n")
        screen.save_path = str(bad)
        await pilot.press("ctrl+o")
        await until(pilot, lambda: path_dialog(app), "the open dialog")
        await pilot.press("enter")
        await until(pilot, lambda: str(bad) in path_refusal(app), "the bad file refused")
        await pilot.press("escape")  # the dialog stayed open with the reason
        await until(pilot, lambda: app.screen is screen, "the dialog closed")
        assert screen.state.to_text() == saved


@pilot_test
async def test_help_lists_every_binding_with_description():
    # INV-8: the help key shows the keys (with ids) and the rules summary
    app = HostApp(cols=3, rows=2, players=("human", "human"))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(app)
        assert all(binding.description and binding.id for binding in screen.BINDINGS)
        await pilot.press("question_mark")
        await until(
            pilot, lambda: isinstance(app.screen, GameHelp) and app.screen.is_mounted, "the help"
        )
        text = str(app.screen.query_one("#help-keys").render())
        assert "invector.swap" in text and "Undo" in text
        levels = str(app.screen.query_one("#help-levels").render())
        assert all(f"{name}:" in levels for name in ("easy", "medium", "hard"))  # issue 21
        assert "solver" in levels
        # a framed box of its own width (its CSS once sat on the game screen, where Textual
        # scopes it, so the help spread borderless over the board)
        box = app.screen.query_one(".game-dialog")
        await until(pilot, lambda: box.region.width > 0, "the help laid out")
        assert box.styles.border.top[0] != "" and box.region.width == 90
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "the help closed")


@pilot_test
async def test_launcher_default_is_5x4_with_pie_against_the_computer():
    # INV-1 INV-3 INV-6: make_screen() with no options: 5x4, pie rule, centre cells c2 and c3
    app = HostApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(app)
        await until(pilot, lambda: screen.is_mounted, "the game's screen")
        assert screen.state.to_text() == "invector 5x4 bwbwb/wbwbw/bwbwb/wbwbw b pie:open"
        assert screen.players == ["human", "medium"]
        cells = list(screen.query(CellView))
        assert len(cells) == 20
        centre = sorted(v.id for v in cells if v.has_class("-centre"))
        assert centre == ["cell-c2", "cell-c3"]


@pilot_test
async def test_new_game_dialog_changes_the_board_and_opponent_cycles():
    # INV-1 INV-6: n offers board presets (3x2 with pie here); o cycles seat 1's player
    app = HostApp(players=("human", "human"))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = screen_of(app)
        await pilot.press("n")
        await until(
            pilot,
            lambda: isinstance(app.screen, GameChoice) and app.screen.focused is not None,
            "the new game dialog",
        )
        await pilot.press("down", "down", "enter")
        await until(
            pilot,
            lambda: (
                screen.state.to_text() == "invector 3x2 bwb/wbw b pie:open"
                and len(list(screen.query(CellView))) == 6
            ),
            "the 3x2 board",
        )
        await pilot.press("o")
        assert screen.players == ["human", "easy"]
        await pilot.press("m", *"a1xb1", "enter")
        await settle(app, pilot)
        assert len(screen.moves) == 2 and screen.state.current_player() in (0, -1)


def shown_keys(app: App[None]) -> list[str]:
    """The descriptions of the keys the footer shows now."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    return [key.description for key in app.screen.query_one(Footer).query(FooterKey)]


@pilot_test
async def test_the_swap_key_is_shown_only_while_white_may_swap():
    """Issue 44 item 6 (INV-6): ``s Swap`` stood in the footer all game; now only on White's
    first turn, and gone once White has moved."""

    app = HostApp(cols=5, rows=4, pie=True, players=("human", "human"))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = screen_of(app)
        await until(pilot, lambda: "Help" in shown_keys(app), "the footer's keys")
        assert "Swap (pie rule)" not in shown_keys(app)  # Black opens: no swap yet
        await pilot.press("enter", "down", "enter")  # Black a1xa2
        await until(pilot, lambda: "Swap (pie rule)" in shown_keys(app), "the swap key")
        assert screen.state.swap_available()
        white = next(a for a in screen.state.legal_actions() if a not in (SWAP, PASS))
        screen.play(white)  # White moves instead of swapping
        await until(pilot, lambda: "Swap (pie rule)" not in shown_keys(app), "the swap key gone")


@pilot_test
async def test_the_swap_key_says_why_when_no_swap_is_possible():
    """INV-6: ``s`` is in the help all game but was switched off while no swap was possible,
    so pressing it did nothing (found by use); now it says why, as the other keys do, and the
    footer still shows it only while a person may swap (issue 44 item 6)."""

    def notes() -> list[str]:
        return [str(note.message) for note in app._notifications]

    app = HostApp(cols=5, rows=4, pie=True, players=("human", "human"))
    async with app.run_test(size=(120, 30), notifications=True) as pilot:
        screen = screen_of(app)
        await until(pilot, lambda: "Help" in shown_keys(app), "the footer's keys")
        await pilot.press("s")  # Black opens: no swap yet
        await until(pilot, lambda: any(n.startswith("INV-6") for n in notes()), "the reason")
        assert notes()[-1] == "INV-6: White may swap on its first turn, after Black's first move."
        assert "Swap (pie rule)" not in shown_keys(app) and screen.state.history == []
        await pilot.press("enter", "down", "enter", "s")  # Black a1xa2, White swaps
        await until(pilot, lambda: screen.state.history[-1:] == [SWAP], "the swap")
        await pilot.press("s")
        await until(pilot, lambda: "swapped already" in notes()[-1], "the second refusal")
        assert notes()[-1].startswith("INV-6: White has swapped already")

    app = HostApp(cols=5, rows=4, pie=False, players=("human", "human"))
    async with app.run_test(size=(120, 30), notifications=True) as pilot:
        await until(pilot, lambda: "Help" in shown_keys(app), "the footer's keys")
        await pilot.press("s")
        await until(pilot, lambda: bool(notes()), "the reason")
        assert notes() == ["INV-6: this game is played without the pie rule: there is no swap."]


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
@pilot_test
async def test_a_large_board_has_its_files_and_rows_along_its_edges(size):
    """INV-8: a board larger than 8 is drawn one character per cell, with no room for the
    cells' names, and showed no coordinates at all, so typing a move meant counting columns
    (found by use on 9x8 and 16x15): its files stand above it and its rows to its left, all
    on screen at 80x24 and 160x48. A click on a cell selects its stone, as on a small board."""
    app = HostApp(cols=16, rows=15, pie=True, players=("human", "human"))
    async with app.run_test(size=size) as pilot:
        screen = screen_of(app)
        await until(pilot, lambda: len(screen.query(BoardRow)) == 15, "the rows")
        await until(
            pilot,
            lambda: all(row.region.width > 0 for row in screen.query(BoardRow)),
            "the rows laid out",
        )
        rows = list(screen.query(BoardRow))
        files = screen.query_one("#inv-board .coord")
        assert str(files.render()).rstrip() == "    " + "  ".join("abcdefghijklmnop")
        assert files.region.bottom == rows[0].region.y and files.region.x == rows[0].region.x
        for number, row in enumerate(rows, start=1):
            text = str(row.render())
            assert text.startswith(f"{number:>2} ") and len(text) == 3 + 16 * 3, text
            assert row.region.y == rows[0].region.y + number - 1

        def colour(widget: Any, text: str) -> object:
            """The colour ``text`` is drawn in on ``widget``'s first line."""
            strip = widget.render_lines(widget.content_region.reset_offset)[0]
            return next(seg.style.color for seg in strip if seg.text.strip() == text)

        # the numbers as muted as the letters (in markup $text-muted drew them white)
        assert colour(rows[14], "15") == colour(
            files, "a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p"
        )
        assert colour(rows[14], "15") != colour(rows[14], "●")
        footer_top = size[1] - 1
        for region in [files.region, *(row.region for row in rows)]:
            assert region.right <= size[0] and region.bottom <= footer_top, region
        second = rows[1].region
        await pilot.click(offset=(second.x + 3 + 1 * 3 + 1, second.y))  # b2, a black stone
        await until(pilot, lambda: screen.selected == 16 + 1, "b2 selected")
        assert screen.targets and screen.cursor == 17

    small = HostApp(cols=5, rows=4, pie=True, players=("human", "human"))
    async with small.run_test(size=size) as pilot:  # a small board names every cell instead
        await until(
            pilot, lambda: "a1" in str(pilot.app.screen.query_one("#cell-a1").render()), "a1"
        )
        assert not pilot.app.screen.query(".coord") and not pilot.app.screen.query(BoardRow)


@pilot_test
async def test_escape_leaves_the_move_input_and_an_empty_line_is_no_move():
    """INV-8 (found by use): Esc in the move input (``m``) left it open and focused, so the
    next keys (``u``, ``q``) were typed into it instead of acting, as Imperium Shogi's Esc does;
    an empty line was refused as "'' is not a move". Esc closes the input; an empty Enter closes
    it without a word."""
    app = HostApp(cols=5, rows=4, pie=True, players=("human", "human"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        box = screen.query_one("#inv-move-input")
        await pilot.press("m", "a", "1")
        await until(pilot, lambda: box.has_focus, "the move input")
        await pilot.press("escape")
        await until(pilot, lambda: not box.display and not box.has_focus, "the input closed")
        await pilot.press("m", *"a1xb1", "enter")
        await until(pilot, lambda: screen.moves == ["a1xb1"], "the move played")
        await pilot.press("u")  # a key of the screen again, not a letter in the input
        await until(pilot, lambda: screen.moves == [], "the move taken back")
        told = len(app._notifications)
        await pilot.press("m")
        await until(pilot, lambda: box.has_focus, "the move input")
        await pilot.press("enter")
        await until(pilot, lambda: not box.display and not box.has_focus, "the input closed")
        await pilot.pause()
        assert len(app._notifications) == told and screen.moves == []


@pilot_test
async def test_a_loaded_game_keeps_its_moves_and_undo(tmp_path):
    """INV-8 (found by use): a save holds the moves, but loading it set up the last position
    alone: the move list said "no moves yet" and ``u`` "Nothing to undo" (Imperium Shogi and
    Imperial replay their moves). The moves are replayed from the start the save names."""
    path = tmp_path / "game.txt"
    app = HostApp(cols=5, rows=4, pie=True, players=("human", "human"), save_path=str(path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        for move in ("a1xb1", "swap", "d1xc1"):
            if move == "swap":
                await pilot.press("s")
            else:
                await pilot.press("m", *move, "enter")
        await until(pilot, lambda: screen.moves == ["a1xb1", "swap", "d1xc1"], "three moves")
        played = screen.moves
        await pilot.press("ctrl+s")
        await until(pilot, lambda: path_dialog(app), "the save dialog")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen and path.exists(), "the game saved")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, GameChoice), "the new-game dialog")
        await pilot.press("enter")
        await until(pilot, lambda: screen.moves == [], "a new game")
        await pilot.press("ctrl+o")
        await until(pilot, lambda: path_dialog(app), "the open dialog")
        await pilot.press("enter")
        await until(pilot, lambda: screen.moves == played, "the saved moves loaded")
        assert "a1xb1" in str(screen.query_one("#inv-moves").render())
        await pilot.press("u")
        await until(pilot, lambda: screen.moves == played[:2], "the last move taken back")
        assert screen.state.pie == "swapped"


@pilot_test
async def test_cycling_the_opponent_never_takes_over_the_persons_seat():
    """INV-6 (found by use): with the person on seat 1, ``o`` cycled seat 0 up to "person" and
    the next ``o`` then made seat 1, the person's own, a computer (``o`` cycled seat 1 whenever
    seat 0 was a person), so seat 0 never became a computer again. ``o`` keeps cycling the
    opponent's seat."""
    app = HostApp(cols=3, rows=2, pie=False, players=("easy", "human"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        await settle(app, pilot)
        seen = []
        for _ in range(6):
            await pilot.press("o")
            await pilot.pause()
            seen.append(tuple(screen.players))
        assert all(seat1 == "human" for _seat0, seat1 in seen), seen
        assert ("human", "human") in seen and ("easy", "human") in seen, seen


def move_list(screen: InvectorScreen) -> list[str]:
    """The lines of the move list as shown, trailing blanks dropped."""
    return [line.rstrip() for line in str(screen.query_one("#inv-moves").render()).splitlines()]


@pilot_test
async def test_the_move_list_says_who_moved_after_a_swap_and_when_white_starts():
    # INV-2 INV-5 INV-6: the list has a Black and a White column; a White move that starts a
    # row (after the swap, or in a loaded position where White moves first) leaves the Black
    # column with "…" rather than being shown as Black's move
    app = HostApp(cols=5, rows=2, pie=True, players=("human", "human"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await pilot.press("m", *"a1xb1", "enter", "s")
        await until(pilot, lambda: screen.moves == ["a1xb1", "swap"], "the swap")
        action = next(a for a in screen.state.legal_actions() if a >= 0)
        white = screen.state.action_to_text(action)
        await pilot.press("m", *white, "enter")
        await until(pilot, lambda: len(screen.moves) == 3, "White's move")
        assert move_list(screen) == [
            "     Black    White",
            "  1. a1xb1    swap",
            f"  2. …        {white}",
        ]
    state = make_game(3, 2, pie=False).state_from_text("invector 3x2 .w./..b w pie:off")
    app = HostApp(state=state, players=("human", "human"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await until(pilot, lambda: screen.moves == ["pass"], "White's forced pass")
        await pilot.press("m", *"c2-b2", "enter")
        await until(pilot, lambda: screen.moves == ["pass", "c2-b2"], "Black's move")
        assert move_list(screen) == [
            "     Black    White",
            "  1. …        pass",
            "  2. c2-b2",
        ]


@pilot_test
async def test_a_new_game_against_the_computer_asks_the_persons_seat():
    """INV-6 (found by use, December 7, night): the new-game dialog offered board sizes only,
    so against the computer a person always played seat 0; seat 1, the one that may swap under
    the pie rule, was reachable only by editing a save. The dialog now asks for the seat, the
    one played now first (Enter keeps it)."""
    app = HostApp(cols=3, rows=2, pie=True, players=("human", "easy"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        for keys, players in (
            (["enter"], ["human", "easy"]),
            (["down", "enter"], ["easy", "human"]),
        ):
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, GameChoice), "the new-game dialog")
            await pilot.press("enter")  # the first board: 5 x 4 with the pie rule
            await until(
                pilot,
                lambda: isinstance(app.screen, GameChoice) and app.screen._heading == "Your seat",
                "the seat question",
            )
            await pilot.press(*keys)
            await until(
                pilot,
                lambda wanted=players: app.screen is screen and screen.players == wanted,
                "seated",
            )
            await settle(app, pilot)
            assert (screen.state.board.cols, screen.state.board.rows) == (5, 4)
        assert screen.moves and screen.is_human_turn()  # the computer, on seat 0, moved first


@pilot_test
async def test_loading_a_large_board_names_it_at_once_and_a_key_redraws_one_row(tmp_path):
    """INV-1, INV-8 (found by use, December 7, late night): loading a 16 x 15 save over a 5 x 4
    game showed the old title over an empty grid for seconds while a widget for each of the
    240 cells was laid out, and every cursor key then redrew all 240 cells (and laid out the
    whole screen to clear the refusal line): about 0.4 s a key. The new board's title and a
    progress line show before the board is made, a large board is a widget per row, and a
    key redraws only the rows whose cells changed."""
    start = make_game(16, 15, True).new_initial_state()
    after = start.clone()
    after.apply_action(after.text_to_action("a1xb1"))
    path = tmp_path / "large.txt"
    path.write_text(
        f"{after.to_text()}\n# start: {start.to_text()}\n# moves: a1xb1\n# players: person person\n"
    )
    app = HostApp(cols=5, rows=4, pie=True, players=("human", "human"), save_path=str(path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        await board_ready(pilot, screen)
        titles: list[str] = []
        build = screen._build_board

        async def build_and_watch() -> None:
            titles.append(str(screen.query_one("#inv-title").render()))
            await build()

        screen._build_board = build_and_watch  # type: ignore[method-assign]
        await pilot.press("ctrl+o")
        await until(pilot, lambda: path_dialog(app), "the open dialog")
        await pilot.press("enter")
        await until(pilot, lambda: len(screen.query(BoardRow)) == 15, "the large board")
        assert not screen.query(CellView)
        assert titles == ["Invector 16x15, pie rule\nlaying out the board (240 cells)…"]
        await until(
            pilot,
            lambda: "centre cells are shaded" in str(screen.query_one("#inv-title").render()),
            "the title after the board",
        )
        assert screen.moves == ["a1xb1"]
        updates: list[int] = []
        for row in screen.query(BoardRow):
            original = row.update

            def counted(*args: Any, number: int = row.row, update: Any = original) -> None:
                updates.append(number)
                update(*args)

            row.update = counted  # type: ignore[method-assign]
        layouts = screen.query_one("#game-refusal")._layout_updates
        screen.cursor = 0
        screen.refresh_view()
        updates.clear()
        await pilot.press("right")
        await until(pilot, lambda: screen.cursor == 1, "the cursor moved")
        assert updates == [0]  # the first row: its cursor moved from a1 to b1
        assert screen.query_one("#game-refusal")._layout_updates == layouts
        screen.refresh_view()
        assert updates == [0]
        await pilot.press("down")
        await until(pilot, lambda: screen.cursor == 17, "the cursor moved down")
        assert updates == [0, 0, 1]  # off the first row, onto the second


@pilot_test
async def test_the_move_list_keeps_a_row_on_one_line_beside_a_large_board():
    """INV-8 (found by use, December 7, late night): at 80x24 beside a 16 x 15 board the move
    list is 23 columns wide, and a row with a long White move (" 13. f6xg6    k14xl14", 21
    characters) wrapped, its White move under the Black column on a line of its own. A row
    holds 21 characters there now (a thinner scrollbar, no padding on its side)."""
    import random

    from scenarios.invector.record import move_list_lines

    rng = random.Random(1)
    states = [make_game(16, 15, True).new_initial_state()]
    for _ in range(40):
        after = states[-1].clone()
        after.apply_action(rng.choice(states[-1].legal_actions()))
        states.append(after)
    lines = move_list_lines(states)
    assert max(len(line) for line in lines) == 21
    app = HostApp(cols=5, rows=4, pie=True, players=("human", "human"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        await board_ready(pilot, screen)
        await screen.start(states)
        moves = screen.query_one("#inv-moves")
        await until(pilot, lambda: moves.region.height > 0 and screen._rows, "the move list")
        await pilot.pause()
        assert moves.region.height == len(lines), (moves.region, len(lines))


@pilot_test
async def test_a_refused_typed_move_stays_in_the_input_to_be_corrected():
    """INV-8 (found by use, December 8): a typed move that could not be played closed the
    input, so the correction typed next went to the board's keys (``x`` asks to resign, ``u``
    takes a move back). The refused move stays in the open input; the corrected one is played
    and the input closes."""
    app = HostApp(cols=5, rows=4, pie=True, players=("human", "human"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        box = screen.query_one("#inv-move-input", Input)
        told = len(app._notifications)
        await pilot.press("m", *"a1-b1", "enter")
        await until(pilot, lambda: len(app._notifications) > told, "the typed move refused")
        assert box.display and box.has_focus and box.value == "a1-b1"
        await pilot.press(*["backspace"] * 3, *"xb1", "enter")
        await until(pilot, lambda: screen.moves == ["a1xb1"], "the corrected move played")
        assert not box.display and not box.has_focus


@pilot_test
async def test_a_move_typed_after_the_end_is_told_the_game_is_over():
    """INV-7 (found by use, December 8): a move typed after the game ended (here by a
    resignation) was told "It is not your turn.", while the board's Enter says the game is
    over. Both say it now, and the input closes."""
    app = HostApp(cols=5, rows=4, pie=True, players=("human", "human"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        box = screen.query_one("#inv-move-input", Input)
        await pilot.press("x")
        await until(pilot, lambda: app.screen is not screen, "the resign question")
        await pilot.press("y")
        await until(pilot, screen.game_over, "the resignation")
        told = len(app._notifications)
        await pilot.press("m", *"a1xb1", "enter")
        await until(pilot, lambda: len(app._notifications) > told, "the typed move refused")
        said = str(list(app._notifications)[-1].message)
        assert said == "INV-7: the game is over (n starts a new one).", said
        assert not box.display and not box.has_focus and screen.moves == []
