"""Two machines play a fair-mode campaign by messages (issue 34 phase A, ADR 0028, DN-NEU-1).

The set-up draws every counter through the jointly shuffled decks (each draw waits for the
reveal of its token card: where it stands); in game turn 1 an Aslan scout jumps *through*
Solace, whose face-down counter may block (DN-MOV-2/3 with the house switch on): the jump is
held, the counter is revealed by contact, and the jump is decided on the revealed state; in
game turn 2 Aslan conscripts in Beacon, where the face-down counter was never needed: the
conscription is held and reveals it (DN-NEU-2). Both machines end with equal logs and states,
and neither ever held the kind of a counter before its reveal.
"""

from __future__ import annotations

import pytest

from campaign.rules import fairplay
from campaign.rules.acting import acting_sentence
from campaign.rules.canonical import canonical_json
from campaign.rules.errors import WaitingError
from campaign.rules.movement import move_options
from campaign.rules.phases import Phase
from campaign.rules.ruleset import Ruleset
from tests.fair.machines import Table
from tests.rulesets import sample

SETUP = [
    "aslan buy SC 2",
    "aslan end-phase",
    "solomani buy SC",
    "solomani end-phase",
    "aslan deploy A-SC-1,A-SC-2 hex:aokhtel",
    "aslan end-phase",
    "solomani deploy S-SC-1 hex:concord",
    "solomani end-phase",
]


def _placed(table: Table) -> None:
    """DN-NEU-1: Solace gets the first counter, Beacon the second, Lantern the other six."""
    places = ["solace", "beacon"] + ["lantern"] * 6
    for number, system in enumerate(places):
        side = "solomani" if number % 2 == 0 else "aslan"
        table.play(f"{side} place-neutral {system}")
    table.settle()


def _first_movement(ruleset: Ruleset) -> Table:
    """Set-up done alike on both machines (seeds 1 and 2: the first two draws stand in
    surface boxes), up to Aslan's First Movement of game turn 1."""
    table = Table.new(ruleset, seeds=(1, 2))
    _placed(table)
    for text in SETUP:
        table.play(text)
    table.until(lambda state: state.phase is Phase.FIRST_MOVEMENT, "end-phase")
    return table


@pytest.fixture(scope="module")
def game() -> Table:
    """The whole game (seeds 1 and 2: the first two draws stand in surface boxes)."""
    ruleset = sample()
    table = _first_movement(ruleset)
    state = table.second.state
    beacon = move_options(state, ruleset, state.acting, "A-SC-1").legal["beacon"].path
    assert "solace" not in beacon  # the path avoids the face-down counters where it can
    table.play(f"aslan jump A-SC-1 {','.join(beacon)}")
    table.contact = table.play("aslan jump A-SC-2 solace,beacon")
    table.until(lambda s: s.turn == 2 and s.phase is Phase.PRODUCTION)
    table.play("aslan maintain")  # maintenance comes first, conscription too (DN-ECO-7)
    table.conscription = table.play("aslan conscript beacon")
    table.settle()
    return table


def test_each_draw_waits_for_its_token_and_places_where_the_token_says(game: Table) -> None:
    """DN-NEU-1 (fair mode): eight counters drawn, each standing where its token card said
    (box/j in a surface box, hex/j in a stellar hex), ids N-X-1..8 in drawing order."""
    state = game.first.state
    fair = fairplay.slot(state)
    placed = [uid for uid in state.units if uid.startswith("N-")]
    assert placed == [f"N-X-{n}" for n in range(1, 9)]
    for number, uid in enumerate(placed, start=1):
        where = fair["revealed"][f"token-{number}"].partition("/")[0]
        assert state.units[uid].location.where.value == where
        assert fair["cards"][uid].startswith(where)


def test_contact_holds_the_jump_and_reveals_the_counter(game: Table) -> None:
    """DN-MOV-2/3, DN-NEU-1: a jump through Solace asks whether its face-down counter blocks:
    the jump is held (``reveals-called``), nothing moves until both shares are in, then the
    counter's kind is known to both machines and the jump is decided as every mode decides a
    jump through a face-down counter: a blocker ends it there, never refuses it."""
    assert [e.type for e in game.contact] == ["reveals-called"]
    state = game.first.state
    solace = state.units["N-X-1"]
    assert not fairplay.unrevealed(solace) and solace.face_down  # known, not turned up
    resumed = [e for e in game.first.events if e.type == "held-order-resumed"]
    assert any(e.order == "aslan jump A-SC-2 solace,beacon" for e in resumed)
    stops_at_solace = sample().unit_type(solace.kind).category.value in ("pd", "monitor")
    assert state.units["A-SC-2"].location.system == ("solace" if stops_at_solace else "beacon")


def test_conscription_holds_and_reveals(game: Table) -> None:
    """DN-NEU-2 (fair mode): the conscription in Beacon asks for the counter's cost: held,
    revealed, then decided; before it nobody knew what stood in Beacon."""
    assert [e.type for e in game.conscription] == ["reveals-called"]
    kinds_before = [e for e in game.first.events if e.type == "neutrals-conscripted"]
    assert kinds_before and kinds_before[-1].system == "beacon"
    assert not fairplay.unrevealed(game.first.state.units["N-X-2"])


def test_unrevealed_counters_stay_unknown_on_both_machines(game: Table) -> None:
    """ADR 0028: the six counters of Lantern were never in contact: no machine holds their
    kind, no reveal of them was called, and no share of them was ever given."""
    for machine in (game.first, game.second):
        fair = fairplay.slot(machine.state)
        for n in range(3, 9):
            assert fairplay.unrevealed(machine.state.units[f"N-X-{n}"])
            assert fair["cards"][f"N-X-{n}"] not in fair["called"]


def test_both_machines_end_equal(game: Table) -> None:
    """Both copies hold the same log and the same state, event for event (docs/turn-files.md)."""
    assert [canonical_json(e) for e in game.first.events] == [
        canonical_json(e) for e in game.second.events
    ]
    assert game.first.state.canonical_text() == game.second.state.canonical_text()


def test_a_pending_reveal_is_a_typed_wait_naming_the_side(game: Table) -> None:
    """DN-NEU-1, DN-ERR-1: while a reveal is pending every other order answers ``waiting for
    SIDE's reveal of N-X-k`` (a ``WaitingError`` with typed waits), and changes nothing."""
    aslan = _first_movement(sample()).second
    aslan.give("aslan jump A-SC-2 solace")  # arrives: a type 1 system ends the move anyway
    held = aslan.give("aslan jump A-SC-1 solace,beacon")
    assert [e.type for e in held] == ["reveals-called"]
    before = aslan.state.canonical_text()
    with pytest.raises(WaitingError) as waiting:
        aslan.give("aslan end-phase")
    assert aslan.state.canonical_text() == before
    assert {(w.side, w.what, w.subject) for w in waiting.value.waits} == {
        ("aslan", "reveal", "N-X-1"),
        ("solomani", "reveal", "N-X-1"),
    }
    assert "waiting for solomani's reveal of N-X-1" in str(waiting.value)
    assert acting_sentence(aslan.state).startswith(  # the status line says so
        "aslan must act: waiting for aslan's reveal of N-X-1"
    )


def test_a_contact_teaches_a_player_no_more_than_a_refereed_game(game: Table) -> None:
    """Issue 41 item 5, DN-NEU-1: the contact at Solace reveals the counter to both machines,
    but a player's reading of the log (sentences, order texts, dice) names no kind of a
    counter that stays face down: the reveal orders show the card, not what it opens to, and
    the reveal's sentence says the counter stays face down. The referee's reading names the
    kind (so the check can fail)."""
    from campaign.rules import engine, narration
    from campaign.rules.ids import PLAYER_SIDES
    from campaign.rules.state import CampaignState
    from campaign.rules.views import seen_text

    ruleset = sample()
    machine = game.first
    final = machine.state
    assert final.units["N-X-1"].face_down
    referee = narration.narrate(machine.events, CampaignState(), ruleset=ruleset)
    assert any(
        "N-X-1" in (item.text or "") and final.units["N-X-1"].kind in (item.text or "")
        for item in referee
    )
    for side in PLAYER_SIDES:
        told = narration.narrate(machine.events, CampaignState(), viewer=side, ruleset=ruleset)
        solace_kind = final.units["N-X-1"].kind
        lines = [line for item in told for line in item.lines]
        assert not [line for line in lines if "N-X-1" in line and solace_kind in line], side
        assert any(
            "N-X-1 is revealed to the machines; it stays face down" in line for line in lines
        )
        state = CampaignState()
        for event in machine.events:
            engine.apply_event(state, event)
        reveal = f"{side.value} reveal card-9 {solace_kind}/1"
        assert seen_text(reveal, state, side) == f"{side.value} reveal card-9 ?"
        assert seen_text(reveal, state, None) == reveal
