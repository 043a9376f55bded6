"""The TUI's non-visual logic: dice entry, order forms, log filter, moves, map marks, store."""

from __future__ import annotations

import msgspec
import pytest

from campaign.app import CampaignService
from campaign.rules.errors import CampaignError, CampaignNotFoundError
from campaign.rules.ids import Side
from campaign.rules.notation import parse_order
from campaign.tui.order_template import parse_template
from campaign.tui.session import CampaignSession, parse_dice
from campaign.tui.session_log import LogRow
from campaign.tui.widgets.map_render import DESTINATION_STYLE, render_map
from tests.combat.campaign_helpers import Campaign, place
from tests.tui.pilot_helpers import battle_step


def test_parse_dice_accepts_commas_and_spaces_and_rejects_words():
    # DN-ERR-1: physical dice are numbers; anything else is refused with a clear sentence
    assert parse_dice("3,5 1") == [3, 5, 1]
    assert parse_dice("  ") == []
    with pytest.raises(ValueError, match="DN-ERR-1"):
        parse_dice("3,x")


def test_order_with_too_few_entered_dice_is_refused_and_changes_nothing(service: CampaignService):
    # DN-ERR-1 / DN-ECO-7: frontier maintenance needs one die per ship; missing dice -> refused
    session = CampaignSession(service, "full")
    before = session.loaded.head.seq
    with pytest.raises(CampaignError, match="DN-ERR-1"):
        session.order("aslan maintain - -", "6")
    assert session.loaded.head.seq == before
    assert service.load("full").head.seq == before


def test_template_fields_and_order_building():
    # DN-ECO-7 / DN-ECO-8: the maintain and produce forms build valid notation
    template = parse_template("aslan maintain [UNPAID|-] [RECOVER|-]")
    assert template.head == "aslan maintain"
    assert [(b.name, b.optional) for b in template.blanks] == [("UNPAID", True), ("RECOVER", True)]
    assert template.build(["", ""]) == "aslan maintain"
    assert template.build(["", "A-CL-1"]) == "aslan maintain - A-CL-1"
    template = parse_template("solomani produce KIND [COUNT] [LOCATION]")
    assert template.build(["DD", "2", "hex:concord"]) == "solomani produce DD 2 hex:concord"
    with pytest.raises(ValueError, match="KIND is required"):
        template.build(["", "2", ""])


def test_an_empty_optional_blank_takes_its_default():
    """Issue 31 item 3 (DN-ECO-8): the production form built ``produce DD - box:concord``
    (an empty COUNT written as ``-``), which the notation then refused."""
    template = parse_template("aslan produce KIND [COUNT] [LOCATION]")
    built = template.build(["DD", "", "box:concord"])
    assert built == "aslan produce DD 1 box:concord"
    assert parse_order(built).count == 1  # DN-ECO-8: the order reads as one destroyer
    duty = parse_template("solomani target b1 UNIT ENGAGEMENT")
    assert duty.head == "solomani target b1"
    # a leftover's ENGAGEMENT is needed (issue 44 item 3: labelled optional, then refused)
    assert [(b.name, b.optional) for b in duty.blanks] == [("UNIT", False), ("ENGAGEMENT", False)]
    stepping = parse_template("referee stepping manual|auto")
    assert stepping.blanks[0].alternatives == ("manual", "auto")


def test_log_filter_terms():
    # DN-ERR-1: the log shows every roll with its purpose; the filter finds them by turn/side/type
    row = LogRow(
        5,
        2,
        "aslan",
        "aslan maintain",
        ("maintenance-resolved",),
        ("frontier maintenance A-AO-1=6",),
    )
    assert row.matches("turn:2 side:aslan type:maintenance")
    assert row.matches("A-AO-1")
    assert not row.matches("turn:1")
    assert not row.matches("side:solomani")
    assert not row.matches("type:stack-moved")


def test_log_rows_carry_game_turn_and_dice(service: CampaignService):
    # DN-SEQ-1: rows know their game turn; DN-ERR-1: rolls are listed with purposes
    rows = CampaignSession(service, "full").log_rows()
    assert rows[0].order == "(campaign started)"
    assert any(r.turn == 1 and r.order.startswith("aslan jump") for r in rows)
    assert any(any("neutral" in roll for roll in r.rolls) or r.rolls for r in rows)


def test_log_rows_tell_what_happened_in_the_cores_sentences(service: CampaignService):
    # DN-ERR-1 / issue 15: the Log tab shows the same outcome sentences as `campaign log`
    session = CampaignSession(service, "demo")
    session.order("aslan jump main eawyo")
    last = session.log_rows()[-1]
    story = service.story("demo")[-1]
    assert last.order == "aslan jump main eawyo" and last.sentences == story.lines
    assert any("Hlirakh → Eawyo" in line for line in last.sentences)
    assert last.matches("eawyo") and not last.matches("halden")


def test_move_order_for_legal_and_refused_destinations(service: CampaignService):
    # DN-MOV-2: a legal destination gives the jump order with its path; DN-MAP-4 / others name
    # the rule of a refused one
    session = CampaignSession(service, "demo")
    assert session.move_order("main", "eawyo") == "aslan jump main eawyo"
    options = session.move_options("main")
    refused = next(iter(options.refused))
    with pytest.raises(CampaignError) as error:
        session.move_order("main", refused)
    assert error.value.message.startswith(options.refused[refused].rule + ":")
    with pytest.raises(CampaignError, match="DN-MAP-4"):
        session.move_order("main", "nowhere")


def test_lone_ships_are_movable_groups(service: CampaignService):
    # DN-MOV-2: a STACK is a stack label or the id of a ship in no stack
    stacks = CampaignSession(service, "demo").stacks(Side.ASLAN)
    assert stacks["main"] == ["A-B1-1", "A-B2-1", "A-TR-1", "A-AO-1"]
    assert stacks["A-CL-1"] == ["A-CL-1"]
    assert "A-RT-1" not in stacks  # ground units move only as cargo (DN-MOV-7)


def test_map_marks_destinations_and_controllers(service: CampaignService):
    # DN-MAP-4 (routes drawn), DN-ECO-1 (controller colours), DN-MOV-2 (destinations highlighted)
    session = CampaignSession(service, "demo")
    legal = session.move_options("main").legal
    view = session.map_view(selected="hlirakh", destinations=legal, show_connections=True)
    assert view.marks["hlirakh"].controller is Side.ASLAN
    assert view.marks["concord"].controller is Side.SOLOMANI
    assert view.marks["hlirakh"].stacks[Side.ASLAN] >= 4
    assert view.marks["hlirakh"].connected is True
    text = render_map(session.ruleset.star_map, view)
    assert "Eawyo"[:5] in text.plain
    highlighted = "".join(
        text.plain[span.start : span.end] for span in text.spans if span.style == DESTINATION_STYLE
    )
    assert "Eawyo" in highlighted and "Ftahr" in highlighted
    assert "Conco" not in highlighted  # Concord is not a legal destination of main


def test_income_report_in_session_matches_engine(service: CampaignService):
    # DN-ECO-4: the economy tab shows the engine's Table 3 report for each side
    session = CampaignSession(service, "full")
    report = session.income(Side.ASLAN)
    assert report.income == report.budget + report.box_income
    assert report.budget == 25


def test_store_lists_and_deletes_campaigns(service: CampaignService):
    # DN-DATA-4 pins live in the campaign row: deleting removes row, events and snapshots
    assert service.store.campaigns() == ["demo", "full"]
    service.store.delete_campaign("demo")
    assert service.store.campaigns() == ["full"]
    assert service.store.rows("demo") == []
    with pytest.raises(CampaignNotFoundError):
        service.store.delete_campaign("demo")
    assert service.load("full").head.seq > 0


def test_battle_round_lines_show_range_engagements_and_last_dice(service: CampaignService):
    # DN-CBT-2 (range chosen), DN-CBT-3 (engagements), DN-CBT-4 (dice of the round fought)
    session = CampaignSession(service, "demo")
    session.order(session.move_order("main", "halden"))
    session.order("aslan end-phase")
    battle = "halden/aslan-solomani"
    session.order(battle_step(session, battle), "4,2", "dice rolled at the table")
    session.order(battle_step(session, battle))  # choose-range long
    while session.battle_stage(battle) == "assign":
        session.order(battle_step(session, battle))  # target b1 auto, each side
    lines = "\n".join(session.battle_round_lines(battle))
    assert "range: long" in lines and "engagements:" in lines
    fire = battle_step(session, battle)
    session.order(
        fire, ",".join(["1"] * len(session.dice_needed(fire))), "dice rolled at the table"
    )
    lines = "\n".join(session.battle_round_lines(battle))
    assert "last round's dice: fire halden round 1" in lines
    assert "=1" in lines


def test_palette_offers_battle_orders_for_the_side_that_gives_them(service: CampaignService):
    # DN-SEQ-2 / DN-CBT-3: while the phasing side acts, the defender names the first target; the
    # palette lists `target` for the defender only, its template prefixed with the defender's side
    game = Campaign(
        [place("A-CL-1", "aslan:CL", "hex:neb-a"), place("S-DD-1", "solomani:DD", "hex:neb-a")]
    )
    game.enter()
    bid = "neb-a/aslan-solomani"
    game.play(f"aslan range {bid}", [5, 2])
    game.play(f"solomani choose-range {bid} long")
    session = CampaignSession(service, "full")
    session.loaded = msgspec.structs.replace(session.loaded, state=game.state, ruleset=game.ruleset)
    assert session.state.acting is Side.ASLAN
    templates = [session.template_for(legal) for legal in session.legal_orders()]
    assert "solomani target BATTLE UNITS [ENGAGEMENTS]" in templates
    assert not any(t.startswith("aslan target") for t in templates)
    # DN-CBT-3: a whole assignment is the referee's (players_assign_freely is off by default)
    assert not any(t.startswith(("aslan assign", "solomani assign")) for t in templates)
    assert "referee referee-assign BATTLE ENGAGEMENTS" in templates
    assert "aslan end-phase" not in templates  # DN-CBT-7: the battle is still open


def test_a_duty_s_bare_blanks_are_required_the_order_s_own_are_as_its_model_says():
    """Issue 44 item 3 (DN-CBT-3): "aslan target b1 UNIT ENGAGEMENT" (a leftover joins an
    engagement) labelled ENGAGEMENT optional, and the order built without it was refused; the
    order type's own template keeps its optional fields optional."""
    duty = parse_template("aslan target b1 UNIT ENGAGEMENT")
    assert [(b.name, b.optional) for b in duty.blanks] == [("UNIT", False), ("ENGAGEMENT", False)]
    with pytest.raises(ValueError, match="ENGAGEMENT is required"):
        duty.build(["A-AO-1", ""])
    own = parse_template("aslan target BATTLE UNITS [ENGAGEMENTS]")
    assert [b.optional for b in own.blanks] == [False, False, True]
    interact = parse_template("aslan interact SYS LAND BOMBARD DROPS")
    assert [b.optional for b in interact.blanks] == [False, True, True, True]
