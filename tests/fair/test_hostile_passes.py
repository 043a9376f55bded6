"""Hostile machines against the shuffle passes, by turn file (issue 42 items 1 and 2, ADR 0028).

A cheating player edits what its machine sends (and reseals the file, or runs a modified
client). The honest receiver must refuse the pass **when it arrives** — before it answers
with its own pass and before any card is drawn — naming the file, the pass and the side, and
store nothing. Each attack here was accepted at pass time before issue 42.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from campaign.app.mail import fair as fair_mail
from campaign.pbem.errors import FairPlayFileError
from campaign.pbem.fair import group, shuffle
from campaign.rules import fairplay
from tests.fair.by_mail import CAMPAIGN, FIRST, Machine, MailTable, signer, sqlite_image
from tests.pbem.conftest import resigned

SECOND = FIRST.enemy


def _export(table: MailTable, side, number: int) -> Path:
    path = table.files_dir / f"turn-{number:03}.json"
    table.machines[side].pbem.export_file(CAMPAIGN, side, path)
    return path


def _import(table: MailTable, side, path: Path) -> None:
    table.machines[side].pbem.import_turn(CAMPAIGN, path.read_bytes(), source=path.name)


def _file_1(tmp_path: Path) -> tuple[MailTable, Path]:
    """Solomani places a counter and exports file 1 (pass 1); Aslan has not imported it."""
    table = MailTable(tmp_path)
    table.play("solomani place-neutral solace")
    return table, _export(table, FIRST, 1)


def _file_2(tmp_path: Path) -> tuple[MailTable, Path]:
    """Aslan imported file 1 and exported file 2 (pass 2); Solomani has not imported it."""
    table, file1 = _file_1(tmp_path)
    _import(table, SECOND, file1)
    return table, _export(table, SECOND, 2)


def _forge(path: Path, change: Callable[[dict], None]) -> None:
    """The file's pass changed by ``change``, the file signed again by its sender and
    resealed (a hostile machine: fair mode signs every file)."""
    path.write_text(
        resigned(
            path.read_text(), lambda data: change(data["body"]["fair"]["shuffle"]), signer(path)
        )
    )


def _refused(table: MailTable, side, path: Path) -> FairPlayFileError:
    """``side``'s machine refuses ``path``, names the file and stores nothing."""
    before = sqlite_image(table.machines[side].path)
    with pytest.raises(FairPlayFileError) as refused:
        _import(table, side, path)
    assert sqlite_image(table.machines[side].path) == before
    assert str(refused.value).startswith(f"{path.name}: ")
    return refused.value


def _public(table: MailTable) -> dict[str, list[str]]:
    return fairplay.decks(table.machines[FIRST].service.load(CAMPAIGN).ruleset)


def _secrets(machine: Machine, public: shuffle.Decks) -> shuffle.Secrets:
    secrets = machine.pbem.fair.secrets(machine.pbem.record(CAMPAIGN), public)
    assert secrets is not None
    return secrets


def _passes(machine: Machine, public: shuffle.Decks) -> dict[int, shuffle.Pass]:
    return machine.pbem.fair.passes(machine.pbem.record(CAMPAIGN), public)


def test_a_card_written_in_another_letter_case_is_refused(tmp_path) -> None:
    """Issue 42 item 1 (the letter-case duplicate): Solomani's pass 1 puts AT-8/1 where both
    JT-4 cards are, written in upper and in mixed case so that the three texts differ. Aslan's
    machine refuses file 1 at once: one spelling per point, naming pass, card and side."""
    table, file1 = _file_1(tmp_path)
    public = _public(table)
    secrets = _secrets(table.machines[FIRST], public)
    order = secrets.permutations["box"]
    at8 = order.index(public["box"].index("neutral:AT-8/1"))
    jt4 = [order.index(public["box"].index(f"neutral:JT-4/{copy}")) for copy in (1, 2)]

    def stack(made: dict) -> None:
        point = made["decks"]["box"][at8]
        made["decks"]["box"][jt4[0]] = point.upper()
        made["decks"]["box"][jt4[1]] = point[:10].upper() + point[10:]

    _forge(file1, stack)
    error = _refused(table, SECOND, file1)
    assert (error.problem, error.side) == ("malformed", "solomani")
    assert f"pass 1 of solomani, box-{min(jt4) + 1} must be 64 lowercase hex digits" in str(error)


def test_a_pass_1_that_repeats_a_card_fails_its_proof(tmp_path) -> None:
    """Issue 42 item 2: the same stacking in the one accepted spelling (AT-8/1 in place of a
    JT-4 card) fails pass 1's shuffle proof: ``bad-proof`` naming pass 1 and Solomani."""
    table, file1 = _file_1(tmp_path)
    public = _public(table)
    order = _secrets(table.machines[FIRST], public).permutations["box"]
    at8 = order.index(public["box"].index("neutral:AT-8/1"))
    jt4 = order.index(public["box"].index("neutral:JT-4/1"))

    def stack(made: dict) -> None:
        made["decks"]["box"][jt4] = made["decks"]["box"][at8]

    _forge(file1, stack)
    error = _refused(table, SECOND, file1)
    assert (error.problem, error.side) == ("bad-proof", "solomani")
    assert "pass 1 of solomani: its proof fails" in str(error)


def test_a_pass_1_with_200000_key_commitments_is_refused(tmp_path) -> None:
    """Issue 42 items 1 and 6: pass 1 carries no key commitment; 200,000 of them are refused
    (and not stored), naming the pass and the side."""
    table, file1 = _file_1(tmp_path)
    filler = "ab" * 32

    def pad(made: dict) -> None:
        made["commitments"] = {f"k{i}": filler for i in range(200_000)}

    _forge(file1, pad)
    error = _refused(table, SECOND, file1)
    assert (error.problem, error.side) == ("malformed", "solomani")
    assert "pass 1 of solomani carries 200000 key commitments; pass 1 carries none" in str(error)


def _second_secrets(table: MailTable) -> shuffle.Secrets:
    secrets = _secrets(table.machines[SECOND], _public(table))
    assert secrets is not None
    return secrets


def _pass_1(table: MailTable) -> shuffle.Pass:
    return _passes(table.machines[SECOND], _public(table))[1]


def test_a_pass_2_built_from_one_slot_is_refused(tmp_path) -> None:
    """Issue 42 item 2 (a pass 2 from one slot): Aslan keys the one slot of pass 1 holding
    the first box card into every box card (each with its own committed key: every share
    would check). Solomani refuses file 2 at once: ``bad-proof``, pass 2 of Aslan."""
    table, file2 = _file_2(tmp_path)
    secrets, first = _second_secrets(table), _pass_1(table)
    slot = bytes.fromhex(first.decks["box"][0])

    def one_slot(made: dict) -> None:
        made["decks"]["box"] = [
            group.mul(secrets.keys[f"box-{i + 1}"], slot).hex()
            for i in range(len(made["decks"]["box"]))
        ]

    _forge(file2, one_slot)
    error = _refused(table, FIRST, file2)
    assert (error.problem, error.side) == ("bad-proof", "aslan")
    assert "pass 2 of aslan: its proof fails" in str(error)


def test_a_pass_2_point_of_known_discrete_log_is_refused(tmp_path) -> None:
    """Issue 42 item 2 (a point of known discrete log): box-1 of pass 2 is ``x · B`` for an
    ``x`` Aslan knows (so it could steer what box-1 opens to): refused, ``bad-proof``."""
    table, file2 = _file_2(tmp_path)

    def known(made: dict) -> None:
        made["decks"]["box"][0] = group.base_mul(group.random_scalar(lambda n: b"\x07" * n)).hex()

    _forge(file2, known)
    error = _refused(table, FIRST, file2)
    assert (error.problem, error.side) == ("bad-proof", "aslan")


def test_a_pass_2_card_from_another_deck_is_refused(tmp_path) -> None:
    """Issue 42 item 2 (another deck's point): box-1 of pass 2 is a token card of pass 1 under
    box-1's committed key: refused, ``bad-proof`` naming pass 2 and Aslan."""
    table, file2 = _file_2(tmp_path)
    secrets, first = _second_secrets(table), _pass_1(table)

    def other_deck(made: dict) -> None:
        made["decks"]["box"][0] = group.mul(
            secrets.keys["box-1"], bytes.fromhex(first.decks["token"][0])
        ).hex()

    _forge(file2, other_deck)
    error = _refused(table, FIRST, file2)
    assert (error.problem, error.side) == ("bad-proof", "aslan")


def test_a_pass_3_with_a_wrong_rekey_is_refused(tmp_path, monkeypatch) -> None:
    """Issue 42 item 2 (a pass 3 with a wrong re-key): Solomani's modified client puts on
    box-1 a key other than the one it committed to (so box-1 would open to no card) and seals
    that deck consistently. Aslan's machine refuses file 3 at once, naming box-1's
    equal-logarithm proof, pass 3 and Solomani."""
    table, file2 = _file_2(tmp_path)
    honest = shuffle.third_pass

    def wrong_rekey(context, secrets, public, second, rand):
        made = honest(context, secrets, public, second, rand)
        box = list(made.decks["box"])
        box[0] = group.mul(group.random_scalar(rand), bytes.fromhex(second.decks["box"][0])).hex()
        return shuffle.Pass(
            3, made.side, {**made.decks, "box": box}, made.commitments, proof=made.proof
        )

    with monkeypatch.context() as patched:
        patched.setattr(fair_mail.shuffle, "third_pass", wrong_rekey)
        _import(table, FIRST, file2)
        file3 = _export(table, FIRST, 3)
    error = _refused(table, SECOND, file3)
    assert (error.problem, error.side) == ("bad-proof", "solomani")
    assert "pass 3 of solomani: its proof fails (box-1: " in str(error)


def test_honest_passes_carry_proofs_the_receiver_checks(tmp_path) -> None:
    """Issue 42 item 2: each of files 1-3 carries its pass's proof, and the receiver stores the
    pass it checked (the honest path goes through)."""
    table, file2 = _file_2(tmp_path)
    _import(table, FIRST, file2)
    file3 = _export(table, FIRST, 3)
    _import(table, SECOND, file3)
    for number, path in enumerate((table.files_dir / "turn-001.json", file2, file3), 1):
        made = json.loads(path.read_text())["body"]["fair"]["shuffle"]
        assert made["number"] == number and made["proof"]
    passes = _passes(table.machines[SECOND], _public(table))
    assert sorted(passes) == [1, 2, 3]


def test_a_forged_share_resealed_into_a_file_is_bad_share(tmp_path) -> None:
    """Issue 42 item 6 (a resealed forged share): Solomani's file 3 with its share of token-1
    replaced by a made-up key, in the order and its event, and the file signed again by
    Solomani's hostile machine and resealed: Aslan's machine refuses it as ``bad-share`` naming
    Solomani and the card (not as a digest mismatch that names nobody). Resealed by anyone
    else, the signature refuses it (``test_attributable_play``)."""
    table, file2 = _file_2(tmp_path)
    _import(table, FIRST, file2)
    file3 = _export(table, FIRST, 3)
    forged = "07" + "00" * 31

    def forge(data: dict) -> None:
        for batch in data["body"]["batches"]:
            if " share token-1 " in batch["order"]:
                honest = batch["order"].rsplit(" ", 1)[1]
                batch["order"] = batch["order"].replace(honest, forged)
                batch["events"][0]["payload"]["share"] = forged

    file3.write_text(resigned(file3.read_text(), forge, signer(file3)))
    error = _refused(table, SECOND, file3)
    assert (error.problem, error.side, error.card) == ("bad-share", "solomani", "token-1")
