"""The picture of hand-made positions: supply cuts (DN-ECO-3), moves (DN-MOV-*), battles,
hidden neutrals (DN-NEU-1) and the hex layout, read back from the SVG."""

from __future__ import annotations

import gc
import math
import re

from campaign.render.geometry import (
    HEX_RADIUS,
    SQRT3,
    border_edges,
    hex_centre,
    hex_corners,
    hexes_path_data,
)
from campaign.render.svg import scene_svg
from campaign.rules.economy.adapter import income_report_for
from campaign.rules.ids import Side
from campaign.rules.movement.query import move_options
from campaign.rules.phases import Phase
from campaign.rules.ruleset import adjacent_hexes
from campaign.rules.sequence import FLOW
from campaign.rules.views import see
from campaign.views.scene import Overlay, campaign_scene, data_scene
from tests.economy.game import Game
from tests.render.svgdoc import SVG, all_text, of_class, parse

A, S = Side.ASLAN, Side.SOLOMANI


def _blockaded_concord() -> Game:
    """Aslan cruisers on every system next to the Solomani capital, a face-down neutral too."""
    game = Game(phasing=S)
    for number, system in enumerate(game.ruleset.star_map.neighbours("concord"), start=1):
        game.put(f"A-CR-{number}", "aslan:CR", f"hex:{system}")
    for system in ("halden", "marrow", "petrel"):
        game.put(f"S-RT-{system}", "solomani:RT-5", f"box:{system}")
    game.put("N-M-1", "neutral:M-8-0-7", "hex:sirehk", home="sirehk", face_down=True)
    return game


def test_supply_overlay_shows_the_reported_cuts():  # DN-ECO-3
    game = _blockaded_concord()
    root = parse(scene_svg(campaign_scene("t", see(game.state, None), game.ruleset)))
    report = income_report_for(game.state, game.ruleset, S)
    cut_off = {b.system_id for b in report.boxes if not b.connected}
    assert cut_off >= {"halden", "petrel"}
    drawn = {
        e.get("data-system")
        for e in of_class(root, "supply-box")
        if e.get("data-side") == "solomani" and e.get("data-connected") == "false"
    }
    assert drawn == cut_off
    cutters = {
        e.get("data-system"): e
        for e in of_class(root, "supply-cut")
        if e.get("data-side") == "solomani"
    }
    reported = {c.system_id for b in report.boxes for c in b.cut_by}
    assert reported and set(cutters) == reported
    for system_id, element in cutters.items():
        cut = next(c for b in report.boxes for c in b.cut_by if c.system_id == system_id)
        assert element.get("data-units") == "; ".join(sorted(cut.enemy_units))
        assert element.get("data-needs-tanker") == ("true" if cut.needs_tanker else "false")
    blockers = {s for s, e in cutters.items() if "aslan A-CR-" in e.get("data-units")}
    assert blockers and blockers <= set(game.ruleset.star_map.neighbours("concord"))


def test_moves_overlay_lists_move_options_destinations():  # DN-MOV-2
    game = Game(phasing=A)
    game.state.step = next(i for i, s in enumerate(FLOW) if s.phase is Phase.FIRST_MOVEMENT)
    game.state.acting = A
    game.put("A-CR-1", "aslan:CR", "hex:hlirakh")
    scene = campaign_scene("t", see(game.state, None), game.ruleset, overlay=Overlay.MOVES)
    root = parse(scene_svg(scene))
    legal = move_options(game.state, game.ruleset, A, "A-CR-1").legal
    assert legal
    drawn = {e.get("data-system") for e in of_class(root, "move-destination")}
    assert drawn == set(legal)
    (start,) = of_class(root, "move-start")
    assert start.get("data-system") == "hlirakh" and start.get("data-groups") == "A-CR-1"


def test_moves_overlay_for_a_side_that_is_not_acting_is_empty():  # DN-SEQ-2
    game = Game(
        phasing=A,
        counters="""
        A-CR-1 aslan:CR hex:hlirakh
    """,
    )
    scene = campaign_scene("t", see(game.state, S), game.ruleset, overlay=Overlay.MOVES)
    root = parse(scene_svg(scene))
    assert not of_class(root, "move-destination")
    assert "DN-SEQ-2" in all_text(root)


def test_player_view_counts_face_down_neutrals_without_naming_them():  # DN-NEU-1
    game = _blockaded_concord()
    referee = scene_svg(campaign_scene("t", see(game.state, None), game.ruleset))
    assert "N-M-1" in referee
    for side in (A, S):
        svg = scene_svg(campaign_scene("t", see(game.state, side), game.ruleset))
        assert "N-M-1" not in svg and "M-8-0-7" not in svg
        (neutral,) = [c for c in of_class(parse(svg), "counter") if c.get("data-side") == "neutral"]
        assert neutral.get("data-system") == "sirehk" and neutral.get("data-units") == "1"


def test_a_counters_title_counts_units_and_stacks_in_plain_english():  # DN-NEU-1, DN-MOV-3
    """The tooltip of a lone face-down neutral said "1 units in 0 stacks"."""
    game = _blockaded_concord()
    game.put("A-CR-9", "aslan:CR", "hex:sirehk", stack="raid")
    titles = {
        c.get("data-side"): c.find(f"{SVG}title").text
        for c in of_class(
            parse(scene_svg(campaign_scene("t", see(game.state, S), game.ruleset))), "counter"
        )
        if c.get("data-system") == "sirehk"
    }
    assert titles == {
        "neutral": "neutral: 1 unit (face-down neutral)",
        "aslan": "aslan: 1 unit in 1 stack (A-CR-9)",
    }


def test_last_and_open_battles_are_marked():  # DN-CBT-1
    game = Game()
    scene = campaign_scene("t", see(game.state, None), game.ruleset, last_battle="span")
    (mark,) = of_class(parse(scene_svg(scene)), "battle")
    assert mark.get("data-system") == "span" and mark.get("data-battle") == "last"


def test_title_block_names_turn_phase_and_ru():  # DN-SEQ-1
    game = Game(turn=3, ru=17)
    text = all_text(parse(scene_svg(campaign_scene("blue", see(game.state, None), game.ruleset))))
    assert "Game turn 3" in text and FLOW[game.state.step].label in text
    assert "aslan 17" in text and "Campaign blue" in text


def test_adjacent_hexes_are_one_hex_apart_on_the_picture():  # DN-MAP-1, DN-MOV-1
    step = SQRT3 * HEX_RADIUS
    for col in range(4):
        for row in range(4):
            x, y = hex_centre(col, row)
            for other in adjacent_hexes(col, row):
                ox, oy = hex_centre(*other)
                assert math.isclose(math.hypot(ox - x, oy - y), step, abs_tol=0.02)
            ox, oy = hex_centre(col + 2, row)
            assert math.hypot(ox - x, oy - y) > step * 1.5


def test_section_border_is_the_outline_of_its_hexes():  # DN-MAP-1
    assert len(border_edges([(0, 0)])) == 6
    two_by_two = [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert len(border_edges(two_by_two)) == 4 * 6 - 2 * 5  # five shared edges


def test_grid_path_outlines_every_hex_at_its_corners():  # DN-MAP-1
    """The one-path grid (corners formatted once per column/row) gives each hex exactly the six
    corners of ``hex_corners``, in order, for both column parities and far from the origin."""
    hexes = [(0, 0), (1, 0), (0, 1), (1, 1), (7, 3), (8, 3), (123, 456), (124, 456), (0, 999)]
    subpaths = re.findall(r"M(\S+) L(\S+) L(\S+) L(\S+) L(\S+) L(\S+) Z", hexes_path_data(hexes))
    assert len(subpaths) == len(hexes)
    for (col, row), drawn in zip(hexes, subpaths, strict=True):
        assert [tuple(map(float, point.split(","))) for point in drawn] == hex_corners(col, row)


def test_drawing_leaves_the_garbage_collector_as_it_was():
    """``scene_svg`` pauses the cyclic collector while it draws (speed, docs/maps.md) and must
    give it back in the state it found it, on or off."""
    scene = data_scene(Game().ruleset.star_map, "layout standard")
    was_enabled = gc.isenabled()
    try:
        for enabled in (True, False):
            gc.enable() if enabled else gc.disable()
            scene_svg(scene)
            assert gc.isenabled() is enabled
    finally:
        gc.enable() if was_enabled else gc.disable()


def test_data_picture_numbers_hexes_and_shades_the_nebula():  # DN-MAP-1
    game = Game()
    star_map = game.ruleset.star_map
    root = parse(scene_svg(data_scene(star_map, "layout standard")))
    (nebula,) = of_class(root, "nebula")
    assert nebula.get("data-section") == star_map.nebula == "Dark Nebula"
    sections = of_class(root, "section")
    assert [s.get("data-name") for s in sections] == list(star_map.sections)
    numbers = [t.text for t in root.iter() if t.text and t.text.isdigit() and len(t.text) == 4]
    assert len(numbers) == len(sections) * star_map.section_width * star_map.section_height
