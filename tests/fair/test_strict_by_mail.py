"""Strict dice by turn file between two databases (issue 34 "Dice nobody can preview", ADR
0028, DN-ERR-1).

Two machines, two SQLite files, play the set-up and three game turns by JSON turn files through
the app layer the CLI and the TUI call (``PbemService``), once with strict dice and once with
commit–reveal dice: a contact in Solace in game turn 1 (a battle against its neutral counter:
range and fire rolls) and Aslan's maintenance rolls in game turns 2 and 3. Every order that
rolls is held on its side's machine, ends that side's file and is rolled by the other machine.
"""

from __future__ import annotations

import pytest

from campaign.app import parse_stored
from campaign.pbem.fair import strict
from campaign.rules import engine
from campaign.rules.canonical import canonical_json
from campaign.rules.dice import SeededSource
from campaign.rules.ids import Side
from campaign.rules.notation import parse_order
from tests.fair.by_mail import (
    CAMPAIGN,
    MailTable,
    assert_equal_and_verified,
    play_on,
    play_to_contact,
)

#: Two databases and a fair-mode game built per module: seconds (make test-fast leaves
#: them out).
pytestmark = pytest.mark.slow


def _game(directory, dice: str) -> MailTable:
    table = MailTable(directory, fair=False, dice=dice)
    play_to_contact(table)
    play_on(table, 4)
    return table


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, MailTable]:
    """The same game with strict and with commit–reveal dice (the baseline of the cost)."""
    return {
        dice: _game(tmp_path_factory.mktemp(dice), dice) for dice in ("strict", "commit-reveal")
    }


def _rolling_batches(table: MailTable) -> list[tuple[int, str]]:
    """(first event, order) of every batch of the log that rolled dice after the set-up."""
    rows = table.machines[Side.SOLOMANI].service.load(CAMPAIGN).rows
    seen: dict[int, tuple[int, str]] = {}
    for row in rows:
        if row.batch > 1 and '"rolls":[{' in row.payload:
            seen.setdefault(row.batch, (row.seq, row.order_text))
    return sorted(seen.values())


def test_both_databases_end_equal_and_verify(games) -> None:
    """docs/turn-files.md: with strict dice both copies hold the same log, event for event,
    after three game turns, and each database's own check passes."""
    assert_equal_and_verified(games["strict"], 4)


def test_every_roll_is_made_by_the_receiver_of_the_order(games) -> None:
    """Issue 34, "dice nobody can preview": every batch that rolled dice reached its own side
    in a file from the other side (the machine that held the contribution rolled it), and none
    rolled on the machine of the side that gave it."""
    table = games["strict"]
    rolling = _rolling_batches(table)
    assert len(rolling) >= 6  # range and fire twice in Solace, two maintenances
    for side, machine in table.machines.items():
        files = machine.pbem.ledger.files(CAMPAIGN)
        for seq, order in rolling:
            carried = next(f for f in files if f.base_seq < seq <= f.head_seq)
            giver = Side(order.split(" ", 1)[0])
            assert carried.side == giver.enemy.value, (side, seq, order)


def test_each_roll_uses_both_secrets_of_its_file(games) -> None:
    """ADR 0028: the dice of an order held at the end of file n are the purpose-bound roll of
    key_n = SHA-256(label, campaign, n, x_{n-2}, x_{n-1}): the sender's secret opened in file n
    and the receiver's, opened only in file n+1. The first range order, decided again from the
    two databases' own secrets, gives exactly the logged events."""
    table = games["strict"]
    solomani, aslan = table.machines[Side.SOLOMANI], table.machines[Side.ASLAN]
    loaded = solomani.service.load(CAMPAIGN)
    first = next(r for r in loaded.rows if r.type == "range-rolled")
    batch = [r for r in loaded.rows if r.batch == first.batch]
    answer = next(
        f for f in solomani.pbem.ledger.files(CAMPAIGN) if f.base_seq < first.seq <= f.head_seq
    )
    n = answer.exchange - 1  # the file Aslan's range order ended
    assert answer.side == "solomani" and n >= 3
    key = strict.roll_key(
        CAMPAIGN,
        n,
        aslan.pbem.ledger.secret(CAMPAIGN, n - 2) or "",
        solomani.pbem.ledger.secret(CAMPAIGN, n - 1) or "",
    )
    before = engine.fold(parse_stored(loaded.rows[: batch[0].seq - 1], CAMPAIGN))
    events = engine.decide(
        before, parse_order(batch[0].order_text), loaded.ruleset, SeededSource(key)
    )
    assert [canonical_json(e) for e in events] == [r.payload for r in batch]


def test_extra_files_per_game_turn_are_measured(games) -> None:
    """The cost of strict dice in files (docs/turn-files.md quotes these figures): steps that
    roll no dice cost nothing (the set-up, every order of the baseline that rolls none); each
    order that rolls while its own side goes on costs one round trip (2 files): the battle in
    Solace (range, fire, range, fire: 8 files) in game turn 1, Aslan's maintenance in game
    turns 2 and 3 (2 each)."""
    table, baseline = games["strict"], games["commit-reveal"]
    assert table.extra_by_turn == {1: 8, 2: 2, 3: 2}
    assert baseline.extra_by_turn == {}
    assert table.files == baseline.files + table.extra == 41
    assert len(_rolling_batches(table)) == len(_rolling_batches(baseline))


def test_files_ending_with_a_held_order_are_written_again_byte_for_byte(games) -> None:
    """docs/turn-files.md (`export --again`): a file that ends with an order held for the
    dice rebuilds, on both machines, exactly as it was sent."""
    table = games["strict"]
    held = [path for path in table.sent if '"pending_order"' in path.read_text()]
    assert held
    for path in held:
        number = int(path.stem.split("-")[1])
        for machine in table.machines.values():
            assert machine.pbem.export_again(CAMPAIGN, number).json_text == path.read_text()
