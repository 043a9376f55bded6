"""A referee undo that 0.1.0 logged, not yet sent when the player upgraded, goes in the next
turn file and the other player's machine accepts it (docs/compatibility.md: "a game in flight
goes on when one player upgrades"; the event table's row for ``referee-restored``).

0.1.0 wrote a ``referee-restored`` event with the restored state as the dict ``state``;
0.2.0 writes its canonical text, ``state_text``. A receiver re-runs a referee undo from its
own log (``campaign.pbem.position.replay``) and compares the event with the file's copy, so
it must accept the event in the form the file carries it. Found by use (December 7, night):
Alice's 0.1.0 database held ``maintain`` and a referee undo of it when she upgraded; Bob's
0.2.0 refused her next file, even with ``--allow-referee``, with "the sealed (hidden)
'referee-restored' event does not match; the file was altered or made with other rules".
Here Bob, after file 18, holds 0.1.0's referee undo of his first order, and Alice imports his
file 19.

The 0.1.0 undo is made here by this version's undo with 0.1.0's form of the event
(``_as_0_1_0_wrote_it``): for the state of this game it is byte for byte the payload 0.1.0
itself logged (checked by hand with the code of commit ``2f51e36``).
"""

from __future__ import annotations

import json

import pytest

from campaign.app import CampaignService, orders
from campaign.rules.canonical import canonical_json
from campaign.rules.referee import RefereeRestored
from campaign.rules.state import CampaignState
from tests.compat.game import CAMPAIGN, Machine, copy_release, players_of_0_1_0, run

pytestmark = pytest.mark.slow

REFEREE_RESTORATION = orders.referee_restoration


def _as_0_1_0_wrote_it(*args, **kwargs) -> RefereeRestored:
    """The referee undo's event as 0.1.0 logged it: the restored state as a key-sorted dict."""
    made = REFEREE_RESTORATION(*args, **kwargs)
    assert made.state_text is not None
    state = json.loads(canonical_json(CampaignState.from_canonical_text(made.state_text)))
    return RefereeRestored(reason=made.reason, to_seq=made.to_seq, state=state)


def _head_hash(machine: Machine) -> str:
    service = CampaignService(db_url=f"sqlite:///{machine.db}")
    try:
        return service.load(CAMPAIGN).head.hash
    finally:
        service.store.dispose()


def test_a_referee_undo_logged_by_0_1_0_is_sent_and_imported(tmp_path, monkeypatch):
    """DN-ERR-1 (referee undo, agreed with ``--allow-referee``): the file that carries 0.1.0's
    ``referee-restored`` event imports, and both machines end on the same event chain."""
    release = copy_release("0.1.0", tmp_path / "0.1.0")
    players = players_of_0_1_0(release)
    alice, bob = players["alice"], players["bob"]
    bob.import_file(release / "files" / "f018-aslan.txt")
    bob.order("end-phase")
    with monkeypatch.context() as old_tool:
        old_tool.setattr(orders, "referee_restoration", _as_0_1_0_wrote_it)
        code, _, err = run("undo", CAMPAIGN, "--referee", "wrong order", *bob.db_args)
        assert code == 0, err
    service = CampaignService(db_url=f"sqlite:///{bob.db}")
    (logged,) = [row for row in service.load(CAMPAIGN).rows if row.type == "referee-restored"]
    service.store.dispose()
    assert "state" in json.loads(logged.payload) and "state_text" not in logged.payload
    for text in ["end-phase"] * 4:
        bob.order(text)
    sent = bob.export(tmp_path / "f019-solomani.json")
    code, out, err = run(
        "import", CAMPAIGN, str(sent), "--keys", str(alice.trust), "--allow-referee", *alice.db_args
    )
    assert code == 0, err
    assert "file 19 from solomani imported" in out
    assert _head_hash(alice) == _head_hash(bob)
    code, out, err = run("verify", CAMPAIGN, *alice.db_args)
    assert code == 0, err


def test_a_0_1_0_file_with_a_referee_undo_imports(tmp_path):
    """DN-ERR-1: a file 0.1.0 wrote itself (``v0_1_0/extra/f019-solomani-referee-undo.json``:
    Bob on 0.1.0, commit ``2f51e36``, imported file 18, gave ``end-phase``, took it back with
    ``undo --referee oops``, gave ``end-phase`` four times and exported file 19, signed) imports
    on Alice's upgraded machine once she agrees to the referee undo, and is refused, changing
    nothing, while she has not."""
    release = copy_release("0.1.0", tmp_path / "0.1.0")
    alice = players_of_0_1_0(release)["alice"]
    sent = release / "extra" / "f019-solomani-referee-undo.json"
    trust = ["--keys", str(alice.trust)]
    code, _, err = run("import", CAMPAIGN, str(sent), *trust, *alice.db_args)
    assert code != 0 and "referee undo" in err and "--allow-referee" in err, err
    image = alice.db.read_bytes()
    code, out, err = run("import", CAMPAIGN, str(sent), *trust, "--allow-referee", *alice.db_args)
    assert code == 0, err
    assert "file 19 from solomani imported" in out
    assert alice.db.read_bytes() != image
    code, _, err = run("verify", CAMPAIGN, *alice.db_args)
    assert code == 0, err
