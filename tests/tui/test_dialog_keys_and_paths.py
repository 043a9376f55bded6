"""The scenario games' dialogs and the campaign's, alike (found by use, December 7).

- Their footers listed their keys in two orders: the games' dialogs `f1 Help  esc Cancel`
  (F1 on their base class, which Textual lists first), the campaign's `esc Cancel  f1 Help`.
  Both now list the dialog's own keys, then F1, from one definition
  (``scenarios.footer.dialog_keys``).
- The games' save (and open) dialog offered the saves folder's path selected whole, so the
  first key typed replaced the folder and the game was saved in the working directory. The
  field now selects only the file name, as the campaign's export dialog does
  (``scenarios.type_ahead.FieldInput``).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from textual.app import App
from textual.binding import Binding
from textual.geometry import Region
from textual.widgets import Input

from campaign.tui.screens import forms
from scenarios.dialogs import GameChoice, GameConfirm, GamePathDialog
from scenarios.imperial.screen import InvestorDialog, ScoreScreen
from scenarios.saves import remember_folder, saves_folder
from tests.tui.pilot_helpers import ScenarioHost, screen_lines
from tests.tui.test_scenario_screens import GAMES
from tests.waiting import until

SIZES = [(80, 24), (160, 48)]

DIALOGS = [
    forms.OrderForm,
    forms.ChoicePrompt,
    forms.TextPrompt,
    forms.Confirm,
    forms.TextView,
    forms.NewCampaignForm,
    GamePathDialog,
    GameConfirm,
    GameChoice,
    InvestorDialog,
    ScoreScreen,
]


def _shown_keys(kind: type) -> list[str]:
    """The keys a dialog's footer shows, in its order (the screen's own bindings)."""
    return [
        binding.key
        for bindings in kind._merged_bindings.key_to_bindings.values()
        for binding in bindings
        if isinstance(binding, Binding) and binding.show
    ]


@pytest.mark.parametrize("kind", DIALOGS, ids=lambda kind: kind.__name__)
def test_every_dialog_lists_its_own_keys_then_f1_help(kind: type):
    """DN-SEQ-2 screens (docs/tui.md, "Footer"): a dialog's keys, then `f1 Help`, last."""
    keys = _shown_keys(kind)
    assert keys[-1] == "f1" and keys.count("f1") == 1, keys
    assert "escape" in keys[:-1], keys


@pytest.mark.parametrize("size", SIZES)
def test_the_save_dialog_keeps_the_folder_and_lists_cancel_before_help(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
):
    """Ctrl+S in Imperium Shogi: the footer reads `esc Cancel  f1 Help` as a campaign
    dialog's does; typing a name replaces only the name offered, and Enter saves the game in
    the saves folder, not in the working directory."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    saves = tmp_path / "saves"
    saves.mkdir()
    remember_folder(saves)  # the folder the dialog offers: not the working directory
    assert saves_folder() == saves
    width, height = size

    async def scenario() -> None:
        app: App = ScenarioHost(GAMES["shogi"])
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("ctrl+s")
            await until(
                pilot,
                lambda: isinstance(app.screen, GamePathDialog) and bool(app.screen.query(Input)),
                "the save dialog",
            )
            field = app.screen.query_one(Input)
            offered = field.value
            folder = offered[: offered.rfind(os.sep) + 1]
            assert folder == f"{saves}{os.sep}", offered
            bottom = Region(0, height - 1, width, 1)
            await until(
                pilot, lambda: "Help" in screen_lines(app, bottom)[0], "the dialog's footer"
            )
            footer = screen_lines(app, bottom)[0]
            assert footer.index("Cancel") < footer.index("Help"), footer
            await until(pilot, lambda: field.has_focus, "the field focused")
            await pilot.press(*"mine.txt")
            assert field.value == folder + "mine.txt", field.value
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is screen, "saved")
            assert Path(folder, "mine.txt").is_file()
            assert not (tmp_path / "mine.txt").exists()

    asyncio.run(scenario())


def test_the_campaign_dialogs_field_is_the_same_class():
    """One field for both front ends: the campaign's forms take it from the scenarios."""
    assert forms.FieldInput is GamePathDialog.compose.__globals__["FieldInput"]
