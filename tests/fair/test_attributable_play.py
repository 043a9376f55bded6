"""Issue 42 item 4, attributable play: fair mode signs every turn file by default, a receiver
refuses an unsigned or wrongly signed fair file naming its side, and a cheat or an abort leaves
a signed record that ``campaign audit FILES...`` checks on the files alone (no database),
naming who cheated or stopped and where (ADR 0028, docs/turn-files.md "Attributable play").

Each test plays two machines by turn files (``tests.fair.by_mail``); the hostile machine is the
sender of the file at fault: it signs what it forged with its own key, as a modified client
would.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from campaign.cli import main
from campaign.pbem.errors import FairPlayFileError, SignatureError
from campaign.rules import fairplay
from tests.fair.by_mail import CAMPAIGN, FIRST, MailTable, signer, sqlite_image
from tests.pbem.conftest import resealed, resigned

SECOND = FIRST.enemy


def _export(table: MailTable, side, number: int) -> Path:
    path = table.files_dir / f"turn-{number:03}.json"
    table.machines[side].pbem.export_file(CAMPAIGN, side, path)
    return path


def _import(table: MailTable, side, path: Path) -> None:
    table.machines[side].pbem.import_turn(CAMPAIGN, path.read_bytes(), source=path.name)


def _refused_signature(table: MailTable, side, path: Path) -> str:
    """``side``'s machine refuses ``path`` for its signature and stores nothing."""
    before = sqlite_image(table.machines[side].path)
    with pytest.raises(SignatureError) as refused:
        _import(table, side, path)
    assert sqlite_image(table.machines[side].path) == before
    return str(refused.value)


def _umpire_keys(table: MailTable, tmp_path: Path) -> Path:
    """The umpire's folder of both players' public keys (given to him by each player)."""
    folder = tmp_path / "umpire-keys"
    folder.mkdir()
    for side, machine in table.machines.items():
        shutil.copyfile(machine.keys / f"{side.value}.pub", folder / f"{side.value}.pub")
    return folder


def _audit(capsys, *argv: str) -> tuple[int, str]:
    code = main(["audit", *argv])
    out, err = capsys.readouterr()
    assert err == ""
    return code, out


def test_fair_mode_signs_every_file_and_refuses_an_unsigned_one(tmp_path) -> None:
    """Issue 42 item 4 (an unsigned fair file): every file of an honest fair game is signed by
    its sender's key, made at creation; Solomani's machine sends file 1 without its signature
    (its checksum intact): Aslan's machine refuses it, naming Solomani, and stores nothing."""
    table = MailTable(tmp_path)
    table.play("solomani place-neutral solace")
    path = _export(table, FIRST, 1)
    data = json.loads(path.read_text())
    assert data["signature"]["key_id"]  # signed by default (no --sign given)
    del data["signature"]
    path.write_text(json.dumps(data))
    error = _refused_signature(table, SECOND, path)
    assert "file 1 from solomani is not signed: fair mode refuses an unsigned file" in error


def test_a_forged_file_resealed_is_refused_by_its_signature(tmp_path) -> None:
    """Issue 42 item 4 (a resealed forged file): Solomani's file 3 with its share of token-1
    replaced and its checksum made good again (by anyone but Solomani) is refused as a
    signature that does not match, naming Solomani; signed again by Aslan's key instead, it
    is refused as signed by another key than Solomani's. Nothing is stored either time."""
    table = MailTable(tmp_path)
    table.play("solomani place-neutral solace")
    _import(table, SECOND, _export(table, FIRST, 1))
    _import(table, FIRST, _export(table, SECOND, 2))
    file3 = _export(table, FIRST, 3)
    honest = file3.read_text()

    def forge(data: dict) -> None:
        for batch in data["body"]["batches"]:
            if " share token-1 " in batch["order"]:
                share = batch["order"].rsplit(" ", 1)[1]
                batch["order"] = batch["order"].replace(share, "07" + "00" * 31)
                batch["events"][0]["payload"]["share"] = "07" + "00" * 31

    file3.write_text(resealed(honest, forge))
    error = _refused_signature(table, SECOND, file3)
    assert "file 3 from solomani: the signature does not match the content" in error
    file3.write_text(resigned(honest, forge, table.machines[SECOND].private_key()))
    error = _refused_signature(table, SECOND, file3)
    assert "file 3 from solomani: signed with key" in error and "solomani's configured" in error


def test_the_audit_on_files_names_the_cheater_of_a_bad_proof(tmp_path, capsys, monkeypatch) -> None:
    """Issue 42 item 4 (a failed proof, signed): Solomani's hostile machine stacks its pass 1
    (AT-8/1 in place of a JT-4 card) and signs file 1. Aslan's `campaign import` refuses it
    (bad proof) and writes a complaint signed by Aslan beside it. The umpire's `campaign audit`,
    with both public keys and no database, names Solomani: bad proof in file 1, pass 1 — from
    the complaint, and from the signed file alone; Aslan's own signature on a complaint cannot
    be replaced by a third party."""
    table = MailTable(tmp_path)
    table.play("solomani place-neutral solace")
    file1 = _export(table, FIRST, 1)
    solomani = table.machines[FIRST]
    public = fairplay.decks(solomani.service.load(CAMPAIGN).ruleset)
    secrets = solomani.pbem.fair.secrets(solomani.pbem.record(CAMPAIGN), public)
    assert secrets is not None
    order = secrets.permutations["box"]
    at8 = order.index(public["box"].index("neutral:AT-8/1"))
    jt4 = order.index(public["box"].index("neutral:JT-4/1"))

    def stack(data: dict) -> None:
        made = data["body"]["fair"]["shuffle"]
        made["decks"]["box"][jt4] = made["decks"]["box"][at8]

    file1.write_text(resigned(file1.read_text(), stack, signer(file1)))
    aslan = table.machines[SECOND]
    monkeypatch.setenv("CAMPAIGN_KEYS_HOME", str(aslan.keys))  # Aslan's own machine
    assert main(["import", CAMPAIGN, str(file1), "--db", f"sqlite:///{aslan.path}"]) == 1
    out, err = capsys.readouterr()
    assert "bad-proof" in err or "proof fails" in err
    complaint = Path(f"{file1}.complaint.json")
    assert f"complaint: {complaint}" in out
    umpire = _umpire_keys(table, tmp_path)
    monkeypatch.setenv("CAMPAIGN_KEYS_HOME", str(tmp_path / "umpire-home"))  # no keys there
    for evidence in (complaint, file1):
        code, out = _audit(capsys, str(evidence), "--keys", str(umpire))
        assert code == 1
        assert "verdict: solomani bad-proof (file 1, pass 1)" in out
    assert "complaint signed by aslan" in _audit(capsys, str(complaint), "--keys", str(umpire))[1]
    record = json.loads(complaint.read_text())
    record["body"]["statement"]["accused"] = "aslan"  # the record edited by anyone
    complaint.write_text(json.dumps(record))
    code, out = _audit(capsys, str(complaint), "--keys", str(umpire))
    assert "a record not signed by aslan's key is no evidence" in out
    assert "verdict: solomani bad-proof (file 1, pass 1)" not in out  # its files left out too


def test_the_audit_on_files_names_who_stopped_after_learning_a_card(
    tmp_path, capsys, monkeypatch
) -> None:
    """Issue 42 item 4 (an abort after learning a card): Solomani's first draw calls the
    reveal of token-1; Solomani's file 3 seals the deck and gives its share. Aslan's machine
    imports it — it can open token-1 now — and Aslan sends nothing more. Solomani's `campaign
    dispute` writes every file, each signed by its sender, in a record Solomani signs; the
    umpire's audit names Aslan: stopped after learning token-1, at file 3. While file 4 was
    still owed by Aslan but sent with Aslan's share, the same audit names nobody."""
    table = MailTable(tmp_path)
    table.play("solomani place-neutral solace")
    files = [_export(table, FIRST, 1)]
    _import(table, SECOND, files[0])
    files.append(_export(table, SECOND, 2))
    _import(table, FIRST, files[1])
    files.append(_export(table, FIRST, 3))
    _import(table, SECOND, files[2])  # Aslan's machine holds both shares of token-1 now
    solomani = table.machines[FIRST]
    monkeypatch.setenv("CAMPAIGN_KEYS_HOME", str(solomani.keys))
    record = tmp_path / "dispute.json"
    assert (
        main(
            [
                "dispute",
                CAMPAIGN,
                "-o",
                str(record),
                "--reason",
                "no answer to file 3",
                "--db",
                f"sqlite:///{solomani.path}",
            ]
        )
        == 0
    )
    capsys.readouterr()
    umpire = _umpire_keys(table, tmp_path)
    code, out = _audit(capsys, str(record), "--keys", str(umpire))
    assert code == 1
    assert "verdict: aslan stopped (file 3, card token-1)" in out
    assert "dispute signed by solomani: no answer to file 3" in out
    files.append(_export(table, SECOND, 4))  # the honest answer: Aslan's share and reveal
    code, out = _audit(capsys, *map(str, files), "--keys", str(umpire))
    assert code == 0 and "verdict: no cheat and no stop shown by these files" in out


def test_a_refused_file_unsigned_is_no_evidence(tmp_path, capsys) -> None:
    """Issue 42 item 4: the audit leaves out a file whose signature does not verify (it could
    be anyone's), saying so, and then names nobody for it."""
    table = MailTable(tmp_path)
    table.play("solomani place-neutral solace")
    file1 = _export(table, FIRST, 1)
    file1.write_text(
        resealed(
            file1.read_text(),
            lambda data: data["body"]["fair"]["shuffle"]["decks"]["box"].reverse(),
        )
    )
    with pytest.raises((SignatureError, FairPlayFileError)):
        _import(table, SECOND, file1)
    code, out = _audit(capsys, str(file1), "--keys", str(_umpire_keys(table, tmp_path)))
    assert code == 0 and "file 1 from solomani: the signature does not match" in out
    assert "no signed turn file" in out


def test_the_screen_writes_the_complaint_too(tmp_path, capsys, monkeypatch) -> None:
    """Issue 42 item 4 from the TUI: a forged share that Solomani's hostile machine signed is
    refused by Aslan's import form as ``bad-share``; the refusal says where the complaint,
    signed by Aslan, was written, and the audit of that complaint names Solomani."""
    from campaign.tui.session import CampaignSession

    table = MailTable(tmp_path)
    table.play("solomani place-neutral solace")
    _import(table, SECOND, _export(table, FIRST, 1))
    _import(table, FIRST, _export(table, SECOND, 2))
    file3 = _export(table, FIRST, 3)

    def forge(data: dict) -> None:
        for batch in data["body"]["batches"]:
            if " share token-1 " in batch["order"]:
                share = batch["order"].rsplit(" ", 1)[1]
                batch["order"] = batch["order"].replace(share, "07" + "00" * 31)
                batch["events"][0]["payload"]["share"] = "07" + "00" * 31

    file3.write_text(resigned(file3.read_text(), forge, signer(file3)))
    aslan = table.machines[SECOND]
    monkeypatch.setenv("CAMPAIGN_KEYS_HOME", str(aslan.keys))
    session = CampaignSession(aslan.service, CAMPAIGN, viewer=SECOND)
    with pytest.raises(FairPlayFileError) as refused:
        session.import_turn(str(file3))
    complaint = Path(f"{file3}.complaint.json")
    assert refused.value.problem == "bad-share"
    assert f"complaint: {complaint}" in str(refused.value) and complaint.exists()
    code, out = _audit(capsys, str(complaint), "--keys", str(_umpire_keys(table, tmp_path)))
    assert code == 1 and "verdict: solomani bad-share (file 3, card token-1)" in out


def test_a_missing_file_with_later_ones_names_nobody_for_stopping(tmp_path, capsys) -> None:
    """Issue 42 item 4: the umpire is given files 1-3 and 5 but not 4. Files 1-3 alone would
    name Aslan (stopped after learning token-1, as above), but file 5 shows the game went on
    past file 4: the audit judges files 1-3, names nobody, says file 4 is missing and exits 0.
    Found by use (December 7): a gap in the files given named the side whose later files were
    right there."""
    table = MailTable(tmp_path)
    table.play("solomani place-neutral solace")
    files = []
    for number, side in enumerate((FIRST, SECOND, FIRST, SECOND), start=1):
        if number == 4:
            table.machines[side].service.order(CAMPAIGN, "aslan place-neutral beacon")
        files.append(_export(table, side, number))
        _import(table, side.enemy, files[-1])
    table.machines[FIRST].service.order(CAMPAIGN, "solomani place-neutral lantern")
    files.append(_export(table, FIRST, 5))
    umpire = _umpire_keys(table, tmp_path)
    given = [files[0], files[1], files[2], files[4]]
    code, out = _audit(capsys, *map(str, given), "--keys", str(umpire))
    assert code == 0, out
    assert "file 4 is missing: the audit stops at file 3" in out
    assert "stopped" not in out
    assert (
        "verdict: no cheat shown by files 1-3; file 4 is missing and later files are here, so "
        "the game went on past it: give file 4 to judge the rest"
    ) in out
