"""Issue 20 item 10 on SQLite and PostgreSQL: over-long campaign names and racing imports of
the same turn file are one clear line / one ``ConflictError``, never a database error."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.app.mail import PbemService
from campaign.cli import main
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from tests.databases import existing_database


@pytest.mark.parametrize("command", ["new", "status", "verify", "log"])
def test_campaign_name_over_200_characters(db_url, capsys, command):  # DN-ERR-1
    """PostgreSQL raised DataError for names longer than the column."""
    existing_database(db_url)  # a read command refuses a missing database
    capsys.readouterr()
    assert main([command, "x" * 201, "--db", db_url]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1
    assert ("200 characters" in err) if command == "new" else ("name too long" in err)


def test_several_imports_of_the_same_file_at_once(db_url, tmp_path: Path):  # DN-ERR-1
    """Four threads import one file into one database: one imports it, the others are told
    why not; the ledger holds the file once."""
    sender = CampaignService(db_url=f"sqlite:///{tmp_path / 'sender.db'}")
    receiver = CampaignService(db_url=db_url)
    for service in (sender, receiver):
        service.create("nebula", seed=11, dice_mode="commit-reveal")
    sender.order("nebula", "solomani place-neutral lantern")
    text = PbemService(sender, side=Side.SOLOMANI).export_turn("nebula", Side.SOLOMANI).json_text
    barrier = threading.Barrier(4)
    outcomes: list[str] = []

    def importer() -> None:
        service = CampaignService(db_url=db_url)
        barrier.wait()
        try:
            PbemService(service, side=Side.ASLAN).import_turn("nebula", text)
            outcomes.append("imported")
        except CampaignError:
            outcomes.append("refused")
        finally:
            service.store.dispose()

    threads = [threading.Thread(target=importer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["imported", "refused", "refused", "refused"]
    assert [f.exchange for f in PbemService(receiver).ledger.files("nebula")] == [1]
