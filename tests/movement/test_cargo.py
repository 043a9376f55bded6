"""Loading and unloading (DN-MOV-5), capacities (DN-MOV-7), PD markers (DN-MOV-10)."""

from __future__ import annotations

from campaign.rules.movement import Presence, SystemStatus, system_status
from campaign.rules.phases import Phase, SubPhase
from tests.movement.helpers import A, Game, N, S
from tests.rulesets import with_rules


def status(game: Game, system: str, side=A) -> SystemStatus:
    return system_status(Presence.of(game.state, game.ruleset), game.ruleset, side, system)[0]


def test_load_and_unload_in_friendly_home_system_any_time():
    # DN-MOV-5: in a friendly system cargo moves between the stellar hex and the box at any time
    game = Game(
        counters="""
        A-TR-1 aslan:TR hex:hlirakh
        A-RT-1 aslan:RT-4 box:hlirakh
    """
    )
    assert status(game, "hlirakh") is SystemStatus.FRIENDLY
    game.play("aslan load A-RT-1 A-TR-1")
    assert game.where("A-RT-1") == "on:A-TR-1"
    game.play("aslan jump A-TR-1 ftahr")  # Ftahr: own home section, empty box
    game.play("aslan unload A-RT-1")
    assert game.where("A-RT-1") == "box:ftahr" and game.where("A-TR-1") == "hex:ftahr"
    combat = Game(
        phase=Phase.FIRST_COMBAT,
        sub_phase=SubPhase.SPACE,
        counters="""
        A-TR-1 aslan:TR hex:hlirakh
        A-RT-1 aslan:RT-4 box:hlirakh
    """,
    )
    combat.play("aslan load A-RT-1 A-TR-1")  # "at any time": also during combat
    assert combat.where("A-RT-1") == "on:A-TR-1"


def test_unload_in_neutral_system_only_in_interaction():
    # DN-MOV-5: a neutral unit in Lantern's box: not friendly, no unloading in movement
    game = Game(
        counters="""
        N-RT-1 neutral:RT-2 box:lantern
        A-TR-1 aslan:TR hex:lantern
        A-RT-1 aslan:RT-4 on:A-TR-1
    """
    )
    assert status(game, "lantern") is SystemStatus.NON_FRIENDLY
    error = game.reject("aslan unload A-RT-1", rule="DN-MOV-5")
    # the player reads every neutral counter by its alias (DN-NEU-1), face up or not
    assert "Lantern" in error.reason and "interaction" in error.reason and "N-X-1" in error.reason
    landed = Game(
        phase=Phase.FIRST_COMBAT,
        sub_phase=SubPhase.INTERACTION,
        counters="""
        N-RT-1 neutral:RT-2 box:lantern
        A-TR-1 aslan:TR box:lantern
        A-RT-1 aslan:RT-4 on:A-TR-1
    """,
    )
    landed.play("aslan unload A-RT-1")  # the transport landed in the interaction sub-phase
    assert landed.where("A-RT-1") == "box:lantern"


def test_loading_friendly_versus_neutral_system():
    # DN-MOV-5: the same unload is fine where the box is friendly and refused where it is neutral
    for system, friendly in (("eawyo", True), ("keystone", False)):
        game = Game(
            counters=f"""
            N-RT-1 neutral:RT-2 box:keystone
            A-TR-1 aslan:TR hex:{system}
            A-RT-1 aslan:RT-4 on:A-TR-1
        """
        )
        if friendly:
            game.play("aslan unload A-RT-1")
            assert game.where("A-RT-1") == f"box:{system}"
        else:
            game.reject("aslan unload A-RT-1", rule="DN-MOV-5")


def test_system_status_precedence():
    # DN-MOV-5: friendly unit in box > hostile unit in box > own home > enemy home > open
    game = Game()
    assert status(game, "concord") is SystemStatus.NON_FRIENDLY  # enemy home, no Aslan unit
    assert status(game, "span") is SystemStatus.OPEN
    game.put("A-RT-1", "aslan:RT-4", "box:concord")
    assert status(game, "concord") is SystemStatus.FRIENDLY
    game.put("S-RT-1", "solomani:RT-3", "box:wahtoi")
    assert status(game, "wahtoi") is SystemStatus.NON_FRIENDLY  # own home, enemy in the box
    assert status(game, "span", S) is SystemStatus.OPEN
    game.put("N-PD-1", "neutral:PD", "box:span", owner=N)
    assert status(game, "span") is SystemStatus.NON_FRIENDLY


def test_unload_in_open_system_during_movement():
    # DN-MOV-5 (decision): an empty box outside the home sections counts as friendly for timing
    game = Game(
        counters="""
        A-TR-1 aslan:TR hex:span
        A-RT-1 aslan:RT-4 on:A-TR-1
    """
    )
    game.play("aslan unload A-RT-1")
    assert game.where("A-RT-1") == "box:span"


def test_capacities():
    # DN-MOV-7: a transport carries one ground unit or PD; a mothership up to three fighters
    game = Game(
        counters="""
        A-TR-1 aslan:TR hex:hlirakh
        A-MS-1 aslan:MS hex:hlirakh
    """
    )
    for uid in ("A-RT-1", "A-RT-2"):
        game.put(uid, "aslan:RT-4", "box:hlirakh")
    for n in range(1, 5):
        game.put(f"A-F-{n}", "aslan:F", "box:hlirakh")
    game.play("aslan load A-RT-1 A-TR-1")
    game.reject("aslan load A-RT-2 A-TR-1", rule="DN-MOV-7")
    game.reject("aslan load A-F-1 A-TR-1", rule="DN-MOV-7")
    game.reject("aslan load A-RT-2 A-MS-1", rule="DN-MOV-7")
    for n in range(1, 4):
        game.play(f"aslan load A-F-{n} A-MS-1")
    game.reject("aslan load A-F-4 A-MS-1", rule="DN-MOV-7")
    game.play("aslan jump A-MS-1 ftahr")
    assert game.state.position_of("A-F-3").to_text() == "hex:ftahr"


def test_cargo_must_be_in_the_carriers_box():
    # DN-MOV-5: cargo is loaded from the surface box of the carrier's own system
    game = Game(
        counters="""
        A-TR-1 aslan:TR hex:ftahr
        A-RT-1 aslan:RT-4 box:hlirakh
    """
    )
    assert "Ftahr" in game.reject("aslan load A-RT-1 A-TR-1", rule="DN-MOV-5").reason


def test_pd_carried_from_capital_to_its_box():
    # DN-MOV-10: an unplaced PD is picked up at the capital and carried by a transport
    game = Game(
        counters="""
        A-PD-1 aslan:PD unplaced
        A-PD-2 aslan:PD unplaced
        A-TR-1 aslan:TR hex:hlirakh
        A-TR-2 aslan:TR hex:span
    """
    )
    game.reject("aslan load A-PD-2 A-TR-2", rule="DN-MOV-10")  # Span is not a production system
    game.reject("aslan install-pd A-PD-1 hlirakh", rule="DN-MOV-10")  # house rule: by transport
    game.play("aslan load A-PD-1 A-TR-1")
    game.play("aslan jump A-TR-1 ftahr")
    game.play("aslan unload A-PD-1")
    assert game.where("A-PD-1") == "box:ftahr"
    game.reject("aslan load A-PD-1 A-TR-1", rule="DN-MOV-10")  # installed PD stays


def test_one_pd_per_box():
    # DN-MOV-10: at most one PD marker per surface box
    game = Game(
        counters="""
        A-PD-1 aslan:PD box:hlirakh
        A-PD-2 aslan:PD on:A-TR-1
        A-TR-1 aslan:TR hex:hlirakh
    """
    )
    error = game.reject("aslan unload A-PD-2", rule="DN-MOV-10")
    assert "A-PD-1" in error.reason


def test_pd_installed_directly_when_switch_off():
    # DN-MOV-10: with pd_carried_by_transport off a PD goes straight to a friendly box
    game = Game(
        ruleset=with_rules(pd_carried_by_transport=False),
        counters="""
        A-PD-1 aslan:PD unplaced
        A-TR-1 aslan:TR hex:hlirakh
    """,
    )
    game.reject("aslan load A-PD-1 A-TR-1", rule="DN-MOV-10")
    game.reject("aslan install-pd A-PD-1 concord", rule="DN-MOV-10")  # enemy home: not friendly
    game.play("aslan install-pd A-PD-1 eawyo")
    assert game.where("A-PD-1") == "box:eawyo"


def test_pd_moves_only_in_movement_phases():
    # DN-MOV-10: the PD marker is moved to its box in the movement phase
    game = Game(
        phase=Phase.FIRST_COMBAT,
        sub_phase=SubPhase.INTERACTION,
        counters="""
        A-PD-1 aslan:PD on:A-TR-1
        A-TR-1 aslan:TR hex:hlirakh
        A-PD-2 aslan:PD unplaced
    """,
    )
    game.reject("aslan unload A-PD-1", rule="DN-MOV-10")
    game.reject("aslan load A-PD-2 A-TR-1", rule="DN-MOV-10")


def test_loading_in_a_box_shared_with_neutrals():
    # DN-MOV-5: a friendly unit in the box makes the system friendly: loading at any time
    game = Game(
        counters="""
        N-RT-1 neutral:RT-2 box:lantern
        A-RT-1 aslan:RT-4 box:lantern
        A-TR-1 aslan:TR hex:lantern
    """
    )
    assert status(game, "lantern") is SystemStatus.FRIENDLY
    game.play("aslan load A-RT-1 A-TR-1")
    assert status(game, "lantern") is SystemStatus.NON_FRIENDLY  # only the neutral is left
    game.reject("aslan unload A-RT-1", rule="DN-MOV-5")


def test_a_ship_named_as_cargo_is_refused_as_no_cargo():
    """DN-MOV-7 (found by use, December 7, night): ``aslan load A-CL-1 A-TR-1`` with the
    cruiser in the stellar hex was told "A-CL-1 is not in the surface box of Hlirakh, where
    A-TR-1 is", as if landing it would let it board; a transport carries no ship at all."""
    game = Game(
        counters="""
        A-TR-1 aslan:TR hex:hlirakh
        A-CL-1 aslan:CL hex:hlirakh
    """
    )
    error = game.reject("aslan load A-CL-1 A-TR-1")
    assert str(error) == "DN-MOV-7: a transport carries a ground unit or PD, not CL"


def test_loading_cargo_already_aboard_says_where_it_is():
    """DN-MOV-5 DN-ERR-1 (found by use, December 8): a second ``load A-PD-2 A-TR-3`` was
    refused as "A-PD-2 is not in the surface box of Hlirakh", as if the PD had gone missing.
    It says the cargo is aboard already, or aboard another carrier and how to move it."""
    game = Game(
        counters="""
        A-TR-1 aslan:TR hex:hlirakh
        A-TR-2 aslan:TR hex:hlirakh
        A-RT-1 aslan:RT-4 on:A-TR-1
    """
    )
    error = game.reject("aslan load A-RT-1 A-TR-1", rule="DN-MOV-5")
    assert error.reason == "A-RT-1 is already aboard A-TR-1"
    error = game.reject("aslan load A-RT-1 A-TR-2", rule="DN-MOV-5")
    assert error.reason.startswith("A-RT-1 is aboard A-TR-1: cargo goes from one carrier")
    assert "unload A-RT-1 first" in error.reason
    game.play("aslan unload A-RT-1")
    game.play("aslan load A-RT-1 A-TR-2")
    assert game.where("A-RT-1") == "on:A-TR-2"
