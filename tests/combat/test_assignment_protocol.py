"""DN-CBT-3 (issue 16 item 4): by default the defender names and the attacker answers; a whole
assignment is given only by the referee, or by a player when both agreed (switch
``players_assign_freely``), and the log says who made the pairing."""

from __future__ import annotations

from campaign.rules.acting import who_must_act
from campaign.rules.combat import book
from campaign.rules.ruleset import HouseRules
from tests.combat.campaign_helpers import RULESET, Campaign, place

BATTLE = "neb-a/aslan-solomani"


def _at_assignment(units: list | None = None, **switches: bool) -> Campaign:
    """A battle at Aagar at long range, waiting for the DN-CBT-3 assignment (two Aslan
    cruisers against two Solomani destroyers unless ``units`` says otherwise)."""
    rules = HouseRules(**{**RULESET.house_rules.model_dump(), **switches})
    game = Campaign(
        units
        or [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-CL-2", "aslan:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("S-DD-2", "solomani:DD", "hex:neb-a"),
        ],
        ruleset=RULESET.model_copy(update={"house_rules": rules}),
    )
    game.enter()
    game.play(f"aslan range {BATTLE}", [1, 6])
    game.play(f"aslan choose-range {BATTLE} long")
    return game


def test_attacker_cannot_impose_the_pairing_before_the_defender_names():
    # DN-CBT-3: `assign` (and `auto`) from a player is refused; the protocol is offered instead
    game = _at_assignment()
    for text in (
        f"aslan assign {BATTLE} S-DD-1>A-CL-1,S-DD-2>A-CL-2",
        f"aslan assign {BATTLE} auto",
        f"solomani assign {BATTLE} auto",
    ):
        error = game.reject(text)
        assert error.rule_id == "DN-CBT-3" and "referee" in str(error), text
    game.play(f"solomani target {BATTLE} S-DD-2")
    game.play(f"aslan target {BATTLE} A-CL-1")
    assert book.draft_of(book.battles(game.state)[BATTLE]).engagements[0].defenders == ("S-DD-2",)


def test_referee_assignment_is_logged_as_the_referee_s():
    # DN-CBT-3: the referee may give the whole assignment (checked), logged with who gave it
    game = _at_assignment()
    [assigned] = game.play(f"referee referee-assign {BATTLE} S-DD-1>A-CL-2,S-DD-2>A-CL-1")
    assert assigned.by == "referee"
    assert book.battles(game.state)[BATTLE]["assigned_by"] == "referee"


def test_agreed_free_assignment_is_accepted_and_logged_as_agreed():
    # DN-CBT-3 campaign option players_assign_freely: either player gives it, logged as agreed
    game = _at_assignment(players_assign_freely=True)
    [assigned] = game.play(f"aslan assign {BATTLE} auto")
    assert assigned.by == "agreed" and assigned.complete
    assert book.battles(game.state)[BATTLE]["assigned_by"] == "agreed"


def test_protocol_steps_are_logged_as_protocol():
    # DN-CBT-3: name/answer steps carry by="protocol" and leave no assigned_by mark
    game = _at_assignment()
    [named] = game.play(f"solomani target {BATTLE} S-DD-1")
    assert named.by == "protocol"
    assert "assigned_by" not in book.battles(game.state)[BATTLE]


def _three_against_two() -> Campaign:
    """Three Aslan ships attack two Solomani ships at Aagar; long range chosen."""
    return _at_assignment(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-CL-2", "aslan:CL", "hex:neb-a"),
            place("A-DD-1", "aslan:DD", "hex:neb-a"),
            place("S-CL-1", "solomani:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
        ]
    )


def test_one_order_accepts_the_default_pairing_keeping_the_order_of_choices():
    # DN-CBT-3 (issue 29): `target B auto` = this side takes the default choices (strongest
    # unit first, leftovers in turn) for the rest of the round; the defender still names
    # first and the attacker still answers each named unit
    game = _three_against_two()
    game.play(f"solomani target {BATTLE} auto")
    draft = book.draft_of(book.battles(game.state)[BATTLE])
    assert draft.named == "S-CL-1"  # the strongest Solomani unit, named by the default
    game.play(f"aslan target {BATTLE} A-DD-1")  # the answer; the Solomani then name S-DD-1
    assert book.draft_of(book.battles(game.state)[BATTLE]).named == "S-DD-1"
    game.play(f"aslan target {BATTLE} A-CL-1,A-CL-2 2")  # answer, then the leftover
    rec = book.battles(game.state)[BATTLE]
    assert rec["stage"] == "fire"
    assert [(e.defenders, e.attackers) for e in book.engagements_of(rec)] == [
        (("S-CL-1",), ("A-DD-1",)),
        (("S-DD-1",), ("A-CL-1", "A-CL-2")),
    ]


def test_both_sides_accepting_the_default_pairing_take_two_orders():
    # DN-CBT-3: with both sides on the default the assignment is complete after two orders,
    # the same pairing the protocol's default gives (auto_assignment); a round later both
    # choose again
    from campaign.rules.combat.assignment import auto_assignment

    game = _three_against_two()
    battle = book.battle_of(book.battles(game.state)[BATTLE])
    game.play(f"aslan target {BATTLE} auto")  # the attacker may accept it ahead of its turn
    assert book.battles(game.state)[BATTLE]["stage"] == "assign"
    assert "already" in str(game.reject(f"aslan target {BATTLE} auto"))  # DN-CBT-3
    game.play(f"solomani target {BATTLE} AUTO")
    rec = book.battles(game.state)[BATTLE]
    assert rec["stage"] == "fire" and book.engagements_of(rec) == auto_assignment(
        battle, frozenset()
    )
    game.play(f"aslan fire {BATTLE}", [1, 1, 1, 1, 1])
    game.play(f"solomani stay {BATTLE}")
    game.play(f"aslan stay {BATTLE}")
    game.play(f"aslan range {BATTLE}", [1, 6])
    game.play(f"aslan choose-range {BATTLE} long")
    assert "auto" not in book.battles(game.state)[BATTLE]
    game.play(f"solomani target {BATTLE} S-DD-1")  # step by step again in the new round


def test_an_engagement_number_that_names_none_is_refused():
    """DN-CBT-3 (found by use, December 7, night): ``aslan target b1 A-CL-1 2`` answering the
    first named unit was accepted, the 2 dropped without a word (A-CL-1 formed engagement 1):
    a number that names no engagement is refused, nothing stored."""
    game = _at_assignment()
    game.play(f"solomani target {BATTLE} S-DD-1")
    before = book.battles(game.state)[BATTLE]
    error = game.reject(f"aslan target {BATTLE} A-CL-1 2")
    assert str(error) == (
        "DN-CBT-3: engagement 2 does not exist: A-CL-1 answers S-DD-1 and forms engagement 1 "
        "(an engagement number is for a leftover unit, which joins one already formed)"
    )
    assert book.battles(game.state)[BATTLE] == before
    game.play(f"aslan target {BATTLE} A-CL-1 1")  # the engagement it forms: accepted


def test_a_unit_named_twice_in_one_target_order_is_refused_as_such():
    """DN-CBT-3 (found by use, December 7, night): ``solomani target b1 S-DD-1,S-DD-1`` was
    refused "it is aslan's turn to answer a unit, not solomani's", the first step taken, the
    second read as the next; the unit named twice is said."""
    game = _at_assignment()
    error = game.reject(f"solomani target {BATTLE} S-DD-1,S-DD-1")
    assert str(error) == "DN-CBT-3: S-DD-1 is named twice in one order"


def test_a_leftover_without_its_engagement_is_told_which_it_may_join():
    """DN-CBT-3 (found by use, December 7, late night): a leftover unit given without its
    engagement number was refused "must join engagement 1..1", and the step's duty read "add
    a leftover unit to an engagement (1..1)"."""
    game = _three_against_two()
    game.play(f"solomani target {BATTLE} S-CL-1")
    game.play(f"aslan target {BATTLE} A-CL-1")
    game.play(f"solomani target {BATTLE} S-DD-1")
    game.play(f"aslan target {BATTLE} A-CL-2")
    assert str(game.reject(f"aslan target {BATTLE} A-DD-1")) == (
        "DN-CBT-3: A-DD-1 is left over and joins an engagement: give its number after the "
        "units (one of engagements 1 to 2)"
    )
    [duty] = who_must_act(game.state, game.ruleset)
    assert duty.reason.endswith("aslan add a leftover unit to one of engagements 1 to 2")
