"""`campaign map` on the seed games: one element per system and route, the supply overlay equal
to `campaign income --json`, a side's picture without hidden neutrals, deterministic bytes."""

from __future__ import annotations

import json

import pytest

from campaign.app import CampaignService
from campaign.cli import main
from campaign.rules.economy.adapter import explored_routes_of, occupancy_of
from campaign.rules.economy.income import all_box_control
from campaign.rules.ids import PLAYER_SIDES
from tests.render.seeded import SEED_FILES, store_seed_game
from tests.render.svgdoc import all_text, of_class, parse

NAMES = [path.stem for path in SEED_FILES]


@pytest.fixture(scope="module")
def seeded_db(tmp_path_factory) -> str:
    """One database holding every seed game played to its end, as a campaign of its name."""
    db = f"sqlite:///{tmp_path_factory.mktemp('maps') / 'seeds.db'}"
    for path in SEED_FILES:
        store_seed_game(db, path)
    return db


def _run(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def _svg(capsys, db: str, name: str, *extra: str) -> str:
    return _run(capsys, "map", name, "--db", db, "-o", "-", *extra)


@pytest.mark.parametrize("name", NAMES)
def test_one_element_per_system_with_id_type_and_controller(seeded_db, capsys, name):
    """DN-MAP-2, DN-ECO-1/2: each system once, with its type and the box controller."""
    loaded = CampaignService(db_url=seeded_db).load(name)
    star_map = loaded.ruleset.star_map
    control = all_box_control(loaded.ruleset, occupancy_of(loaded.state, loaded.ruleset))
    systems = of_class(parse(_svg(capsys, seeded_db, name)), "system")
    assert sorted(e.get("data-id") for e in systems) == sorted(s.id for s in star_map.systems)
    for element in systems:
        system = star_map.system(element.get("data-id"))
        assert element.get("data-type") == str(int(system.type))
        assert element.get("data-capital") == ("true" if system.capital else "false")
        held = control.get(system.id)
        expected = held.controller.value if held and held.controller else "none"
        assert element.get("data-controller") == expected
    assert {e.get("data-controller") for e in systems} >= {"aslan", "solomani"}


@pytest.mark.parametrize("name", NAMES)
def test_one_element_per_jump_route(seeded_db, capsys, name):
    """DN-MAP-4, DN-NEB-1: every printed route once; unexplored ones flagged and dashed until
    explored."""
    loaded = CampaignService(db_url=seeded_db).load(name)
    star_map = loaded.ruleset.star_map
    explored = set(explored_routes_of(loaded.state))
    routes = of_class(parse(_svg(capsys, seeded_db, name)), "route")
    drawn = sorted((e.get("data-a"), e.get("data-b"), e.get("data-unexplored")) for e in routes)
    printed = sorted((r.a, r.b, "true" if r.unexplored else "false") for r in star_map.routes)
    assert drawn == printed
    dashed = {(e.get("data-a"), e.get("data-b")) for e in routes if e.get("stroke-dasharray")}
    assert dashed == {
        (r.a, r.b)
        for r in star_map.routes
        if r.unexplored and frozenset((r.a, r.b)) not in explored
    }


def _overlay_from_svg(root, side: str) -> tuple[list, list]:
    boxes = sorted(
        (e.get("data-system"), e.get("data-connected") == "true", int(e.get("data-ru")))
        for e in of_class(root, "supply-box")
        if e.get("data-side") == side
    )
    cuts = sorted(
        (e.get("data-system"), e.get("data-boxes"), e.get("data-units"))
        for e in of_class(root, "supply-cut")
        if e.get("data-side") == side
    )
    return boxes, cuts


def _overlay_from_report(report: dict) -> tuple[list, list]:
    boxes = sorted((b["system_id"], b["connected"], b["ru"]) for b in report["boxes"])
    per_cut: dict[str, tuple[set, set]] = {}
    for box in report["boxes"]:
        for cut in box["cut_by"]:
            found = per_cut.setdefault(cut["system_id"], (set(), set()))
            found[0].add(box["system_id"])
            found[1].update(cut["enemy_units"])
    cuts = sorted(
        (system, " ".join(sorted(b)), "; ".join(sorted(u))) for system, (b, u) in per_cut.items()
    )
    return boxes, cuts


@pytest.mark.parametrize("name", NAMES)
def test_supply_overlay_equals_income_json_for_both_sides(seeded_db, capsys, name):
    """DN-ECO-3/4: the referee's picture shows exactly what `campaign income --json` reports."""
    view = json.loads(_run(capsys, "income", name, "--db", seeded_db, "--json"))
    reports = {report["side"]: report for report in view["sides"]}
    root = parse(_svg(capsys, seeded_db, name, "--overlay", "supply"))
    for side in PLAYER_SIDES:
        assert _overlay_from_svg(root, side.value) == _overlay_from_report(reports[side.value])
        assert _overlay_from_svg(root, side.value)[0], "every side controls some box"


@pytest.mark.parametrize("name", NAMES)
def test_side_picture_overlay_equals_that_sides_income(seeded_db, capsys, name):
    """DN-ECO-3: `--side S` shows S's supply only, as `campaign income --side S --json`."""
    for side in PLAYER_SIDES:
        view = json.loads(
            _run(capsys, "income", name, "--db", seeded_db, "--side", side.value, "--json")
        )
        (report,) = view["sides"]
        root = parse(_svg(capsys, seeded_db, name, "--side", side.value))
        assert _overlay_from_svg(root, side.value) == _overlay_from_report(report)
        assert _overlay_from_svg(root, side.enemy.value) == ([], [])


@pytest.mark.parametrize("name", NAMES)
def test_side_picture_names_no_face_down_neutral(seeded_db, capsys, name):
    """DN-NEU-1: no id or kind of a face-down neutral anywhere in a player's file, while the
    referee's picture does list them (so the search below can find what it looks for)."""
    state = CampaignService(db_url=seeded_db).load(name).state
    hidden = [u for u in state.units.values() if u.face_down and u.location.on_map]
    assert hidden, "the seed games place face-down neutrals"
    referee = all_text(parse(_svg(capsys, seeded_db, name)))
    assert all(unit.id in referee for unit in hidden)
    for side in PLAYER_SIDES:
        svg = _svg(capsys, seeded_db, name, "--side", side.value)
        text = all_text(parse(svg))
        for unit in hidden:
            assert unit.id not in svg and unit.id not in text
            assert unit.kind not in svg
        neutral = [c for c in of_class(parse(svg), "counter") if c.get("data-side") == "neutral"]
        assert sum(int(c.get("data-units")) for c in neutral) >= len(hidden)


@pytest.mark.parametrize("name", NAMES)
def test_output_is_byte_for_byte_deterministic(seeded_db, capsys, name, tmp_path):
    """The same state gives the same bytes, through stdout and through a file."""
    first = _svg(capsys, seeded_db, name, "--overlay", "moves")
    assert first == _svg(capsys, seeded_db, name, "--overlay", "moves")
    target = tmp_path / "m.svg"
    _run(capsys, "map", name, "--db", seeded_db, "-o", str(target), "--overlay", "moves")
    assert target.read_bytes() == first.encode("utf-8")
