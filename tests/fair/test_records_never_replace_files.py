"""A fair-play record or opening never replaces a file it would lose (DN-ERR-1, as bad input;
docs/turn-files.md, "Attributable play"). Found by use, December 7, late night: `campaign
opening duel -o letter.txt --mid-game` and `campaign dispute duel -o KEYS/solomani.key` wrote
over the letter and over the player's private key (a key there is no rotation for), and the
complaint an import writes beside a refused file replaced whatever file already had the name
`FILE.complaint.json`. `export -o` refused the same since December 7, evening. Now each is
written only over an empty file or one of its own kind its side could write again (its own
opening, or its own record of the campaign); anything else is refused naming the path, and
nothing is written."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from campaign.cli import main
from tests.fair.by_mail import CAMPAIGN, FIRST, MailTable, signer, sqlite_image
from tests.fair.cli import run_cli, side_db
from tests.fair.test_cli_fair import NAME, duel  # noqa: F401 - the fixture
from tests.pbem.conftest import resigned


def _first_file(duel: Path, capsys) -> list[str]:  # noqa: F811 - the fixture
    """Solomani's first draw sent in file 1 (so there is a pass and a file to record); his
    database's ``--db``."""
    sol = side_db(duel, "solomani")
    run_cli(capsys, "order", NAME, "solomani place-neutral solace", "--side", "solomani", *sol)
    assert run_cli(capsys, "export", NAME, "-o", str(duel / "turn-1.json"), *sol)[0] == 0
    return sol


def _extra(command: str) -> list[str]:
    return ["--mid-game"] if command == "opening" else ["--reason", "no answer since file 1"]


@pytest.mark.parametrize("command", ["opening", "dispute"])
@pytest.mark.parametrize("target", ["letter", "private key", "turn file"])
def test_a_record_never_replaces_a_file_it_would_lose(
    duel: Path,  # noqa: F811 - the fixture
    capsys,
    keys_home: Path,
    command: str,
    target: str,
) -> None:
    """DN-ERR-1: `opening -o` and `dispute -o` naming a letter, the player's own private key or
    a turn file are refused in one line naming the path; the file is left as
    it was."""
    sol = _first_file(duel, capsys)
    path = {
        "letter": duel / "letter.txt",
        "private key": keys_home / "solomani.key",
        "turn file": duel / "turn-1.json",
    }[target]
    if target == "letter":
        path.write_text("Dear aslan, my move follows.\n")
    before = path.read_bytes()
    code, out, err = run_cli(capsys, command, NAME, "-o", str(path), *sol, *_extra(command))
    assert (code, out) == (1, "")
    assert err.startswith(f"campaign: {path}: ") and err.count("\n") == 1
    assert "nothing was written" in err
    assert path.read_bytes() == before


@pytest.mark.parametrize("command", ["opening", "dispute"])
def test_a_record_replaces_an_empty_file_and_its_own_earlier_one(
    duel: Path,  # noqa: F811 - the fixture
    capsys,
    command: str,
) -> None:
    """DN-ERR-1: an empty file, or the same side's earlier opening or record of this campaign,
    is written over (nothing is lost: the side writes it again); the other side's is not."""
    sol = _first_file(duel, capsys)
    path = duel / f"{command}.json"
    path.write_bytes(b"")
    assert run_cli(capsys, command, NAME, "-o", str(path), *sol, *_extra(command))[0] == 0
    first = path.read_bytes()
    assert first
    assert run_cli(capsys, command, NAME, "-o", str(path), *sol, *_extra(command))[0] == 0
    theirs = json.loads(first)
    body = theirs["body"] if command == "dispute" else theirs
    body["by" if command == "dispute" else "side"] = "aslan"
    path.write_text(json.dumps(theirs))
    before = path.read_bytes()
    code, _, err = run_cli(capsys, command, NAME, "-o", str(path), *sol, *_extra(command))
    assert code == 1 and err.startswith(f"campaign: {path}: ") and path.read_bytes() == before


def _refused_file_one(table: MailTable) -> Path:
    """File 1 of Solomani's hostile machine: two cards of pass 1 swapped, signed again (its
    proof fails at Aslan's import)."""
    table.play("solomani place-neutral solace")
    path = table.files_dir / "turn-001.json"
    table.machines[FIRST].pbem.export_file(CAMPAIGN, FIRST, path)

    def swap(data: dict) -> None:
        deck = data["body"]["fair"]["shuffle"]["decks"]["hex"]
        deck[0], deck[1] = deck[1], deck[0]

    path.write_text(resigned(path.read_text(), swap, signer(path)))
    return path


@pytest.mark.parametrize("there", ["letter", "fifo"])
def test_a_complaint_never_replaces_a_file_beside_the_refused_one(
    tmp_path: Path, capsys, monkeypatch, there: str
) -> None:
    """DN-ERR-1: when `FILE.complaint.json` is a file of the player's (or no file at all: a
    FIFO), the import is refused as before, with one line saying that no complaint was written
    and why; the file there is left as it was, and nothing is stored."""
    table = MailTable(tmp_path)
    refused = _refused_file_one(table)
    complaint = Path(f"{refused}.complaint.json")
    if there == "letter":
        complaint.write_text("notes for the umpire\n")
    else:
        os.mkfifo(complaint)
    aslan = table.machines[FIRST.enemy]
    monkeypatch.setenv("CAMPAIGN_KEYS_HOME", str(aslan.keys))
    before = sqlite_image(aslan.path)
    assert main(["import", CAMPAIGN, str(refused), "--db", f"sqlite:///{aslan.path}"]) == 1
    out, err = capsys.readouterr()
    assert out.startswith(f"no complaint written: {complaint}: ") and out.count("\n") == 1
    assert err.startswith(f"campaign: {refused}: pass 1 of solomani: its proof fails")
    assert err.count("\n") == 1
    assert sqlite_image(aslan.path) == before
    if there == "letter":
        assert complaint.read_text() == "notes for the umpire\n"


@pytest.mark.parametrize("command", ["opening", "dispute"])
def test_a_record_to_standard_output_is_written_there(
    duel: Path,  # noqa: F811 - the fixture
    capsys,
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    """DN-ERR-1 (found by use, December 7, late night): `campaign dispute NAME -o -` wrote a
    file named `-` in the current folder, where `export -o -` and `opening -o -` write to
    standard output; now every one of them does."""
    sol = _first_file(duel, capsys)
    monkeypatch.chdir(duel)
    code, out, err = run_cli(capsys, command, NAME, "-o", "-", *sol, *_extra(command))
    assert (code, err) == (0, "")
    record = json.loads(out)
    assert NAME in (record.get("campaign"), record.get("body", {}).get("campaign"))
    assert not (duel / "-").exists()
