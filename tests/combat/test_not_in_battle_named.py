"""A unit named in an assignment or declaration that is not in the battle: the refusal names
the battle as every screen does (``b1``) and its system by name, and says where the unit is
(found by use, December 7, night: "S-RT-1 is not in the battle at neb-a", the system's id, for
a unit in the surface box); and a battle order naming a unit twice is refused as such."""

from __future__ import annotations

from campaign.rules.views import seen_text
from tests.combat.campaign_helpers import Campaign, place
from tests.combat.test_engine_space import BID, duel


def _refusal(game: Campaign, order: str) -> str:
    """The refusal of ``order`` as the referee's seat reads it."""
    return seen_text(str(game.reject(order)), game.state, None)


def _at_assignment() -> Campaign:
    game = duel()
    game.play(f"aslan range {BID}", [1, 6])
    game.play(f"aslan choose-range {BID} short")
    return game


def test_referee_assign_names_the_battle_and_the_box():
    """DN-CBT-3: S-RT-1 stands in the surface box of Aagar (neb-a), not in its stellar hex."""
    said = _refusal(_at_assignment(), f"referee referee-assign {BID} S-RT-1>A-CL-1")
    assert said.startswith("DN-CBT-3: S-RT-1 is not in battle b1 at Aagar: it is in the surface")
    assert "at neb-a" not in said


def test_target_step_names_the_battle():
    """DN-CBT-3: the step-by-step protocol words it the same way, with the units to name."""
    said = _refusal(_at_assignment(), f"solomani target {BID} S-RT-1")
    assert said.startswith("DN-CBT-3: S-RT-1 is not in battle b1 at Aagar: it is in the surface")
    assert said.endswith("; solomani may name: S-DD-1")


def test_declaration_names_the_battle():
    """DN-CBT-5: a close attack declared for a unit outside the battle."""
    game = _at_assignment()
    game.play(f"referee referee-assign {BID} auto")
    said = _refusal(game, f"solomani declare {BID} S-RT-1")
    assert said.startswith("DN-CBT-5: S-RT-1 is not in battle b1 at Aagar: it is in the surface")


def test_unknown_unit_is_named_with_the_battle():
    """DN-CBT-3: a unit that is nowhere on the map is refused naming the battle too."""
    said = _refusal(_at_assignment(), f"referee referee-assign {BID} S-XX-9>A-CL-1")
    assert said == "DN-CBT-3: S-XX-9 is not in battle b1 at Aagar"


def test_a_fighter_named_twice_to_launch_is_refused():
    """DN-CBT-8 (found by use, December 7, night, as for lift-off and split-stack): a list that
    names a unit twice is refused, not taken as once."""
    game = Campaign(
        [
            place("A-MS-1", "aslan:MS", "hex:neb-a"),
            place("A-F-1", "aslan:F", "on:A-MS-1"),
            place("S-CL-1", "solomani:CL", "hex:neb-a"),
        ]
    )
    game.enter()
    said = _refusal(game, f"aslan launch {BID} A-F-1,A-F-1")
    assert said == "DN-CBT-8: A-F-1 is named twice"


def test_a_unit_named_twice_in_a_declaration_is_refused():
    """DN-CBT-5: ``declare b1 - A-CL-1,A-CL-1`` was accepted and told "short-range missiles
    from A-CL-1, A-CL-1"; a unit named twice in one list is refused."""
    game = _at_assignment()
    game.play(f"referee referee-assign {BID} auto")
    said = _refusal(game, f"aslan declare {BID} - A-CL-1,A-CL-1")
    assert said == "DN-CBT-5: A-CL-1 is named twice"
