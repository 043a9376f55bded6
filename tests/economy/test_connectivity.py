"""Connection to the capital (DN-ECO-3) on small hand-drawn maps, checked against brute force."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.rules.economy.connectivity import side_connectivity
from campaign.rules.economy.occupancy import Occupancy
from campaign.rules.ids import Mark, Side
from campaign.rules.ruleset import HouseRules
from tests.economy.helpers import make_ruleset, occupancy, piece, system

A, S = Side.ASLAN, Side.SOLOMANI


def line(kinds: str = "1111", house_rules: HouseRules | None = None):
    """cap - a - b - x ... : a line of systems; the first is the Solomani capital."""
    names = ["cap", "a", "b", "x", "y", "z"][: len(kinds)]
    systems = [
        system(
            n,
            int(k),
            capital=(i == 0),
            mark=Mark.STAR if i == 0 else None,
            owner=S if i == 0 else None,
        )
        for i, (n, k) in enumerate(zip(names, kinds, strict=True))
    ]
    # an Aslan capital elsewhere so both sides have one
    systems.append(system("acap", 1, capital=True, mark=Mark.STAR, owner=A))
    routes = " ".join(f"{p}-{q}" for p, q in zip(names, names[1:], strict=False))
    return make_ruleset(systems, routes, house_rules)


def connected(ruleset, occ: Occupancy, system_id: str = "x", side: Side = S) -> bool:
    return side_connectivity(ruleset, occ, side, []).connected(system_id)


def test_empty_path_is_connected_and_path_is_reported():  # DN-ECO-3
    ruleset = line()
    conn = side_connectivity(ruleset, occupancy(), S, [])
    assert conn.capital_path("x") == ["x", "b", "a", "cap"]


def test_enemy_cruiser_between_cuts_the_connection():  # DN-ECO-3
    ruleset = line()
    assert not connected(ruleset, occupancy(piece(ruleset, "aslan:CR", "a")))


def test_enemy_cruiser_in_a_surface_box_between_also_cuts():  # DN-ECO-3
    ruleset = line()
    assert not connected(ruleset, occupancy(piece(ruleset, "aslan:CR", "b", box=True)))


def test_enemy_tanker_or_transport_between_does_not_cut():  # DN-ECO-3
    ruleset = line()
    occ = occupancy(piece(ruleset, "aslan:AO", "a"), piece(ruleset, "aslan:TR", "b", box=True))
    assert connected(ruleset, occ)


def test_enemy_mothership_and_scout_cut_unlike_tankers():  # DN-ECO-3
    ruleset = line()
    assert not connected(ruleset, occupancy(piece(ruleset, "aslan:MS", "a")))
    assert not connected(ruleset, occupancy(piece(ruleset, "aslan:SC", "a")))


def test_enemy_ground_troops_between_do_not_cut():  # DN-ECO-3
    ruleset = line()
    assert connected(ruleset, occupancy(piece(ruleset, "aslan:RT-5", "a", box=True)))


def test_friendly_warships_between_do_not_cut():  # DN-ECO-3
    ruleset = line()
    assert connected(ruleset, occupancy(piece(ruleset, "solomani:CR", "a")))


def test_endpoints_are_not_between():  # DN-ECO-3
    ruleset = line()
    occ = occupancy(
        piece(ruleset, "aslan:CR", "x"),  # the box's own system
        piece(ruleset, "aslan:B1", "cap"),  # the capital
        piece(ruleset, "aslan:CR", "cap", box=True),
    )
    assert connected(ruleset, occ)
    # a box next to the capital has nothing between at all
    assert connected(ruleset, occupancy(piece(ruleset, "aslan:CR", "a")), "a")


def test_neutral_monitor_between_cuts():  # DN-ECO-3 (neutrals hostile to both, DN-NEU-2)
    ruleset = line()
    assert not connected(ruleset, occupancy(piece(ruleset, "neutral:M-8-0-7", "a")))


def test_conscripted_neutral_monitor_is_friendly():  # DN-ECO-3, DN-NEU-2
    ruleset = line()
    assert connected(ruleset, occupancy(piece(ruleset, "neutral:M-8-0-7", "a", side=S)))


def test_type3_between_needs_a_friendly_tanker():  # DN-ECO-3 switch
    ruleset = line("1311")
    assert not connected(ruleset, occupancy())
    assert connected(ruleset, occupancy(piece(ruleset, "solomani:AO", "a")))
    assert not connected(ruleset, occupancy(piece(ruleset, "aslan:AO", "a")))
    conn = side_connectivity(ruleset, occupancy(), S, [])
    assert conn.blockage("a").needs_tanker


def test_type3_tanker_switch_off():  # DN-ECO-3 switch
    ruleset = line("1311", HouseRules(connection_needs_tanker_in_type3=False))
    assert connected(ruleset, occupancy())


def test_unexplored_route_carries_no_connection_until_explored():  # DN-ECO-3, DN-NEB-1
    systems = [
        system("cap", 1, capital=True, mark=Mark.STAR, owner=S),
        system("x", 1),
        system("acap", 1, capital=True, mark=Mark.STAR, owner=A),
    ]
    ruleset = make_ruleset(systems, "cap~x")
    assert not side_connectivity(ruleset, occupancy(), S, []).connected("x")
    explored = [frozenset({"cap", "x"})]
    assert side_connectivity(ruleset, occupancy(), S, [], explored).connected("x")
    no_nebula_rule = make_ruleset(systems, "cap~x", HouseRules(nebula_exploration=False))
    assert side_connectivity(no_nebula_rule, occupancy(), S, []).connected("x")


def diamond():
    """cap - (a | b) - x, plus a blocked dead end d hanging off x."""
    systems = [
        system("cap", 1, capital=True, mark=Mark.STAR, owner=S),
        system("a", 1),
        system("b", 2),
        system("x", 1),
        system("d", 1),
        system("acap", 1, capital=True, mark=Mark.STAR, owner=A),
    ]
    return make_ruleset(systems, "cap-a cap-b a-x b-x x-d")


def test_a_second_route_keeps_the_connection():  # DN-ECO-3
    ruleset = diamond()
    assert connected(ruleset, occupancy(piece(ruleset, "aslan:CR", "a")))


def test_cut_set_names_first_block_on_every_route_and_not_dead_ends():  # DN-ECO-3
    ruleset = diamond()
    occ = occupancy(
        piece(ruleset, "aslan:CR", "a"),
        piece(ruleset, "aslan:DD", "b", box=True),
        piece(ruleset, "aslan:CR", "d"),
    )
    conn = side_connectivity(ruleset, occ, S, [])
    assert not conn.connected("x")
    assert conn.cut_set("x") == ["a", "b"]
    blockage = conn.blockage("b")
    assert [p.unit_type.code for p in blockage.enemy_units] == ["DD"]
    assert not blockage.needs_tanker


def test_no_route_at_all():  # DN-ECO-3
    systems = [
        system("cap", 1, capital=True, mark=Mark.STAR, owner=S),
        system("x", 1),
        system("acap", 1, capital=True, mark=Mark.STAR, owner=A),
    ]
    ruleset = make_ruleset(systems, "")
    conn = side_connectivity(ruleset, occupancy(), S, [])
    assert not conn.connected("x")
    assert conn.cut_set("x") == []
    assert not conn.has_route_at_all("x")


def test_type2_fallback_search_starts_from_controlled_type1_boxes():  # DN-ECO-3, DN-ECO-4
    ruleset = line("1121")  # cap - a - b(type 2) - x ; enemy at a cuts b from the capital
    occ = occupancy(piece(ruleset, "aslan:CR", "a"))
    conn = side_connectivity(ruleset, occ, S, ["x"])
    assert not conn.connected("b")
    assert conn.connected_to_type1("b")
    assert conn.type1_path("b") == ["b", "x"]


def test_cut_set_ignores_a_block_that_only_leads_back_into_the_region():  # DN-ECO-3
    systems = [
        system("cap", 1, capital=True, mark=Mark.STAR, owner=S),
        system("x", 1),
        system("q", 1),
        system("b", 1),
        system("c", 1),
        system("acap", 1, capital=True, mark=Mark.STAR, owner=A),
    ]
    ruleset = make_ruleset(systems, "x-q x-b b-q q-c c-cap")
    occ = occupancy(piece(ruleset, "aslan:CR", "b"), piece(ruleset, "aslan:CR", "c"))
    conn = side_connectivity(ruleset, occ, S, [])
    assert conn.cut_set("x") == ["c"]


# --- brute force: every simple path, checked by definition ------------------------------------


def _simple_paths(adjacency: dict[int, set[int]], start: int, goal: int):
    stack = [(start, [start])]
    while stack:
        here, path = stack.pop()
        if here == goal:
            yield path
            continue
        for there in adjacency[here]:
            if there not in path:
                stack.append((there, [*path, there]))


@st.composite
def small_world(draw):
    n = draw(st.integers(min_value=2, max_value=7))
    edges = draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=12))
    edges = {tuple(sorted(e)) for e in edges if e[0] != e[1]}
    kinds = draw(st.lists(st.sampled_from([1, 2, 3]), min_size=n, max_size=n))
    enemy = draw(st.sets(st.integers(0, n - 1)))
    tanker = draw(st.sets(st.integers(0, n - 1)))
    return n, sorted(edges), kinds, enemy, tanker


@settings(max_examples=150, deadline=None)
@given(small_world())
def test_connection_and_cut_set_match_brute_force(world):  # DN-ECO-3
    n, edges, kinds, enemy, tanker = world
    names = [f"s{i}" for i in range(n)]
    kinds[0] = 1
    systems = [
        system(
            names[i],
            kinds[i],
            capital=(i == 0),
            mark=Mark.STAR if i == 0 else None,
            owner=S if i == 0 else None,
        )
        for i in range(n)
    ]
    systems.append(system("acap", 1, capital=True, mark=Mark.STAR, owner=A))
    ruleset = make_ruleset(systems, " ".join(f"{names[a]}-{names[b]}" for a, b in edges))
    pieces = [piece(ruleset, "aslan:CR", names[i]) for i in enemy]
    pieces += [piece(ruleset, "solomani:AO", names[i]) for i in tanker]
    conn = side_connectivity(ruleset, Occupancy.from_pieces(pieces), S, [])
    adjacency = {i: set() for i in range(n)}
    for a, b in edges:
        adjacency[a].add(b)
        adjacency[b].add(a)

    def blocked(i: int) -> bool:
        return i in enemy or (kinds[i] == 3 and i not in tanker)

    for x in range(n):
        paths = list(_simple_paths(adjacency, x, 0))
        clear = any(not any(blocked(i) for i in p[1:-1]) for p in paths)
        assert conn.connected(names[x]) == clear
        if clear:
            path = conn.capital_path(names[x])
            assert path[0] == names[x] and path[-1] == names[0]
            continue
        # The box's region: what it reaches through passable systems only.
        region = {x} | {
            v
            for v in range(n)
            if v != x
            and not blocked(v)
            and any(not any(blocked(i) for i in p[1:]) for p in _simple_paths(adjacency, x, v))
        }
        # First block of every route that, once cut, never comes back into the region.
        first_blocks = set()
        for p in paths:
            k = next(k for k in range(1, len(p) - 1) if blocked(p[k]))
            if not region & set(p[k + 1 :]):
                first_blocks.add(p[k])
        assert set(conn.cut_set(names[x])) == {names[i] for i in first_blocks}
