"""Issue 44 item 1 (DN-SEQ-2): every unit list of an order form is built from the legal-order
generator for the fields already chosen (``campaign.rules.candidates``), so a form cannot offer
a choice the rules refuse: a battle's target step lists only the units of that battle not yet
assigned (``DN-CBT-3: A-CL-1 is not in the battle at keystone`` was offered), ``load`` offers
cargo and carriers only (dreadnoughts were offered as cargo, DN-MOV-5/7), and ``interact``
lists for LAND and DROPS only the ships and jump troops over the chosen system (DN-INT-1/4)."""

from __future__ import annotations

import msgspec

from campaign.app import CampaignService
from campaign.rules.phases import Phase, SubPhase
from campaign.tui.order_template import parse_template
from campaign.tui.session import CampaignSession
from tests.combat.campaign_helpers import Campaign, place

BATTLE = "neb-a/aslan-solomani"


def session_on(service: CampaignService, game: Campaign) -> CampaignSession:
    """A TUI session showing ``game``'s position (the forms read the session's state)."""
    session = CampaignSession(service, "full")
    session.loaded = msgspec.structs.replace(session.loaded, state=game.state, ruleset=game.ruleset)
    return session


def offered(
    session: CampaignSession, notation: str, blank: str, values: dict[str, str] | None = None
) -> list[str]:
    """The values the form of ``notation`` offers for ``blank``, the others holding ``values``."""
    template = parse_template(notation)
    field = next(b for b in template.blanks if b.name == blank)
    return [value for _, value in session.field_spec(template, field, values or {}).choices]


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
