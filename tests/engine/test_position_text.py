"""The position text (docs/engine.md, "The position text"): a campaign state as a block a person
reads and pastes, read back into a state with the same canonical text (DN-SEQ-1: the position
is a step of the sequence table; DN-ERR-1: a bad text is refused with a sentence, nothing built).
"""

from __future__ import annotations

import pytest

from campaign.rules.ids import Side
from campaign.rules.phases import Phase
from campaign.rules.position import MAX_POSITION_CHARS, PositionTextError
from campaign.rules.sequence import FLOW, step_index
from campaign.rules.state import CampaignState, Location, position_from_text
from tests.harness import Game
from tests.integration.driver import Driver
from tests.rulesets import sample

BLOCK = """
    # pasted from a bug report, indented as in a test
    turn 2 first-movement aslan
    ru aslan=40 solomani=35
    campaign id=kiir-war events=12
    A-CL-1 aslan:CL hex:kiir stack=strike
    A-CL-2 aslan:CL hex:kiir stack=strike disrupted
    N-M-1 neutral:M-8-0-7 hex:neb-a face-down home=neb-a
    S-RT-1 solomani:RT-4 on:S-TR-1
    S-TR-1 solomani:TR box:sol-b
    N-RT-1 neutral:RT-2 box:neb-a owner=solomani
    pile neutral:PD neutral:M-8-0-7
    slots {"movement":{"moved":["A-CL-1"]}}
"""


def test_a_block_builds_the_state_it_says():  # DN-SEQ-1
    state = position_from_text(BLOCK)
    assert (state.turn, state.phase, state.phasing, state.acting) == (
        2,
        Phase.FIRST_MOVEMENT,
        Side.ASLAN,
        Side.ASLAN,
    )
    assert state.step == step_index(Phase.FIRST_MOVEMENT)
    assert state.ru == {Side.ASLAN: 40, Side.SOLOMANI: 35}
    assert (state.campaign_id, state.events_applied, state.profile_hash) == ("kiir-war", 12, "")
    assert list(state.units) == ["A-CL-1", "A-CL-2", "N-M-1", "S-RT-1", "S-TR-1", "N-RT-1"]
    assert state.units["A-CL-2"].disrupted and state.units["A-CL-2"].stack == "strike"
    assert state.units["N-M-1"].face_down and state.units["N-M-1"].home_system == "neb-a"
    assert state.units["S-RT-1"].location == Location.carried("S-TR-1")
    assert state.units["N-RT-1"].owner is Side.SOLOMANI  # a conscripted neutral, DN-NEU-2
    assert state.neutral_pile == ["neutral:PD", "neutral:M-8-0-7"]
    assert state.slots == {"movement": {"moved": ["A-CL-1"]}}
    assert state.next_unit_no == {"A-CL": 2, "N-M": 1, "S-RT": 1, "S-TR": 1, "N-RT": 1}


def test_the_text_is_what_repr_shows_and_round_trips():
    state = position_from_text(BLOCK)
    text = state.position_text()
    assert repr(state) == f"<CampaignState\n{text}\n>"
    assert text.splitlines()[0] == "turn 2 first-movement aslan"
    assert position_from_text(text).canonical_text() == state.canonical_text()
    assert position_from_text(text).position_text() == text


def test_one_line_form_separates_records_with_semicolons():
    state = position_from_text(BLOCK)
    line = state.position_text(one_line=True)
    assert "\n" not in line and line.startswith("turn 2 first-movement aslan; ru aslan=40")
    assert position_from_text(line).canonical_text() == state.canonical_text()
    # a ';' inside a quoted token or inside JSON does not end the record
    odd = position_from_text(
        'turn 1 production aslan; A-CL-1 aslan:CL hex:kiir "stack=a;b"; '
        'slots {"x":";"}; winner aslan'
    )
    assert odd.units["A-CL-1"].stack == "a;b" and odd.slots == {"x": ";"}
    assert odd.winner is Side.ASLAN
    assert position_from_text(odd.position_text(one_line=True)).canonical_text() == (
        odd.canonical_text()
    )


def test_every_step_has_a_name_and_an_unusual_acting_side_is_kept():  # DN-SEQ-1
    for index in range(len(FLOW)):
        state = CampaignState(turn=1, step=index, phasing=Side.SOLOMANI)
        assert position_from_text(state.position_text()).canonical_text() == (
            state.canonical_text()
        ), state.position_text()


def test_numbers_used_by_removed_ids_are_kept():
    """``next`` is written only when the ids in play do not give the numbers (a bought counter
    never placed and since dropped, say): the next id bought must stay the same."""
    state = position_from_text("turn 1 production aslan\nA-CL-1 aslan:CL hex:kiir\nnext A-CL=3")
    assert state.new_unit_ids(Side.ASLAN, "CL") == ["A-CL-4"]
    assert "next A-CL=3" in state.position_text()
    assert "next" not in position_from_text("turn 1 production aslan").position_text()


@pytest.mark.slow
def test_states_of_random_campaigns_round_trip_byte_for_byte():  # DN-SEQ-1
    """Every state a random campaign passes through (set-up, movement, battles, face-down
    neutrals, carried cargo, the areas' bookkeeping) comes back with the same canonical text."""
    checked: list[int] = []

    def check(state: CampaignState, _event: object) -> None:
        back = position_from_text(state.position_text())
        assert back.canonical_text() == state.canonical_text(), state.position_text()
        checked.append(1)

    driver = Driver(sample(), seed=3, on_event=check)
    driver.play_randomly(game_turns=1, max_orders=400)
    assert len(checked) > 100 and driver.state.turn >= 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A-CL-1 aslan:CL hex:kiir", "needs a line 'turn T STEP PHASING'"),
        ("turn 1 first-movment aslan", "position line 1: unknown step 'first-movment'"),
        ("turn 1 production klingon", "phasing side 'klingon'"),
        ("turn x production aslan", "the game turn must be a whole number"),
        ("turn 1 production aslan\nturn 1 production aslan", "line 2: 'turn' is given twice"),
        ("turn 1 production aslan\n\nA-CL-1 aslan:CL kiir", "line 3: counter A-CL-1: bad location"),
        ("turn 1 production aslan\nA-CL-1 aslan:CL hex:a\nA-CL-1 aslan:CL hex:b", "listed twice"),
        ("turn 1 production aslan\nA-CL-1 aslan:CL hex:a flying", "unknown 'flying'"),
        ("turn 1 production aslan\nX-1 CL hex:a", "its kind 'CL' names no side: owner=SIDE"),
        ("turn 1 production aslan\nslots {oops", "line 2: expected compact JSON after 'slots'"),
        ("turn 1 production aslan; slots {} x", "expected ';' or the end of the line"),
        ("turn 1 production aslan\nru aslan=lots", "RU must be a whole number"),
        ("turn 1 production aslan\nwinner", "expected 'winner SIDE'"),
        ("turn 1 production aslan\nwinner ewoks", "position: winner"),
        ("turn 1 production aslan\nA-CL-1 aslan:CL hex:a owner=ewoks", "position: units"),
        ("turn 1 production aslan\npiles x", "did you mean 'pile'"),
    ],
)
def test_a_bad_text_is_refused_with_its_line(text, message):  # DN-ERR-1
    with pytest.raises(PositionTextError) as caught:
        position_from_text(text)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value) and "pydantic" not in str(caught.value)


def test_the_length_is_bounded_before_reading():  # DN-ERR-1
    with pytest.raises(PositionTextError, match="at most"):
        position_from_text("#" * (MAX_POSITION_CHARS + 1))


def test_a_pasted_position_is_played_through_the_harness():  # DN-MOV-2, DN-ERR-1
    """The test harness starts from a position text (what a bug report pastes): a stack jumps
    and a refused order changes nothing; the state afterwards reads as the same kind of text."""
    game = Game(
        sample(),
        """
        turn 2 first-movement aslan
        campaign id=pasted
        A-CL-1 aslan:CL hex:hlirakh stack=s1
        A-DD-1 aslan:DD hex:hlirakh stack=s1
    """,
    )
    game.play("aslan jump s1 ftahr")
    assert game.where("A-CL-1") == game.where("A-DD-1") == "hex:ftahr"
    game.reject("aslan jump s1 ftahr,khtaoi,fissure,span", rule="DN-MOV-2")
    assert "A-CL-1 aslan:CL hex:ftahr stack=s1" in repr(game.state)
    assert position_from_text(repr(game.state)[len("<CampaignState\n") : -2]).canonical_text() == (
        game.state.canonical_text()
    )


def test_counter_lines_and_put_build_the_same_state():  # DN-SEQ-1, issue 48 item 5
    """The area builders take their counters as position text (``counters=``) where tests
    called ``put`` one counter at a time: both give the same state, byte for byte, the order
    of play, the owner a kind names, the flags and the id numbers used included."""
    from tests.economy.game import Game as EconomyGame
    from tests.movement.helpers import Game as MovementGame

    for area in (EconomyGame, MovementGame):
        by_text = area(
            counters="""
            S-CR-1 solomani:CR hex:concord disrupted
            A-CL-7 aslan:CL hex:hlirakh stack=s1
            N-M-1 neutral:M-8-0-7 hex:lantern owner=aslan home=lantern
            N-Q-2 neutral:TR hex:ftahr face-down
            A-RT-1 aslan:RT-4 on:A-CL-7
        """
        )
        by_put = area()
        by_put.put("S-CR-1", "solomani:CR", "hex:concord", disrupted=True)
        by_put.put("A-CL-7", "aslan:CL", "hex:hlirakh", stack="s1")
        by_put.put("N-M-1", "neutral:M-8-0-7", "hex:lantern", owner=Side.ASLAN, home="lantern")
        by_put.put("N-Q-2", "neutral:TR", "hex:ftahr", face_down=True)
        by_put.put("A-RT-1", "aslan:RT-4", "on:A-CL-7")
        assert by_text.state.canonical_text() == by_put.state.canonical_text()
        assert by_text.state.next_unit_no == {"S-CR": 1, "A-CL": 7, "N-M": 1, "N-Q": 2, "A-RT": 1}
