"""A path typed from ``/`` (or ``~``) in a dialog that offers a folder is taken as that path
(found by use, December 7, night; docs/tui.md, "Paths in dialogs").

The export form, the import prompt and the scenario games' save and open dialog offer a full
path in a remembered folder with the file name selected (or the cursor after the folder), so a
name typed keeps the folder. An absolute path typed there went under the offered folder:
``x`` then ``/tmp/pb/turn.txt`` gave ``/home/…/pb//tmp/pb/turn.txt`` ("directory … does not
exist"). A ``/`` or ``~`` typed (or pasted) where the name begins now starts a new path: the
folder offered is replaced. Typed inside a name, a ``/`` is an ordinary character.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Input

from campaign.rules.ids import Side
from campaign.tui.places import remember_folder
from campaign.tui.screens.forms import OrderForm, TextPrompt
from campaign.tui.session import CampaignSession
from scenarios.dialogs import GamePathDialog, GameScreen
from scenarios.saves import remember_folder as remember_saves_folder
from scenarios.type_ahead import FieldInput
from tests.tui.pilot_helpers import ScenarioHost, campaign_shown, screen_of
from tests.tui.test_mail import CAMPAIGN, exchanged, form_shown
from tests.tui.test_scenario_screens import GAMES
from tests.waiting import until

OFFERED = f"{os.sep}offered{os.sep}folder{os.sep}game.txt"


class OneField(App[None]):
    """A dialog's field alone, offering ``value``."""

    def __init__(self, value: str) -> None:
        super().__init__()
        self.offered = value

    def compose(self) -> ComposeResult:
        yield FieldInput(value=self.offered, id="path")


async def typed_into(value: str, *keys: str, paste: str = "") -> str:
    """The field's value after it offered ``value``, got the focus, and ``keys`` were
    pressed (then ``paste`` pasted)."""
    app = OneField(value)
    async with app.run_test() as pilot:
        field = app.query_one("#path", Input)
        field.focus()
        await until(pilot, lambda: field.has_focus, "the field focused")
        await pilot.press(*keys)
        if paste:
            field.post_message(events.Paste(paste))
            await until(pilot, lambda: paste in field.value, "the paste")
        return field.value


@pytest.mark.parametrize(
    ("offered", "keys", "paste", "taken"),
    [
        (OFFERED, "/tmp/x.txt", "", "/tmp/x.txt"),  # the name selected
        (OFFERED, "~/x.txt", "", "~/x.txt"),
        (OFFERED, "", "/tmp/pasted.txt", "/tmp/pasted.txt"),
        (f"{os.sep}offered{os.sep}", "/tmp/x.txt", "", "/tmp/x.txt"),  # a folder offered
        (OFFERED, "mine.txt", "", f"{os.sep}offered{os.sep}folder{os.sep}mine.txt"),
        (OFFERED, "sub/x.txt", "", f"{os.sep}offered{os.sep}folder{os.sep}sub/x.txt"),
    ],
    ids=["slash", "tilde", "paste", "folder-offered", "name", "relative"],
)
def test_a_path_typed_from_the_root_replaces_the_folder_offered(
    offered: str, keys: str, paste: str, taken: str
):
    """DN-ERR-1 (docs/tui.md, "Paths in dialogs"): what a user types from ``/`` or ``~`` is
    a whole path; a name or a relative path still goes in the folder offered."""
    assert asyncio.run(typed_into(offered, *keys, paste=paste)) == taken


def test_a_slash_typed_after_the_name_is_erased_starts_a_new_path_too():
    """DN-ERR-1: Backspace on the name offered (the cursor after the folder), then ``/``: a
    new path, not ``folder//…``; a ``/`` typed inside a name is kept."""
    assert asyncio.run(typed_into(OFFERED, "backspace", *"/tmp/x.txt")) == "/tmp/x.txt"
    inside = asyncio.run(typed_into(OFFERED, "a", "/", "b"))
    assert inside == f"{os.sep}offered{os.sep}folder{os.sep}a/b"


def test_the_export_form_writes_an_absolute_path_typed_where_it_was_typed(
    tmp_path: Path, no_keymap: Path
):
    """DN-SEQ-2 (found by use, December 7, night): ``x`` offers the folder of the last turn
    file; ``/…/elsewhere/mine.txt`` typed in FILE was written under that folder
    (``…/pb//…/elsewhere/mine.txt``: "directory does not exist"). It is written where typed."""
    services = exchanged(tmp_path, 2)
    folder, elsewhere = tmp_path / "pb", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    remember_folder(folder / "turn-2.txt")
    sender = services[Side.SOLOMANI]
    CampaignSession(sender, CAMPAIGN).order("solomani place-neutral lantern")
    target = elsewhere / "mine.txt"

    async def scenario() -> None:
        async with campaign_shown(sender, no_keymap, CAMPAIGN, size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            await pilot.press("6", "x")
            await until(pilot, lambda: form_shown(pilot.app, OrderForm, "#field-1"), "x's form")
            field = pilot.app.screen.query_one("#field-1", Input)
            assert field.value.startswith(f"{folder}{os.sep}")
            while not field.has_focus:
                await pilot.press("tab")
            await pilot.press(*str(target))
            assert field.value == str(target)
            await pilot.press("enter")
            await until(pilot, lambda: pilot.app.screen is screen, "the file exported")
            assert target.is_file()
            assert list(folder.iterdir()) == []

    asyncio.run(scenario())


def test_the_import_prompt_reads_an_absolute_path_typed_where_it_was_typed(
    tmp_path: Path, no_keymap: Path
):
    """DN-SEQ-2: ``i`` offers the remembered folder with the cursor after it; a path typed
    from ``/`` is read from there, not from under the folder."""
    services = exchanged(tmp_path, 2)
    sender = CampaignSession(services[Side.SOLOMANI], CAMPAIGN)
    sender.order("solomani place-neutral lantern")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    turn = elsewhere / "turn-3.txt"
    sender.export_turn(Side.SOLOMANI, str(turn))
    folder = tmp_path / "pb"
    folder.mkdir()
    remember_folder(folder / "turn-2.txt")

    async def scenario() -> None:
        receiver = services[Side.ASLAN]
        async with campaign_shown(receiver, no_keymap, CAMPAIGN, size=(80, 24)) as pilot:
            screen = screen_of(pilot)
            await pilot.press("6", "i")
            await until(pilot, lambda: form_shown(pilot.app, TextPrompt, "#prompt-input"), "i")
            field = pilot.app.screen.query_one(Input)
            await until(pilot, lambda: field.has_focus, "the path focused")
            assert field.value == f"{folder}{os.sep}"
            await pilot.press(*str(turn))
            assert field.value == str(turn)
            await pilot.press("enter")
            await until(pilot, lambda: pilot.app.screen is screen, "the file imported")
            assert receiver.load(CAMPAIGN).head.seq == sender.loaded.head.seq

    asyncio.run(scenario())


def test_the_save_dialog_writes_an_absolute_path_typed_where_it_was_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """SHO-10 (found by use, December 7, night): Ctrl+S offers the saves folder with the file
    name selected; a path typed from ``/`` was saved under the folder. It is saved there."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    saves, elsewhere = tmp_path / "saves", tmp_path / "elsewhere"
    saves.mkdir()
    elsewhere.mkdir()
    remember_saves_folder(saves)
    target = elsewhere / "mine.txt"

    async def scenario() -> None:
        app: App = ScenarioHost(GAMES["shogi"])
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
            screen = app.screen
            await pilot.press("ctrl+s")
            await until(
                pilot,
                lambda: isinstance(app.screen, GamePathDialog) and bool(app.screen.query(Input)),
                "the save dialog",
            )
            field = app.screen.query_one(Input)
            await until(pilot, lambda: field.has_focus, "the field focused")
            await pilot.press(*str(target))
            assert field.value == str(target)
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is screen, "saved")
            assert target.is_file()
            assert list(saves.iterdir()) == []

    asyncio.run(scenario())


def test_an_export_refused_at_an_absolute_path_leaves_the_file_there(
    tmp_path: Path, no_keymap: Path
):
    """DN-ERR-1 (docs/tui.md, "Paths in dialogs"): an absolute path typed in the export form
    that names a file of the user's (not a turn file) is refused with the form open and the
    path as typed; the file is left byte for byte and nothing is counted as sent."""
    services = exchanged(tmp_path, 2)
    folder = tmp_path / "pb"
    folder.mkdir()
    remember_folder(folder / "turn-2.txt")
    sender = services[Side.SOLOMANI]
    CampaignSession(sender, CAMPAIGN).order("solomani place-neutral lantern")
    letter = tmp_path / "letter.txt"
    letter.write_text("Dear referee,\n")
    head = sender.load(CAMPAIGN).head.seq

    async def scenario() -> None:
        async with campaign_shown(sender, no_keymap, CAMPAIGN, size=(80, 24)) as pilot:
            await pilot.press("6", "x")
            await until(pilot, lambda: form_shown(pilot.app, OrderForm, "#field-1"), "x's form")
            form = pilot.app.screen
            field = form.query_one("#field-1", Input)
            while not field.has_focus:
                await pilot.press("tab")
            await pilot.press(*str(letter), "enter")
            error = form.query_one("#form-error")
            await until(pilot, lambda: "not a turn file" in str(error.render()), "the refusal")
            assert pilot.app.screen is form and field.value == str(letter)

    asyncio.run(scenario())
    assert letter.read_text() == "Dear referee,\n"
    assert sender.load(CAMPAIGN).head.seq == head
    assert list(folder.iterdir()) == []
