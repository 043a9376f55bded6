"""Bad turn files are refused with a message naming the problem, and change nothing."""

from __future__ import annotations

import json

import pytest

from campaign import __version__
from campaign.pbem import errors
from campaign.pbem.armour import armour, parse_turn_file
from campaign.pbem.model import SCHEMA_VERSION, TurnFile
from campaign.rules.ids import Side
from tests.pbem.conftest import database_image, resealed
from tests.pbem.helpers import CAMPAIGN, Table


def _refused(table: Table, text: str, error: type[Exception], words: str) -> Exception:
    receiver = table.players[Side.ASLAN]
    before = database_image(receiver)
    with pytest.raises(error) as caught:
        receiver.pbem.import_turn(CAMPAIGN, text, source="turn.json")
    assert words in str(caught.value)
    assert "turn.json" in str(caught.value)
    assert database_image(receiver) == before, "a refused import changed the database"
    return caught.value


def test_good_file_imports(table, file1):  # DN-ERR-1
    done = table.players[Side.ASLAN].pbem.import_turn(CAMPAIGN, file1)
    assert done.exchange == 1 and done.orders == ["solomani place-neutral lantern"]


def test_truncated_json(table, file1):  # DN-ERR-1
    _refused(table, file1[: len(file1) // 2], errors.MalformedTurnFileError, "truncated")


@pytest.mark.parametrize("cut", [8, 100, 0.5, -3])
def test_a_json_file_cut_short_says_it_is_truncated(table, file1, cut):  # DN-ERR-1
    """Found by use, December 8: a JSON turn file cut short (a failed save, a half download)
    read "JSON error at line 65 column 8: Expecting property name enclosed in double
    quotes", as if mistyped; it now says it is truncated, at which line, and what to do. A
    file mistyped in the middle still names the JSON error."""
    end = int(len(file1) * cut) if isinstance(cut, float) else cut
    error = _refused(table, file1[:end], errors.MalformedTurnFileError, "is truncated")
    assert "its JSON stops unfinished at line" in str(error)
    assert "ask its sender for the whole file again" in str(error)
    mistyped = file1.replace('"body": {', '"body": {,', 1)
    _refused(table, mistyped, errors.MalformedTurnFileError, "JSON error at line 2 column")


def test_truncated_armour(table, file1):  # DN-ERR-1
    text = armour(parse_turn_file(file1))
    _refused(table, text[: len(text) // 2], errors.MalformedTurnFileError, "truncated")


@pytest.mark.parametrize("text", ["", "\n\n", b"", "\ufeff", "   \r\n"])
def test_an_empty_file_says_it_is_empty(table, text):  # DN-ERR-1
    # found by use (December 7): a 0-byte file said "JSON error at line 1 column 1: Expecting
    # value", which tells a player nothing about a failed save or an empty attachment
    error = _refused(table, text, errors.MalformedTurnFileError, "the file is empty")
    assert "JSON" not in str(error)


def test_garbage_bytes(table):  # DN-ERR-1
    _refused(table, bytes(range(256)) * 3, errors.MalformedTurnFileError, "not UTF-8")
    _refused(
        table, "hello, this is not a turn file", errors.MalformedTurnFileError, "not a turn file"
    )


def test_edited_without_new_checksum(table, file1):  # DN-ERR-1
    text = file1.replace("place-neutral lantern", "place-neutral span")
    assert text != file1
    _refused(table, text, errors.ChecksumError, "body_sha256")


def test_future_schema_version(table, file1):  # DN-ERR-1
    """Issue 46 item 1: a file of a newer version says so, and says to upgrade."""

    def bump(d):
        d["body"]["header"]["schema_version"] = SCHEMA_VERSION + 1
        d["body"]["header"]["app_version"] = "9.1.0"
        d["body"]["header"]["shiny_new_field"] = True

    _refused(
        table,
        resealed(file1, bump),
        errors.FutureSchemaError,
        f"made by version 9.1.0; this is version {__version__}: upgrade",
    )


@pytest.mark.parametrize("app_version", [__version__, "0.1.0"])
def test_future_schema_version_from_a_version_no_newer(table, file1, app_version):  # DN-ERR-1
    """A higher schema version from a version no newer than this one (a forged or foreign
    file): "upgrade" would not help, so the refusal names both schema versions instead."""

    def bump(d):
        d["body"]["header"]["schema_version"] = 9
        d["body"]["header"]["app_version"] = app_version

    refusal = _refused(
        table,
        resealed(file1, bump),
        errors.FutureSchemaError,
        f"the file has turn-file schema version 9, which this version ({__version__}) does "
        f"not read (it reads versions 1 to {SCHEMA_VERSION}), but it says it was made by "
        f"version {app_version}, no newer than this one",
    )
    assert "upgrade (" not in str(refusal)


@pytest.mark.parametrize(
    ("field", "value", "error", "words"),
    [
        ("campaign_id", "other", errors.WrongCampaignError, "for campaign 'other'"),
        ("profile_hash", "f" * 64, errors.WrongCampaignError, "DN-DATA-4"),
        ("side", "aslan", errors.WrongSideError, "your own side"),
        ("exchange", 2, errors.StaleFileError, "expected file number 1"),
        ("base_seq", 0, errors.MalformedTurnFileError, "head_seq"),
        ("base_hash", "a" * 64, errors.StaleFileError, "histories differ"),
        ("head_seq", 99, errors.MalformedTurnFileError, "head_seq"),
        ("head_hash", "b" * 64, errors.ReplayMismatchError, "event chain"),
        ("head_digest", "c" * 64, errors.ReplayMismatchError, "state digest"),
        ("dice_mode", "seeded", errors.WrongCampaignError, "the file uses seeded dice"),
        ("format", "something-else", errors.MalformedTurnFileError, "not a turn file"),
    ],
)
def test_each_header_field_tampered(table, file1, field, value, error, words):  # DN-ERR-1
    def tamper(d):
        d["body"]["header"][field] = value

    if field == "side":  # issue 33 item 3: a second file "from solomani" to solomani
        receiver = table.players[Side.ASLAN]
        receiver.pbem.import_turn(CAMPAIGN, file1)
        receiver.order("aslan place-neutral span")
        sent = receiver.export().json_text
        solomani = table.players[Side.SOLOMANI]
        before = database_image(solomani)
        forged = resealed(sent, lambda d: d["body"]["header"].__setitem__("side", "solomani"))
        with pytest.raises(error, match=words):
            solomani.pbem.import_turn(CAMPAIGN, forged)
        assert database_image(solomani) == before
        return
    _refused(table, resealed(file1, tamper), error, words)


def test_payload_and_order_tampered(tmp_path):  # DN-ERR-1
    table = Table(tmp_path, armoured=False)
    solomani = table.players[Side.SOLOMANI]
    solomani.order('referee set-ru solomani 120 "bonus"')
    solomani.order("solomani place-neutral lantern")
    text = solomani.export().json_text
    aslan = table.players[Side.ASLAN]
    _refused(table, text, errors.ForeignOrderError, "a referee order in a file from solomani")
    aslan.pbem.allow_referee = True  # the players agreed to this handicap

    def ru(d):
        d["body"]["batches"][0]["events"][0]["payload"]["ru"] = 999

    error = _refused(table, resealed(text, ru), errors.ReplayMismatchError, "the file says 999")
    assert "batch 1" in str(error)

    def swap_batches(d):
        d["body"]["batches"].reverse()

    _refused(table, resealed(text, swap_batches), errors.ReplayMismatchError, "event chain")

    def swap_events(d):  # the events of the two orders swapped, the orders left in place
        first, second = d["body"]["batches"]
        first["events"], second["events"] = second["events"], first["events"]

    error = _refused(
        table,
        resealed(text, swap_events),
        errors.ReplayMismatchError,
        "the file has a 'neutral-placed' event where the rules give",
    )
    assert "batch 1" in str(error)

    def sealed_changed(d):
        event = d["body"]["batches"][1]["events"][0]
        event["sealed"] = "0" * 64

    _refused(table, resealed(text, sealed_changed), errors.ReplayMismatchError, "sealed")
    assert table.players[Side.ASLAN].pbem.import_turn(CAMPAIGN, text).exchange == 1


def test_wrong_campaign_database(tmp_path, file1):  # DN-ERR-1
    other = Table(tmp_path / "other", armoured=False)
    receiver = other.players[Side.ASLAN]
    receiver.service.store.delete_campaign(CAMPAIGN)
    receiver.service.create(CAMPAIGN, seed=12)  # same name, another set-up
    before = database_image(receiver)
    with pytest.raises(errors.TurnFileError, match="histories differ"):
        receiver.pbem.import_turn(CAMPAIGN, file1)
    assert database_image(receiver) == before


def test_replayed_old_file_and_missing_file(table, file1, tmp_path):  # DN-ERR-1
    aslan, solomani = table.players[Side.ASLAN], table.players[Side.SOLOMANI]
    aslan.pbem.import_turn(CAMPAIGN, file1)
    _refused(table, file1, errors.StaleFileError, "already exchanged")
    aslan.order("aslan place-neutral span")
    file2 = aslan.export().json_text
    solomani.pbem.import_turn(CAMPAIGN, file2)
    solomani.order("solomani place-neutral keystone")
    file3 = solomani.export().json_text
    # the old file again, now with a new one waiting: still refused, nothing changed
    _refused(table, file1, errors.StaleFileError, "already exchanged")
    assert aslan.pbem.import_turn(CAMPAIGN, file3).exchange == 3
    # a fourth machine that skipped file 1 is told a file is missing
    late = Table(tmp_path / "late", armoured=False)
    with pytest.raises(errors.StaleFileError, match="earlier file is missing"):
        late.players[Side.ASLAN].pbem.import_turn(CAMPAIGN, file3)


def test_stale_file_after_own_unsent_orders(table, file1):  # DN-ERR-1
    receiver = table.players[Side.ASLAN]
    receiver.order('referee set-ru aslan 50 "house bonus"')
    _refused(table, file1, errors.StaleFileError, "orders given here and not sent")


def test_json_model_validation_message(table, file1):  # DN-ERR-1
    data = json.loads(file1)
    data["body"]["batches"][0]["events"][0]["sealed"] = "nothex"
    error = _refused(table, json.dumps(data), errors.MalformedTurnFileError, "bad turn file")
    assert "sealed" in str(error)


@pytest.mark.parametrize("spelled", ["1", "01", "+1", "1.0e0", "1_0", " 1"])
def test_a_number_written_as_text_is_refused(table, file1, spelled):  # DN-ERR-1
    """ADR 0055: a number of the file is a JSON number; text that spells one is refused with
    the field named (0.2.0 read some such text as a number, "012" yes and "1.2e1" no), and
    nothing is applied, however the file is resealed."""

    def spell(data: dict) -> None:
        data["body"]["header"]["exchange"] = spelled

    error = _refused(table, resealed(file1, spell), errors.MalformedTurnFileError, "bad turn file")
    assert "body.header.exchange: must be a whole number" in str(error)


def test_file_survives_whitespace_and_line_endings(table, file1):  # DN-ERR-1
    turn = TurnFile.model_validate_json(file1)
    compact = turn.model_dump_json()
    crlf = file1.replace("\n", "\r\n")
    for text in (compact, crlf):
        assert parse_turn_file(text).body_sha256 == turn.body_sha256
    assert table.players[Side.ASLAN].pbem.import_turn(CAMPAIGN, crlf).exchange == 1


def test_orders_of_the_other_side_are_refused(table, file1):  # DN-SEQ-2
    """A file from solomani carrying aslan's order is refused on import (solomani's own
    export never writes one: the test below), so a forger adds it here."""

    def forged(data: dict) -> None:
        data["body"]["batches"][0]["order"] = "aslan place-neutral lantern"

    table.players[Side.ASLAN].pbem.allow_referee = True
    _refused(
        table,
        resealed(file1, forged),
        errors.ForeignOrderError,
        "an order of aslan in a file from solomani",
    )


def test_an_export_never_carries_the_other_sides_orders(table):  # DN-SEQ-2
    """Found by use, December 8: solomani's file 1 was written and recorded carrying aslan's
    order given on solomani's machine, for aslan's import to refuse it."""
    solomani = table.players[Side.SOLOMANI]
    solomani.order("aslan place-neutral span")  # given for aslan before the side was recorded
    with pytest.raises(errors.ForeignOrderError, match="would carry aslan's order"):
        solomani.export()
    assert solomani.pbem.ledger.files(CAMPAIGN) == []


@pytest.mark.parametrize(
    "text", ["aslan end-phase\nsolomani end-phase\n", "hello, this is not a turn file"]
)
def test_text_that_is_no_json_nor_armour_says_both(table, text):
    """DN-ERR-1 (found by use, December 7, night): importing an orders file (text) said "not a
    turn file: JSON error at line 1 column 1: Expecting value", as if only JSON were read; it
    says the text is neither a turn file's JSON nor an armoured block."""
    error = _refused(table, text, errors.MalformedTurnFileError, "not a turn file")
    assert str(error).endswith(
        "not a turn file: the text is neither JSON (line 1 column 1: Expecting value) nor an "
        "armoured block (no '-----BEGIN DARK NEBULA TURN FILE-----' line)"
    ), str(error)
