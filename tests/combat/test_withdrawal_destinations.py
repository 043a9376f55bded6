"""DN-CBT-7 (issue 16 item 8): withdrawal goes only into the own surface box, and the "possible:"
list offers only destinations the fuel rules (DN-MOV-4) then accept. Sample map, by orders."""

from __future__ import annotations

import pytest

from campaign.rules import engine
from campaign.rules.acting import who_must_act
from campaign.rules.combat import book
from campaign.rules.combat.withdrawal import withdrawal_options
from campaign.rules.ids import Side
from campaign.rules.ruleset import HouseRules, Ruleset
from tests.combat.campaign_helpers import Campaign, place, unopened
from tests.rulesets import sample, with_rules


def _at_withdrawal(
    system: str, aslan: list, ruleset: Ruleset | None = None, others: tuple = ()
) -> Campaign:
    """Solomani attack the Aslan ``units`` at ``system``; one round without effect, then the
    Aslan (defender) decide on withdrawal first. ``others``: more units, elsewhere."""
    units = [place("S-CL-1", "solomani:CL", f"hex:{system}"), *aslan, *others]
    game = Campaign(units, phasing=Side.SOLOMANI, ruleset=ruleset or sample())
    game.enter()
    battle = f"{system}/solomani-aslan"
    game.play(f"solomani range {battle}", [6, 1])
    chooser = book.battles(game.state)[battle]["chooser"]
    game.play(f"{chooser} choose-range {battle} long")
    game.play(f"aslan target {battle} A-CL-1")
    game.play(f"solomani target {battle} S-CL-1")
    for uid in [u.id for u in aslan if u.id != "A-CL-1" and u.location.where == "hex"]:
        game.play(f"aslan target {battle} {uid} 1")
    game.play(f"solomani fire {battle}", [1] * 2)
    assert book.battles(game.state)[battle]["withdrawing"] == "aslan"
    return game


def _offered(game: Campaign) -> set[str]:
    return {legal.verb for legal in engine.legal_orders(game.state, Side.ASLAN, game.ruleset)}


def test_no_withdrawal_into_the_enemy_marked_box():
    # DN-CBT-7: Halden's box is Solomani-marked (DN-ECO-2): it is not the Aslan side's own box
    game = _at_withdrawal("halden", [place("A-CL-1", "aslan:CL", "hex:halden")])
    error = game.reject("aslan withdraw halden/solomani-aslan box")
    assert "DN-CBT-7" in str(error)
    assert "possible: brume, bulwark, marrow" in str(error)
    game.play("aslan withdraw halden/solomani-aslan marrow")
    assert game.where("A-CL-1") == "hex:marrow"


def test_withdrawal_into_an_own_box_held_by_own_troops():
    # DN-CBT-7: the own box = one the side controls (DN-ECO-1): Aslan troops alone in Sirehk
    game = _at_withdrawal(
        "sirehk",
        [place("A-CL-1", "aslan:CL", "hex:sirehk"), place("A-RT-1", "aslan:RT-4", "box:sirehk")],
    )
    game.play("aslan withdraw sirehk/solomani-aslan box")
    assert game.where("A-CL-1") == "box:sirehk"


def test_possible_list_offers_no_jump_out_of_a_type3_system_without_a_tanker():
    # DN-CBT-7 + DN-MOV-4: Sirehk is type 3 and no Aslan tanker is there: no jump is offered,
    # and withdraw is not offered at all when no box is open either
    game = _at_withdrawal(
        "sirehk",
        [place("A-CL-1", "aslan:CL", "hex:sirehk"), place("A-RT-1", "aslan:RT-4", "box:sirehk")],
    )
    battle = book.battle_of(book.battles(game.state)["sirehk/solomani-aslan"])
    assert withdrawal_options(game.state, game.ruleset, Side.ASLAN, battle).destinations == ("box",)
    error = game.reject("aslan withdraw sirehk/solomani-aslan ftahr")
    assert "DN-MOV-4" in str(error) and "no friendly tanker" in str(error)
    bare = _at_withdrawal("sirehk", [place("A-CL-1", "aslan:CL", "hex:sirehk")])
    assert "withdraw" not in _offered(bare) and "stay" in _offered(bare)


def test_withdrawal_with_the_tanker_offers_the_jumps():
    # DN-CBT-7 + DN-MOV-4: with a tanker in the withdrawing group the jumps are offered
    game = _at_withdrawal(
        "sirehk",
        [place("A-CL-1", "aslan:CL", "hex:sirehk"), place("A-AO-1", "aslan:AO", "hex:sirehk")],
    )
    battle = book.battle_of(book.battles(game.state)["sirehk/solomani-aslan"])
    assert withdrawal_options(game.state, game.ruleset, Side.ASLAN, battle).destinations == (
        "aokhtel",
        "chasm",
        "ftahr",
        "khtaoi",
    )
    game.play("aslan withdraw sirehk/solomani-aslan ftahr")
    assert (game.where("A-CL-1"), game.where("A-AO-1")) == ("hex:ftahr", "hex:ftahr")


def test_house_switch_allows_an_empty_uncontrolled_box():
    # DN-CBT-7 [HOUSE] withdraw_into_empty_box: a box nobody controls and free of enemy ground
    rules = sample().house_rules.model_dump() | {"withdraw_into_empty_box": True}
    ruleset = sample().model_copy(update={"house_rules": HouseRules(**rules)})
    game = _at_withdrawal("sirehk", [place("A-CL-1", "aslan:CL", "hex:sirehk")], ruleset)
    game.play("aslan withdraw sirehk/solomani-aslan box")
    assert game.where("A-CL-1") == "box:sirehk"


def test_no_withdrawal_along_an_unexplored_route():
    # DN-NEB-1, DN-CBT-7 (issue 29 item 1): Scarp-Cinder is unexplored; a withdrawal is one
    # jump along a known route, so Cinder is neither offered nor accepted (no roll, no explore)
    game = _at_withdrawal("scarp", [place("A-CL-1", "aslan:CL", "hex:scarp")])
    battle = book.battle_of(book.battles(game.state)["scarp/solomani-aslan"])
    options = withdrawal_options(game.state, game.ruleset, Side.ASLAN, battle)
    assert "cinder" not in options.destinations
    assert options.destinations == ("corredor", "span", "tether")
    error = game.reject("aslan withdraw scarp/solomani-aslan cinder")
    assert "DN-NEB-1" in str(error) and "unexplored" in str(error)
    assert "possible: corredor, span, tether" in str(error)


def test_withdrawal_along_a_route_explored_earlier():
    # DN-NEB-1: once explored (for both sides), the route is an ordinary route for a withdrawal
    game = _at_withdrawal("scarp", [place("A-CL-1", "aslan:CL", "hex:scarp")])
    game.state.game_slots["explored_routes"] = [["cinder", "scarp"]]
    battle = book.battle_of(book.battles(game.state)["scarp/solomani-aslan"])
    assert "cinder" in withdrawal_options(game.state, game.ruleset, Side.ASLAN, battle).destinations
    game.play("aslan withdraw scarp/solomani-aslan cinder")
    assert game.where("A-CL-1") == "hex:cinder"


def test_a_face_down_counter_never_closes_a_way_out():
    # DN-CBT-7 + DN-NEU-1: the Aslan side sees a counter at Marrow, not what it is: the
    # destinations are the same whether it is a neutral monitor (a warship) or a transport
    offered = []
    for kind in ("neutral:M-2-8-7", "neutral:TR"):
        game = _at_withdrawal(
            "halden",
            [place("A-CL-1", "aslan:CL", "hex:halden")],
            others=(place("N-X-1", kind, "hex:marrow", face_down=True),),
        )
        battle = book.battle_of(book.battles(game.state)["halden/solomani-aslan"])
        offered.append(withdrawal_options(game.state, game.ruleset, Side.ASLAN, battle))
        game.play("aslan withdraw halden/solomani-aslan marrow")
        assert game.where("A-CL-1") == "hex:marrow"
    assert offered[0].destinations == offered[1].destinations == ("brume", "bulwark", "marrow")
    # a neutral warship face up is seen: it closes the way
    game = _at_withdrawal(
        "halden",
        [place("A-CL-1", "aslan:CL", "hex:halden")],
        others=(place("N-M-1", "neutral:M-2-8-7", "hex:marrow"),),
    )
    error = game.reject("aslan withdraw halden/solomani-aslan marrow")
    assert "possible: brume, bulwark" in str(error) and "marrow" not in str(error).split(":")[-1]


@pytest.mark.parametrize("kind", ["neutral:PD", "neutral:RT-2", "neutral:AT-8", "unopened"])
def test_a_face_down_counter_in_the_box_holds_it_whatever_it_is(kind: str):
    # DN-CBT-7 + DN-NEU-1 (found by use, December 7): the side sees a counter in the box, not
    # what it is; every kind that stands in a box is ground forces or PD and holds it for the
    # neutrals (DN-ECO-1), so the box is never the side's own and its kind is never asked. In
    # fair mode asking it raised KindHidden: `status` and `battles` failed, and `withdraw
    # B box` was held and called the reveal of a counter no rule needed to open.
    ruleset = with_rules(withdraw_into_empty_box=True)
    counter = place("N-X-1", "neutral:PD" if kind == "unopened" else kind, "box:sirehk")
    game = _at_withdrawal(
        "sirehk",
        [place("A-CL-1", "aslan:CL", "hex:sirehk")],
        ruleset,
        others=(counter.model_copy(update={"face_down": True}),),
    )
    if kind == "unopened":
        unopened(game, "N-X-1", "box")
    battle = book.battle_of(book.battles(game.state)["sirehk/solomani-aslan"])
    assert withdrawal_options(game.state, ruleset, Side.ASLAN, battle).destinations == ()
    duties = [d for d in who_must_act(game.state, ruleset) if d.side is Side.ASLAN]
    assert duties[0].orders == ("aslan stay b1",)
    assert "withdraw" not in _offered(game)
    error = game.reject("aslan withdraw sirehk/solomani-aslan box", rule="DN-CBT-7")
    assert str(error).endswith("cannot withdraw to box; possible: none"), str(error)
