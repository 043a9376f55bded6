"""Issue 44 item 1 (DN-SEQ-2): every unit list of an order form is built from the legal-order
generator for the fields already chosen (``campaign.rules.candidates``), so a form cannot offer
a choice the rules refuse: a battle's target step lists only the units of that battle not yet
assigned (``DN-CBT-3: A-CL-1 is not in the battle at keystone`` was offered), ``load`` offers
cargo and carriers only (dreadnoughts were offered as cargo, DN-MOV-5/7), and ``interact``
lists for LAND and DROPS only the ships and jump troops over the chosen system (DN-INT-1/4)."""

from __future__ import annotations

import msgspec

from campaign.app import CampaignService
from campaign.rules.ids import Side
from campaign.rules.phases import Phase, SubPhase
from campaign.tui.order_template import parse_template
from campaign.tui.session import CampaignSession
from campaign.views.choices import FieldSpec
from tests.combat.campaign_helpers import Campaign, place
from tests.engine.factory import SETUP_ORDERS, Game

BATTLE = "neb-a/aslan-solomani"


def session_on(service: CampaignService, game: Campaign) -> CampaignSession:
    """A TUI session showing ``game``'s position (the forms read the session's state)."""
    session = CampaignSession(service, "full")
    session.loaded = msgspec.structs.replace(session.loaded, state=game.state, ruleset=game.ruleset)
    return session


def field_spec(
    session: CampaignSession, notation: str, blank: str, values: dict[str, str] | None = None
) -> FieldSpec:
    """What the form of ``notation`` offers for ``blank``, the others holding ``values``."""
    template = parse_template(notation)
    field = next(b for b in template.blanks if b.name == blank)
    return session.field_spec(template, field, values or {})


def offered(
    session: CampaignSession, notation: str, blank: str, values: dict[str, str] | None = None
) -> list[str]:
    """The values the form of ``notation`` offers for ``blank``, the others holding ``values``."""
    return [value for _, value in field_spec(session, notation, blank, values).choices]


def test_a_target_step_lists_only_free_units_of_the_battle(service: CampaignService):
    """Issue 44 item 1 (DN-CBT-3): units at another system and units already assigned are not
    offered, for the duty's ``target b1 UNIT`` as for the palette's ``target BATTLE UNITS``."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-CL-2", "aslan:CL", "hex:neb-a"),
            place("A-CL-3", "aslan:CL", "hex:neb-c"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("S-DD-2", "solomani:DD", "hex:neb-a"),
            place("S-DD-3", "solomani:DD", "hex:neb-b"),
        ]
    )
    game.enter()
    game.play(f"aslan range {BATTLE}", [5, 2])
    game.play(f"solomani choose-range {BATTLE} long")
    session = session_on(service, game)
    assert sorted(offered(session, "solomani target b1 UNIT", "UNIT")) == ["S-DD-1", "S-DD-2"]
    assert sorted(
        offered(session, "solomani target BATTLE UNITS [ENGAGEMENTS]", "UNITS", {"BATTLE": "b1"})
    ) == ["S-DD-1", "S-DD-2"]
    assert offered(session, "aslan target b1 UNIT", "UNIT") == []  # not Aslan's step yet
    game.play(f"solomani target {BATTLE} S-DD-1")
    session = session_on(service, game)
    assert sorted(offered(session, "aslan target b1 UNIT", "UNIT")) == ["A-CL-1", "A-CL-2"]
    game.play(f"aslan target {BATTLE} A-CL-1")
    session = session_on(service, game)
    assert offered(session, "solomani target b1 UNIT", "UNIT") == ["S-DD-2"]  # S-DD-1 is taken


def test_load_offers_cargo_and_the_carriers_that_take_it(service: CampaignService):
    """Issue 44 item 1 (DN-MOV-5/7): CARGO lists ground units, PD and fighters in a box with a
    carrier over it, never a warship (a battleship stands in the box); CARRIER lists the
    carriers of the chosen cargo's system."""
    game = Campaign(
        [
            place("A-TR-1", "aslan:TR", "hex:neb-a"),
            place("A-TR-2", "aslan:TR", "hex:neb-c"),
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-BB-1", "aslan:BB", "box:neb-a"),
            place("A-RT-1", "aslan:RT-4", "box:neb-a"),
            place("A-RT-2", "aslan:RT-4", "box:neb-c"),
        ],
        phase=Phase.FIRST_MOVEMENT,
        sub_phase=None,
    )
    game.enter()
    session = session_on(service, game)
    assert sorted(offered(session, "aslan load CARGO CARRIER", "CARGO")) == ["A-RT-1", "A-RT-2"]
    assert offered(session, "aslan load CARGO CARRIER", "CARRIER", {"CARGO": "A-RT-1"}) == [
        "A-TR-1"
    ]
    assert offered(session, "aslan load CARGO CARRIER", "CARGO", {"CARRIER": "A-TR-2"}) == [
        "A-RT-2"
    ]


def test_interact_lists_the_ships_and_troops_over_the_chosen_system(service: CampaignService):
    """Issue 44 item 1 (DN-INT-1/4): LAND and DROPS listed every unit on the map whatever SYS
    was chosen; now the ships in that stellar hex and the jump troops aboard its transports."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-TR-1", "aslan:TR", "hex:neb-a"),
            place("A-JT-1", "aslan:JT-5", "on:A-TR-1"),
            place("A-CL-2", "aslan:CL", "hex:neb-c"),
            place("N-RT-1", "neutral:RT-2", "box:neb-a"),
            place("N-RT-2", "neutral:RT-2", "box:neb-c"),
        ],
        sub_phase=SubPhase.INTERACTION,
    )
    game.enter()
    session = session_on(service, game)
    notation = "aslan interact SYS LAND BOMBARD DROPS"
    assert sorted(offered(session, notation, "LAND", {"SYS": "neb-a"})) == ["A-CL-1", "A-TR-1"]
    assert offered(session, notation, "LAND", {"SYS": "neb-c"}) == ["A-CL-2"]
    assert offered(session, notation, "DROPS", {"SYS": "neb-a"}) == ["A-JT-1"]
    assert offered(session, notation, "DROPS", {"SYS": "neb-c"}) == []


def test_a_leftover_is_offered_whichever_engagement_is_chosen_first(service: CampaignService):
    """Issue 44 item 1 (DN-CBT-3): with ENGAGEMENT 2 typed before the unit, the leftover's
    list was empty (only engagement 1 was probed); a wrong engagement still offers none."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-CL-2", "aslan:CL", "hex:neb-a"),
            place("A-CL-3", "aslan:CL", "hex:neb-a"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
            place("S-DD-2", "solomani:DD", "hex:neb-a"),
        ]
    )
    game.enter()
    game.play(f"aslan range {BATTLE}", [5, 2])
    game.play(f"solomani choose-range {BATTLE} long")
    game.play_all(
        [
            f"solomani target {BATTLE} S-DD-1",
            f"aslan target {BATTLE} A-CL-1",
            f"solomani target {BATTLE} S-DD-2",
            f"aslan target {BATTLE} A-CL-2",
        ]
    )
    session = session_on(service, game)
    duty = "aslan target b1 UNIT ENGAGEMENT"
    assert offered(session, duty, "UNIT", {"ENGAGEMENT": "2"}) == ["A-CL-3"]
    assert offered(session, duty, "UNIT", {"ENGAGEMENT": "3"}) == []


def test_a_unit_list_offers_nothing_until_the_system_it_depends_on_is_chosen(
    service: CampaignService,
):
    """Found by use (DN-INT-1/4, DN-INT-5): before SYS was chosen, the interact form's LAND
    listed every ship of the side that might land anywhere, and lift-off's UNITS every unit of
    the side, ground troops and ships in space included. A unit list that depends on SYS now
    offers nothing and says "choose SYS first"; once SYS is chosen, only what may act there:
    the ships in that surface box for lift-off (not those in space, not the troops). SYS
    itself offers only the systems where the order may be given."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a"),
            place("A-CL-2", "aslan:CL", "hex:neb-c"),
            place("A-CL-3", "aslan:CL", "box:neb-c"),
            place("A-RT-1", "aslan:RT-4", "box:neb-c"),
            place("A-RT-2", "aslan:RT-4", "box:neb-b"),
            place("N-RT-1", "neutral:RT-2", "box:neb-a"),
        ],
        sub_phase=SubPhase.INTERACTION,
    )
    game.enter()
    session = session_on(service, game)
    interact = "aslan interact SYS LAND BOMBARD DROPS"
    for blank in ("LAND", "DROPS"):
        spec = field_spec(session, interact, blank)
        assert (spec.choices, spec.hint) == ([], "choose SYS first"), blank
        assert spec.empty == "nothing to choose yet: choose SYS first"
        assert spec.depends_on == ("SYS",)
    assert offered(session, interact, "LAND", {"SYS": "neb-a"}) == ["A-CL-1"]
    # DN-INT-1: a ship lands from the stellar hex; none stands over neb-b
    assert sorted(offered(session, interact, "SYS")) == ["neb-a", "neb-c"]
    lift_off = "aslan lift-off SYS UNITS"
    assert field_spec(session, lift_off, "UNITS").choices == []
    assert field_spec(session, lift_off, "UNITS").hint == "choose SYS first"
    assert offered(session, lift_off, "UNITS", {"SYS": "neb-c"}) == ["A-CL-3"]  # DN-INT-5
    assert offered(session, lift_off, "SYS") == ["neb-c"]


def test_ground_losses_are_chosen_among_the_ground_units_of_the_box_named(
    service: CampaignService,
):
    """DN-GND-2: the duty ``solomani remove-losses neb-a UNITS`` names the box in its head; the
    list offered every unit of the side, ships in space and units at other systems included.
    Now the ground units and PD of that box, the only ones the order accepts."""
    game = Campaign(
        [
            place("A-RT-1", "aslan:RT-6", "box:neb-a"),
            place("S-RT-1", "solomani:RT-3", "box:neb-a"),
            place("S-AT-1", "solomani:AT-8", "box:neb-a"),
            place("S-RT-2", "solomani:RT-3", "box:neb-c"),
            place("S-DD-1", "solomani:DD", "hex:neb-a"),
        ],
        sub_phase=SubPhase.SURFACE,
    )
    game.enter([6, 1])  # Aslan 6 vs 11 (1:2) rolls 6: D, Solomani chooses one loss
    session = session_on(service, game)
    duty = "solomani remove-losses neb-a UNITS"
    assert sorted(offered(session, duty, "UNITS")) == ["S-AT-1", "S-RT-1"]
    palette = "solomani remove-losses SYS UNITS"
    assert field_spec(session, palette, "UNITS").hint == "choose SYS first"
    assert sorted(offered(session, palette, "UNITS", {"SYS": "neb-a"})) == ["S-AT-1", "S-RT-1"]


def test_stack_orders_offer_the_units_and_stacks_of_the_stack_chosen(service: CampaignService):
    """DN-MOV-2: split-stack's UNITS listed every unit of the side (the handler refuses any not
    in the stack) and merge-stacks' OTHERS every unit, though it takes stacks and lone ships in
    the same place. Both wait for STACK, then offer the stack's members / the other groups
    standing where it stands."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:neb-a", stack="s1"),
            place("A-CL-2", "aslan:CL", "hex:neb-a", stack="s1"),
            place("A-DD-1", "aslan:DD", "hex:neb-a", stack="s2"),
            place("A-DD-2", "aslan:DD", "hex:neb-a"),
            place("A-DD-3", "aslan:DD", "hex:neb-c", stack="s3"),
            place("A-RT-1", "aslan:RT-4", "box:neb-a"),
        ],
        phase=Phase.FIRST_MOVEMENT,
        sub_phase=None,
    )
    game.enter()
    session = session_on(service, game)
    split = "aslan split-stack STACK LABEL UNITS"
    assert field_spec(session, split, "UNITS").hint == "choose STACK first"
    assert sorted(offered(session, split, "UNITS", {"STACK": "s1"})) == ["A-CL-1", "A-CL-2"]
    merge = "aslan merge-stacks STACK OTHERS"
    assert field_spec(session, merge, "OTHERS").hint == "choose STACK first"
    assert sorted(offered(session, merge, "OTHERS", {"STACK": "s1"})) == ["A-DD-2", "s2"]


def _deploying() -> Game:
    """The small map's set-up at Aslan's deployment: a transport in the capital's stellar hex,
    a regular troop and a light cruiser still unplaced."""
    game = Game()
    game.play_all(SETUP_ORDERS[:3])
    game.play_all(["aslan buy TR", "aslan buy RT-4", "aslan buy CL"])
    game.play_all(["aslan end-phase", "solomani end-phase"])
    game.play("aslan deploy A-TR-1 hex:asl-cap")
    return game


def test_deploy_offers_the_home_section_and_the_carriers_that_take_the_units(
    service: CampaignService,
):
    """Found by use (December 7), DN-SET-2: the deploy form's LOCATION was a bare text field
    whose only hint was the word LOCATION, and ``hlirakh`` typed there was refused for want of
    ``hex:``. It now lists the places of the side's home section, the stellar hexes only for
    units that may stand there, and the carriers that take the units chosen (DN-MOV-7)."""
    game = _deploying()
    session = session_on(service, game)
    notation = "aslan deploy UNITS LOCATION"
    home = game.ruleset.star_map.systems_in_section(game.ruleset.star_map.home_section(Side.ASLAN))
    boxes = {f"box:{system}" for system in home}
    hexes = {f"hex:{system}" for system in home}
    spec = field_spec(session, notation, "LOCATION", {"UNITS": "A-CL-1"})
    assert "DN-SET-2" in spec.hint and spec.depends_on == ("UNITS",)
    assert {value for _, value in spec.choices} == boxes | hexes  # a cruiser: no carrier
    troops = set(offered(session, notation, "LOCATION", {"UNITS": "A-RT-1"}))
    assert troops == boxes | {"on:A-TR-1"}  # ground troops: no stellar hex (DN-SET-2)
    for where in troops:  # every place offered is one the rules accept
        _deploying().play(f"aslan deploy A-RT-1 {where}")


def _deploying_two_troops() -> Game:
    """Aslan's deployment with one transport in the capital's stellar hex and two regular
    troops and two PDs still unplaced."""
    game = Game()
    game.play_all(SETUP_ORDERS[:3])
    game.play_all(["aslan buy TR", "aslan buy RT-4 2", "aslan buy PD 2"])
    game.play_all(["aslan end-phase", "solomani end-phase"])
    game.play("aslan deploy A-TR-1 hex:asl-cap")
    return game


def test_deploy_offers_only_the_places_that_take_all_the_units_chosen(
    service: CampaignService,
):
    """Found by use (December 7), DN-MOV-7, DN-MOV-10: the deploy form offered ``aboard
    A-TR-1`` for two troops (a transport takes each alone) and a surface box for two PDs; the
    order was then refused for the second unit. Only the places that take every unit chosen
    are offered, every one accepted by the rules, and the hint says why a carrier or a box
    is missing."""
    game = _deploying_two_troops()
    session = session_on(service, game)
    notation = "aslan deploy UNITS LOCATION"
    assert "on:A-TR-1" in offered(session, notation, "LOCATION", {"UNITS": "A-RT-1"})
    for units in ("A-RT-1,A-RT-2", "A-PD-1,A-PD-2", "A-RT-1,A-PD-1"):
        spec = field_spec(session, notation, "LOCATION", {"UNITS": units})
        places = [value for _, value in spec.choices]
        assert "on:A-TR-1" not in places, units
        assert "A-TR-1" in spec.hint and "DN-MOV-7" in spec.hint, spec.hint
        for where in places:  # every place offered is one the rules accept
            _deploying_two_troops().play(f"aslan deploy {units} {where}")
    spec = field_spec(session, notation, "LOCATION", {"UNITS": "A-PD-1,A-PD-2"})
    assert spec.choices == [] and "DN-MOV-10" in spec.hint, spec
    assert "DN-MOV-10" in spec.empty, spec.empty


def test_deploy_offers_no_box_that_holds_a_pd_for_another_pd(service: CampaignService):
    """Found by use (December 7), DN-MOV-10: with one PD deployed in the capital's box, the
    deploy form still offered that box for the second PD alone, and the order was refused.
    It is left out, and the hint says why."""
    game = _deploying_two_troops()
    game.play("aslan deploy A-PD-1 box:asl-cap")
    session = session_on(service, game)
    spec = field_spec(session, "aslan deploy UNITS LOCATION", "LOCATION", {"UNITS": "A-PD-2"})
    places = [value for _, value in spec.choices]
    assert "box:asl-cap" not in places and places, places
    assert "DN-MOV-10" in spec.hint, spec.hint
