"""Interaction and surface combat driven through the engine (DN-INT-*, DN-GND-*, DN-NEU-2)."""

from __future__ import annotations

from campaign.rules import narration
from campaign.rules.combat.surface_orders import GroundFought, Interacted
from campaign.rules.ids import Side
from campaign.rules.phases import Phase, SubPhase
from tests.combat.campaign_helpers import Campaign, place


def at_interaction(units) -> Campaign:
    game = Campaign(units, sub_phase=SubPhase.INTERACTION)
    game.enter()
    return game


def neutral_world(*extra):
    return [
        place("A-CL-1", "aslan:CL", "hex:neb-a"),
        place("A-TR-1", "aslan:TR", "hex:neb-a"),
        place("A-JT-1", "aslan:JT-5", "on:A-TR-1"),
        place("N-RT-1", "neutral:RT-2", "box:neb-a"),
        place("N-PD-1", "neutral:PD", "box:neb-a"),
        *extra,
    ]


def test_bombard_pd_fire_and_drop_on_neutral_box():  # DN-INT-1
    game = at_interaction(neutral_world())
    events = game.play("aslan interact neb-a - A-CL-1>N-RT-1 A-JT-1", [6, 1])
    interacted = next(e for e in events if isinstance(e, Interacted))
    assert [r.purpose for r in interacted.rolls] == [
        "bombard neb-a A-CL-1>N-RT-1",
        "pd neb-a N-PD-1>A-CL-1",
    ]
    assert game.where("N-RT-1") == "eliminated"  # missile 2 vs 2, die 6 -> X
    assert game.where("A-JT-1") == "box:neb-a" and game.where("A-TR-1") == "hex:neb-a"
    assert "DN-INT-1" in str(game.reject("aslan interact neb-a A-CL-1"))  # acted already


def test_pd_marker_cannot_be_bombarded():  # DN-INT-3
    game = at_interaction(neutral_world())
    assert "DN-INT-3" in str(game.reject("aslan interact neb-a - A-CL-1>N-PD-1", [6, 6]))


def test_transport_lands_and_unloads_on_friendly_box():  # DN-INT-1
    game = at_interaction(
        [
            place("A-TR-1", "aslan:TR", "hex:neb-a"),
            place("A-JT-1", "aslan:JT-5", "on:A-TR-1"),
            place("A-RT-1", "aslan:RT-5", "box:neb-a"),
        ]
    )
    game.play("aslan interact neb-a A-TR-1")  # no dice: friendly box
    assert game.where("A-TR-1") == "box:neb-a" and game.where("A-JT-1") == "box:neb-a"


def test_no_pd_fire_from_box_with_both_sides_troops():  # DN-INT-2
    game = at_interaction(neutral_world(place("A-RT-1", "aslan:RT-5", "box:neb-a")))
    events = game.play("aslan interact neb-a A-CL-1")  # no dice at all
    interacted = next(e for e in events if isinstance(e, Interacted))
    assert interacted.result.shots == () and game.where("A-CL-1") == "box:neb-a"


def test_lift_off_in_interaction():  # DN-INT-5
    game = at_interaction(
        [
            place("A-CL-1", "aslan:CL", "box:neb-a"),
            place("A-RT-1", "aslan:RT-5", "box:neb-a"),
        ]
    )
    assert "DN-INT-5" in str(game.reject("aslan lift-off neb-a A-RT-1"))
    game.play("aslan lift-off neb-a A-CL-1")
    assert game.where("A-CL-1") == "hex:neb-a"


def at_surface(units, phase=Phase.FIRST_COMBAT, dice=None, **extra) -> Campaign:
    game = Campaign(units, phase=phase, sub_phase=SubPhase.SURFACE, **extra)
    game.enter(dice)
    return game


def test_ships_alone_removed_whatever_their_number():  # DN-GND-1
    ships = [place(f"S-DD-{i}", "solomani:DD", "box:neb-a") for i in range(1, 6)]
    game = at_surface([*ships, place("A-RT-1", "aslan:RT-4", "box:neb-a")])
    assert all(game.where(u.id) == "eliminated" for u in ships)
    assert game.where("A-RT-1") == "box:neb-a"
    fought = [e for e in game.events if isinstance(e, GroundFought)]
    assert fought[0].result.rule == "DN-GND-1" and fought[0].rolls == ()


def test_ground_round_on_house_table():  # DN-GND-2
    game = at_surface(
        [
            place("A-RT-1", "aslan:RT-4", "box:neb-a"),
            place("S-RT-1", "solomani:RT-4", "box:neb-a"),
        ],
        dice=[6, 1],
    )
    fought = next(e for e in game.events if isinstance(e, GroundFought))
    assert fought.result.rule == "DN-GND-2" and len(fought.rolls) == 2
    # Aslan (acting) rolls 6 at 1:1 -> D: Solomani loses its one unit
    assert game.where("S-RT-1") == "eliminated" and game.where("A-RT-1") == "box:neb-a"


def test_neutral_troops_defend_their_box():  # DN-NEU-2
    game = at_surface(
        [
            place("A-CL-1", "aslan:CL", "box:neb-a"),
            place("N-RT-1", "neutral:RT-2", "box:neb-a"),
        ]
    )
    assert game.where("A-CL-1") == "eliminated"


def test_reaction_ground_combat_only_where_the_stack_went():  # DN-REA-1
    units = [
        place("S-JT-1", "solomani:JT-4", "box:neb-a"),  # the reaction stack (dropped earlier)
        place("A-CL-1", "aslan:CL", "box:neb-a"),
        place("S-RT-1", "solomani:RT-4", "box:neb-c"),  # other reacting troops elsewhere
        place("A-CL-2", "aslan:CL", "box:neb-c"),
    ]
    game = at_surface(units, phase=Phase.REACTION_COMBAT, reaction_stack=["S-JT-1"])
    assert game.where("A-CL-1") == "eliminated"
    assert game.where("A-CL-2") == "box:neb-c"


def test_pd_owner_names_its_targets():  # DN-INT-2
    from campaign.rules.ids import Side

    game = Campaign(
        [
            place("S-CL-1", "solomani:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("A-PD-1", "aslan:PD", "box:neb-a"),
            place("A-RT-1", "aslan:RT-4", "box:neb-a"),
        ],
        sub_phase=SubPhase.INTERACTION,
        phasing=Side.SOLOMANI,
    )
    game.enter()
    declared = game.play("solomani interact neb-a S-DD-1 S-CL-1>A-RT-1")
    assert declared[0].type == "interaction-declared" and declared[0].rolls == ()
    assert "DN-INT-2" in str(game.reject("solomani pd-fire neb-a A-PD-1>S-DD-1"))
    assert "DN-INT-2" in str(game.reject("solomani end-phase"))
    assert "DN-INT-1" in str(game.reject("aslan pd-fire neb-a A-PD-1>A-RT-1", [1, 1]))
    events = game.play("aslan pd-fire neb-a A-PD-1>S-DD-1", [1, 1])
    interacted = next(e for e in events if isinstance(e, Interacted))
    assert [r.purpose for r in interacted.rolls] == [
        "bombard neb-a S-CL-1>A-RT-1",
        "pd neb-a A-PD-1>S-DD-1",
    ]
    assert game.where("S-DD-1") == "box:neb-a"


def test_owner_chooses_ground_losses():  # DN-GND-2
    game = at_surface(
        [
            place("A-RT-1", "aslan:RT-6", "box:neb-a"),
            place("S-RT-1", "solomani:RT-3", "box:neb-a"),
            place("S-AT-1", "solomani:AT-8", "box:neb-a"),
        ],
        dice=[6, 1],
    )
    fought = next(e for e in game.events if isinstance(e, GroundFought))
    # Aslan 6 vs 11 (1:2) rolls 6 -> D: Solomani must remove one of its two units
    assert fought.pending == {Side.SOLOMANI: 1} and fought.removed == []
    assert "DN-GND-2" in str(game.reject("aslan end-phase"))
    assert "DN-GND-2" in str(game.reject("solomani remove-losses neb-a A-RT-1"))
    assert "DN-GND-2" in str(game.reject("solomani remove-losses neb-a S-RT-1,S-AT-1"))
    assert "DN-GND-2" in str(game.reject("aslan remove-losses neb-a A-RT-1"))
    game.play("solomani remove-losses neb-a S-AT-1")
    assert game.where("S-AT-1") == "eliminated" and game.where("S-RT-1") == "box:neb-a"
    game.play("aslan end-phase")


def test_a_face_down_counter_is_bombarded_whatever_it_is():  # DN-INT-3, DN-NEU-1
    """Issue 41 item 3: bombarding a face-down PD was refused with "N-X-7 is planetary
    defence", free and unlogged, before the PD had fired: the refusal told a player which
    face-down counter is the PD. A face-down target is accepted whatever it is; a PD takes no
    effect (DN-INT-3: it cannot be destroyed or neutralised by bombardment), without a die.
    Face up, a PD is still refused as a target."""
    face_down = [
        place("A-CL-1", "aslan:CL", "hex:neb-a"),
        place("N-RT-1", "neutral:RT-2", "box:neb-a", face_down=True),
        place("N-PD-1", "neutral:PD", "box:neb-a", face_down=True),
    ]
    answers = {}
    for target, dice in (("N-RT-1", [6, 1]), ("N-PD-1", [1])):  # the PD's own fire: 1 die
        game = at_interaction(face_down)
        events = game.play(f"aslan interact neb-a - A-CL-1>{target}", dice)
        interacted = next(e for e in events if isinstance(e, Interacted))
        (shot,) = [s for s in interacted.result.shots if s.kind == "bombard"]
        answers[target] = shot
    assert answers["N-PD-1"].roll is None and answers["N-PD-1"].result.value == "-"
    assert answers["N-RT-1"].roll is not None  # a ground unit is bombarded as ever
    face_up = at_interaction(neutral_world())
    assert "DN-INT-3" in str(face_up.reject("aslan interact neb-a - A-CL-1>N-PD-1", [6, 6]))


def test_the_referee_reads_why_a_bombarded_pd_takes_no_effect():  # DN-INT-3
    """Found by use (December 7, night): a face-down PD bombarded read, for the referee,
    "A-CL-1 fires on N-PD-1 (bombardment 2 vs strength 0, column 4:1): below the table, no
    effect": a column named and "below the table" at once, and no word of the rule. The
    referee now reads that a PD marker is not harmed by bombardment (DN-INT-3)."""
    game = at_interaction(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("N-PD-1", "neutral:PD", "box:neb-a", face_down=True),
        ]
    )
    before = game.state.clone()
    events = game.play("aslan interact neb-a - A-CL-1>N-PD-1", [1])
    told = narration.condense(narration.narrate(events, before, ruleset=game.ruleset))
    lines = [line for entry in told for line in entry.splitlines()]
    (line,) = [line for line in lines if "fires on N-PD-1" in line]
    assert "DN-INT-3" in line and "below the table" not in line and "column" not in line


def test_a_ship_of_another_system_is_refused_naming_the_system():
    """DN-INT-1 (found by use, December 7, night): ``aslan interact halden A-TR-1`` with the
    transport at Concord said "A-TR-1 is not one of aslan's ships in the stellar hex", not
    which hex; the refusal names the system the order is for."""
    game = at_interaction(neutral_world(place("A-CL-2", "aslan:CL", "hex:neb-b")))
    error = game.reject("aslan interact neb-a A-CL-2")
    assert str(error) == "DN-INT-1: A-CL-2 is not one of aslan's ships in the stellar hex of Aagar"


def test_lift_off_names_the_box_and_refuses_a_ship_named_twice():
    """DN-INT-5 (found by use, December 7, night): ``aslan lift-off halden A-B1-1`` with the
    ship in Concord's box said "not one of aslan's ships in the surface box", not which box;
    ``aslan lift-off concord A-B1-1,A-B1-1`` was accepted and told "A-B1-1, A-B1-1 lift off"."""
    game = at_interaction(
        [
            place("A-CL-1", "aslan:CL", "box:neb-a"),
            place("A-CL-2", "aslan:CL", "box:neb-b"),
        ]
    )
    error = game.reject("aslan lift-off neb-a A-CL-2")
    assert str(error) == "DN-INT-5: A-CL-2 is not one of aslan's ships in the surface box of Aagar"
    error = game.reject("aslan lift-off neb-a A-CL-1,A-CL-1")
    assert str(error) == "DN-INT-5: A-CL-1 is named twice"


def test_pd_aimed_at_a_ship_not_acting_on_the_box_names_the_ships_it_may_fire_at():
    """DN-INT-1 DN-INT-2 (found by use, December 8): PD aimed at a ship that neither
    bombards nor lands was refused as "PD can only fire at ships acting on the box", leaving
    the referee to guess which those were. The refusal names them."""
    from campaign.rules.ids import Side

    game = Campaign(
        [
            place("S-CL-1", "solomani:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("S-DD-2", "solomani:DD", "hex:neb-a"),
            place("A-PD-1", "aslan:PD", "box:neb-a"),
            place("A-RT-1", "aslan:RT-4", "box:neb-a"),
        ],
        sub_phase=SubPhase.INTERACTION,
        phasing=Side.SOLOMANI,
    )
    game.enter()
    game.play("solomani interact neb-a S-DD-1 S-CL-1>A-RT-1")
    error = game.reject("aslan pd-fire neb-a A-PD-1>S-DD-2", [1, 1])
    assert error.rule_id == "DN-INT-1"
    assert error.reason == (
        "A-PD-1 can fire only at a ship bombarding or landing on the box of Aagar "
        "(S-CL-1, S-DD-1), not S-DD-2"
    )
