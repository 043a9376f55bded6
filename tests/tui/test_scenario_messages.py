"""The scenario games' messages and files (issue 31 items 9 and 12, the scenario parts): no
internal strings (Shogi printed the raw position text on an illegal move, a save into a missing
folder printed ``[Errno 2]``), plurals right, saves go to a chosen folder that is remembered and
every message names the full path; and the launcher shows which pane has the focus. Pilot tests;
each failed on the code before the change."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widgets import Input, Static

from campaign.app import CampaignService
from campaign.tui.screens.launcher import LauncherScreen
from scenarios.dialogs import GameConfirm, GamePathDialog, GameScreen
from scenarios.imperial.screen import ImperialScreen
from scenarios.imperium_shogi.screen import ShogiScreen
from scenarios.invector.rules import parse_position
from scenarios.invector.screen import InvectorScreen
from tests.read_only import read_only_folder
from tests.tui.pilot_helpers import ScenarioHost, app_for, pass_investor, path_refusal
from tests.waiting import until

SIZES = [(80, 24), (160, 48)]
#: Each game with people on both seats (no computer moves while the test types).
GAMES: dict[str, Callable[[], GameScreen]] = {
    "imperium-shogi": lambda: ShogiScreen(red="human", blue="human"),
    "invector": lambda: InvectorScreen(players=("human", "human")),
    "imperial": lambda: ImperialScreen(players=4, seed=0, computer=set()),
}


def run(coroutine) -> None:
    """Run a Pilot scenario; a hang fails after a minute instead of blocking the run."""
    asyncio.run(asyncio.wait_for(coroutine, 60))


def notices(app: App) -> list[str]:
    """The texts of the notifications shown so far."""
    return [str(note.message) for note in app._notifications]


@pytest.fixture
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data directory of this test's own (where the chosen folder is remembered) and a
    working directory of its own; returns the working directory."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    return cwd


async def answer_path(pilot, key: str, typed: str | None) -> str:
    """Press ``key`` (Ctrl+S or Ctrl+O), say yes to a discard question, read the path the
    dialog offers, type ``typed`` (unless ``None``) and press Enter; the offered path."""
    app = pilot.app
    await pilot.press(key)
    await until(
        pilot, lambda: isinstance(app.screen, GameConfirm) or path_dialog(app), "the dialog"
    )
    if isinstance(app.screen, GameConfirm):
        await pilot.press("y")
        await until(pilot, lambda: path_dialog(app), "the path dialog")
    dialog = app.screen
    assert isinstance(dialog, GamePathDialog)
    field = dialog.query_one("#game-path", Input)
    offered = field.value
    if typed is not None:
        field.value = typed
    told = len(notices(app))
    error = dialog.query_one("#game-path-error", Static)
    await pilot.press("enter")
    await until(  # saved, loaded or refused: a notice, or the dialog says why it stays
        pilot,
        lambda: len(notices(app)) > told or (app.screen is dialog and str(error.render())),
        "the path answered",
    )
    return offered


def path_dialog(app: App) -> bool:
    """The save/open dialog on top, its path field composed."""
    return isinstance(app.screen, GamePathDialog) and bool(app.screen.query("#game-path"))


@pytest.mark.parametrize("size", SIZES)
def test_shogi_illegal_move_says_why_without_the_position_text(size):
    """SHO-3 SHO-5: a typed move that is not legal is refused with the reason in the board's
    words; the raw position text (``mfc/1b1/1B1/CFM - r``) used to be the message."""

    async def scenario() -> None:
        app = ScenarioHost(GAMES["imperium-shogi"])
        async with app.run_test(size=size) as pilot:
            await pass_investor(pilot)
            for typed in ("a1a4", "b1b2", "B*a2"):
                await pilot.press("m")
                field = app.screen.query_one("#move-input", Input)
                await until(pilot, lambda field=field: field.has_focus, "the move input")
                field.value = typed
                told = len(notices(app))
                await pilot.press("enter")
                await until(pilot, lambda told=told: len(notices(app)) > told, typed)
            assert notices(app) == [
                "SHO-3: a1a4: the CR on a1 cannot step to a4",
                "SHO-3: b1b2: b2 holds Red's own B",
                "SHO-5: B*a2: Red has no B in hand",
            ]
            assert app.screen.state.history() == []

    run(scenario())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_save_that_cannot_be_written_says_why_in_words(game, private_folders: Path):
    """SHO-10 INV-8 IMP-22 (the saved records of the three games): saving
    into a folder that does not exist is one line naming the full path and the missing folder
    (it said ``[Errno 2] No such file or directory`` with a temporary file's name); the game
    still counts as not saved. The dialog stays open with the reason and the path as typed,
    as a refused load does (found by use, December 7, night: it closed and the reason went by
    in a toast)."""
    target = private_folders / "missing" / "game.txt"

    async def scenario() -> None:
        app = ScenarioHost(GAMES[game])
        async with app.run_test(size=(80, 24)) as pilot:
            await pass_investor(pilot)
            screen = app.screen
            await answer_path(pilot, "ctrl+s", "missing/game.txt")
            assert isinstance(app.screen, GamePathDialog)  # still open
            assert path_refusal(app) == (
                f"Cannot save to {target}: the folder {target.parent} does not exist"
            )
            assert app.screen.query_one("#game-path", Input).value == "missing/game.txt"
            assert notices(app) == []
            await close_path_dialog(pilot, screen)
            assert screen.save_path is None and notices(app) == []

    run(scenario())


def test_saving_over_a_folder_says_so(private_folders: Path):
    """SHO-10: a save whose path is a folder is refused in words (``[Errno 21]`` before)."""
    (private_folders / "games").mkdir()

    async def scenario() -> None:
        app = ScenarioHost(GAMES["imperium-shogi"])
        async with app.run_test(size=(80, 24)) as pilot:
            await pass_investor(pilot)
            await answer_path(pilot, "ctrl+s", "games")
            assert path_refusal(app) == (
                f"Cannot save to {private_folders / 'games'}: that is a folder, not a file"
            )
            assert notices(app) == []

    run(scenario())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_save_refused_by_a_read_only_folder_keeps_the_dialog_and_the_file(
    game, private_folders: Path
):
    """SHO-10 INV-8 (found by use, December 7, night): a save into a folder this user cannot
    write in closed the dialog and said why in a toast. The dialog stays open with the
    reason, the path as typed, and the file already there is left byte for byte; Esc then
    leaves the game not saved."""
    folder = private_folders / "locked"
    folder.mkdir()
    kept = folder / "game.txt"
    kept.write_text("the player's own file\n")

    async def scenario() -> None:
        app = ScenarioHost(GAMES[game])
        async with app.run_test(size=(80, 24)) as pilot:
            await pass_investor(pilot)
            screen = app.screen
            await answer_path(pilot, "ctrl+s", str(kept))
            assert isinstance(app.screen, GamePathDialog)  # still open
            assert path_refusal(app) == (
                f"Cannot save to {kept}: no permission to write in {folder}"
            )
            assert app.screen.query_one("#game-path", Input).value == str(kept)
            await close_path_dialog(pilot, screen)
            assert screen.save_path is None and notices(app) == []

    with read_only_folder(folder):
        run(scenario())
    assert kept.read_text() == "the player's own file\n"
    assert sorted(path.name for path in folder.iterdir()) == ["game.txt"]


async def close_path_dialog(pilot, screen: GameScreen) -> None:
    """Esc on the path dialog: back to ``screen``."""
    await pilot.press("escape")
    await until(pilot, lambda: pilot.app.screen is screen, "the dialog closed")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_file_that_cannot_be_loaded_is_named_once_in_full(game, size, private_folders: Path):
    """SHO-10 INV-8 IMP-22 (the saved records of the three games): a load from a file that
    is not there names the full path once (Shogi said ``nothere.txt: cannot load:
    nothere.txt: cannot read: ...``); nothing changes. The dialog stays open with the reason
    and the path as typed, as the campaign's import prompt does (found by use, December 7:
    it closed and the reason went by in a toast); Esc leaves the game as it was."""

    async def scenario() -> None:
        app = ScenarioHost(GAMES[game])
        async with app.run_test(size=size) as pilot:
            await pass_investor(pilot)
            screen = app.screen
            await answer_path(pilot, "ctrl+o", "nothere.txt")
            assert isinstance(app.screen, GamePathDialog)  # still open
            assert path_refusal(app) == (
                f"{private_folders / 'nothere.txt'}: cannot read: no such file"
            )
            assert app.screen.query_one("#game-path", Input).value == "nothere.txt"
            assert notices(app) == []
            await close_path_dialog(pilot, screen)
            assert screen.save_path is None and notices(app) == []

    run(scenario())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_saves_go_to_the_chosen_folder_which_is_remembered(game, private_folders: Path):
    """SHO-10 INV-8 IMP-22 (the saved records of the three games): the save dialog offers a
    full path; the folder of a save is remembered, so the next session's dialogs offer it and
    a bare name lands there; every message names the full path. (The dialog offered a bare
    ``imperium-shogi.txt`` and the messages repeated whatever was typed.)"""
    chosen = private_folders.parent / "games"
    chosen.mkdir()
    name = {
        "imperium-shogi": "imperium-shogi.txt",
        "invector": "invector.txt",
        "imperial": "imperial.txt",
    }[game]

    async def first_session() -> None:
        app = ScenarioHost(GAMES[game])
        async with app.run_test(size=(80, 24)) as pilot:
            await pass_investor(pilot)
            offered = await answer_path(pilot, "ctrl+s", str(chosen / "first.txt"))
            assert offered == str(private_folders / name)  # nothing chosen yet: here, in full
            assert notices(app) == [f"Saved to {chosen / 'first.txt'}"]
            assert (chosen / "first.txt").is_file()

    async def next_session() -> None:
        app = ScenarioHost(GAMES[game])
        async with app.run_test(size=(80, 24)) as pilot:
            await pass_investor(pilot)
            offered = await answer_path(pilot, "ctrl+s", "second.txt")
            assert offered == str(chosen / name)
            assert (chosen / "second.txt").is_file()
            assert notices(app) == [f"Saved to {chosen / 'second.txt'}"]
            offered = await answer_path(pilot, "ctrl+o", "first.txt")
            assert offered == str(chosen / "second.txt")  # this game's own file, in full
            assert notices(app)[-1] == f"Loaded {chosen / 'first.txt'}"

    run(first_session())
    run(next_session())
    assert not list(private_folders.iterdir())  # nothing was written to the working directory


def test_enter_on_an_empty_path_says_why_instead_of_closing(private_folders: Path):
    """SHO-10: Enter on an emptied path field closed the dialog and did nothing, silently; it
    now stays open and says what to do."""

    async def scenario() -> None:
        app = ScenarioHost(GAMES["imperium-shogi"])
        async with app.run_test(size=(80, 24)) as pilot:
            await pass_investor(pilot)
            await answer_path(pilot, "ctrl+s", "  ")
            dialog = app.screen
            assert isinstance(dialog, GamePathDialog)  # still open
            assert "Type a path, or Esc to cancel." in str(
                dialog.query_one("#game-path-error", Static).render()
            )
            dialog.query_one("#game-path", Input).value = "a\0b.txt"  # os refuses it raw
            await pilot.press("enter")
            error = dialog.query_one("#game-path-error", Static)
            await until(pilot, lambda: "NUL" in str(error.render()), "the NUL refusal")
            await pilot.pause()
            assert app.screen is dialog
            assert "A path cannot hold a NUL character." in str(error.render())
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, ShogiScreen), "the dialog closed")

    run(scenario())


def test_invector_status_reads_a_person_and_one_stone_in_the_singular():
    """INV-7: a seat down to its last stone reads "1 stone" (it read "1 stones"), and a seat
    a person plays reads "person", as in Imperium Shogi (it showed the internal "human")."""
    state = parse_position("invector 3x2 b.w/.ww b pie:off")

    async def scenario() -> None:
        app = ScenarioHost(lambda: InvectorScreen(players=("human", "human"), state=state))
        async with app.run_test(size=(80, 24)) as pilot:
            await pass_investor(pilot)
            status = str(app.screen.query_one("#inv-status").render())
            assert "seat 0: person — black, 1 stone\n" in status
            assert "seat 1: person — white, 3 stones" in status
            await pilot.press("o")  # the opponent: a computer level, then a person again
            await pilot.press("o", "o", "o")
            await app.workers.wait_for_complete()
            await until(
                pilot,
                lambda: notices(app)[-1:] == ["Seat 1 is now played by: person"],
                "a person on seat 1 again",
            )

    run(scenario())


@pytest.mark.parametrize("size", SIZES)
def test_the_launcher_frames_the_pane_that_has_the_focus(
    service: CampaignService, no_keymap: Path, size: tuple[int, int]
):
    """No game rule: a TUI behaviour (issue 31 item 12). The launcher's two panes had the same
    frame whichever had the focus, and an empty campaign table shows no cursor, so the focus
    was invisible. The focused pane's frame now differs, and follows Tab."""

    def frames(screen: Screen) -> tuple[object, object]:
        return (
            screen.query_one("#campaign-pane").styles.border_top,
            screen.query_one("#scenario-pane").styles.border_top,
        )

    async def scenario() -> None:
        app = app_for(service, no_keymap, None)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            launcher = app.screen
            assert isinstance(launcher, LauncherScreen)
            await until(  # the focus frame is a style applied on refresh
                pilot, lambda: len(set(frames(launcher))) == 2, "the campaigns framed"
            )
            campaigns, scenarios = frames(launcher)
            await pilot.press("tab")
            await until(
                pilot, lambda: frames(launcher) == (scenarios, campaigns), "the frame follows Tab"
            )

    run(scenario())


def test_a_damaged_imperial_save_is_refused_in_words(private_folders: Path):
    """IMP-4 (the start position a save begins with): a start position without its options
    was refused as ``bad position text: 'options'`` (a raw KeyError); a field of the wrong
    kind showed pydantic's text. Both are now a sentence naming the file and line, then the rule
    of a save's form (IMP-22)."""
    damaged = private_folders / "damaged.txt"
    damaged.write_text('# Imperial saved game\nimperial1 {"x": 1}\n', encoding="utf-8")
    wrong_kind = private_folders / "wrong.txt"
    wrong_kind.write_text('imperial1 {"options": {"factory_top_up": "maybe"}}\n', encoding="utf-8")

    async def scenario() -> None:
        app = ScenarioHost(GAMES["imperial"])
        async with app.run_test(size=(80, 24)) as pilot:
            await pass_investor(pilot)
            screen = app.screen
            await answer_path(pilot, "ctrl+o", str(damaged))
            assert path_refusal(app) == (
                f"{damaged}:2: IMP-22: the start position lacks the field 'options'"
            )
            await close_path_dialog(pilot, screen)
            await answer_path(pilot, "ctrl+o", str(wrong_kind))
            assert path_refusal(app) == (
                f"{wrong_kind}:1: IMP-22: the start position is damaged (a field holds a value of "
                "the wrong kind)"
            )
            assert notices(app) == []

    run(scenario())
