"""Commit–reveal dice, crossed files and their resolution, signatures, per-side views."""

from __future__ import annotations

import pytest

from campaign.pbem import errors, fairdice
from campaign.pbem.signing import generate_keys
from campaign.rules import engine
from campaign.rules.canonical import sha256_hex
from campaign.rules.dice import Dice, SeededSource
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.rules.state import CampaignState
from campaign.rules.views import HIDDEN_KIND, neutral_aliases
from tests.pbem.conftest import database_image, resealed
from tests.pbem.helpers import CAMPAIGN, Player, Table, setup_orders


def _secret(side: str, number: int) -> str:
    return sha256_hex(f"test secret {side} {number}")  # as the test players make them


def _three_files(table: Table) -> str:
    """Files 1 (S) and 2 (A) exchanged; Solomani's file 3 returned (not yet imported)."""
    for order in setup_orders()[:3]:
        table.play(order)
    return table.players[Side.SOLOMANI].export().json_text


def test_reveal_must_open_the_earlier_commitment(tmp_path):  # DN-ERR-1
    table = Table(tmp_path, armoured=False)
    file3 = _three_files(table)
    aslan = table.players[Side.ASLAN]
    before = database_image(aslan)
    for reveal in ("1" * 64, None):

        def forge(d, reveal=reveal):
            if reveal is None:
                d["body"]["dice"].pop("reveal")
            else:
                d["body"]["dice"]["reveal"] = reveal

        with pytest.raises(errors.DiceRevealError, match="commitment of file 1"):
            aslan.pbem.import_turn(CAMPAIGN, resealed(file3, forge))
        assert database_image(aslan) == before
    aslan.pbem.import_turn(CAMPAIGN, file3)


def test_dice_key_mixes_both_secrets_committed_before_either_was_seen(tmp_path):  # DN-ERR-1
    table = Table(tmp_path, armoured=False)
    file3 = _three_files(table)
    aslan, solomani = table.players[Side.ASLAN], table.players[Side.SOLOMANI]
    aslan.pbem.import_turn(CAMPAIGN, file3)
    # Aslan's file 4 rolls with solomani's secret of file 1 (revealed in file 3) and its own
    # secret of file 2, committed before Aslan saw solomani's secret
    expected = fairdice.exchange_key(
        CAMPAIGN, 4, _secret("solomani", 1), _secret("aslan", 1), "seed:11"
    )
    assert aslan.service.store.campaign(CAMPAIGN).dice_seed == expected
    assert expected != fairdice.exchange_key(
        CAMPAIGN, 4, _secret("solomani", 1), _secret("aslan", 2), "seed:11"
    )
    # the file 3 commitment is the sender's *new* secret, not yet usable by anyone
    assert solomani.pbem.ledger.secret(CAMPAIGN, 3) == _secret("solomani", 2)
    # files 1-3 rolled with the shared set-up seed (no dice are rolled in set-up)
    assert solomani.service.store.campaign(CAMPAIGN).dice_seed == "seed:11"


def test_rolls_are_bound_to_their_purpose_not_their_order():  # DN-ERR-1
    key = fairdice.exchange_key("c", 9, "a" * 64, "b" * 64, "seed")
    state = CampaignState(campaign_id="c", turn=2)
    first, second = Dice(SeededSource(key), state), Dice(SeededSource(key), state)
    one = [first.roll("fire kuzu round 1 A-CL-1>S-DD-1"), first.roll("ground halden aslan")]
    two = [second.roll("ground halden aslan"), second.roll("fire kuzu round 1 A-CL-1>S-DD-1")]
    assert one == two[::-1]


def test_crossed_files_refused_then_resolved_by_choosing_a_branch(tmp_path):  # DN-ERR-1
    table = Table(tmp_path, armoured=False)
    aslan, solomani = table.players[Side.ASLAN], table.players[Side.SOLOMANI]
    aslan.order('referee set-ru aslan 60 "agreed handicap"')
    mine = aslan.export().json_text
    solomani.order("solomani place-neutral lantern")
    theirs = solomani.export().json_text
    for receiver, text in ((aslan, theirs), (solomani, mine)):
        before = database_image(receiver)
        with pytest.raises(errors.CrossedFilesError, match="crossed your file 1"):
            receiver.pbem.import_turn(CAMPAIGN, text)
        assert database_image(receiver) == before
    with pytest.raises(CampaignError, match="reason"):
        aslan.pbem.resolve_crossed(CAMPAIGN, theirs, " ")
    done = aslan.pbem.resolve_crossed(CAMPAIGN, theirs, "solomani moved first by agreement")
    assert done.exchange == 1
    (fork,) = aslan.pbem.ledger.forks(CAMPAIGN)
    assert fork.reason == "solomani moved first by agreement"
    assert fork.dropped_events.count("\n") == 0 and fork.dropped_sha256 != fork.kept_sha256
    assert aslan.service.load(CAMPAIGN).state.ru[Side.ASLAN] != 60  # our branch is gone
    aslan.order("aslan place-neutral span")
    solomani.pbem.import_turn(CAMPAIGN, aslan.export().json_text)
    assert aslan.digest() == solomani.digest()


def test_resolve_refuses_a_file_that_did_not_cross(table, file1):  # DN-ERR-1
    with pytest.raises(errors.TurnFileError, match="did not cross"):
        table.players[Side.ASLAN].pbem.resolve_crossed(CAMPAIGN, file1, "why not")


def test_export_twice_without_reply_and_nothing_to_send(table, file1):  # DN-ERR-1
    solomani = table.players[Side.SOLOMANI]
    with pytest.raises(errors.StaleFileError, match="already sent file 1"):
        solomani.export()
    aslan = table.players[Side.ASLAN]
    aslan.pbem.import_turn(CAMPAIGN, file1)
    with pytest.raises(errors.TurnFileError, match="nothing to send"):
        aslan.export()


def test_signed_files(tmp_path):  # DN-ERR-1
    keys = tmp_path / "keys"
    generate_keys(keys, "solomani")
    generate_keys(keys, "aslan")
    with pytest.raises(errors.SignatureError, match="not overwritten"):
        generate_keys(keys, "aslan")
    table = Table(tmp_path, armoured=False)
    table.play("solomani place-neutral lantern")
    solomani = table.players[Side.SOLOMANI]
    signed = solomani.export(sign_with=keys / "solomani.key").json_text
    receiver = Player(Side.ASLAN, tmp_path / "aslan.db", keys=keys)
    before = database_image(receiver)
    forged = resealed(signed, lambda d: d["body"]["header"].__setitem__("app_version", "9"))
    unsigned = resealed(signed, lambda d: d.pop("signature"))
    other = Table(tmp_path / "other", armoured=False)
    other.play("solomani place-neutral lantern")
    by_aslan_key = other.players[Side.SOLOMANI].export(sign_with=keys / "aslan.key").json_text
    for text, words in (
        (forged, "does not match the content"),
        (unsigned, "not signed"),
        (by_aslan_key, "signed with key"),
    ):
        with pytest.raises(errors.SignatureError, match=words):
            receiver.pbem.import_turn(CAMPAIGN, text)
        assert database_image(receiver) == before
    assert receiver.pbem.import_turn(CAMPAIGN, signed).exchange == 1


def test_receiver_view_hides_face_down_neutrals(table, file1):  # DN-NEU-1
    aslan = table.players[Side.ASLAN]
    aslan.pbem.import_turn(CAMPAIGN, file1)
    full = aslan.service.load(CAMPAIGN).state
    placed = [u for u in full.units.values() if u.face_down]
    assert placed and all(u.kind != HIDDEN_KIND for u in placed)
    view = aslan.pbem.view(CAMPAIGN, Side.ASLAN)
    aliases = neutral_aliases(full)  # opaque ids for face-down counters (issue 16 item 10)
    assert all(view.units[aliases[u.id]].kind == HIDDEN_KIND for u in placed)
    assert not any(u.id in view.units for u in placed)
    assert set(view.neutral_pile) == {HIDDEN_KIND}
    assert engine.state_digest(aslan.pbem.view(CAMPAIGN, None)) == engine.state_digest(full)


def test_seeded_mode_keeps_the_committed_seed(tmp_path):  # DN-ERR-1
    table = Table(tmp_path, armoured=False, dice_mode="seeded")
    for order in setup_orders()[:3]:
        table.play(order)
    table.hand_over(Side.ASLAN)
    aslan, solomani = table.players[Side.ASLAN], table.players[Side.SOLOMANI]
    assert aslan.digest() == solomani.digest()
    assert aslan.service.store.campaign(CAMPAIGN).dice_seed == "seed:11"
    last = solomani.sent[-1].turn
    assert last.body.dice.commitment == fairdice.commitment("seed:11")
    assert last.body.dice.reveal is None
    # a commit-reveal file cannot enter a seeded campaign
    other = Table(tmp_path / "cr", armoured=False)
    other.play("solomani place-neutral lantern")
    made = other.players[Side.SOLOMANI].export().json_text
    fresh = Player(Side.ASLAN, tmp_path / "cr" / "aslan.db")
    fresh.pbem.configure(CAMPAIGN, "seeded")  # this machine chose seeded dice
    with pytest.raises(errors.WrongCampaignError, match="seeded dice, the file uses commit"):
        fresh.pbem.import_turn(CAMPAIGN, made)


def test_verify_file_reports_a_bad_signature_once_and_stores_nothing(tmp_path):  # DN-ERR-1
    keys = tmp_path / "keys"
    generate_keys(keys, "solomani")
    table = Table(tmp_path, armoured=False)
    table.play("solomani place-neutral lantern")
    unsigned = table.players[Side.SOLOMANI].export().json_text
    receiver = Player(Side.ASLAN, tmp_path / "aslan.db", keys=keys)
    before = database_image(receiver)
    report = receiver.pbem.verify_file(unsigned)
    assert not report.ok and len(report.problems) == 1 and "not signed" in report.problems[0]
    assert database_image(receiver) == before
    report = Player(Side.ASLAN, tmp_path / "aslan.db").pbem.verify_file(unsigned)
    assert report.ok and report.header is not None and report.header.exchange == 1


def test_the_answer_to_a_file_withdrawn_after_all_says_so(table: Table, file1: str):  # DN-ERR-1
    """Found by use (December 7): the Solomani withdrew file 13 (thinking it lost) that the
    Aslan had imported; the Aslan's file 14 was then refused with "expected file number 13;
    a file is missing or repeated". It now says which file it answers and what to do: export
    that file again (unchanged, it is the same file), then import the answer."""
    aslan, solomani = table.players[Side.ASLAN], table.players[Side.SOLOMANI]
    aslan.pbem.import_turn(CAMPAIGN, file1, source="t1.json")
    solomani.pbem.withdraw(CAMPAIGN, 1, "thought it lost")
    aslan.order("aslan place-neutral span")
    answer = aslan.export().json_text
    before = database_image(solomani)
    with pytest.raises(CampaignError) as caught:
        solomani.pbem.import_turn(CAMPAIGN, answer, source="t2.json")
    assert caught.value.message == (
        "t2.json: file 2 from aslan answers your file 1, which you withdrew (thought it "
        "lost): aslan had imported it. Export file 1 again (`campaign export nebula -o "
        "FILE`: the same file, nothing changed since), then import this one"
    )
    assert database_image(solomani) == before
    again = solomani.export().json_text
    assert again == file1
    solomani.pbem.import_turn(CAMPAIGN, answer, source="t2.json")
    assert aslan.digest() == solomani.digest()
