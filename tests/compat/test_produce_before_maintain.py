"""A 0.1.0 turn file that produces before maintaining is refused with DN-ECO-7 and changes
nothing (docs/compatibility.md, "A rules reading changed: maintenance before production").

0.1.0 accepted ``produce`` before ``maintain`` in a Maintenance & Production step; 0.2.0
refuses it until the step's maintenance is resolved (DN-ECO-7, docs/rules-economy.md). A turn
file is imported by playing its orders again, so such a file must be refused whole, with the
rule's message, and the receiver's database must stay as it was.

The file is built the way 0.1.0 built it: Bob, in the recorded game of 0.1.0 at his
Maintenance & Production step of game turn 2, gives ``produce`` then ``maintain`` under 0.1.0's
reading (no maintenance-first check), and the file is written in 0.1.0's format: turn-file
schema 1, ``app_version`` 0.1.0, the head digest of 0.1.0 (the state's key-sorted canonical
JSON), signed with Bob's key. The events of those orders have the same payloads in both
versions (``produce`` and ``maintain`` gained no field).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.pbem import signing
from campaign.pbem.model import TurnBody
from campaign.rules.canonical import canonical_json, digest, sha256_hex
from tests.compat.game import (
    CAMPAIGN,
    TURN_2_AFTER_FILE_18,
    copy_release,
    players_of_0_1_0,
    run,
)

pytestmark = pytest.mark.slow


def _as_0_1_0_wrote_it(text: str, head_state_digest: str, key: Path) -> str:
    """The file ``text`` in 0.1.0's format (schema 1), signed again with ``key``."""
    data = json.loads(text)
    header = data["body"]["header"]
    header["schema_version"] = 1
    header["app_version"] = "0.1.0"
    header["head_digest"] = head_state_digest
    data["signature"] = signing.sign(TurnBody.model_validate(data["body"]), key).model_dump()
    data["body_sha256"] = sha256_hex(canonical_json(data["body"]))
    return json.dumps(data, indent=1)


def _image(db: Path) -> str:
    """A hash of every byte of the SQLite file: any change to it shows."""
    return hashlib.sha256(db.read_bytes()).hexdigest()


def _bobs_file_21(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, orders: list[str]):
    """Alice and Bob of the recorded 0.1.0 game, played on to Bob's Maintenance & Production
    of game turn 2, and Bob's file 21 with ``orders`` given under 0.1.0's reading (no
    maintenance-first check) in 0.1.0's format."""
    release = copy_release("0.1.0", tmp_path / "0.1.0")
    players = players_of_0_1_0(release)
    alice, bob = players["alice"], players["bob"]
    bob.import_file(release / "files" / "f018-aslan.txt")
    for number, (who, given) in enumerate(TURN_2_AFTER_FILE_18[:2], start=19):
        sender, receiver = (bob, alice) if who == "bob" else (alice, bob)
        for text in given:
            sender.order(text)
        receiver.import_file(sender.export(tmp_path / f"f{number:03}.json"))
    with monkeypatch.context() as old_rules:
        old_rules.setattr("campaign.rules.economy.production.maintenance_before", lambda *a: [])
        for text in orders:
            bob.order(text)
        # written under 0.1.0's reading too: this version's export refuses a file carrying
        # an order its rules refuse (tests/compat/test_unsent_order_refused.py)
        made = bob.export(tmp_path / "f021-new.json")
    service = CampaignService(db_url=f"sqlite:///{bob.db}")
    head = digest(service.load(CAMPAIGN).state)  # 0.1.0's digest: key-sorted JSON
    service.store.dispose()
    old_file = tmp_path / "f021-solomani.json"
    old_file.write_text(_as_0_1_0_wrote_it(made.read_text(), head, bob.key))
    return alice, old_file


def _import(alice, path: Path) -> tuple[int, str, str]:
    return run("import", CAMPAIGN, str(path), "--keys", str(alice.trust), *alice.db_args)


def test_a_0_1_0_file_producing_before_maintaining_is_refused(tmp_path, monkeypatch):
    """DN-ECO-7 (docs/compatibility.md): the import names the rule and its reason, and
    Alice's database is byte for byte as before; her status is unchanged."""
    alice, old_file = _bobs_file_21(tmp_path, monkeypatch, ["produce DD 1 hex:concord", "maintain"])
    code, before, _ = run("status", CAMPAIGN, *alice.db_args)
    assert code == 0
    image = _image(alice.db)
    code, out, err = _import(alice, old_file)
    assert code != 0, out
    assert "DN-ECO-7" in err and "maintenance comes first" in err, err
    assert "produce DD 1 hex:concord" in err
    assert _image(alice.db) == image
    code, after, _ = run("status", CAMPAIGN, *alice.db_args)
    assert (code, after) == (0, before)


def test_the_same_file_maintaining_first_imports(tmp_path, monkeypatch):
    """DN-ECO-7: the control: the file built the same way, in the same 0.1.0 format, with
    ``maintain`` first imports, so the refusal above is the rule's, not the format's."""
    alice, old_file = _bobs_file_21(tmp_path, monkeypatch, ["maintain", "produce DD 1 hex:concord"])
    code, out, err = _import(alice, old_file)
    assert code == 0, err
    code, log, _ = run("log", CAMPAIGN, "--type", "units-produced", *alice.db_args)
    assert code == 0 and "solomani produce DD 1 hex:concord" in log, log
