"""An export's dry run (``export_file(..., dry_run=True)``): every check of the real export,
nothing written, stored or recorded (found by use, December 7: the TUI asks before a first
export records the side for good, and asked even when the export was then refused)."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.pbem.errors import StaleFileError, TurnFileError
from campaign.rules.ids import Side
from campaign.userfiles import FileRefusedError
from tests.fair.by_mail import CAMPAIGN as FAIR
from tests.fair.by_mail import PLACES, MailTable
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


@pytest.mark.slow
def test_a_dry_run_in_fair_mode_gives_no_fair_play_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DN-SEQ-2, fair mode: the real export first stores the side's own fair-play orders (its
    share of the counter it placed); the dry run checks the same export and stores none."""
    table = MailTable(tmp_path / "files")
    for number, system in enumerate(PLACES[:4]):
        table.play(f"{('solomani', 'aslan')[number % 2]} place-neutral {system}")
    aslan = table.machines[Side.ASLAN]
    monkeypatch.setenv("CAMPAIGN_KEYS_HOME", str(aslan.keys))
    head = aslan.service.load(FAIR).head.seq
    files = len(aslan.pbem.record(FAIR).files)
    turn = tmp_path / "turn-4.json"
    made = aslan.pbem.export_file(FAIR, Side.ASLAN, turn, dry_run=True)
    assert made.turn.header.head_seq == head and not turn.exists()
    assert aslan.service.load(FAIR).head.seq == head
    assert len(aslan.pbem.record(FAIR).files) == files
    aslan.pbem.export_file(FAIR, Side.ASLAN, turn)  # the real one stores its share first
    assert aslan.service.load(FAIR).head.seq > head and turn.exists()


def test_nothing_to_send_says_to_wait_when_the_other_side_acts(tmp_path: Path) -> None:
    """DN-SEQ-2, DN-NEU-1, found by use (December 8): at the start of a game by e-mail the
    Solomani open; the Aslan player's export said "nothing to send …; give your orders
    first", and he had none to give. It says that the Solomani act and how to take their
    file; the Solomani player, who has orders to give, is still told to give them."""
    aslan = Player(Side.ASLAN, tmp_path / "aslan.db")
    aslan.create()
    with pytest.raises(TurnFileError, match="nothing to send") as refused:
        aslan.pbem.export_file(CAMPAIGN, Side.ASLAN, tmp_path / "turn-1.txt", dry_run=True)
    said = str(refused.value)
    assert "give your orders" not in said, said
    assert "solomani must act now" in said and "campaign import" in said, said
    solomani = _player(tmp_path)
    with pytest.raises(TurnFileError, match="give your orders first"):
        solomani.pbem.export_file(CAMPAIGN, Side.SOLOMANI, tmp_path / "t.txt", dry_run=True)
