"""Jump and sublight movement on the sample map (DN-MOV-1..3, DN-MAP-4, DN-MOV-6, DN-MOV-9)."""

from __future__ import annotations

import pytest

from campaign.rules.movement import move_options
from campaign.rules.phases import Phase
from campaign.rules.views import see
from tests.movement.helpers import A, Game, S
from tests.rulesets import with_rules

#: Stack s1 of a light cruiser and a destroyer at Hlirakh.
FLEET = """
    A-CL-1 aslan:CL hex:hlirakh stack=s1
    A-DD-1 aslan:DD hex:hlirakh stack=s1
"""


def test_jump_chain_passes_enemy_tanker_stops_at_scout():
    # DN-MOV-2 DN-MOV-3: a tanker does not block, a scout does
    game = Game(
        counters=FLEET
        + """
        S-AO-1 solomani:AO hex:ftahr
        S-SC-1 solomani:SC hex:fissure
    """
    )
    error = game.reject("aslan jump s1 ftahr,khtaoi,fissure,span", rule="DN-MOV-2")
    assert "Fissure" in error.reason and "S-SC-1" in error.reason
    game.play("aslan jump s1 ftahr,khtaoi,fissure")
    assert game.where("A-CL-1") == game.where("A-DD-1") == "hex:fissure"
    game.reject("aslan jump s1 span", rule="DN-MOV-2")  # finished for this phase


def test_auxiliaries_and_carried_fighters_do_not_block():
    # DN-MOV-3: transports, motherships and fighters aboard them are auxiliaries
    game = Game(
        counters=FLEET
        + """
        S-TR-1 solomani:TR hex:ftahr
        S-MS-1 solomani:MS hex:khtaoi
        S-F-1 solomani:F on:S-MS-1
    """
    )
    game.play("aslan jump s1 ftahr,khtaoi,fissure,span")
    assert game.where("A-CL-1") == "hex:span"


def test_uncarried_fighter_and_explorer_block():
    # DN-MOV-3: warships incl. explorers block; a fighter not aboard a mothership is a warship
    for blocker in ("solomani:EX", "solomani:F", "solomani:DD"):
        game = Game(
            counters=FLEET
            + f"""
            S-X-1 {blocker} hex:khtaoi
        """
        )
        game.reject("aslan jump s1 ftahr,khtaoi,fissure", rule="DN-MOV-2")


def test_monitor_and_pd_block_per_house_switch():
    # DN-MOV-3: monitors and PD block as the house switch says; neutrals count as enemies
    for switch in (True, False):
        game = Game(
            ruleset=with_rules(monitors_and_pd_block=switch),
            counters=FLEET
            + """
            N-M-1 neutral:M-8-0-7 hex:ftahr
            S-PD-1 aslan:PD box:khtaoi owner=solomani
        """,
        )
        text = "aslan jump s1 ftahr,khtaoi,fissure"
        if switch:
            assert "neutral" in game.reject(text, rule="DN-MOV-2").reason
            game.reject("aslan jump s1 khtaoi,fissure", rule="DN-MAP-4")
        else:
            game.play(text)
            assert game.where("A-CL-1") == "hex:fissure"


@pytest.mark.parametrize(("kind", "blocks"), [("neutral:M-8-0-7", True), ("neutral:TR", False)])
def test_face_down_neutral_stops_the_move_instead_of_refusing_it(kind: str, blocks: bool):
    # DN-MOV-2/3 with DN-NEU-1: a path through a face-down counter is never refused for it (a
    # refusal would tell a monitor from a transport); a blocking one ends the move there
    game = Game(
        counters=FLEET
        + f"""
        N-Q-1 {kind} hex:ftahr face-down
    """
    )
    (moved,) = game.play("aslan jump s1 ftahr,khtaoi")
    assert moved.path == (["ftahr"] if blocks else ["ftahr", "khtaoi"])
    assert moved.hidden_stop == ("ftahr" if blocks else None)
    assert game.where("A-DD-1") == ("hex:ftahr" if blocks else "hex:khtaoi")


def test_a_path_broken_further_on_is_refused_whatever_lies_face_down():
    # DN-MAP-4, DN-NEU-1: the path is checked whole as the side sees it before a face-down
    # counter may end it, so a bad later step is refused in the same words either way
    reasons = set()
    for kind in ("neutral:M-8-0-7", "neutral:TR"):
        game = Game(
            counters=FLEET
            + f"""
            N-Q-1 {kind} hex:ftahr face-down
        """
        )
        reasons.add(game.reject("aslan jump s1 ftahr,hlirakh,khtaoi", rule="DN-MAP-4").reason)
    assert len(reasons) == 1


def test_destination_beyond_face_down_counters_is_offered_by_a_shortest_path():
    # DN-MOV-2, DN-NEU-1: docs/referee-at-the-table.md's game turn 1. Solace and Span each hold
    # a face-down counter and every way from Eawyo to Marrow passes one of them; the path
    # offered is the shortest of those (12 jumps via Span), not 13 via Solace because Solace
    # was searched first
    game = Game(
        counters="""
        A-CL-1 aslan:CL hex:eawyo stack=strike
        A-CL-2 aslan:CL hex:eawyo stack=strike
        A-CL-3 aslan:CL hex:eawyo stack=strike
        S-DD-1 solomani:DD hex:marrow
        N-RT-1 neutral:RT-2 box:solace face-down
        N-RT-2 neutral:RT-3 box:span face-down
        N-M-1 neutral:M-8-0-8 hex:keystone face-down
        N-PD-1 neutral:PD box:lantern face-down
        N-JT-1 neutral:JT-4 box:quillon face-down
        N-AT-1 neutral:AT-8 box:pellow face-down
        N-RT-3 neutral:RT-2 box:bulwark face-down
        N-TR-1 neutral:TR hex:lantern face-down
    """
    )
    options = move_options(game.state, game.ruleset, A, "strike")
    via_span = "hlirakh ftahr khtaoi fissure span scarp corredor orilla rampart bastion redoubt"
    assert options.legal["marrow"].path == (*via_span.split(), "marrow")
    (moved,) = game.play("aslan jump strike " + ",".join(options.legal["marrow"].path))
    assert moved.path[-1] == "marrow"


def test_warship_in_surface_box_blocks():
    # DN-MOV-2: a blocking unit anywhere in the system (stellar hex or surface box) stops the jump
    game = Game(
        counters=FLEET
        + """
        S-CL-1 solomani:CL box:ftahr
    """
    )
    game.reject("aslan jump s1 ftahr,khtaoi", rule="DN-MOV-2")
    game.play("aslan jump s1 ftahr")
    assert game.where("A-DD-1") == "hex:ftahr"


def test_only_printed_routes():
    # DN-MAP-4: hlirakh and khtaoi are not joined by a route
    game = Game(counters=FLEET)
    error = game.reject("aslan jump s1 khtaoi", rule="DN-MAP-4")
    assert "Hlirakh" in error.reason and "Khtaoi" in error.reason
    # the refusal says where the stack could go instead: the routes from Hlirakh
    assert error.reason.endswith("(routes from Hlirakh: Eawyo, Ftahr, Wahtoi)")


def test_unlimited_jumps_in_every_movement_phase():
    # DN-MOV-2: any number of jumps along routes, in first, second and reaction movement
    for phase in (Phase.FIRST_MOVEMENT, Phase.SECOND_MOVEMENT):
        game = Game(phase=phase, counters=FLEET)
        game.play("aslan jump s1 ftahr,khtaoi,fissure,span,ledge,umbra-gate")
        assert game.where("A-CL-1") == "hex:umbra-gate"
    game = Game(phase=Phase.REACTION_MOVEMENT, phasing=S, counters=FLEET)
    game.play("aslan jump s1 ftahr,khtaoi")
    assert game.where("A-CL-1") == "hex:khtaoi"


def test_sublight_first_movement_only():
    # DN-MOV-1: one hex to an adjacent hex, First Movement only
    game = Game(counters=FLEET)
    game.reject("aslan sublight s1 wahtoi", rule="DN-MOV-1")  # not adjacent
    game.play("aslan sublight s1 ftahr")
    assert game.where("A-CL-1") == "hex:ftahr"
    game.reject("aslan jump s1 khtaoi", rule="DN-MOV-2")  # the sublight move was the whole move
    second = Game(phase=Phase.SECOND_MOVEMENT, counters=FLEET)
    assert "First Movement" in second.reject("aslan sublight s1 ftahr", rule="DN-MOV-1").reason


def test_sublight_after_jump_refused_and_monitor_may_only_sublight():
    # DN-MOV-1 / DN-DATA-3: a monitor cannot jump but may move one hex
    game = Game(counters=FLEET)
    game.play("aslan jump s1 ftahr")
    game.reject("aslan sublight s1 hlirakh", rule="DN-MOV-1")
    game.put("A-M-1", "neutral:M-8-0-7", "hex:khtaoi", owner=A)  # a conscripted monitor
    game.reject("aslan jump A-M-1 fissure", rule="DN-DATA-3")
    game.play("aslan sublight A-M-1 fissure")
    assert game.where("A-M-1") == "hex:fissure"


def test_lift_off_then_jump():
    # DN-MOV-6: a ship in a surface box lifts off in the movement phase and may then jump
    game = Game(
        counters="""
        A-CL-1 aslan:CL box:hlirakh stack=s1
        A-DD-1 aslan:DD box:hlirakh stack=s1
    """
    )
    error = game.reject("aslan jump s1 ftahr", rule="DN-MOV-6")
    assert "lift off" in error.reason
    game.play("aslan leave-box s1")
    assert game.where("A-CL-1") == "hex:hlirakh"
    game.play("aslan jump s1 ftahr,khtaoi")
    assert game.where("A-DD-1") == "hex:khtaoi"
    game.reject("aslan leave-box s1", rule="DN-MOV-6")  # not in a box any more


def test_disrupted_ship_rolls_once_and_failure_stays_behind():
    # DN-MOV-9: 1d6 >= maintenance to move; one roll per ship per phase, stored in the event
    game = Game(counters=FLEET)
    game.state.units["A-CL-1"].disrupted = True  # CL maintenance 3
    events = game.play("aslan jump s1 ftahr", dice=[2])
    moved = events[0]
    assert moved.move_rolls == {"A-CL-1": 2}
    assert [r.purpose for r in moved.rolls] == ["disrupted move A-CL-1"]
    assert moved.stayed == ["A-CL-1"] and game.where("A-CL-1") == "hex:hlirakh"
    assert game.where("A-DD-1") == "hex:ftahr"
    assert game.state.units["A-CL-1"].stack is None  # left the stack
    error = game.reject("aslan jump A-CL-1 wahtoi", rule="DN-MOV-9")
    assert "rolled 2" in error.reason


def test_disrupted_ship_success_is_not_rerolled():
    # DN-MOV-9: a success holds for the phase (no second roll when it moves on)
    game = Game(
        counters=FLEET
        + """
        A-AO-1 aslan:AO hex:hlirakh disrupted
    """
    )
    game.play("aslan jump A-AO-1 ftahr,sirehk", dice=[1])  # AO maintenance 1: any roll moves
    assert game.where("A-AO-1") == "hex:sirehk"
    game.play("aslan end-move A-AO-1")
    assert game.state.slots["movement"]["rolls"] == {"A-AO-1": 1}


def test_illegal_order_of_disrupted_ship_rolls_nothing():
    # DN-MOV-9 with DN-ERR-1: no die is rolled for an order that is refused
    game = Game(counters=FLEET)
    game.state.units["A-CL-1"].disrupted = True
    game.reject("aslan jump s1 khtaoi", rule="DN-MAP-4")


def test_cargo_moves_with_carrier():
    # DN-MOV-7: a ground unit aboard a transport goes wherever the transport goes
    game = Game(
        counters="""
        A-TR-1 aslan:TR hex:hlirakh
        A-RT-1 aslan:RT-4 on:A-TR-1
    """
    )
    game.play("aslan jump A-TR-1 ftahr,khtaoi")
    assert game.state.position_of("A-RT-1").to_text() == "hex:khtaoi"
    game.reject("aslan jump A-RT-1 fissure", rule="DN-MOV-7")


def test_fighters_cannot_move_on_their_own():
    # DN-MOV-7: fighters move only aboard a mothership
    game = Game(
        counters="""
        A-F-1 aslan:F box:hlirakh
    """
    )
    assert "mothership" in game.reject("aslan leave-box A-F-1", rule="DN-MOV-7").reason


def test_other_sides_units_are_refused():
    # DN-SEQ-2 via the movement handler: the stack must belong to the side giving the order
    game = Game(
        counters="""
        S-CL-1 solomani:CL hex:hlirakh
    """
    )
    game.reject("aslan jump S-CL-1 ftahr", rule="DN-SEQ-2")


#: Tanker at Ftahr, scout at Fissure, destroyer at Aokhtel: the only ways east of the fleet.
BLOCKED_WORLD = (
    """
    S-AO-1 solomani:AO hex:ftahr
    S-SC-1 solomani:SC hex:fissure
    S-DD-1 solomani:DD hex:aokhtel
"""
    + FLEET
)


def test_query_agrees_with_the_order():
    # DN-MOV-2 DN-MOV-3: the UI query passes the enemy tanker and stops at the scout
    game = Game(counters=BLOCKED_WORLD)
    options = move_options(game.state, game.ruleset, A, "s1")
    assert options.legal["fissure"].path == ("ftahr", "khtaoi", "fissure")
    assert options.legal["khtaoi"].path == ("ftahr", "khtaoi")
    assert options.why_not("span").rule == "DN-MOV-2"
    assert "Fissure" in options.why_not("span").message
    assert options.why_not("chasm").rule == "DN-MOV-4"  # via Sirehk (type 3)
    assert options.why_not("hlirakh") is not None
    for target, destination in options.legal.items():
        trial = Game(counters=BLOCKED_WORLD)
        trial.play(f"aslan jump s1 {','.join(destination.path)}")
        assert trial.where("A-CL-1") == f"hex:{target}"
    for target, _obstacle in options.refused.items():
        if target != "hlirakh":
            probe = Game(counters=BLOCKED_WORLD)
            probe.reject(f"aslan jump s1 {target}", rule=probe_rule(probe, target))


def probe_rule(game: Game, target: str) -> str:
    """The rule a one-step jump to ``target`` breaks (routes first)."""
    if game.ruleset.star_map.route_between("hlirakh", target) is None:
        return "DN-MAP-4"
    return "DN-MOV-2"


def test_sublight_offered_only_in_first_movement():
    # DN-MOV-1 / DN-SEQ-2 (issue 16 item 9): status no longer offers sublight where it is always
    # refused (Reaction and Second Movement)
    from campaign.rules.engine import legal_orders

    for phase, phasing, offered in (
        (Phase.FIRST_MOVEMENT, A, True),
        (Phase.REACTION_MOVEMENT, S, False),
        (Phase.SECOND_MOVEMENT, A, False),
    ):
        game = Game(
            phase=phase,
            phasing=phasing,
            counters="""
            A-CL-1 aslan:CL hex:ftahr
        """,
        )
        verbs = {legal.verb for legal in legal_orders(game.state, A, game.ruleset)}
        assert ("sublight" in verbs) is offered, phase
        assert "jump" in verbs


def test_a_conscripted_monitor_is_named_in_a_refusal_as_its_owner_lists_it():
    """DN-DATA-3, DN-NEU-1 (issue 41 item 6): a conscripted neutral keeps its alias for the
    players (its real id's number tells how many of its kind were placed before it); the
    monitor-cannot-jump refusal names it exactly as ``units --side`` lists it, by alias."""
    from campaign.rules import engine
    from campaign.rules.errors import IllegalOrderError
    from campaign.views.units import units_report

    game = Game(
        counters=FLEET
        + """
        N-RT-1 neutral:RT-2 box:ftahr home=ftahr
        # conscripted
        N-M-2 neutral:M-8-0-7 hex:khtaoi owner=aslan home=khtaoi
    """
    )
    listed = {
        row.kind: row.id
        for group in units_report("t", see(game.state, A), game.ruleset).systems
        for row in group.units
    }
    alias = listed["neutral:M-8-0-7"]
    assert alias.startswith("N-X-")
    order = engine.read_typed(game.state, f"aslan jump {alias} fissure", game.ruleset, A)
    with pytest.raises(IllegalOrderError) as refused:
        engine.decide(game.state, order, game.ruleset)
    assert refused.value.rule_id == "DN-DATA-3"
    assert refused.value.reason == f"{alias} is a monitor: monitors cannot jump"


def test_a_path_that_starts_where_the_stack_stands_says_so():
    """DN-MOV-2 (found by use, December 7, night): "solomani jump fleet halden,bulwark" for a
    fleet at Halden read "cannot jump from Halden to Halden: no printed route joins them". The
    path lists the systems entered: the refusal now says the stack is at Halden already and
    gives the path without it."""
    game = Game(
        counters="""
        A-CL-1 aslan:CL hex:hlirakh
    """
    )
    error = game.reject("aslan jump A-CL-1 hlirakh,ftahr", rule="DN-MOV-2")
    assert "no printed route" not in error.reason
    assert "already at Hlirakh" in error.reason and "jump A-CL-1 ftahr" in error.reason
