"""Regression tests for cross-area bugs found by random campaign play (tests/integration)."""

from __future__ import annotations

from campaign.rules import engine
from campaign.rules.ids import Side
from campaign.rules.phases import Phase, SubPhase
from tests.combat.campaign_helpers import Campaign, place
from tests.economy.game import Game as EconomyGame
from tests.integration.driver import check_invariants
from tests.movement.helpers import Game as MovementGame


def _stacked_in_box() -> Campaign:
    units = [
        place("A-CL-1", "aslan:CL", "box:neb-a", stack="g"),
        place("A-CL-2", "aslan:CL", "box:neb-a", stack="g"),
        place("A-RT-1", "aslan:RT-4", "box:neb-a"),
    ]
    game = Campaign(units, phase=Phase.FIRST_COMBAT, sub_phase=SubPhase.INTERACTION)
    game.enter()
    assert game.state.sub_phase is SubPhase.INTERACTION
    return game


def test_lift_off_of_part_of_a_stack_leaves_the_stack():  # DN-MOV-2 DN-INT-5
    # found by the random driver: lifting one ship of a stack off split the stack over box and hex
    game = _stacked_in_box()
    game.play("aslan lift-off neb-a A-CL-1")
    lifted, stayed = game.state.units["A-CL-1"], game.state.units["A-CL-2"]
    assert (lifted.location.to_text(), lifted.stack) == ("hex:neb-a", None)
    assert (stayed.location.to_text(), stayed.stack) == ("box:neb-a", "g")


def test_lift_off_of_a_whole_stack_keeps_it():  # DN-MOV-2 DN-INT-5
    game = _stacked_in_box()
    game.play("aslan lift-off neb-a A-CL-1,A-CL-2")
    assert {(u.location.to_text(), u.stack) for u in game.state.stack_members(Side.ASLAN, "g")} == {
        ("hex:neb-a", "g")
    }


def test_reaction_combat_refusal_names_dn_rea_1():  # DN-REA-1 DN-ERR-1
    # found by the random driver: a reacting ship outside the reaction stack's system was refused
    # with "A-CL-2 is not a aslan ship in the surface box" (DN-INT-5), which is false
    units = [
        place("A-CL-1", "aslan:CL", "hex:neb-a", stack="r"),
        place("A-CL-3", "aslan:CL", "box:neb-a"),
        place("A-CL-2", "aslan:CL", "box:neb-b"),
        place("S-DD-1", "solomani:DD", "box:neb-a"),
    ]
    game = Campaign(
        units,
        phase=Phase.REACTION_COMBAT,
        sub_phase=SubPhase.INTERACTION,
        phasing=Side.SOLOMANI,
        reaction_stack=["A-CL-1"],
    )
    game.enter()
    assert (game.state.sub_phase, game.state.acting) == (SubPhase.INTERACTION, Side.ASLAN)
    for text in ("aslan lift-off neb-b A-CL-2", "aslan interact neb-b A-CL-2 - -"):
        error = game.reject(text)
        assert error.rule_id == "DN-REA-1" and "A-CL-2" in str(error), text
    game.play("aslan lift-off neb-a A-CL-3")  # a friend in the entered system may act
    assert game.where("A-CL-3") == "hex:neb-a"


def _offered(state, side, ruleset) -> set[str]:
    return {legal.verb for legal in engine.legal_orders(state, side, ruleset)}


def test_legal_orders_do_not_offer_maintenance_on_turn_1_or_twice():  # DN-SEQ-2 DN-ECO-7
    # found by the random driver: `maintain` was offered on game turn 1 and after it was resolved,
    # where the handler always refuses it
    first = EconomyGame(turn=1, phasing=Side.ASLAN)
    assert "maintain" not in _offered(first.state, Side.ASLAN, first.ruleset)
    assert first.reject("aslan maintain").rule_id == "DN-ECO-7"
    second = EconomyGame(turn=2, phasing=Side.ASLAN)
    assert "maintain" in _offered(second.state, Side.ASLAN, second.ruleset)
    second.play("aslan maintain")
    assert "maintain" not in _offered(second.state, Side.ASLAN, second.ruleset)
    assert "produce" in _offered(second.state, Side.ASLAN, second.ruleset)


def test_legal_orders_offer_cargo_to_the_other_side_only_in_combat():  # DN-SEQ-2 DN-MOV-5
    # found by the random driver: load/unload were offered to the non-acting side in movement
    # phases, where the handler refuses them with DN-SEQ-2
    def with_cargo(game: MovementGame) -> MovementGame:
        for side, code in ((Side.ASLAN, "A"), (Side.SOLOMANI, "S")):
            game.put(f"{code}-TR-1", f"{side.value}:TR", "hex:halden")
            game.put(f"{code}-RT-1", f"{side.value}:RT-4", "box:halden")
            game.put(f"{code}-TR-2", f"{side.value}:TR", "hex:halden")
            game.put(f"{code}-RT-2", f"{side.value}:RT-4", f"on:{code}-TR-2")
        return game

    moving = with_cargo(MovementGame(phase=Phase.FIRST_MOVEMENT, phasing=Side.ASLAN))
    assert {"load", "unload"} <= _offered(moving.state, Side.ASLAN, moving.ruleset)
    assert not {"load", "unload"} & _offered(moving.state, Side.SOLOMANI, moving.ruleset)
    fighting = with_cargo(
        MovementGame(phase=Phase.FIRST_COMBAT, phasing=Side.ASLAN, sub_phase=SubPhase.SPACE)
    )
    assert {"load", "unload"} <= _offered(fighting.state, Side.ASLAN, fighting.ruleset)
    # issue 29: the side not acting is not offered cargo in combat steps (clutter, and it kept
    # steps open), but its handler still accepts it while the step is open (DN-MOV-5)
    assert not {"load", "unload"} & _offered(fighting.state, Side.SOLOMANI, fighting.ruleset)
    fighting.play("solomani load S-RT-1 S-TR-1")
    empty = MovementGame(phase=Phase.FIRST_MOVEMENT, phasing=Side.ASLAN)
    assert not {"load", "unload"} & _offered(empty.state, Side.ASLAN, empty.ruleset)


def test_cargo_orders_offered_only_with_something_to_carry():  # DN-MOV-5 DN-MOV-7 DN-SEQ-1
    # issue 15: a step in which nobody can do anything ends by itself; load/unload offered
    # with no cargo and no carrier kept every combat sub-phase open
    empty = MovementGame(
        phase=Phase.FIRST_COMBAT,
        phasing=Side.ASLAN,
        sub_phase=SubPhase.SPACE,
        counters="""
        A-CL-1 aslan:CL hex:halden
        A-RT-1 aslan:RT-4 box:kiir
    """,
    )
    assert not {"load", "unload"} & _offered(empty.state, Side.ASLAN, empty.ruleset)


def test_install_pd_offered_only_with_the_transport_switch_off():  # DN-MOV-10 DN-SEQ-2
    carried = MovementGame(phase=Phase.FIRST_MOVEMENT, phasing=Side.ASLAN)
    assert "install-pd" not in _offered(carried.state, Side.ASLAN, carried.ruleset)
    rules = carried.ruleset.house_rules.model_copy(update={"pd_carried_by_transport": False})
    direct = carried.ruleset.model_copy(update={"house_rules": rules})
    assert "install-pd" in _offered(carried.state, Side.ASLAN, direct)


def test_rebuilt_conscript_comes_back_outside_its_old_stack():  # DN-NEU-3 DN-MOV-2
    # a conscripted monitor destroyed while stacked kept its stack label; rebuilt in its original
    # system it would split that stack over two systems
    game = EconomyGame(
        ru=10,
        counters="""
        S-CL-1 solomani:CL hex:concord
        N-M-1 neutral:M-8-0-7 eliminated owner=solomani home=lantern
    """,
    )
    game.state.units["S-CL-1"].stack = "m"
    game.state.units["N-M-1"].stack = "m"
    game.play("solomani maintain")  # maintenance comes first (DN-ECO-7, DN-SEQ-1)
    game.play("solomani rebuild N-M-1")
    rebuilt = game.state.units["N-M-1"]
    assert (rebuilt.location.to_text(), rebuilt.stack) == ("hex:lantern", None)
    assert game.state.units["S-CL-1"].stack == "m"
    check_invariants(game.state, game.ruleset)
