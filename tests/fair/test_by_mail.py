"""Fair mode by turn file between two databases (issue 34 phase B, ADR 0028, DN-NEU-1/2).

Two machines, two SQLite files, play the set-up and three game turns by JSON turn files through
the app layer the CLI and the TUI's Mail tab call (``PbemService``): the joint shuffle rides on
files 1-3, every draw reveals its token card (where the counter stands), a contact in game turn
1 reveals the counter of Solace, Aslan's conscription in Beacon in game turn 2 reveals that
counter, and the six counters of Lantern stay unknown to both databases.
"""

from __future__ import annotations

import pytest

from campaign.app.mail.fair import FairMail
from campaign.pbem.fair.shuffle import Deck
from campaign.rules import fairplay
from campaign.rules.ids import Side
from tests.fair.by_mail import (
    CAMPAIGN,
    FIRST,
    MailTable,
    assert_equal_and_verified,
    play_on,
    play_to_conscription,
)

#: Two databases and a fair-mode game built per module: seconds (make test-fast leaves
#: them out).
pytestmark = pytest.mark.slow

LANTERN = [f"N-X-{n}" for n in range(3, 9)]


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[MailTable, dict[str, list]]:
    """The whole game: set-up, the contact, the conscription, then on to game turn 4."""
    table = MailTable(tmp_path_factory.mktemp("fair-by-mail"))
    orders = play_to_conscription(table)
    play_on(table, 4)
    return table, orders


@pytest.mark.slow
def test_contact_and_conscription_reveal_their_counters(game) -> None:
    """DN-NEU-1/DN-NEU-2 (fair mode): the jump through Solace and the conscription in Beacon
    are held (``reveals-called``) until both machines' shares open the counters; then both
    databases know N-X-1 and N-X-2, and the conscription was decided in Beacon."""
    table, orders = game
    assert [e.type for e in orders["contact"]] == ["reveals-called"]
    assert [e.type for e in orders["conscription"]] == ["reveals-called"]
    for machine in table.machines.values():
        state = machine.state()
        assert not fairplay.unrevealed(state.units["N-X-1"])
        assert not fairplay.unrevealed(state.units["N-X-2"])
        rows = machine.service.load(CAMPAIGN).rows
        assert any(r.type == "neutrals-conscripted" and '"beacon"' in r.payload for r in rows)
        resumed = [r.order_text for r in rows if r.type == "held-order-resumed"]
        assert "aslan conscript beacon" in " ".join(
            r.payload for r in rows if r.type == "held-order-resumed"
        )
        assert resumed


def test_counters_never_in_contact_stay_unknown_to_both_databases(game) -> None:
    """ADR 0028: no reveal of the six Lantern counters was called, no share given, and both
    states still hold them as hidden kinds."""
    table, _ = game
    for machine in table.machines.values():
        state = machine.state()
        fair = fairplay.slot(state)
        for uid in LANTERN:
            assert fairplay.unrevealed(state.units[uid])
            assert fair["cards"][uid] not in fair["called"]
            assert fair["cards"][uid] not in fair["shares"]


def test_both_databases_end_equal_and_verify(game) -> None:
    """docs/turn-files.md: both copies hold the same log, event for event, after three game
    turns; each database's own check (hash chain, replay, snapshots) passes."""
    assert_equal_and_verified(game[0], 4)


def test_extra_files_per_game_turn_are_measured(game) -> None:
    """The cost of fair mode in files (docs/turn-files.md quotes these figures): the shuffle
    costs one round trip in the set-up (file 2 carries pass 2 alone); after it every draw's
    reveal rides on the files the alternation sends anyway; each held order whose side must
    wait for the reveal before going on costs one round trip (2 files): the last draw of the
    set-up (Aslan draws it and goes on buying), the contact in game turn 1, the conscription
    in game turn 2; game turn 3 reveals nothing and costs nothing."""
    table, _ = game
    assert table.extra_by_turn == {0: 4, 1: 2, 2: 2}
    assert table.extra == 8
    # the measured total the documentation gives: files of the set-up and three game turns
    assert table.files == 37


def test_the_audit_of_both_openings_is_clean(game) -> None:
    """ADR 0028: at the end of the game each side publishes its shuffle secrets; each side's
    audit recomputes all three passes from both openings and finds them honest."""
    table, _ = game
    solomani, aslan = (table.machines[side].pbem.fair for side in (FIRST, FIRST.enemy))
    assert "sound" in solomani.audit(
        CAMPAIGN, aslan.opening(CAMPAIGN, mid_game=True).encode(), "aslan.json"
    )
    assert "sound" in aslan.audit(
        CAMPAIGN, solomani.opening(CAMPAIGN, mid_game=True).encode(), "sol.json"
    )


def test_each_database_holds_only_its_own_secrets(game) -> None:
    """ADR 0028: a database stores its own side's shuffle secrets and no other; the final
    deck both agreed is the same on both machines."""
    table, _ = game
    decks: list[Deck] = []
    for side, machine in table.machines.items():
        fair: FairMail = machine.pbem.fair
        loaded = machine.service.load(CAMPAIGN)
        public = fairplay.decks(loaded.ruleset)
        mail = machine.pbem.record(CAMPAIGN)
        secrets = fair.secrets(mail, public)
        assert secrets is not None and secrets.side == side.value
        with machine.service.store.database.read() as connection:
            sides = connection.all("SELECT side FROM dn_fair_secret")
        assert sides == [(side.value,)]
        deck = fair.deck(mail, loaded.state.campaign_id, public)
        assert deck is not None
        decks.append(deck)
    assert decks[0].digest == decks[1].digest
    assert fairplay.slot(table.machines[Side.ASLAN].state())["sealed"] == decks[0].digest


def test_files_with_a_shuffle_pass_are_written_again_byte_for_byte(game) -> None:
    """docs/turn-files.md (`export --again`): files 1-3 carry a pass of the joint shuffle; the
    sender's and the receiver's databases both rebuild each of them exactly as it was sent."""
    table, _ = game
    for number, path in enumerate(table.sent[:3], start=1):
        for machine in table.machines.values():
            assert machine.pbem.export_again(CAMPAIGN, number).json_text == path.read_text()


@pytest.mark.slow
def test_an_import_tells_a_player_no_kind_of_a_counter_that_stays_face_down(game) -> None:
    """Issue 41 item 5, DN-NEU-1: the contact reveals Solace's counter to both machines, and
    each import once printed ``your machine gave 'solomani reveal hex-2 neutral:M-8-0-7/1'``
    while ``units --side`` still showed the counter face down. Every note, order text, sentence
    and die an import shows its player names no kind of a counter that is face down."""
    table, _ = game
    state = table.machines[FIRST].state()
    face_down = {
        uid: unit.kind
        for uid, unit in state.units.items()
        if unit.face_down and not fairplay.unrevealed(unit)
    }
    assert face_down  # revealed to the machines, face down on the table (Solace's counter)
    assert table.told
    for side, text in table.told:
        for kind in face_down.values():
            assert f"{kind}/" not in text and f": {kind}" not in text, (side, text)
    gave = [text for _, text in table.told if text.startswith("fair play: your machine gave")]
    assert any(
        " reveal " in text and text.endswith(" ?` (it goes with your next file)") for text in gave
    )
