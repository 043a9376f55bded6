"""Income collected when Maintenance & Production starts (DN-ECO-4..6, DN-SET-1)."""

from __future__ import annotations

from campaign.rules import narration
from campaign.rules.economy.adapter import income_report_for
from campaign.rules.economy.treasury import IncomeCollected
from campaign.rules.ids import Side
from campaign.rules.phases import Phase
from campaign.rules.ruleset import HouseRules
from campaign.rules.sequence import FIRST_PLAYER_STEP, step_index
from tests.economy.game import Game
from tests.rulesets import sample

S, A = Side.SOLOMANI, Side.ASLAN


def _halden_cut_off() -> Game:
    """Game turn 2 at Aslan's last step (9 RU), an Aslan cruiser at Marrow cutting the
    Solomani's Halden off from their capital: the Solomani income next counts it 4, not 10."""
    return Game(
        turn=2,
        phasing=A,
        ru=9,
        last_step=True,
        counters="""
        # cuts Halden (4 instead of 10)
        A-CR-1 aslan:CR hex:marrow
    """,
    )


def test_income_is_added_when_the_phase_starts():  # DN-ECO-4, DN-ECO-6
    game = _halden_cut_off()
    game.play("aslan end-phase")
    (event,) = game.of_type(IncomeCollected)
    assert event.side is S and event.turn == 2
    assert (event.before, event.kept, event.budget) == (9, 9, 25)
    assert event.boxes["halden"] == 4 and event.boxes["concord"] == 10
    assert event.income == 55
    assert game.state.ru[S] == 9 + 55
    assert game.state.phase is Phase.PRODUCTION and game.state.phasing is S


def test_unspent_ru_lost_when_carry_over_is_off():  # DN-ECO-6
    ruleset = sample().model_copy(update={"house_rules": HouseRules(unspent_ru_carry_over=False)})
    game = Game(turn=2, phasing=A, ru=9, last_step=True, ruleset=ruleset)
    game.play("aslan end-phase")
    (event,) = game.of_type(IncomeCollected)
    assert (event.before, event.kept) == (9, 0)
    assert game.state.ru[S] == 61


def test_setup_ru_carry_into_the_first_budget():  # DN-SET-1, DN-ECO-6
    game = Game(turn=0, phasing=A, ru=12)
    game.state.step = step_index(Phase.SETUP_DEPLOY, side=S)
    game.state.acting = S
    game.play("solomani end-phase")  # set-up over: Aslan Maintenance & Production, turn 1
    (event,) = game.of_type(IncomeCollected)
    assert event.side is A and event.turn == 1 and event.kept == 12
    assert game.state.ru[A] == 12 + 53
    assert game.state.step == FIRST_PLAYER_STEP


def test_income_does_not_depend_on_battles():  # DN-ECO-5
    game = Game(
        turn=2,
        phasing=A,
        ru=0,
        last_step=True,
        counters="""
        # a Solomani cruiser lost in battle
        S-CR-9 solomani:CR eliminated
    """,
    )
    game.play("aslan end-phase")
    assert game.of_type(IncomeCollected)[0].income == 61


def test_report_for_a_campaign_state():  # DN-ECO-4, DN-ECO-3
    game = Game(
        ru=30,
        counters="""
        A-CR-4 aslan:CR hex:marrow
    """,
    )
    report = income_report_for(game.state, game.ruleset, S)
    assert report.treasury == 30 and report.income == 55
    halden = next(b for b in report.boxes if b.system_id == "halden")
    assert any("A-CR-4" in u for c in halden.cut_by for u in c.enemy_units)


def test_troops_aboard_a_transport_do_not_control_the_box():  # DN-ECO-1
    game = Game(
        ru=30,
        counters="""
        S-TR-1 solomani:TR box:lantern
        S-RT-1 solomani:RT-4 on:S-TR-1
    """,
    )
    report = income_report_for(game.state, game.ruleset, S)
    assert "lantern" not in {b.system_id for b in report.boxes}
    game.put("S-RT-2", "solomani:RT-4", "box:lantern")
    report = income_report_for(game.state, game.ruleset, S)
    boxes = {b.system_id: b for b in report.boxes}
    assert boxes["lantern"].control_rule == "DN-ECO-1"
    assert boxes["lantern"].ru == 10 and (report.full_path("lantern") or [])[-1] == "Concord"


def test_routes_explored_in_play_carry_connections():  # DN-ECO-3, DN-NEB-1
    from campaign.content import load_ruleset

    game = Game(
        ruleset=load_ruleset(layout="demo"),
        counters="""
        S-RT-1 solomani:RT-4 box:lantern
        # murk is type 3
        S-AO-1 solomani:AO hex:murk
    """,
    )
    lantern = next(
        b for b in income_report_for(game.state, game.ruleset, S).boxes if b.system_id == "lantern"
    )
    assert (lantern.connected, lantern.ru) == (False, 4)
    game.state.game_slots["explored_routes"] = [["lantern", "murk"], ["murk", "halden"]]
    report = income_report_for(game.state, game.ruleset, S)
    lantern = next(b for b in report.boxes if b.system_id == "lantern")
    assert (lantern.connected, lantern.ru) == (True, 10)
    assert report.full_path("lantern") == ["Lantern", "Murk", "Halden", "Marrow", "Concord"]


def test_supply_overlay_lists_connected_systems():  # DN-ECO-3
    from campaign.rules.economy.adapter import connected_systems

    game = Game(
        counters="""
        A-CR-1 aslan:CR hex:marrow
    """
    )
    supplied = connected_systems(game.state, game.ruleset, S)
    assert {"concord", "marrow", "vantage", "kestrel", "petrel", "brume"} <= supplied
    assert "halden" not in supplied and "bulwark" not in supplied


def test_the_income_sentence_names_the_boxes_cut_off():  # DN-ECO-4, DN-ECO-3
    """Found by use (December 7, evening): with Khtaoi cut off, the collection read "The Aslan
    collect 51 RU (budget 25, 6 boxes 26)": nothing told the referee that a world earned less
    than Table 3's connected value, or which. The sentence now names each box not connected to
    the capital with what it yields; a turn without a cut reads as before."""
    game = _halden_cut_off()
    before = game.state.clone()
    events = game.play("aslan end-phase")
    text = "\n".join(narration.condense(narration.narrate(events, before, ruleset=game.ruleset)))
    assert (
        "The Solomani collect 55 RU (budget 25, 6 boxes 30; not connected to the capital: "
        "Halden 4 RU, DN-ECO-3); kept 9 of 9, now 64 RU (DN-ECO-4)"
    ) in text
    quiet = Game(turn=2, phasing=A, ru=9, last_step=True)
    before = quiet.state.clone()
    events = quiet.play("aslan end-phase")
    text = "\n".join(narration.condense(narration.narrate(events, before, ruleset=quiet.ruleset)))
    assert "(budget 25, 6 boxes 36); kept 9 of 9" in text
