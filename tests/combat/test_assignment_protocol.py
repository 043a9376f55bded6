"""DN-CBT-3 (issue 16 item 4): by default the defender names and the attacker answers; a whole
assignment is given only by the referee, or by a player when both agreed (switch
``players_assign_freely``), and the log says who made the pairing."""

from __future__ import annotations

from campaign.rules.combat import book
from campaign.rules.ruleset import HouseRules
from tests.combat.campaign_helpers import RULESET, Campaign, place

BATTLE = "neb-a/aslan-solomani"


def _at_assignment(**switches: bool) -> Campaign:
    rules = HouseRules(**{**RULESET.house_rules.model_dump(), **switches})
    game = Campaign([place("A-CL-1", "aslan:CL", "hex:neb-a"),
                     place("A-CL-2", "aslan:CL", "hex:neb-a"),
                     place("S-DD-1", "solomani:DD", "hex:neb-a"),
                     place("S-DD-2", "solomani:DD", "hex:neb-a")],
                    ruleset=RULESET.model_copy(update={"house_rules": rules}))
    game.enter()
    game.play(f"aslan range {BATTLE}", [1, 6])
    game.play(f"aslan choose-range {BATTLE} long")
    return game


def test_attacker_cannot_impose_the_pairing_before_the_defender_names():
    # DN-CBT-3: `assign` (and `auto`) from a player is refused; the protocol is offered instead
    game = _at_assignment()
    for text in (f"aslan assign {BATTLE} S-DD-1>A-CL-1,S-DD-2>A-CL-2",
                 f"aslan assign {BATTLE} auto", f"solomani assign {BATTLE} auto"):
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
