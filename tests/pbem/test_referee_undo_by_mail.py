"""Issue 33 item 1: a referee undo travels in a turn file and imports, and no refused file leaves
either player without a way forward (DN-ERR-1). Played through the CLI with signed files, as
the issue's report did: the undo dead-locked the game before ("unknown order 'undo'", "you
already sent file 3", and `--again` rebuilt the same file)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.cli import main
from campaign.pbem.errors import RefereeOrderError, ReplayMismatchError
from campaign.rules import engine
from campaign.rules.ids import Side
from tests.pbem.conftest import database_image, resealed
from tests.pbem.helpers import CAMPAIGN, Table, cli_databases

NAME = "nebula"
REASON = "aslan misplaced his neutral; we agreed to take it back"


@pytest.fixture
def game(tmp_path: Path) -> dict:
    """Both databases (each records its side), signing keys, and files 1 and 2 exchanged:
    solomani placed a neutral, aslan placed one."""
    keys = tmp_path / "keys"
    game = {"dbs": cli_databases(tmp_path, keys=keys), "keys": keys, "tmp": tmp_path}
    _send(game, "solomani", "solomani place-neutral lantern", 1)
    _send(game, "aslan", "aslan place-neutral span", 2)
    return game


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err and err.count("\n") <= 1
    return code, out, err


def _export(game: dict, side: str, number: int) -> Path:
    path = game["tmp"] / f"t{number}.txt"
    assert (
        main(
            [
                "export",
                NAME,
                "-o",
                str(path),
                "--sign",
                str(game["keys"] / f"{side}.key"),
                *game["dbs"][side],
            ]
        )
        == 0
    )
    return path


def _import(game: dict, side: str, path: Path, *options: str) -> int:
    return main(
        ["import", NAME, str(path), "--keys", str(game["keys"]), *options, *game["dbs"][side]]
    )


def _send(game: dict, side: str, order: str, number: int) -> Path:
    assert main(["order", NAME, order, *game["dbs"][side]]) == 0
    path = _export(game, side, number)
    other = "aslan" if side == "solomani" else "solomani"
    assert _import(game, other, path) == 0
    return path


def _digest(db: list[str]) -> str:
    return engine.state_digest(CampaignService(db_url=db[1]).load(NAME).state)


def test_referee_undo_is_sent_imported_and_play_goes_on(game, capsys):  # DN-ERR-1
    sol, asl = game["dbs"]["solomani"], game["dbs"]["aslan"]
    code, _, err = _run(capsys, "undo", NAME, *sol)
    assert code == 1 and "undo --referee" in err  # plain undo points to the referee undo
    assert _run(capsys, "undo", NAME, "--referee", REASON, *sol)[0] == 0
    t3 = _export(game, "solomani", 3)
    # not agreed: refused, one line, naming both ways forward; nothing stored
    before = _digest(asl)
    code, _, err = _run(capsys, "import", NAME, str(t3), "--keys", str(game["keys"]), *asl)
    assert code == 1 and "referee undo" in err and "--allow-referee" in err
    assert "withdraw" in err and _digest(asl) == before
    # agreed: the receiver re-computes the restored state from its own log and imports
    code, out, _ = _run(
        capsys, "import", NAME, str(t3), "--keys", str(game["keys"]), "--allow-referee", *asl
    )
    assert code == 0 and "file 3 from solomani imported" in out
    assert _digest(asl) == _digest(sol)
    # play goes on: aslan places again (the undo gave the placement back), both stay equal
    _send(game, "aslan", "aslan place-neutral keystone", 4)
    _send(game, "solomani", "solomani place-neutral span", 5)
    assert _digest(asl) == _digest(sol)
    for db in (asl, sol):
        assert _run(capsys, "verify", NAME, *db)[0] == 0


def test_consecutive_referee_undos_travel_and_the_receiver_reverts_the_same_orders(
    game, capsys
):  # DN-ERR-1
    """Two referee undos in a row revert two orders (docs/referee-cli.md): the receiver works
    out each restored state from its own log with the same rule, so the file imports and both
    copies agree; the second undo reverted aslan's placement, not the first undo."""
    sol, asl = game["dbs"]["solomani"], game["dbs"]["aslan"]
    assert _run(capsys, "order", NAME, "solomani place-neutral keystone", *sol)[0] == 0
    code, out, _ = _run(capsys, "undo", NAME, "--referee", "not keystone", *sol)
    assert code == 0 and "reverted: solomani place-neutral keystone" in out, out
    code, out, _ = _run(capsys, "undo", NAME, "--referee", REASON, *sol)
    assert code == 0 and "reverted: aslan place-neutral span" in out, out
    t3 = _export(game, "solomani", 3)
    assert _import(game, "aslan", t3, "--allow-referee") == 0
    assert _digest(asl) == _digest(sol)
    _send(game, "aslan", "aslan place-neutral quillon", 4)
    assert _digest(asl) == _digest(sol)


def test_refused_referee_undo_is_withdrawn_and_play_goes_on(game, capsys):  # DN-ERR-1
    """The receiver does not agree: the sender withdraws the file, undoes the undo (it is no
    longer shared; ``undo --yes``, as an undo of an undo) and sends his own move as file 3
    instead; nothing dead-locks."""
    sol, asl = game["dbs"]["solomani"], game["dbs"]["aslan"]
    assert _run(capsys, "undo", NAME, "--referee", REASON, *sol)[0] == 0
    t3 = _export(game, "solomani", 3)
    capsys.readouterr()
    assert _import(game, "aslan", t3) == 1
    # the refusal names both commands of the way out (found by use: it said "undoes the undo")
    refusal = capsys.readouterr().err
    assert "`campaign withdraw`" in refusal and "`campaign undo --yes`" in refusal, refusal
    code, _, err = _run(
        capsys,
        "export",
        NAME,
        "-o",
        str(game["tmp"] / "x.txt"),
        "--sign",
        str(game["keys"] / "solomani.key"),
        *sol,
    )
    assert code == 1 and "already sent file 3" in err
    code, _, err = _run(capsys, "withdraw", NAME, "2", "--reason", "wrong number", *sol)
    assert code == 1 and "not your last file sent" in err
    code, out, _ = _run(capsys, "withdraw", NAME, "3", "--reason", "aslan refused the undo", *sol)
    assert code == 0 and "withdrawn" in out
    # found by use: "event 6 are orders not yet sent again" (DN-ERR-1)
    assert re.search(r"the orders of events? [0-9-]+ are not sent any more", out), out
    # no longer shared: a plain undo takes the referee undo back, once confirmed (an undo of
    # an undo puts the order it reverted back in force: docs/referee-cli.md)
    code, _, err = _run(capsys, "undo", NAME, *sol)
    assert code == 1 and "confirm that with undo --yes" in err, err
    assert _run(capsys, "undo", NAME, "--yes", *sol)[0] == 0
    t3 = _send(game, "solomani", "solomani place-neutral keystone", 3)
    assert json.loads(_unarmoured(t3))["body"]["header"]["exchange"] == 3
    _send(game, "aslan", "aslan place-neutral quillon", 4)
    assert _digest(asl) == _digest(sol)
    code, out, _ = _run(capsys, "exchanges", NAME, *sol)
    assert "file 3 withdrawn" in out and "aslan refused the undo" in out
    assert "this database plays solomani; signed files since file 1" in out


def test_forged_restored_state_is_refused(tmp_path):  # DN-ERR-1
    """The restored state in the file is compared with the one the receiver computes from its
    own log, never used: a file restoring something else (re-sealed) is refused."""
    table = Table(tmp_path, armoured=False)
    table.play("solomani place-neutral lantern")
    table.play("aslan place-neutral span")
    table.hand_over(Side.SOLOMANI)
    solomani, aslan = table.players[Side.SOLOMANI], table.players[Side.ASLAN]
    solomani.service.undo(CAMPAIGN, referee_reason=REASON)
    text = solomani.export().json_text

    def forge(document: dict) -> None:
        event = document["body"]["batches"][-1]["events"][0]
        if "payload" in event:
            event["payload"]["to_seq"] -= 1
        else:  # sealed: it names face-down neutrals
            event["sealed"] = "0" * 64

    aslan.pbem.allow_referee = True
    before = database_image(aslan)
    with pytest.raises(ReplayMismatchError, match="referee-restored"):
        aslan.pbem.import_turn(CAMPAIGN, resealed(text, forge))
    assert database_image(aslan) == before
    aslan.pbem.import_turn(CAMPAIGN, text)
    assert aslan.digest() == solomani.digest()


def test_the_refusal_names_every_referee_order_in_the_file(tmp_path):  # DN-ERR-1
    """A front end asks the receiver about the referee orders of a file refused for them (the
    TUI's y/n, docs/tui.md): the refusal is typed (``problem`` "referee", not a text to parse)
    and names each of them, a referee undo too, as it names the first; agreed, it imports."""
    table = Table(tmp_path, armoured=False)
    table.play("solomani place-neutral lantern")
    table.play("aslan place-neutral span")
    table.hand_over(Side.SOLOMANI)
    solomani, aslan = table.players[Side.SOLOMANI], table.players[Side.ASLAN]
    head = aslan.service.load(CAMPAIGN).head.seq
    solomani.order('referee set-ru solomani 120 "bonus"')
    solomani.order("solomani place-neutral keystone")
    solomani.service.undo(CAMPAIGN, referee_reason=REASON)
    text = solomani.export().json_text
    with pytest.raises(RefereeOrderError) as refused:
        aslan.pbem.import_turn(CAMPAIGN, text)
    assert refused.value.problem == "referee"
    first, undo = refused.value.orders
    assert first == f"batch 1 ('referee set-ru solomani 120 bonus', from event {head + 1})"
    assert first in refused.value.message  # named as the refusal names it
    assert undo.startswith(f"batch 3 ('referee undo \"{REASON}\"', from event ")
    aslan.pbem.allow_referee = True
    aslan.pbem.import_turn(CAMPAIGN, text)
    assert aslan.digest() == solomani.digest()


def _unarmoured(path: Path) -> str:
    from campaign.pbem.armour import dearmour

    return dearmour(path.read_text()).decode("utf-8")
