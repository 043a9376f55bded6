"""Issue 33 items 2, 3 and 6 on every store driver (SQLite through sqlite3 and SQLAlchemy, and
PostgreSQL when ``CAMPAIGN_TEST_PG_URL`` is set): what a database agreed for play by e-mail (its
side, signed files) is recorded durably in the ledger tables, and a NUL in a reason is refused
at input the same way on every backend (DN-ERR-1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.app.mail import PbemService
from campaign.pbem import errors
from campaign.pbem.model import TurnFile
from campaign.pbem.signing import generate_keys
from campaign.rules.canonical import sha256_hex
from campaign.rules.errors import CampaignError, InvalidOrderError
from campaign.rules.ids import Side
from campaign.store.repository import Store

NAME = "nebula"


def _player(url: str, side: Side | None, keys: Path | None) -> PbemService:
    service = CampaignService(Store(url))
    counter = iter(range(1, 1000))
    return PbemService(
        service, keys, side=side, new_secret=lambda: sha256_hex(f"secret {url} {next(counter)}")
    )


@pytest.fixture
def keys(tmp_path: Path) -> Path:
    directory = tmp_path / "keys"
    for side in ("aslan", "solomani"):
        generate_keys(directory, side)
    return directory


def _unsigned(text: str) -> str:
    """The same file without its signature (the checksum covers the body only)."""
    turn = TurnFile.model_validate_json(text)
    return TurnFile.seal(turn.body).to_json()


def test_signatures_once_seen_are_required_for_good(db_url, tmp_path, keys):  # DN-ERR-1
    """Item 2: after a signed file, an unsigned copy of the next one is refused with the right
    keys, with no keys directory, with a keys directory lacking the key, and by a fresh service
    on the same database (the record is durable); a missing keys directory is an error."""
    sender = _player(f"sqlite:///{tmp_path / 's.db'}", Side.SOLOMANI, keys)
    receiver = _player(db_url, Side.ASLAN, keys)
    for player in (sender, receiver):
        player.service.create(NAME, seed=11, dice_mode="commit-reveal")
    sender.service.order(NAME, "solomani place-neutral lantern")
    signing_key = keys / "solomani.key"
    receiver.import_turn(
        NAME, sender.export_turn(NAME, Side.SOLOMANI, sign_with=signing_key).json_text
    )
    receiver.service.order(NAME, "aslan place-neutral span")
    with pytest.raises(errors.SignatureError, match="sign this one too"):
        receiver.export_turn(NAME, Side.ASLAN)
    sender.import_turn(
        NAME, receiver.export_turn(NAME, Side.ASLAN, sign_with=keys / "aslan.key").json_text
    )
    sender.service.order(NAME, "solomani place-neutral keystone")
    signed = sender.export_turn(NAME, Side.SOLOMANI, sign_with=signing_key).json_text
    unsigned = _unsigned(signed)
    empty = tmp_path / "empty-keys"
    empty.mkdir()
    head = receiver.service.store.head(NAME)
    for keys_dir in (keys, None, empty):
        fresh = _player(db_url, Side.ASLAN, keys_dir)  # another process, same database
        with pytest.raises(errors.SignatureError, match="not signed.*since file 1"):
            fresh.import_turn(NAME, unsigned)
        fresh.service.store.dispose()
    for keys_dir, words in (
        (None, "no keys directory was given"),
        (empty, "has no solomani.pub"),
        (tmp_path / "no-such-dir", "no such keys directory"),
    ):
        fresh = _player(db_url, Side.ASLAN, keys_dir)
        with pytest.raises(errors.SignatureError, match=words):
            fresh.import_turn(NAME, signed)
        fresh.service.store.dispose()
    assert receiver.service.store.head(NAME) == head
    assert receiver.import_turn(NAME, signed).exchange == 3
    assert receiver.ledger.player(NAME).signed_since == 1


def test_a_missing_keys_directory_is_an_error_without_signatures_too(db_url, tmp_path):
    # DN-ERR-1, item 2: a mistyped --keys never means "do not check"
    sender = _player(f"sqlite:///{tmp_path / 's.db'}", Side.SOLOMANI, None)
    receiver = _player(db_url, Side.ASLAN, tmp_path / "kyes")
    for player in (sender, receiver):
        player.service.create(NAME, seed=11, dice_mode="commit-reveal")
    sender.service.order(NAME, "solomani place-neutral lantern")
    text = sender.export_turn(NAME, Side.SOLOMANI).json_text
    with pytest.raises(errors.SignatureError, match="kyes: no such keys directory"):
        receiver.import_turn(NAME, text)
    assert receiver.ledger.files(NAME) == []


def test_the_side_is_agreed_with_the_first_file(db_url, tmp_path):  # DN-ERR-1
    """Item 3: the aslan player cannot send file 1 as solomani to the solomani player, and a
    database that has not said which side it plays is asked to before its first import."""
    # no side recorded yet: the first export records the side it is told (`export --as`)
    cheat = _player(f"sqlite:///{tmp_path / 'cheat.db'}", Side.SOLOMANI, None)
    honest = _player(db_url, Side.SOLOMANI, None)
    for player in (cheat, honest):
        player.service.create(NAME, seed=11, dice_mode="commit-reveal")
    cheat.service.order(NAME, "solomani place-neutral lantern")  # solomani's first move
    forged = cheat.export_turn(NAME, Side.SOLOMANI).json_text
    with pytest.raises(errors.WrongSideError, match="your own side"):
        honest.import_turn(NAME, forged)
    undecided = _player(db_url, None, None)
    with pytest.raises(errors.WrongSideError, match="--as aslan"):
        undecided.import_turn(NAME, forged)
    assert honest.ledger.files(NAME) == [] and honest.ledger.player(NAME) is None
    # the side is recorded with the first export (the cheat's database now plays solomani)
    assert cheat.ledger.player(NAME).side == "solomani"
    with pytest.raises(errors.WrongSideError, match="plays solomani"):
        _player(f"sqlite:///{tmp_path / 'cheat.db'}", Side.ASLAN, None).own_side(NAME)


@pytest.mark.parametrize("how", ["referee undo", "set-ru reason", "typed dice", "repin"])
def test_a_nul_in_a_reason_is_refused_alike_on_every_backend(db_url, how):  # DN-ERR-1
    """Item 6: SQLite stored a NUL that PostgreSQL cannot; now it is refused at input, with the
    same message on every backend, and nothing is stored."""
    service = CampaignService(Store(db_url))
    service.create(NAME, seed=11)
    service.order(NAME, "solomani place-neutral lantern")
    head = service.store.head(NAME)
    with pytest.raises(CampaignError, match="control character U\\+0000") as refused:
        if how == "referee undo":
            service.undo(NAME, referee_reason="misclick\x00")
        elif how == "set-ru reason":
            service.order(NAME, 'referee set-ru aslan 5 "bonus\x00"')
        elif how == "typed dice":
            from campaign.app import TypedDice

            service.order(NAME, "aslan place-neutral span", typed=TypedDice((3,), "a\x00b"))
        else:
            service.repin(NAME, "new data\x00")
    assert isinstance(refused.value, InvalidOrderError)
    assert service.store.head(NAME) == head
