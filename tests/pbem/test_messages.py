"""Issue 33 item 8: refusals say the right thing in plain words (DN-ERR-1): `resolve` knows which
side is the player's own, `--accept-dice` after the first file says it had no effect, and no
pydantic or Python wording reaches the player."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaign.cli import main
from campaign.pbem import errors
from campaign.pbem.armour import parse_turn_file
from campaign.rules.errors import CampaignError
from campaign.rules.notation import parse_order
from tests.pbem.conftest import resealed
from tests.pbem.helpers import cli_databases

NAME = "nebula"
#: Words of pydantic and Python that must never reach a player.
FOREIGN_WORDS = (
    "Value error",
    "Input should",
    "pydantic",
    "validation error for",
    "Traceback",
    "type=",
    "input_value",
    "errors.pydantic.dev",
    "function-after",
    "[type=",
    # msgspec's own wording (ADR 0055: its errors are worded as pydantic's were)
    "Expected `",
    "- at `$",
    "Object contains unknown field",
    "Object missing required field",
    "Invalid enum value",
    "msgspec",
)


def plain(message: str) -> bool:
    """True when ``message`` is one line without pydantic or Python wording."""
    return "\n" not in message.strip() and not any(w in message for w in FOREIGN_WORDS)


@pytest.fixture
def dbs(tmp_path: Path) -> dict[str, list[str]]:
    return cli_databases(tmp_path)


def test_resolve_names_the_other_side_as_the_other_side(dbs, tmp_path, capsys):  # DN-ERR-1
    """The solomani player resolving with aslan's file was told aslan is "your own side"."""
    sol, asl = dbs["solomani"], dbs["aslan"]
    t1, t2 = tmp_path / "t1.json", tmp_path / "t2.json"
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    main(["export", NAME, "-o", str(t1), *sol])
    main(["import", NAME, str(t1), *asl])
    main(["order", NAME, "aslan place-neutral span", *asl])
    main(["export", NAME, "-o", str(t2), *asl])
    assert main(["import", NAME, str(t2), *sol]) == 0
    capsys.readouterr()
    assert main(["resolve", NAME, str(t2), "--reason", "test", *sol]) == 1
    err = capsys.readouterr().err
    assert "your own side" not in err and "did not cross one of yours" in err
    assert main(["resolve", NAME, str(t1), "--reason", "test", *sol]) == 1
    assert "from solomani, your own side" in capsys.readouterr().err


def test_accept_dice_after_the_first_file_says_it_did_nothing(dbs, tmp_path, capsys):
    # DN-ERR-1: the option was silently ignored after the first file
    sol, asl = dbs["solomani"], dbs["aslan"]
    t1, t2 = tmp_path / "t1.json", tmp_path / "t2.json"
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    main(["export", NAME, "-o", str(t1), *sol])
    capsys.readouterr()
    assert main(["import", NAME, str(t1), "--accept-dice", "commit-reveal", *asl]) == 0
    assert "no effect" not in capsys.readouterr().out  # the first file: it counted
    main(["order", NAME, "aslan place-neutral span", *asl])
    main(["export", NAME, "-o", str(t2), *asl])
    capsys.readouterr()
    assert main(["import", NAME, str(t2), "--accept-dice", "seeded", *sol]) == 0
    out = capsys.readouterr().out
    assert "note: --accept-dice seeded had no effect" in out and "(commit-reveal)" in out


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (
            lambda d: d["body"]["batches"][0]["events"][0].__setitem__("payload", {"type": "x"}),
            "body.batches.0.events.0: an event has exactly one of 'payload' and 'sealed'",
        ),
        (
            lambda d: d["body"]["header"].__setitem__("head_seq", 40),
            "body: head_seq 40 is not base_seq",
        ),
        (
            lambda d: d["body"]["header"].__setitem__("exchange", "one"),
            "body.header.exchange: must be a whole number",
        ),
        (
            lambda d: d["body"]["header"].__setitem__("exchange", 0),
            "body.header.exchange: must be at least 1",
        ),
        (
            lambda d: d["body"]["header"].__setitem__("side", "referee"),
            "body.header.side: must be ",
        ),
        (
            lambda d: d["body"]["header"].__setitem__("extra", 1),
            "body.header.extra: is not a field here",
        ),
        (lambda d: d["body"]["header"].pop("base_hash"), "body.header.base_hash: is missing"),
        (
            lambda d: d["body"]["dice"].__setitem__("commitment", "xyz"),
            "body.dice.commitment: does not have the expected form",
        ),
    ],
)
def test_turn_file_shape_errors_are_plain_sentences(tmp_path, change, field):  # DN-ERR-1
    """About 420 fuzzed files were refused with "Value error, ..." (pydantic's wording)."""
    from tests.pbem.helpers import Table

    table = Table(tmp_path, armoured=False)
    table.play("solomani place-neutral lantern")
    from campaign.rules.ids import Side

    text = table.players[Side.SOLOMANI].export().json_text
    with pytest.raises(errors.MalformedTurnFileError) as refused:
        parse_turn_file(resealed(text, change), "t.json")
    message = refused.value.message
    assert message.startswith("t.json: bad turn file: ") and field in message
    assert plain(message), message


@pytest.mark.parametrize(
    "text",
    [
        'referee set-ru aslan 20000 "x"',
        'referee set-ru aslan -1 "x"',
        'referee set-ru nobody 5 "x"',
        'referee set-ru aslan 5 ""',
        "aslan buy CL many",
    ],
)
def test_order_field_errors_are_plain_sentences(text):  # DN-ERR-1
    with pytest.raises(CampaignError) as refused:
        parse_order(text)
    assert plain(refused.value.message), refused.value.message


def test_a_seed_game_of_the_wrong_shape_is_one_plain_line(tmp_path, capsys):  # DN-ERR-1
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"name": "x", "dice_seed": 5, "start_digest": "d"}))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"campaign: {path}: not a seed game: dice_seed: must be text")
    assert plain(err), err


def test_the_import_line_shows_the_digest_status_shows(dbs, tmp_path, capsys):
    """DN-NEU-1: `import` printed the whole state's digest ("state digest 6ee7142f563d") while
    `status` on the same database, at the same event, printed the digest of the player's view
    (e60d020b…): the two players could not compare them, and the whole state's digest is the
    one a player must not be shown (it lets him test guesses about face-down counters)."""
    sol, asl = dbs["solomani"], dbs["aslan"]
    t1 = tmp_path / "t1.json"
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    main(["export", NAME, "-o", str(t1), *sol])
    capsys.readouterr()
    assert main(["import", NAME, str(t1), *asl]) == 0
    imported = capsys.readouterr().out.splitlines()[0]
    assert main(["status", NAME, "--json", *asl]) == 0
    shown = json.loads(capsys.readouterr().out)["digest"]
    file_digest = parse_turn_file(t1.read_text()).header.head_digest
    assert shown != file_digest  # a face-down counter is hidden from the view
    assert imported.endswith(f"state digest {shown[:12]}"), imported


def test_a_turn_file_saved_with_a_byte_order_mark_imports(dbs, tmp_path, capsys):
    """DN-ERR-1: a JSON turn file re-saved by an editor as "UTF-8 with BOM" was refused with
    Python's words: "JSON error at line 1 column 1: Unexpected UTF-8 BOM (decode using
    utf-8-sig)". The mark is no content; the checksum covers the parsed body."""
    sol, asl = dbs["solomani"], dbs["aslan"]
    t1 = tmp_path / "t1.json"
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    main(["export", NAME, "-o", str(t1), *sol])
    t1.write_bytes(b"\xef\xbb\xbf" + t1.read_bytes())
    capsys.readouterr()
    assert main(["import", NAME, str(t1), *asl]) == 0, capsys.readouterr().err
    assert "file 1 from solomani imported" in capsys.readouterr().out


def test_the_wrong_campaign_is_named_once(dbs, tmp_path, capsys):  # DN-ERR-1
    """The refusal said the name twice: "the file is for campaign 'other', not 'nebula'
    ('nebula')"."""
    sol, asl = dbs["solomani"], dbs["aslan"]
    main(["new", "other", "--seed", "3", "--dice", "commit-reveal", "--as", "solomani", *sol])
    main(["new", "other", "--seed", "3", "--dice", "commit-reveal", "--as", "aslan", *asl])
    t1 = tmp_path / "t1.json"
    main(["order", "other", "solomani place-neutral lantern", *sol])
    main(["export", "other", "-o", str(t1), *sol])
    capsys.readouterr()
    assert main(["import", NAME, str(t1), *asl]) == 1
    err = capsys.readouterr().err
    assert plain(err)
    assert "the file is for campaign 'other', not 'nebula'; import it into the right" in err
