"""An export's dry run (``export_file(..., dry_run=True)``): every check of the real export,
nothing written, stored or recorded (found by use, December 7: the TUI asks before a first
export records the side for good, and asked even when the export was then refused)."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.pbem.errors import StaleFileError, TurnFileError
from campaign.rules.ids import Side
from campaign.userfiles import FileRefusedError
from tests.pbem.helpers import CAMPAIGN, Player


def _player(tmp_path: Path) -> Player:
    player = Player(Side.SOLOMANI, tmp_path / "solomani.db")
    player.create()
    return player


def _nothing_recorded(player: Player) -> bool:
    mail = player.pbem.record(CAMPAIGN)
    return not mail.files and mail.player is None


def test_a_dry_run_refuses_what_the_export_refuses_and_records_nothing(tmp_path: Path) -> None:
    """DN-SEQ-2: with no order to send, into a missing folder, or after a file already sent,
    the dry run gives the real export's refusal; nothing is written or recorded."""
    player, turn = _player(tmp_path), tmp_path / "turn-1.txt"
    pbem = player.pbem
    with pytest.raises(TurnFileError, match="nothing to send"):
        pbem.export_file(CAMPAIGN, Side.SOLOMANI, turn, dry_run=True)
    player.order("solomani place-neutral lantern")
    with pytest.raises(FileRefusedError, match="does not exist"):
        pbem.export_file(CAMPAIGN, Side.SOLOMANI, tmp_path / "no" / "t.txt", dry_run=True)
    head = player.service.load(CAMPAIGN).head.seq
    made = pbem.export_file(CAMPAIGN, Side.SOLOMANI, turn, dry_run=True)
    assert made.turn.header.exchange == 1 and made.turn.header.head_seq == head
    assert not turn.exists() and _nothing_recorded(player)
    assert player.service.load(CAMPAIGN).head.seq == head
    assert not list(tmp_path.glob("*.tmp*")) and not list(tmp_path.glob(".*turn*"))
    pbem.export_file(CAMPAIGN, Side.SOLOMANI, turn)  # the real one: written and recorded
    assert turn.exists() and not _nothing_recorded(player)
    with pytest.raises(StaleFileError, match="you already sent file 1"):
        pbem.export_file(CAMPAIGN, Side.SOLOMANI, tmp_path / "turn-2.txt", dry_run=True)
    assert not (tmp_path / "turn-2.txt").exists()
