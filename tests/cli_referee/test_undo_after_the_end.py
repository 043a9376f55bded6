"""A plain undo of the order that ended the game (DN-VIC-1, DN-ERR-1; found by use, December 7,
night: a campaign played to its end from the command line, then ``campaign undo``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.cli import main
from tests.cli_referee.conftest import NEUTRALS

#: Set-up and Aslan's raid: a dreadnought and a transport with troops take the undefended
#: Solomani capital in game turn 1; held through the Solomani turn and Aslan's turn 2, it wins.
RAID = [
    "aslan buy B1",
    "aslan buy TR",
    "aslan buy RT-5",
    "aslan end-phase",
    "solomani buy SC",
    "solomani end-phase",
    "aslan deploy A-B1-1 hex:hlirakh",
    "aslan deploy A-TR-1 hex:hlirakh",
    "aslan deploy A-RT-1 box:hlirakh",
    "aslan end-phase",
    "solomani deploy S-SC-1 hex:petrel",
    "solomani end-phase",
    "aslan end-phase",
    "aslan load A-RT-1 A-TR-1",
    "aslan form-stack s A-B1-1,A-TR-1",
    "aslan jump s ftahr,khtaoi,fissure,span,scarp,corredor,orilla,rampart,bastion,redoubt,"
    "marrow,concord",
    "aslan end-phase",
    "aslan interact concord A-TR-1",
]


#: A whole campaign to its end: seconds (docs/testing.md, "The slow marker").
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def ended_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database holding campaign ``war``, which the Aslan won, every side passing after the
    raid; built once, tests work on copies."""
    path = tmp_path_factory.mktemp("ended") / "war.db"
    service = CampaignService(db_url=f"sqlite:///{path}")
    service.create("war", seed=3)
    for system in NEUTRALS:
        service.order("war", f"{service.load('war').state.acting.value} place-neutral {system}")
    for text in RAID:
        service.order("war", text)
    while (state := service.load("war").state).winner is None:
        service.order("war", f"{state.acting.value} pass")
    service.store.dispose()
    return path


@pytest.fixture
def ended(ended_file: Path, tmp_path: Path) -> list[str]:
    """``--db`` of this test's copy of ``ended_file``."""
    copy = tmp_path / "war.db"
    shutil.copyfile(ended_file, copy)
    return ["--db", f"sqlite:///{copy}"]


def test_undoing_the_order_that_ended_the_game_says_so(ended, capsys):
    """DN-VIC-1: it said "cannot undo 'solomani pass': it ended the phase; undo works within the
    current phase only", as if a phase were going on; it names the end and who won."""
    capsys.readouterr()
    assert main(["undo", "war", *ended]) == 1
    assert capsys.readouterr().err.strip() == (
        "campaign: DN-ERR-1: cannot undo 'solomani pass': it ended the game (aslan won, "
        "DN-VIC-1); only a referee override with a reason can revert it (undo --referee REASON)"
    )


def test_a_referee_order_after_the_end_is_undone_as_before(ended, capsys):
    """DN-ERR-1: an order given after the end (the referee's) is still taken back."""
    assert main(["order", "war", 'referee set-ru aslan 5 "a count"', *ended]) == 0
    capsys.readouterr()
    assert main(["undo", "war", *ended]) == 0
    assert "undone: referee set-ru aslan 5" in capsys.readouterr().out
