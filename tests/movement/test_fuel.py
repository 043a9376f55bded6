"""Fuel in type 3 systems on the sample map (DN-MOV-4). Chasm, Sirehk and Cinder are type 3."""

from __future__ import annotations

from campaign.rules.acting import acting_sentence, who_must_act
from campaign.rules.movement import can_retreat_from, move_options
from campaign.rules.phases import Phase
from tests.movement.helpers import A, Game
from tests.rulesets import with_rules

#: Stack f1 (heavy cruiser + destroyer) sitting in Chasm (type 3) at the start of the phase.
STUCK_FLEET = """
    A-CR-1 aslan:CR hex:chasm stack=f1
    A-DD-1 aslan:DD hex:chasm stack=f1
"""


def test_fleet_stuck_in_type3_system():
    # DN-MOV-4: no friendly tanker ended its move in Chasm: the fleet cannot leave
    game = Game(counters=STUCK_FLEET)
    error = game.reject("aslan jump f1 tether", rule="DN-MOV-4")
    assert "Chasm" in error.reason and "A-CR-1" in error.reason and "tanker" in error.reason
    options = move_options(game.state, game.ruleset, A, "f1")
    assert options.legal == {}
    assert options.why_not("tether").rule == "DN-MOV-4"


def test_same_fleet_leaves_after_a_tanker_ends_its_move_there():
    # DN-MOV-4: a tanker jumps in, ends its move in Chasm, refuels the fleet, which then leaves
    game = Game(
        counters=STUCK_FLEET
        + """
        A-AO-1 aslan:AO hex:khtaoi
    """
    )
    options = move_options(game.state, game.ruleset, A, "f1")
    assert any("move tankers first" in hint for hint in options.hints)
    game.play("aslan jump A-AO-1 fissure,chasm")
    assert game.state.slots["movement"]["halted"] == ["A-AO-1"]
    game.reject("aslan jump f1 tether", rule="DN-MOV-4")  # the tanker has not ended its move yet
    [ended] = game.play("aslan end-move A-AO-1")
    assert ended.refuelled == "chasm"
    game.play("aslan jump f1 tether,alameda")
    assert game.where("A-CR-1") == "hex:alameda"
    game.reject("aslan jump A-AO-1 fissure", rule="DN-MOV-2")  # the tanker itself has finished


def test_tanker_already_there_refuels_by_ending_its_move():
    # DN-MOV-4: a tanker that stays in Chasm ends its movement there and refuels the fleet
    game = Game(
        counters=STUCK_FLEET
        + """
        A-AO-1 aslan:AO hex:chasm
    """
    )
    options = move_options(game.state, game.ruleset, A, "f1")
    assert any("end-move A-AO-1" in hint for hint in options.hints)
    game.play("aslan end-move A-AO-1")
    options = move_options(game.state, game.ruleset, A, "f1")
    assert "tether" in options.legal
    game.play("aslan jump f1 fissure,khtaoi")
    assert game.where("A-DD-1") == "hex:khtaoi"


def test_ships_moving_in_with_a_tanker_may_be_refuelled_and_leave():
    # DN-MOV-4: the stack enters Chasm with its tanker, the tanker ends its move, the rest go on
    game = Game(
        counters="""
        A-CR-1 aslan:CR hex:fissure stack=t1
        A-AO-1 aslan:AO hex:fissure stack=t1
    """
    )
    game.reject("aslan jump t1 chasm,tether", rule="DN-MOV-4")
    game.play("aslan jump t1 chasm")
    assert sorted(game.state.slots["movement"]["halted"]) == ["A-AO-1", "A-CR-1"]
    game.play("aslan split-stack t1 - A-AO-1")
    game.play("aslan end-move A-AO-1")
    assert game.state.slots["movement"]["halted"] == []
    game.play("aslan jump t1 tether")
    assert game.where("A-CR-1") == "hex:tether" and game.where("A-AO-1") == "hex:chasm"


def test_refuelled_type3_system_may_be_passed_through():
    # DN-MOV-4: once a tanker ended its move in Sirehk, other ships jump through it
    game = Game(
        counters="""
        A-AO-1 aslan:AO hex:sirehk
        A-CL-1 aslan:CL hex:hlirakh
    """
    )
    game.reject("aslan jump A-CL-1 ftahr,sirehk,chasm", rule="DN-MOV-4")
    game.play("aslan end-move A-AO-1")
    game.reject("aslan jump A-CL-1 ftahr,sirehk,chasm,tether", rule="DN-MOV-4")  # Chasm: no tanker
    game.play("aslan jump A-CL-1 ftahr,sirehk,chasm")
    assert game.where("A-CL-1") == "hex:chasm"
    assert "A-CL-1" in game.state.slots["movement"]["halted"]


def test_enemy_tanker_does_not_refuel():
    # DN-MOV-4: only a friendly tanker refuels
    game = Game(
        counters=STUCK_FLEET
        + """
        S-AO-1 solomani:AO hex:chasm
    """
    )
    game.reject("aslan jump f1 tether", rule="DN-MOV-4")
    game.reject("aslan end-move S-AO-1", rule="DN-SEQ-2")


def test_refuelling_lasts_only_for_the_phase():
    # DN-MOV-4: "ended its movement in that system this phase" - a new step starts afresh
    game = Game(
        counters=STUCK_FLEET
        + """
        A-AO-1 aslan:AO hex:chasm
    """
    )
    game.play("aslan end-move A-AO-1")
    game.state.slots = {}  # the engine clears step bookkeeping at every step change
    game.reject("aslan jump f1 tether", rule="DN-MOV-4")


def test_retreat_from_type3_only_with_the_tanker():
    # DN-MOV-4: ships that ended movement in a type 3 system with a tanker retreat with it
    game = Game(counters=STUCK_FLEET)
    state, rules = game.state, game.ruleset
    alone = can_retreat_from(state, rules, A, ["A-CR-1", "A-DD-1"], "chasm")
    assert not alone.allowed and alone.rule == "DN-MOV-4" and "Chasm" in alone.reason
    game.put("A-AO-1", "aslan:AO", "hex:chasm")
    without = can_retreat_from(state, rules, A, ["A-CR-1"], "chasm")
    assert not without.allowed and without.tankers == ("A-AO-1",)
    assert can_retreat_from(state, rules, A, ["A-CR-1", "A-AO-1"], "chasm").allowed
    assert can_retreat_from(state, rules, A, ["A-CR-1"], "fissure").allowed  # type 2


def test_tanker_stopped_by_a_blocker_in_type3_ends_its_move_and_refuels():
    # DN-MOV-4 with DN-MOV-2: a tanker forced to stop in Chasm has ended its move there
    game = Game(
        counters=STUCK_FLEET
        + """
        S-DD-1 solomani:DD hex:chasm
        A-AO-1 aslan:AO hex:fissure
    """
    )
    [moved] = game.play("aslan jump A-AO-1 chasm")
    assert moved.refuelled == "chasm"
    game.play("aslan jump f1 tether")  # leaving a system with enemy ships is allowed
    assert game.where("A-CR-1") == "hex:tether"


def test_tanker_moving_sublight_into_type3_refuels():
    # DN-MOV-4 with DN-MOV-1: Ashfall and Hollow Star are adjacent hexes
    game = Game(
        counters="""
        A-AO-1 aslan:AO hex:ashfall
    """
    )
    [moved] = game.play("aslan sublight A-AO-1 hollow-star")
    assert moved.refuelled == "hollow-star"


def _tanker_stack_ended_in_sirehk() -> Game:
    """Issue 16 item 1: stack f (A-AO-1 + A-SC-1) jumps from Ftahr to Sirehk (type 3) in First
    Movement and ends its move there; the phases then run on to Second Movement by orders."""
    game = Game(
        counters="""
        A-AO-1 aslan:AO hex:ftahr stack=f
        A-SC-1 aslan:SC hex:ftahr stack=f
    """
    )
    game.play("aslan jump f sirehk")
    game.play("aslan end-move f")
    while game.state.phase is not Phase.SECOND_MOVEMENT:
        game.play(f"{game.state.acting.value} end-phase")
    return game


def test_tanker_stack_in_type3_system_leaves_in_a_later_phase():
    # DN-MOV-4 (issue 16 item 1): the tanker is the fuel: a stack that ended its move in a type 3
    # system with its tanker may jump out in the next movement phase, as it may retreat (DN-CBT-7)
    game = _tanker_stack_ended_in_sirehk()
    assert "ftahr" in move_options(game.state, game.ruleset, A, "f").legal
    game.play("aslan jump f ftahr")
    assert (game.where("A-AO-1"), game.where("A-SC-1")) == ("hex:ftahr", "hex:ftahr")


def test_ship_in_type3_system_leaves_only_with_the_tanker():
    # DN-MOV-4: the scout alone may not leave without the tanker (spec reading: it leaves *with*
    # the tanker); the refusal names the tanker to take along
    game = _tanker_stack_ended_in_sirehk()
    game.play("aslan split-stack f - A-SC-1")
    error = game.reject("aslan jump A-SC-1 ftahr", rule="DN-MOV-4")
    assert "together with tanker A-AO-1" in error.reason
    assert move_options(game.state, game.ruleset, A, "A-SC-1").legal == {}
    game.play("aslan jump A-AO-1 ftahr")  # the tanker leaves on its own
    assert game.where("A-AO-1") == "hex:ftahr"


def test_house_switch_standing_tanker_refuels_every_ship_there():
    # DN-MOV-4 [HOUSE] type3_standing_tanker_refuels_all: the tanker already in the hex refuels
    # every friendly ship there, which may leave without it
    game = Game(
        ruleset=with_rules(type3_standing_tanker_refuels_all=True),
        counters="""
        A-AO-1 aslan:AO hex:sirehk
        A-SC-1 aslan:SC hex:sirehk
    """,
    )
    game.play("aslan jump A-SC-1 ftahr")
    assert (game.where("A-AO-1"), game.where("A-SC-1")) == ("hex:sirehk", "hex:ftahr")


def test_tanker_that_arrived_this_phase_still_has_to_end_its_move():
    # DN-MOV-4: a tanker halted in a type 3 system this phase does not carry a stack out again
    game = Game(
        counters="""
        A-AO-1 aslan:AO hex:ftahr stack=f
        A-SC-1 aslan:SC hex:ftahr stack=f
    """
    )
    game.play("aslan jump f sirehk")
    game.reject("aslan jump f khtaoi", rule="DN-MOV-4")


def test_a_stack_with_its_tanker_is_told_how_to_pass_a_type3_system():
    """DN-MOV-4 (found by use, December 7, night): "aslan jump fuel chasm,tether" for a stack
    that carries its own tanker was refused with "no friendly tanker ended its move there this
    phase", as if it had none. The refusal now says how its tanker refuels it: jump there,
    split the tanker off and end its move, then the rest jumps on (the orders that work)."""
    game = Game(
        counters="""
        A-AO-1 aslan:AO hex:sirehk stack=fuel
        A-SC-1 aslan:SC hex:sirehk stack=fuel
    """
    )
    error = game.reject("aslan jump fuel chasm,tether", rule="DN-MOV-4")
    assert "A-AO-1" in error.reason and "split-stack fuel - A-AO-1" in error.reason
    assert "end-move A-AO-1" in error.reason
    game.play("aslan jump fuel chasm")
    game.play("aslan split-stack fuel - A-AO-1")
    game.play("aslan end-move A-AO-1")
    game.play("aslan jump fuel tether")
    assert game.where("A-SC-1") == "hex:tether"


def _now(game: Game) -> str:
    """The ``now:`` line after an order (``acting.acting_sentence``, the referee's seat)."""
    return acting_sentence(game.state, game.ruleset)


def test_now_suggests_splitting_the_tanker_off_a_stack_halted_for_fuel():
    """DN-MOV-4 (found by use, December 7, late night): after a stack carrying its own tanker
    halted for fuel in a type 3 system, ``now:`` suggested ``end-move STACK``, which ends the
    whole stack's move there, and the move hint (``move_options``) ``end-move A-AO-1``, which
    is refused for a tanker in a stack. Both now suggest what lets the stack go on: split the
    tanker off, then end the tanker's own move, which refuels the rest (DN-MOV-4)."""
    game = Game(
        counters="""
        A-AO-1 aslan:AO hex:khtaoi stack=fleet
        A-CR-1 aslan:CR hex:khtaoi stack=fleet
    """
    )
    game.play("aslan jump fleet sirehk")
    hints = move_options(game.state, game.ruleset, A, "fleet").hints
    assert any("split-stack fleet - A-AO-1, then end-move A-AO-1 here refuels" in h for h in hints)
    now = _now(game)
    assert now.endswith("— aslan split-stack fleet - A-AO-1"), now
    assert "stack fleet halted for fuel at Sirehk" in now
    [duty] = who_must_act(game.state, game.ruleset)
    assert duty.rule == "DN-MOV-4" and duty.orders[0] == "aslan split-stack fleet - A-AO-1"
    game.play("aslan split-stack fleet - A-AO-1")
    assert _now(game).endswith("— aslan end-move A-AO-1")
    game.play("aslan end-move A-AO-1")
    assert "A-AO-1" not in _now(game)  # refuelled: the usual duty again
    game.play("aslan jump fleet chasm")  # the stack goes on (Chasm: type 3 again, it halts)
    assert game.where("A-CR-1") == "hex:chasm"


def test_now_suggests_the_lone_tanker_that_refuels_a_halted_stack():
    """DN-MOV-4: a halted stack without a tanker of its own, with a friendly tanker in the
    same hex that has not ended its move: ``now:`` suggests that tanker's ``end-move``; with
    no tanker there it says nothing of fuel."""
    game = Game(
        counters="""
        A-CR-1 aslan:CR hex:khtaoi stack=fleet
        A-AO-1 aslan:AO hex:chasm
    """
    )
    game.play("aslan jump fleet sirehk")
    assert "end-move" not in _now(game)  # no tanker at Sirehk
    game = Game(
        counters="""
        A-CR-1 aslan:CR hex:fissure stack=fleet
        A-AO-1 aslan:AO hex:chasm
    """
    )
    game.play("aslan jump fleet chasm")
    assert _now(game).endswith(
        "A-CR-1 halted for fuel at Chasm (type 3): end-move A-AO-1 refuels it "
        "— aslan end-move A-AO-1"
    )
    game = Game(counters="A-AO-1 aslan:AO hex:fissure")
    game.play("aslan jump A-AO-1 chasm")  # a tanker halted alone: nobody waits for its fuel
    assert "halted" not in _now(game)


def test_now_in_reaction_suggests_only_the_reacting_stacks_own_tanker():
    """DN-MOV-4 with DN-MOV-8: the reacting stack that carries its tanker is told to split it
    off and end its move (its tanker belongs to the one stack that reacts); a tanker outside
    that stack may not refuel it, so ``now:`` does not suggest it."""
    game = Game(
        phase=Phase.REACTION_MOVEMENT,
        counters="""
        S-AO-1 solomani:AO hex:concord stack=r1
        S-CL-1 solomani:CL hex:concord stack=r1
    """,
    )
    game.play("solomani jump r1 brume")
    assert _now(game).endswith("— solomani split-stack r1 - S-AO-1")
    game.play("solomani split-stack r1 - S-AO-1")
    assert _now(game).endswith("— solomani end-move S-AO-1")
    game.play("solomani end-move S-AO-1")
    game.play("solomani jump r1 halden")
    assert game.where("S-CL-1") == "hex:halden"
    game = Game(
        phase=Phase.REACTION_MOVEMENT,
        counters="""
        S-CL-1 solomani:CL hex:concord stack=r1
        S-AO-2 solomani:AO hex:brume
    """,
    )
    game.play("solomani jump r1 brume")
    assert "S-AO-2" not in _now(game)
    game.reject("solomani end-move S-AO-2", rule="DN-MOV-8")
