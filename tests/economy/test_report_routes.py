"""The income report names each box's path once, sharing routes (issue 47 item 3, DN-ECO-3).

A box's ``path`` runs towards the capital until it meets the route already given for a box
nearer the capital (``joins``); ``IncomeReport.full_path`` follows the joins back to the whole
shortest usable path. These tests check the whole paths against the connection search, and that
the report grows with the map (at most one name per system plus two per box), not with
boxes x path length as when every box listed its whole path.
"""

from __future__ import annotations

import pytest

from benchmarks.synthetic_map import synthetic_pieces, synthetic_ruleset
from campaign.rules.economy.adapter import income_report_for
from campaign.rules.economy.control import box_control
from campaign.rules.economy.income import compute_income
from campaign.rules.economy.occupancy import Occupancy, Piece
from campaign.rules.economy.report import IncomeReport, build_report
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.ruleset import Ruleset
from tests.economy.game import Game


def _reports(systems: int) -> list[tuple[IncomeReport, object]]:
    ruleset = synthetic_ruleset(systems, seed=7)
    occupancy = Occupancy.from_pieces(synthetic_pieces(ruleset, seed=7))
    incomes = compute_income(ruleset, occupancy)
    return [
        (build_report(ruleset, occupancy, incomes[side]), incomes[side].connectivity)
        for side in PLAYER_SIDES
    ]


@pytest.mark.parametrize("systems", [100, 2_000])
def test_following_the_joins_gives_the_shortest_usable_path(systems):
    """issue 47 item 3: the shared routes still give every connected box's whole path."""
    for report, connectivity in _reports(systems):
        names = {s.id: s.name for s in connectivity.graph.systems}
        connected = [box for box in report.boxes if box.connected]
        assert connected, "the synthetic map connects most boxes"
        for box in connected:
            whole = [names[i] for i in connectivity.capital_path(box.system_id)]
            assert report.full_path(box.system_id) == whole


@pytest.mark.parametrize("systems", [100, 2_000])
def test_a_route_joins_only_a_connected_box_whose_path_holds_the_meeting_system(systems):
    """issue 47 item 3: ``joins`` points at a listed, connected box that continues the path."""
    for report, _ in _reports(systems):
        by_id = {box.system_id: box for box in report.boxes}
        for box in report.boxes:
            if box.joins is None:
                continue
            joined = by_id[box.joins]
            assert joined.connected and joined.path is not None and box.path is not None
            assert box.path[-1] in joined.path
            assert f"and on along {joined.system_name}'s route" in box.explanation


def test_the_report_names_each_system_once_plus_the_ends_of_each_box():
    """issue 47 item 3: total path names <= systems + 2 x boxes (linear in the map)."""
    systems = 10_000
    for report, _ in _reports(systems):
        names = sum(len(box.path or ()) for box in report.boxes)
        assert names <= systems + 2 * len(report.boxes)


def test_the_capital_box_path_is_the_capital_alone_and_joins_nothing():
    """DN-ECO-3: the capital is its own path; a path reaching the capital joins no route."""
    for report, _ in _reports(100):
        capital = next(box for box in report.boxes if box.system_id == report.capital_id)
        assert capital.path == [report.capital_name] and capital.joins is None
        for box in report.boxes:
            if box.path and box.path[-1] == report.capital_name:
                assert box.joins is None


def _contested(systems: int) -> tuple[Ruleset, Occupancy]:
    """The synthetic map with enemy troops added beside every third box that holds troops,
    so that both sides have boxes they hold troops in and do not control (DN-ECO-1), and
    marked boxes whose holder shares them (DN-ECO-2)."""
    ruleset = synthetic_ruleset(systems, seed=7)
    pieces = synthetic_pieces(ruleset, seed=7)
    types = {unit.kind: unit for unit in ruleset.units}
    troops = [p for p in pieces if p.in_box and p.system_id is not None]
    for number, troop in enumerate(troops[::3]):
        enemy = troop.side.enemy
        kind = types[f"{enemy.value}:RT"]
        pieces.append(Piece(f"RT#x{number}", enemy, kind, troop.system_id, True))
    return ruleset, Occupancy.from_pieces(pieces)


@pytest.mark.parametrize("systems", [100, 2_000])
def test_uncontrolled_boxes_are_every_box_with_the_sides_troops_it_does_not_control(systems):
    """DN-ECO-1/2 (issue 47 item 3): the report's ``uncontrolled`` list, which now leaves the
    side's own boxes out before judging control, is the definition asked of every system: the
    side has ground forces or PD in the box and does not control it, in map order."""
    ruleset, occupancy = _contested(systems)
    incomes = compute_income(ruleset, occupancy)
    for side in PLAYER_SIDES:
        report = build_report(ruleset, occupancy, incomes[side])
        expected = []
        for system in ruleset.star_map.systems:  # map order
            presence = occupancy.presence(system.id)
            if presence is None or side not in presence.ground_sides:
                continue
            control = box_control(system, presence.ground_sides)
            if control.controller != side:
                expected.append((system.id, control.rule, control.reason))
        found = [(box.system_id, box.control_rule, box.reason) for box in report.uncontrolled]
        assert found == expected
        assert len(expected) >= 5, "the map holds contested boxes of both sides"
        assert len(report.boxes) > len(expected), "and boxes the side controls with its troops"


def test_the_occupancy_lists_each_sides_ground_systems_once():
    """DN-ECO-1 (issue 47 item 3): the occupancy lists, per side, every system where the side
    has ground forces or PD in the box, each once and nothing else, so the report reads its
    boxes held without control from that list instead of from every system with pieces."""
    ruleset, occupancy = _contested(2_000)
    sides_seen = 0
    for side in PLAYER_SIDES:
        listed = occupancy.ground_systems.get(side, [])
        expected = {sid for sid, there in occupancy.by_system.items() if side in there.ground_sides}
        assert len(listed) == len(set(listed)), "each system once"
        assert set(listed) == expected
        sides_seen += bool(expected)
    assert sides_seen == len(PLAYER_SIDES)


def test_fighters_aboard_a_mothership_are_named_aboard_it():  # DN-ECO-3
    """Found by use (December 8): Halden's cut at Marrow listed "aslan A-F-1 (stellar hex)"
    for fighters aboard their mothership, which ``campaign units`` shows ``on:A-MS-1``. Cargo
    is named aboard its carrier; it still cuts where its carrier stands (docs/rules-economy.md,
    "Motherships and fighters cut connections")."""
    game = Game(
        counters="""
        A-MS-1 aslan:MS hex:marrow
        A-F-1 aslan:F on:A-MS-1
    """
    )
    report = income_report_for(game.state, game.ruleset, Side.SOLOMANI)
    (halden,) = [box for box in report.boxes if box.system_id == "halden"]
    (marrow,) = [cut for cut in halden.cut_by if cut.system_id == "marrow"]
    assert "aslan A-MS-1 (stellar hex), aslan A-F-1 (aboard A-MS-1)" in marrow.reason
