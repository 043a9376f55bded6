"""Views a referee needs at the table (issue 29): the maintenance preview (``campaign upkeep``),
the list of systems and routes (``campaign systems``, ``campaign data systems``) and the
withdrawal destinations in ``campaign battles``, as text and as JSON validated against the
published schemas."""

from __future__ import annotations

from campaign.app import CampaignService
from campaign.cli import main
from campaign.rules.ids import Side
from campaign.views.systems import systems_report
from campaign.views.upkeep import _on_pass
from tests.cli_referee.conftest import TO_MARROW
from tests.cli_referee.test_views import _json, _run


def _to_game_turn_2(db) -> None:
    """A quiet game turn 1 (each side passes), so the Aslan stand in their game turn 2
    Maintenance & Production with maintenance due."""
    for order in ("aslan pass", "solomani pass", "solomani pass", "aslan pass"):
        assert main(["order", "t", order, *db]) == 0


def test_upkeep_previews_each_ship_and_what_pass_does(db, capsys):
    # DN-ECO-7: the cruisers at Eawyo (a marked Aslan type 1 box) and the transport at the
    # capital are civilised; S-DD-1 at Marrow (type 2) is frontier and rolls
    _to_game_turn_2(db)
    code, out, err = _run(db, capsys, "upkeep", "t")
    assert code == 0, err
    assert "aslan: maintenance due now (game turn 2), 10 RU for civilised ships" in out
    assert "A-CL-1" in out and "civilised" in out and "pays 3 RU" in out
    assert "`pass` pays 10 RU and rolls for 0 frontier ships" in out
    assert "S-DD-1" in out and "frontier" in out and "rolls 1d6: 2 or more" in out
    data = _json(db, capsys, "upkeep.schema.json", "upkeep", "t", "--side", "aslan")
    (aslan,) = data["sides"]
    assert (aslan["side"], aslan["status"], aslan["pay_all"], aslan["pass_resolves"]) == (
        "aslan",
        "due",
        10,
        True,
    )
    assert {s["id"]: s["zone"] for s in aslan["ships"]} == {
        "A-CL-1": "civilised",
        "A-CL-2": "civilised",
        "A-CL-3": "civilised",
        "A-TR-1": "civilised",
    }
    assert data["viewer"] == "aslan"
    assert main(["order", "t", "aslan pass", *db]) == 0  # the preview is what pass then did
    capsys.readouterr()
    code, out, _ = _run(db, capsys, "log", "t", "--type", "maintenance-resolved")
    assert "Maintenance (the Aslan, 10 RU)" in out


def test_upkeep_says_when_pass_waits_for_a_choice(db, capsys):
    # DN-ECO-7: with 5 RU the 10 RU of civilised upkeep cannot all be paid: pass waits
    _to_game_turn_2(db)
    assert main(["order", "t", "referee set-ru aslan 5 'a poor treasury'", *db]) == 0
    capsys.readouterr()
    data = _json(db, capsys, "upkeep.schema.json", "upkeep", "t", "--side", "aslan")
    (aslan,) = data["sides"]
    assert (aslan["status"], aslan["pass_resolves"]) == ("due", False)
    assert "waits" in aslan["on_pass"] and "maintain UNPAID" in aslan["on_pass"]


def test_systems_view_lists_types_marks_and_routes(db, capsys):
    # DN-MAP-2/3/4, DN-NEB-1: every system with its type and its routes, unexplored marked
    code, out, _ = _run(db, capsys, "systems", "t")
    assert code == 0
    assert "standard layout: 8 sections, 54 systems" in out
    line = next(row for row in out.splitlines() if row.strip().startswith("scarp "))
    assert "type 2" in line and "cinder (unexplored), corredor, span, tether" in line
    capital = next(row for row in out.splitlines() if row.strip().startswith("hlirakh "))
    assert "type 1" in capital and "capital" in capital and "star" in capital
    data = _json(db, capsys, "systems.schema.json", "systems", "t")
    scarp = next(s for s in data["systems"] if s["id"] == "scarp")
    assert [(r["to"], r["unexplored"]) for r in scarp["routes"]] == [
        ("cinder", True),
        ("corredor", False),
        ("span", False),
        ("tether", False),
    ]


def test_data_systems_needs_no_campaign(capsys):
    # DN-MAP-1..5: the same list before any campaign exists, from the data files
    code = main(["data", "systems"])
    out = capsys.readouterr().out
    assert code == 0 and "scarp " in out and "cinder (unexplored)" in out
    code = main(["data", "systems", "--layout", "random", "--seed", "7", "--json"])
    assert code == 0 and '"seed": 7' in capsys.readouterr().out


def test_explored_routes_read_as_explored(tmp_path):
    # DN-NEB-1: a route explored in play is open for both sides from then on
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'x.db'}")
    loaded = service.create("x", seed=5)
    state = loaded.state.clone()
    state.game_slots["explored_routes"] = [["cinder", "scarp"]]
    report = systems_report("x", state, loaded.ruleset, viewer=Side.ASLAN)
    scarp = next(s for s in report.systems if s.id == "scarp")
    route = next(r for r in scarp.routes if r.to == "cinder")
    assert (route.unexplored, route.explored) == (False, True)


def test_battles_view_lists_withdrawal_destinations(db, capsys):
    # DN-CBT-7: where each side could withdraw after the round, before anyone asks
    for order in (f"aslan jump strike {TO_MARROW}", "aslan end-phase"):
        assert main(["order", "t", order, *db]) == 0
    capsys.readouterr()
    code, out, _ = _run(db, capsys, "battles", "t")
    assert code == 0
    assert "withdrawal (DN-CBT-7): solomani → concord, halden, redoubt, box" in out
    assert "aslan → halden, redoubt" in out
    data = _json(db, capsys, "battles.schema.json", "battles", "t")
    rows = {row["side"]: row for row in data["battles"][0]["withdrawal"]}
    assert rows["solomani"]["destinations"] == ["concord", "halden", "redoubt", "box"]
    assert rows["aslan"]["destinations"] == ["halden", "redoubt"]


def test_what_pass_does_counts_its_frontier_ships_in_words():
    # DN-ECO-7, DN-SEQ-2: found by use, "rolls for 1 frontier ships"
    assert _on_pass("due", 9, 1, 0, 20, True) == "`pass` pays 9 RU and rolls for 1 frontier ship"
    assert _on_pass("due", 9, 4, 0, 20, True).endswith("rolls for 4 frontier ships")
    # and those whose roll cannot fail (maintenance 1) apart (found by use, December 7)
    assert _on_pass("due", 9, 0, 2, 20, True) == (
        "`pass` pays 9 RU; 2 frontier ships with maintenance 1 are kept whatever the die (DN-ECO-7)"
    )
