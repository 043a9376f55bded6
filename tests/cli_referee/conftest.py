"""A campaign set up to the Aslan first movement (standard layout, seeded), shared by the
referee CLI tests: the three Aslan cruisers of stack ``strike`` can jump to Marrow, where a
Solomani destroyer waits."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from campaign.app import CampaignService
from tests.built_once import built_once

NEUTRALS = [
    "keystone",
    "keystone",
    "lantern",
    "lantern",
    "quillon",
    "quillon",
    "pellow",
    "keystone",
]
SETUP = [
    "aslan buy CL 3",
    "aslan buy TR",
    "aslan buy RT-5",
    "aslan end-phase",
    "solomani buy DD 2",
    "solomani buy CL 2",
    "solomani buy RT-4",
    "solomani buy SC",
    "solomani end-phase",
    "aslan deploy A-CL-1 hex:eawyo",
    "aslan deploy A-CL-2 hex:eawyo",
    "aslan deploy A-CL-3 hex:eawyo",
    "aslan form-stack strike A-CL-1,A-CL-2,A-CL-3",
    "aslan deploy A-TR-1 hex:hlirakh",
    "aslan deploy A-RT-1 box:hlirakh",
    "aslan end-phase",
    "solomani deploy S-DD-1 hex:marrow",
    "solomani deploy S-DD-2 hex:concord",
    "solomani deploy S-CL-1 hex:concord",
    "solomani deploy S-CL-2 hex:concord",
    "solomani deploy S-RT-1 box:concord",
    "solomani deploy S-SC-1 hex:vantage",
    "solomani end-phase",
    "aslan end-phase",
]
TO_MARROW = "hlirakh,ftahr,khtaoi,fissure,span,scarp,corredor,orilla,rampart,bastion,redoubt,marrow"


def set_up(service: CampaignService, name: str = "t") -> None:
    """Create ``name`` and play set-up and the Aslan production (seeded dice)."""
    service.create(name, seed=5)
    for system in NEUTRALS:
        acting = service.load(name).state.acting.value
        service.order(name, f"{acting} place-neutral {system}")
    for text in SETUP:
        service.order(name, text)


def _build_referee_db(directory: Path) -> None:
    """``directory/referee.db`` holding campaign ``t`` at Aslan first movement."""
    service = CampaignService(db_url=f"sqlite:///{directory / 'referee.db'}")
    set_up(service)
    service.store.dispose()


@pytest.fixture(scope="session")
def referee_db_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file holding campaign ``t`` at Aslan first movement, built once per run and
    shared by the workers (set-up takes seconds: ``tests/built_once.py``); tests work on
    copies."""
    return built_once(tmp_path_factory, "referee-db", _build_referee_db) / "referee.db"


@pytest.fixture
def db(tmp_path: Path, referee_db_file: Path) -> list[str]:
    """``--db`` arguments of this test's own copy of the database holding campaign ``t`` at
    Aslan first movement."""
    copy = tmp_path / "referee.db"
    shutil.copyfile(referee_db_file, copy)
    return ["--db", f"sqlite:///{copy}"]
