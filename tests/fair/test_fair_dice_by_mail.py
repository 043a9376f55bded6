"""Fair mode with fair dice, by turn file (issue 42 item 3, ADR 0028, DN-ERR-1, DN-NEU-1).

A fair campaign rolls strict dice by default: nobody can preview a roll. Two databases play
the set-up and two game turns with a conscription by JSON turn files; and a hostile machine
that leaves out a reveal it owes (so that the held order it resumes would be decided in a file
of its choosing) is refused and named.
"""

from __future__ import annotations

import pytest

from campaign.app.mail import fair as fair_mail
from campaign.pbem.errors import FairPlayFileError
from campaign.rules import fairplay
from tests.fair.by_mail import (
    CAMPAIGN,
    FIRST,
    MailTable,
    assert_equal_and_verified,
    play_on,
    play_to_conscription,
    sqlite_image,
)

SECOND = FIRST.enemy


@pytest.mark.slow
def test_a_fair_game_with_strict_dice_reaches_game_turn_3(tmp_path) -> None:
    """Issue 42 item 3 ("done when"): fair mode and strict dice together, the set-up and two
    game turns with a conscription (its counter revealed by turn file), between two
    databases; both end with the same log and verify, and rolls were made with strict keys."""
    table = MailTable(tmp_path, dice="strict")
    assert table.machines[FIRST].service.load(CAMPAIGN).dice_mode == "strict"
    moments = play_to_conscription(table)
    assert [e.type for e in moments["conscription"]] == ["reveals-called"]  # held
    play_on(table, 3)
    assert_equal_and_verified(table, 3)
    state = table.machines[FIRST].state()
    rows = table.machines[FIRST].service.load(CAMPAIGN).rows
    assert any(row.type == "neutrals-conscripted" for row in rows)
    assert any('"rolls":[{' in row.payload for row in rows if row.batch > 1)
    assert not fairplay.pending(state)
    print(f"files: {table.files}, of which waits: {table.extra} {table.extra_by_turn}")


def test_a_withheld_reveal_is_refused_and_named(tmp_path, monkeypatch) -> None:
    """Issue 42 item 3 (a withheld reveal): Aslan's machine holds both shares of Solomani's
    first draw after file 3, so it owes the reveal in file 4; a modified client gives its
    share and leaves the reveal out (the other machine would then make it, deciding the held
    draw in a file of Aslan's choosing). Solomani's machine refuses file 4, naming Aslan and
    the card, and stores nothing."""
    table = MailTable(tmp_path)
    table.play("solomani place-neutral solace")
    table.send(FIRST)  # file 1: pass 1
    table.send(SECOND)  # file 2: pass 2
    aslan, solomani = table.machines[SECOND], table.machines[FIRST]
    file3, file4 = tmp_path / "turn-003.json", tmp_path / "turn-004.json"
    solomani.pbem.export_file(CAMPAIGN, FIRST, file3)  # pass 3, the seal, Solomani's share
    honest = fair_mail._next_duty

    def no_reveal(state, deck, secrets, side):
        text = honest(state, deck, secrets, side)
        return None if text and " reveal " in text else text

    with monkeypatch.context() as patched:
        patched.setattr(fair_mail, "_next_duty", no_reveal)
        aslan.pbem.import_turn(CAMPAIGN, file3.read_bytes(), source=file3.name)
        aslan.pbem.export_file(CAMPAIGN, SECOND, file4)
    text = file4.read_text()
    assert "aslan share token-1 " in text and "reveal token-1" not in text
    before = sqlite_image(solomani.path)
    with pytest.raises(FairPlayFileError) as refused:
        solomani.pbem.import_turn(CAMPAIGN, file4.read_bytes(), source=file4.name)
    assert sqlite_image(solomani.path) == before
    assert (refused.value.problem, refused.value.side, refused.value.card) == (
        "withheld",
        "aslan",
        "token-1",
    )
    assert "withholds the reveal of draw 1" in str(refused.value)
