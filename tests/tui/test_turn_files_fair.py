"""The TUI's turn-file exchange in fair mode (issue 34, DN-PBM-*): what the player's screen
holds after an export that stored his side's own fair-play orders, and the notes of an import.

Two machines play by turn files through ``tests.fair.by_mail``; one side's export and import
go through ``CampaignSession`` as the mail tab calls them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.rules.ids import Side
from campaign.tui.session import CampaignSession
from tests.fair.by_mail import CAMPAIGN, PLACES, MailTable


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def _place(table: MailTable, count: int) -> None:
    """The first ``count`` neutral placements, files going over as in play."""
    for number, system in enumerate(PLACES[:count]):
        table.play(f"{('solomani', 'aslan')[number % 2]} place-neutral {system}")


def test_an_export_that_stores_fair_orders_leaves_the_screen_on_the_new_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Fair mode: the export first stores the side's own fair-play orders (its share of the
    counter it placed); the session shows the campaign as it now stands, not the state before
    (the screen kept saying "waiting for …'s reveal")."""
    table = MailTable(tmp_path / "files")
    _place(table, 4)
    aslan = table.machines[Side.ASLAN]
    monkeypatch.setenv("CAMPAIGN_KEYS_HOME", str(aslan.keys))  # Aslan's own keys home
    session = CampaignSession(aslan.service, CAMPAIGN, viewer=Side.ASLAN)
    before = session.loaded.head.seq

    session.export_turn(Side.ASLAN, str(tmp_path / "turn-4.json"))

    stored = aslan.service.load(CAMPAIGN).head.seq
    assert stored > before  # the export stored orders of its own
    assert session.loaded.head.seq == stored
    assert session.state.canonical_text() == aslan.service.load(CAMPAIGN).state.canonical_text()
    assert f"event {stored}" in session.phase_lines()[1]


def test_an_import_tells_which_fair_play_orders_this_machine_gave(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """The import's notes reach the screen, one ``note:`` line each after the line of the
    file: here the seal of the deck Solomani's machine gave on receiving pass 2 (DN-PBM)."""
    table = MailTable(tmp_path / "files")
    solomani = table.machines[Side.SOLOMANI]
    path = tmp_path / "turn-1.json"
    solomani.pbem.export_file(CAMPAIGN, Side.SOLOMANI, path)
    table.machines[Side.ASLAN].pbem.import_turn(CAMPAIGN, path.read_bytes(), source=path.name)
    reply = tmp_path / "turn-2.json"
    table.machines[Side.ASLAN].pbem.export_file(CAMPAIGN, Side.ASLAN, reply)
    monkeypatch.setenv("CAMPAIGN_KEYS_HOME", str(solomani.keys))  # Solomani's keys home
    session = CampaignSession(solomani.service, CAMPAIGN, viewer=Side.SOLOMANI)

    lines = session.import_turn(str(reply)).split("\n")

    assert lines[0].startswith(f"{reply}: file 2 from aslan imported")
    notes = lines[1:]
    assert notes and all(note.startswith("note: ") for note in notes)
    assert any("fair play: your machine gave `solomani seal-deck" in note for note in notes)
