"""Exploring the Dark Nebula (DN-NEB-1) on the sample map: Lantern - Hollow Star is unexplored."""

from __future__ import annotations

from campaign.rules.movement import explored_routes, move_options
from campaign.rules.movement.query import has_jump
from tests.movement.helpers import A, Game, S
from tests.rulesets import with_rules


def explorers(code: str = "EX") -> str:
    """Stack x1 at Lantern: an explorer (or the ship ``code``) and a light cruiser."""
    return f"""
        A-{code}-1 aslan:{code} hex:lantern stack=x1
        A-CL-1 aslan:CL hex:lantern stack=x1
    """


def test_explorer_success_opens_route_for_both_sides():
    # DN-NEB-1: 4-6 explores, the stack arrives and stops, the route is explored for both sides
    game = Game(counters=explorers())
    [moved] = game.play("aslan jump x1 hollow-star", dice=[4])
    assert moved.explored == ["lantern", "hollow-star"]
    assert game.where("A-CL-1") == "hex:hollow-star"
    assert frozenset(("lantern", "hollow-star")) in explored_routes(game.state)
    assert "A-CL-1" in game.state.slots["movement"]["finished"]  # stops even though type 3
    game.put("S-CL-1", "solomani:CL", "hex:umbra-gate")
    game.state.phasing = game.state.acting = S
    options = move_options(game.state, game.ruleset, S, "S-CL-1")
    assert not options.legal["hollow-star"].explore  # now an ordinary route for Solomani


def test_explorer_failure_stays_and_is_disrupted():
    # DN-NEB-1: 1-3 the stack stays and the explorer is disrupted
    game = Game(counters=explorers())
    [moved] = game.play("aslan jump x1 hollow-star", dice=[3])
    assert moved.explore_failed == ["lantern", "hollow-star"] and moved.disrupted == ["A-EX-1"]
    assert game.where("A-CL-1") == "hex:lantern"
    assert game.state.units["A-EX-1"].disrupted
    assert explored_routes(game.state) == set()
    game.reject("aslan jump x1 umbra-gate", rule="DN-MOV-2")  # finished


def test_scout_explores_at_minus_one():
    # DN-NEB-1: a scout may explore at -1 (a 4 becomes 3: failure)
    game = Game(counters=explorers("SC"))
    [moved] = game.play("aslan jump x1 hollow-star", dice=[4])
    assert moved.explore_failed and moved.disrupted == ["A-SC-1"]
    again = Game(counters=explorers("SC"))
    [moved] = again.play("aslan jump x1 hollow-star", dice=[5])
    assert moved.explored


def test_unexplored_route_needs_explorer_and_ends_the_move():
    # DN-NEB-1: no explorer/scout -> refused; exploring must be the last step of the path
    game = Game(
        counters="""
        A-CL-1 aslan:CL hex:umbra-gate
    """
    )
    error = game.reject("aslan jump A-CL-1 lantern,hollow-star", rule="DN-NEB-1")
    assert "Lantern-Hollow Star" in error.reason
    assert move_options(game.state, game.ruleset, A, "A-CL-1").why_not("murk").rule == "DN-NEB-1"
    explorer = Game(counters=explorers())
    explorer.reject("aslan jump x1 hollow-star,ashfall", rule="DN-NEB-1")


def test_exploring_after_ordinary_jumps():
    # DN-NEB-1 with DN-MOV-2: ordinary jumps first, then the unexplored route as the last step
    game = Game(
        counters="""
        A-EX-1 aslan:EX hex:umbra-gate
        # closes the ordinary way round
        S-DD-1 solomani:DD hex:ashfall
    """
    )
    options = move_options(game.state, game.ruleset, A, "A-EX-1")
    assert options.legal["hollow-star"].path == ("lantern", "hollow-star")
    assert options.legal["hollow-star"].explore
    game.play("aslan jump A-EX-1 lantern,hollow-star", dice=[6])
    assert game.where("A-EX-1") == "hex:hollow-star"


def test_disrupted_explorer_left_behind_stops_short_without_exploring():
    # DN-NEB-1 with DN-MOV-9: if the explorer fails its move roll the rest stop before the route
    game = Game(
        counters="""
        A-EX-1 aslan:EX hex:umbra-gate stack=x1 disrupted
        A-CL-1 aslan:CL hex:umbra-gate stack=x1
    """
    )
    [moved] = game.play("aslan jump x1 lantern,hollow-star", dice=[1])
    assert moved.stayed == ["A-EX-1"] and moved.path == ["lantern"]
    assert game.where("A-CL-1") == "hex:lantern" and game.where("A-EX-1") == "hex:umbra-gate"
    assert len(moved.rolls) == 1


def test_switch_off_routes_are_free():
    # DN-NEB-1 switch off: unexplored routes are ordinary routes (same choice as DN-ECO-3)
    game = Game(
        ruleset=with_rules(nebula_exploration=False),
        counters="""
        A-CL-1 aslan:CL hex:umbra-gate
    """,
    )
    game.reject("aslan jump A-CL-1 lantern,hollow-star,ashfall", rule="DN-MOV-4")  # type 3 still
    game.play("aslan jump A-CL-1 lantern,hollow-star")
    assert game.where("A-CL-1") == "hex:hollow-star"


def test_a_stack_whose_every_route_is_unexplored_may_jump_only_with_an_explorer():
    # DN-NEB-1 (DN-SEQ-2: jump is offered exactly when the query lists a jump): every route
    # from Murk is unexplored; refuelled there (DN-MOV-4), a scout or explorer may jump on
    for code in (None, "EX", "SC"):
        game = Game(
            counters="""
            A-CL-1 aslan:CL hex:murk stack=q
        """
        )
        if code:
            game.put(f"A-{code}-1", f"aslan:{code}", "hex:murk", stack="q")
        game.state.slots.setdefault("movement", {}).setdefault("refuelled", {})["aslan"] = ["murk"]
        jumps = [
            d
            for d in move_options(game.state, game.ruleset, A, "q").legal.values()
            if d.mode == "jump"
        ]
        assert all(d.explore for d in jumps)
        assert bool(jumps) is (code is not None)
        assert has_jump(game.state, game.ruleset, A, "q") is (code is not None)
