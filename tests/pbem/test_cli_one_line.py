"""Issue 20 items 9 and 10: every failure is one line naming the problem, exit status 1, and
nothing changed; every input is bounded before it is parsed (DN-ERR-1)."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec
import pytest

from campaign.app import CampaignService
from campaign.cli import main
from campaign.pbem.armour import MAX_BYTES
from campaign.records.ledger_rows import PbemEnvelope, PbemFile
from campaign.rules.errors import ConflictError
from campaign.store.ledger import Ledger
from tests.pbem.conftest import resealed

NAME = "nebula"


@pytest.fixture
def game(tmp_path: Path) -> dict[str, object]:
    """Solomani's file 1 (JSON) and both databases."""
    dbs = {}
    for side in ("aslan", "solomani"):
        dbs[side] = ["--db", f"sqlite:///{tmp_path / (side + '.db')}"]
        assert (
            main(["new", NAME, "--seed", "3", "--dice", "commit-reveal", "--as", side, *dbs[side]])
            == 0
        )
    assert main(["order", NAME, "solomani place-neutral lantern", *dbs["solomani"]]) == 0
    turn = tmp_path / "t1.json"
    assert main(["export", NAME, "--side", "solomani", "-o", str(turn), *dbs["solomani"]]) == 0
    return {"dbs": dbs, "turn": turn, "tmp": tmp_path}


def _one_line(capsys, argv: list[str], words: str, code: int = 1) -> str:
    capsys.readouterr()
    assert main(argv) == code
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1 and words in err, err
    return err


def _events(db: list[str]) -> list[str]:
    return [r.hash for r in CampaignService(db_url=db[1]).store.rows(NAME)]


def _forge(game: dict, name: str, text: str) -> str:
    path = game["tmp"] / name  # type: ignore[operator]
    path.write_text(text)
    return str(path)


def test_payload_key_absent_on_one_side_and_null_on_the_other(tmp_path, capsys):  # DN-ERR-1
    """Family StopIteration: the comparison names the extra field instead of crashing."""
    receiver = ["--db", f"sqlite:///{tmp_path / 'a.db'}"]
    sender = ["--db", f"sqlite:///{tmp_path / 's.db'}"]
    for db, side in ((receiver, "aslan"), (sender, "solomani")):
        main(["new", NAME, "--seed", "3", "--dice", "commit-reveal", "--as", side, *db])
    main(["order", NAME, 'referee set-ru solomani 80 "bonus"', *sender])
    main(["order", NAME, "solomani place-neutral lantern", *sender])
    good = tmp_path / "ru.json"
    main(["export", NAME, "--side", "solomani", "-o", str(good), *sender])

    def add_null(data: dict) -> None:
        data["body"]["batches"][0]["events"][0]["payload"]["made_up"] = None

    forged = tmp_path / "null.json"
    forged.write_text(resealed(good.read_text(), add_null))
    before = _events(receiver)
    err = _one_line(
        capsys,
        ["import", NAME, str(forged), "--allow-referee", *receiver],
        "'referee-adjusted'.made_up: the file says None, the rules give nothing",
    )
    assert "batch 1" in err
    _one_line(capsys, ["verify", str(forged), "--allow-referee", *receiver], "made_up")
    assert _events(receiver) == before


def test_two_imports_of_the_same_file_at_once(game):  # DN-ERR-1
    """Family IntegrityError: the loser of a race gets ConflictError, the database is as the
    winner left it (the ledger row of the same file number already exists)."""
    service = CampaignService(db_url=game["dbs"]["aslan"][1])
    ledger = Ledger(service.store)
    head = service.store.head(NAME)

    def record() -> PbemFile:
        return PbemFile(
            campaign_name=NAME,
            exchange=1,
            side="solomani",
            direction="in",
            base_seq=head.seq,
            head_seq=head.seq,
            head_hash=head.hash,
            commitment="0" * 64,
            body_sha256="1" * 64,
        )

    def envelope() -> PbemEnvelope:
        return PbemEnvelope(campaign_name=NAME, exchange=1, header="{}")

    ledger.commit_import(NAME, head.seq, [], record(), "key-1", envelope=envelope())
    before = (
        [msgspec.structs.asdict(f) for f in ledger.files(NAME)],
        service.store.campaign(NAME).dice_seed,
    )
    with pytest.raises(ConflictError, match="another process"):
        ledger.commit_import(NAME, head.seq, [], record(), "key-2", envelope=envelope())
    assert (
        [msgspec.structs.asdict(f) for f in ledger.files(NAME)],
        service.store.campaign(NAME).dice_seed,
    ) == before


def test_read_only_database(game, capsys):  # DN-ERR-1
    """Family OperationalError: order, import and export on a read-only database."""
    path = game["dbs"]["aslan"][1].removeprefix("sqlite:///")
    read_only = ["--db", f"sqlite:///file:{path}?mode=ro&uri=true"]
    _one_line(capsys, ["import", NAME, str(game["turn"]), *read_only], "readonly database")
    # an order this database may give now (the owner's override: the Aslan's database takes
    # no order of the Solomani, DN-SEQ-2), refused only by the write
    _one_line(
        capsys, ["order", NAME, 'referee set-ru aslan 60 "x"', *read_only], "readonly database"
    )
    sol = game["dbs"]["solomani"]
    assert main(["import", NAME, str(game["turn"]), *game["dbs"]["aslan"]]) == 0
    main(["order", NAME, "aslan place-neutral span", *game["dbs"]["aslan"]])
    out = game["tmp"] / "t2.json"
    _one_line(
        capsys, ["export", NAME, "--side", "aslan", "-o", str(out), *read_only], "readonly database"
    )
    assert not out.exists() and sol


@pytest.mark.parametrize("name", ["", " ", "x" * 201, "a/b", "tab\there"])
def test_bad_campaign_names(tmp_path, capsys, name):  # DN-ERR-1
    """Family DataError (names over 200 characters) and item 11 (empty names)."""
    db = ["--db", f"sqlite:///{tmp_path / 'c.db'}"]
    _one_line(capsys, ["new", name, *db], "campaign name")
    assert CampaignService(db_url=db[1]).store.campaigns() == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested"),
        (
            '{"body": {"header": {"format": "dark-nebula-turn-file"}}, "x": '
            + "[" * 70
            + "]" * 70
            + "}",
            "nested deeper than 64",
        ),
        (
            '{"body": {"header": {"format": "dark-nebula-turn-file", "app_version": "\\ud800"}}}',
            "unpaired surrogate",
        ),
        ('{"a": ' + "9" * 5000 + "}", "not a turn file"),
    ],
)
def test_nested_and_surrogate_json(game, capsys, text, words):  # DN-ERR-1
    """Family ValueError: deeply nested, surrogate-laden or absurd JSON is one clear line."""
    path = _forge(game, "bad.json", text)
    before = _events(game["dbs"]["aslan"])
    _one_line(capsys, ["import", NAME, path, *game["dbs"]["aslan"]], words)
    _one_line(capsys, ["verify", path, *game["dbs"]["aslan"]], words)
    assert _events(game["dbs"]["aslan"]) == before


def test_huge_order_string_is_refused_quickly(game, capsys):  # DN-ERR-1
    """Item 9: a 1 MB order in a validly sealed file is refused before tokenising."""

    def huge(data: dict) -> None:
        data["body"]["batches"][0]["order"] = "solomani place-neutral " + "x" * 1_000_000

    path = _forge(game, "huge.json", resealed(game["turn"].read_text(), huge))
    _one_line(capsys, ["import", NAME, path, *game["dbs"]["aslan"]], "at most 1000")


def test_oversized_plain_json_is_refused_before_parsing(game, capsys):  # DN-ERR-1
    """Item 9: like the armour's cap, plain JSON above the limit is refused unread."""
    path = game["tmp"] / "big.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)  # sparse: costs no disk
    _one_line(capsys, ["import", NAME, str(path), *game["dbs"]["aslan"]], "too large")
    _one_line(capsys, ["verify", str(path), *game["dbs"]["aslan"]], "too large")


def test_devices_and_fifos_are_refused(game, capsys):  # DN-ERR-1
    """Item 9: /dev/zero or a FIFO as a turn file or a key file is refused, not read."""
    asl = game["dbs"]["aslan"]
    _one_line(capsys, ["import", NAME, "/dev/zero", *asl], "a device")
    fifo = game["tmp"] / "pipe"
    os.mkfifo(fifo)
    _one_line(capsys, ["import", NAME, str(fifo), *asl], "FIFO")
    main(["import", NAME, str(game["turn"]), *asl])
    main(["order", NAME, "aslan place-neutral span", *asl])
    out = game["tmp"] / "t2.json"
    _one_line(
        capsys,
        ["export", NAME, "--side", "aslan", "-o", str(out), "--sign", "/dev/zero", *asl],
        "a device",
    )
    assert not out.exists()
