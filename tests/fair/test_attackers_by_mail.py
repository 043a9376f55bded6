"""Attackers in fair mode by turn file (issue 34 phase B, ADR 0028 threat model, DN-NEU-1).

A cheating player runs a modified tool: its machine gives a share of another card (replayed),
a forged share, a reveal of another label, or leaves its share out (withheld). The honest
receiver refuses the file, names the side and the card, and stores nothing. A player who reads
his own database and tries to decrypt the face-down cards with his own keys finds nothing; and
two games whose face-down kinds are permuted leave one side's machine — every table, snapshot
and turn file — the same but for random-looking group elements and hashes.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from campaign.app.mail import fair as fair_mail
from campaign.pbem.errors import FairPlayFileError
from campaign.pbem.fair import group, shuffle
from campaign.pbem.fair.reveal import open_card
from campaign.rules import fairplay
from campaign.rules.ids import Side
from tests.fair.by_mail import (
    CAMPAIGN,
    FIRST,
    MailTable,
    play_to_conscription,
    signer,
    sqlite_image,
)
from tests.fair.machines import swapped_second_pass
from tests.pbem.conftest import resigned

SECOND = FIRST.enemy


def _first_pending(tmp_path: Path) -> MailTable:
    """Solomani's first draw is held (its token's reveal called); files 1 and 2 carried passes
    1 and 2; Solomani has not imported file 2 yet."""
    table = MailTable(tmp_path)
    table.play("solomani place-neutral solace")
    table.send(FIRST)  # file 1: pass 1
    aslan = table.machines[SECOND]
    table.files += 1
    path = tmp_path / "turn-002.json"
    aslan.pbem.export_file(CAMPAIGN, SECOND, path)  # file 2: pass 2, no orders
    table.sent.append(path)
    return table


def _cheat_file_3(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, duty) -> tuple:
    """Solomani imports file 2 with ``duty`` in place of the honest choice of its fair-play
    orders and sends file 3; the honest Aslan machine's database before the import, the file."""
    table = _first_pending(tmp_path)
    solomani = table.machines[FIRST]
    with monkeypatch.context() as patched:
        patched.setattr(fair_mail, "_next_duty", duty)
        solomani.pbem.import_turn(CAMPAIGN, table.sent[-1].read_bytes(), source="turn-002.json")
        path = tmp_path / "turn-003.json"
        solomani.pbem.export_file(CAMPAIGN, FIRST, path)
    return table, sqlite_image(table.machines[SECOND].path), path


def _honest_then(change):
    honest = fair_mail._next_duty

    def duty(state, deck, secrets, side):
        return change(honest(state, deck, secrets, side), secrets)

    return duty


def _refused(table: MailTable, before: list, path: Path) -> FairPlayFileError:
    aslan = table.machines[SECOND]
    with pytest.raises(FairPlayFileError) as refused:
        aslan.pbem.import_turn(CAMPAIGN, path.read_bytes(), source=path.name)
    assert sqlite_image(aslan.path) == before  # nothing stored
    assert str(refused.value).startswith(f"{path.name}: ")  # the file is named
    return refused.value


def test_a_replayed_share_is_refused_and_named(tmp_path, monkeypatch) -> None:
    """ADR 0028: Solomani gives, for token-1, its key of token-2 (a share replayed from
    another card): Aslan's machine refuses file 3 as ``replayed-share``, naming Solomani."""

    def replay_other(text, secrets):
        if text and " share token-1 " in text:
            return text.replace(secrets.share("token-1"), secrets.share("token-2"))
        return text

    table, before, path = _cheat_file_3(tmp_path, monkeypatch, _honest_then(replay_other))
    error = _refused(table, before, path)
    assert (error.problem, error.side, error.card) == ("replayed-share", "solomani", "token-1")
    assert "its share of token-2" in str(error)


def test_a_forged_share_is_refused_and_named(tmp_path, monkeypatch) -> None:
    """ADR 0028: a share that opens no commitment of its sender (a guess) is ``bad-share``."""

    def forge(text, secrets):
        if text and " share token-1 " in text:
            return text.replace(secrets.share("token-1"), "07" + "00" * 31)
        return text

    table, before, path = _cheat_file_3(tmp_path, monkeypatch, _honest_then(forge))
    error = _refused(table, before, path)
    assert (error.problem, error.side) == ("bad-share", "solomani")


def test_a_withheld_share_is_refused_and_named(tmp_path, monkeypatch) -> None:
    """ADR 0028: file 3 seals the deck but leaves out Solomani's share of the card whose reveal
    Solomani's own draw called: refused as ``withheld``, naming the side and the draw."""

    def withhold(text, secrets):
        return None if text and " share " in text else text

    table, before, path = _cheat_file_3(tmp_path, monkeypatch, _honest_then(withhold))
    error = _refused(table, before, path)
    assert (error.problem, error.side, error.card) == ("withheld", "solomani", "token-1")
    assert "withholds solomani's share of draw 1" in str(error)


def test_a_reveal_of_another_label_is_refused(tmp_path, monkeypatch) -> None:
    """ADR 0028: the receiver opens a revealed card itself from both shares; a reveal naming
    another card of the deck (one the rules would accept) is refused as ``bad-reveal``."""
    table = _first_pending(tmp_path)
    table.machines[FIRST].pbem.import_turn(CAMPAIGN, table.sent[-1].read_bytes())
    table.files += 1
    file3 = tmp_path / "turn-003.json"
    table.machines[FIRST].pbem.export_file(CAMPAIGN, FIRST, file3)
    aslan = table.machines[SECOND]

    def lie(text, secrets):
        if text and " reveal token-1 " in text:
            truth = text.rsplit(" ", 1)[1]
            return text.replace(truth, "hex/1" if truth != "hex/1" else "box/1")
        return text

    with monkeypatch.context() as patched:
        patched.setattr(fair_mail, "_next_duty", _honest_then(lie))
        aslan.pbem.import_turn(CAMPAIGN, file3.read_bytes())
        file4 = tmp_path / "turn-004.json"
        aslan.pbem.export_file(CAMPAIGN, SECOND, file4)
    solomani = table.machines[FIRST]
    before = sqlite_image(solomani.path)
    with pytest.raises(FairPlayFileError) as refused:
        solomani.pbem.import_turn(CAMPAIGN, file4.read_bytes(), source=file4.name)
    assert (refused.value.problem, refused.value.side) == ("bad-reveal", "aslan")
    assert sqlite_image(solomani.path) == before


def test_a_file_without_its_shuffle_pass_is_refused(tmp_path) -> None:
    """ADR 0028: file 3 must carry pass 3; without it the deck cannot be agreed: refused as
    ``withheld``, naming Solomani, and nothing is stored."""
    table = _first_pending(tmp_path)
    table.machines[FIRST].pbem.import_turn(CAMPAIGN, table.sent[-1].read_bytes())
    file3 = tmp_path / "turn-003.json"
    table.machines[FIRST].pbem.export_file(CAMPAIGN, FIRST, file3)
    file3.write_text(
        resigned(file3.read_text(), lambda data: data["body"].pop("fair"), signer(file3))
    )
    error = _refused(table, sqlite_image(table.machines[SECOND].path), file3)
    assert (error.problem, error.side) == ("withheld", "solomani")
    assert "carries no pass 3 of the joint shuffle" in str(error)


# --- what one side's machine holds -----------------------------------------------------------


HEX = re.compile(r"[0-9a-f]{64}")
#: A signature's key id (each game's players made their own key pairs).
KEY_ID = re.compile(r'(key_id\\*"\\*: ?\\*")[0-9a-f]{16}')


def _machine_data(table: MailTable, side: Side) -> dict[str, object]:
    """Everything on ``side``'s machine: every table of its database (events, snapshots,
    ledger, passes, its own secrets) and every turn file it sent or received, each pass's proof
    set apart (``_without_proofs``)."""
    return _without_proofs(
        {
            "database": sqlite_image(table.machines[side].path),
            "files": [path.read_text() for path in table.sent],
        }
    )


def _without_proofs(data: object) -> object:
    """``data`` with each pass's proof (issue 42) replaced by ``#proof``, looking inside the
    JSON and the row texts it holds. A proof is zero-knowledge: each round opens uniformly
    random permutations and scalars, whichever way the deck was dealt; what differs between
    two deals is those random draws, not what they tell (ADR 0028). Every proof is counted
    (files 1-3 and the three stored passes), so none is missed."""
    found: list[int] = []

    def strip(value: object) -> object:
        if isinstance(value, dict):
            found.extend(1 for key in value if key == "proof")
            return {k: "#proof" if k == "proof" else strip(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [strip(item) for item in value]
        if isinstance(value, str) and '"proof"' in value:
            for parse in (json.loads, ast.literal_eval):
                try:
                    return strip(parse(value))
                except (ValueError, SyntaxError):
                    continue
        return value

    stripped = strip(data)
    assert len(found) == 6, len(found)
    return stripped


def _blind(data: object) -> str:
    """``data`` with every 64-hex-digit string (a group element, a key, a hash, a signature)
    and every signing key id blinded."""
    return KEY_ID.sub(r"\1#", HEX.sub("#", json.dumps(data, sort_keys=True, default=str)))


@pytest.mark.slow
def test_one_sides_machine_cannot_tell_permuted_face_down_kinds_apart(tmp_path, monkeypatch):
    """ADR 0028, issue 34: two games to the conscription, alike in everything but Aslan's pass
    2, which swaps the kinds of box-3 and box-4 (two of the Lantern counters, or cards never
    drawn). With Aslan's secrets the two games really differ there; Solomani's whole machine —
    every row of every table, every snapshot, every turn file — is the same in both games once
    the 64-hex-digit strings are blinded (its own secrets and every order, event, sentence and
    number are equal), and the one test Solomani can make with its own keys opens no card."""
    worlds = []
    for swap in (False, True):
        with monkeypatch.context() as patched:
            if swap:
                patched.setattr(shuffle, "second_pass", swapped_second_pass(2, 3))
            table = MailTable(tmp_path / f"world-{int(swap)}")
            play_to_conscription(table)
            table.settle()
        worlds.append(table)
    kinds = []
    for table in worlds:
        machines = table.machines
        loaded = machines[SECOND].service.load(CAMPAIGN)
        public = fairplay.decks(loaded.ruleset)
        fair = {side: m.pbem.fair for side, m in machines.items()}
        mail = {side: m.pbem.record(CAMPAIGN) for side, m in machines.items()}
        deck = fair[FIRST].deck(mail[FIRST], loaded.state.campaign_id, public)
        secrets = {side.value: fair[side].secrets(mail[side], public) for side in machines}
        kinds.append(
            [
                open_card(deck, card, {s: k.share(card) for s, k in secrets.items()})
                for card in ("box-3", "box-4")
            ]
        )
        # Solomani's own try: unmask with its keys and look for a card: nothing
        points = {
            group.card_point(loaded.state.campaign_id, "box", label) for label in public["box"]
        }
        mine = secrets[FIRST.value]
        for card in ("box-3", "box-4"):
            assert group.mul(group.invert(mine.keys[card]), deck.point(card)) not in points
    assert kinds[0] == kinds[1][::-1] and kinds[0][0] != kinds[0][1]  # really permuted
    views = [_machine_data(table, FIRST) for table in worlds]
    assert views[0] != views[1]  # the group elements differ ...
    assert _blind(views[0]) == _blind(views[1])  # ... and nothing else does
    own = [dict(sqlite_image(table.machines[FIRST].path))["dn_fair_secret"] for table in worlds]
    assert own[0] == own[1]  # Solomani's own secrets: the same in both games


@pytest.mark.slow
def test_a_player_decrypting_his_own_database_finds_no_face_down_kind(tmp_path) -> None:
    """ADR 0028 (a player trying to decrypt): with everything his database holds — his mask,
    permutations and keys, every pass, the other side's shares of the revealed cards — each
    player unmasks every unrevealed card of the final deck (and Solomani each card of pass 2
    with his mask) and compares it with every card of its deck: no match."""
    table = MailTable(tmp_path)
    play_to_conscription(table)
    table.settle()
    loaded = table.machines[FIRST].service.load(CAMPAIGN)
    public = fairplay.decks(loaded.ruleset)
    context = loaded.state.campaign_id
    revealed = set(fairplay.slot(loaded.state)["revealed"])
    for side, machine in table.machines.items():
        fair, mail = machine.pbem.fair, machine.pbem.record(CAMPAIGN)
        deck = fair.deck(mail, context, public)
        mine = fair.secrets(mail, public)
        passes = fair.passes(mail, public)
        for name, labels in public.items():
            cards = {group.card_point(context, name, label) for label in labels}
            for index in range(len(labels)):
                card = shuffle.card_name(name, index)
                if card in revealed:
                    continue
                tries = [group.mul(group.invert(mine.keys[card]), deck.point(card))]
                if mine.mask is not None:
                    tries.append(
                        group.mul(
                            group.invert(mine.mask), bytes.fromhex(passes[2].decks[name][index])
                        )
                    )
                assert not cards.intersection(tries), (side, card)
