"""A maintenance roll that cannot fail is not asked for at the table (DN-ECO-7, found by use,
December 7): in a `--dice physical` campaign a ship with maintenance 1 in frontier space keeps
its maintenance whatever the die, so neither `campaign order` on a terminal nor the TUI's dice
prompt asks for a die for it, and the log says it passed without a roll."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.cli import main
from campaign.rules.seats import Seat
from campaign.tui.session import CampaignSession
from tests.cli_referee.conftest import NEUTRALS, SETUP


class _Terminal(io.StringIO):
    """Standard input that is a terminal (empty: any die asked for gives up the order)."""

    def isatty(self) -> bool:
        return True


#: The set-up of ``conftest.SETUP`` with the Aslan transport (maintenance 1) in Wahtoi, a
#: type 2 system: frontier space (DN-ECO-7).
FRONTIER_SETUP = [text.replace("A-TR-1 hex:hlirakh", "A-TR-1 hex:wahtoi") for text in SETUP]


def _at_turn_2(url: str, dice_mode: str, setup: list[str]) -> list[str]:
    """``--db`` of campaign ``p`` (``dice_mode``) set up with ``setup`` and passed on to the
    Aslan Maintenance & Production of game turn 2."""
    service = CampaignService(db_url=url)
    service.create("p", seed=5, dice_mode=dice_mode)
    for system in NEUTRALS:
        service.order("p", f"{service.load('p').state.acting.value} place-neutral {system}")
    for text in setup:
        service.order("p", text)
    while service.load("p").state.turn < 2:
        service.order("p", f"{service.load('p').state.acting.value} pass")
    state = service.load("p").state
    assert (state.turn, state.phasing.value, state.acting.value) == (2, "aslan", "aslan")
    service.store.dispose()
    return ["--db", url]


@pytest.fixture
def table_db(tmp_path: Path) -> list[str]:
    """``--db`` of a physical-dice campaign ``p`` at the Aslan Maintenance & Production of game
    turn 2, where A-TR-1 (maintenance 1) is in frontier space and every other ship civilised."""
    return _at_turn_2(f"sqlite:///{tmp_path / 'table.db'}", "physical", FRONTIER_SETUP)


def test_a_referee_override_types_only_the_dice_that_can_fail(tmp_path, capsys):
    """DN-ECO-7, DN-ERR-1: in a seeded campaign the referee's typed dice (`--referee`) skip
    the transport too: one die for the cruiser in Wahtoi, and `campaign verify` finds the
    batch as stored (its typed dice decide it again the same way)."""
    setup = [text.replace("A-CL-1 hex:eawyo", "A-CL-1 hex:wahtoi") for text in FRONTIER_SETUP]
    setup = [text for text in setup if "form-stack" not in text]
    db = _at_turn_2(f"sqlite:///{tmp_path / 'seeded.db'}", "seeded", setup)
    order = ["order", "p", "aslan maintain", "--referee", "table dice", *db]
    assert main([*order, "--dice", "5"]) == 0
    out = capsys.readouterr().out
    assert "A-CL-1 frontier roll 5 ≥ 3, maintained" in out
    assert "A-TR-1 frontier, maintained without a roll" in out
    assert main(["verify", "p", *db]) == 0
    verified = capsys.readouterr().out
    assert "hash chain intact" in verified and "not the ones" not in verified


def test_the_terminal_asks_no_die_for_maintenance_1(table_db, capsys, monkeypatch):
    """DN-ECO-7: `aslan maintain` on a terminal asks for no die (stdin is empty: a prompt
    would give up the order) and the log says the transport passed without a roll."""
    monkeypatch.setattr("sys.stdin", _Terminal(""))
    assert main(["order", "p", "aslan maintain", *table_db]) == 0
    out = capsys.readouterr().out
    assert "die for" not in out
    assert "A-TR-1 frontier, maintained without a roll (1d6 always reaches 1)" in out
    assert "(DN-ECO-7)" in out
    # the log replays and verifies as it was stored (DN-ERR-1)
    assert main(["verify", "p", *table_db]) == 0
    assert "hash chain intact" in capsys.readouterr().out


def test_dice_given_for_it_are_refused(table_db, capsys):
    """DN-ERR-1: the order rolls no die, so a value typed for the transport is one too many
    and nothing changes."""
    assert main(["order", "p", "aslan maintain", "--dice", "4", *table_db]) == 1
    assert "rolls no dice" in capsys.readouterr().err


def test_the_upkeep_preview_says_it_is_kept(table_db, capsys):
    """DN-ECO-7: `campaign upkeep` says the transport is kept whatever the die."""
    assert main(["upkeep", "p", "--side", "aslan", *table_db]) == 0
    out = capsys.readouterr().out
    assert "kept whatever the die: 1d6 always reaches 1 (DN-ECO-7)" in out
    assert "1 frontier ship with maintenance 1 is kept whatever the die" in out


def test_the_tui_asks_no_die_either(table_db):
    """DN-ECO-7: the TUI's dice prompt (``next_die``, ``dice_needed``) has no die to ask."""
    service = CampaignService(db_url=table_db[1])
    session = CampaignSession(service, "p")
    assert session.seat == Seat.of(None)
    assert session.dice_needed("aslan maintain") == []
    assert session.next_die("aslan maintain", ()) is None
    service.store.dispose()
