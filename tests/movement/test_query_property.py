"""The UI query and the order handler agree, on random positions of the sample map
(DN-MOV-2, DN-MOV-3, DN-MOV-4, DN-NEB-1, DN-ERR-1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaign.rules.dice import FixedSource
from campaign.rules.engine import decide
from campaign.rules.errors import IllegalOrderError
from campaign.rules.movement import move_options
from campaign.rules.movement.moves import Jump
from campaign.rules.movement.paths import Mover, Terrain
from campaign.rules.movement.query import has_jump
from tests.movement.helpers import A, Game
from tests.rulesets import sample

SYSTEMS = [s.id for s in sample().star_map.systems]
ENEMIES = ["solomani:SC", "solomani:AO", "solomani:TR", "solomani:CL", "neutral:M-8-0-7"]


@settings(max_examples=40, deadline=None)
@given(
    start=st.sampled_from(SYSTEMS),
    enemies=st.lists(st.tuples(st.sampled_from(ENEMIES), st.sampled_from(SYSTEMS)), max_size=8),
    tankers=st.lists(st.sampled_from(SYSTEMS), max_size=3),
    explorer=st.sampled_from([None, "EX", "SC"]),
)
@pytest.mark.slow
def test_every_listed_destination_is_accepted_and_every_other_refused(
    start, enemies, tankers, explorer
):
    # DN-MOV-2 DN-MOV-4 DN-NEB-1: one set of predicates behind the query and the order
    game = Game(
        counters=f"""
        A-CL-1 aslan:CL hex:{start} stack=q
    """
    )
    if explorer:
        game.put(f"A-{explorer}-1", f"aslan:{explorer}", f"hex:{start}", stack="q")
    for n, (kind, where) in enumerate(enemies):
        owner = kind.split(":")[0]
        game.put(f"{owner[0].upper()}-X-{n}", kind, f"hex:{where}")
    for n, where in enumerate(tankers):
        game.put(f"A-AO-{n}", "aslan:AO", f"hex:{where}")
        game.state.slots.setdefault("movement", {}).setdefault("refuelled", {}).setdefault(
            "aslan", []
        ).append(where)
    options = move_options(game.state, game.ruleset, A, "q")
    # DN-SEQ-2: legal_orders offers jump exactly when the query lists a jump destination
    assert has_jump(game.state, game.ruleset, A, "q") == any(
        destination.mode == "jump" for destination in options.legal.values()
    )
    for target, destination in options.legal.items():
        if destination.mode == "jump":
            events = decide(
                game.state,
                Jump(side=A, what="q", path=list(destination.path)),
                game.ruleset,
                _dice(),
            )
            assert events[0].path[-1] == target  # dice of 6: any exploration succeeds
    for target, obstacle in options.refused.items():
        assert obstacle.rule.startswith("DN-")
        assert target not in options.legal
        try:
            decide(game.state, Jump(side=A, what="q", path=[target]), game.ruleset, _dice())
        except IllegalOrderError:
            continue
        raise AssertionError(f"{target} refused by the query ({obstacle}) but jump accepted it")


def _dice() -> FixedSource:
    return FixedSource([6] * 4)


@settings(max_examples=60, deadline=None)
@given(
    start=st.sampled_from(SYSTEMS),
    face_down=st.lists(
        st.tuples(st.sampled_from(["neutral:M-8-0-7", "neutral:TR"]), st.sampled_from(SYSTEMS)),
        max_size=10,
    ),
    enemies=st.lists(st.sampled_from(SYSTEMS), max_size=4),
    explorer=st.booleans(),
)
def test_each_destination_is_offered_by_a_cheapest_path(start, face_down, enemies, explorer):
    # DN-MOV-2 DN-MOV-4 DN-NEB-1 with DN-NEU-1: the path offered to each destination passes
    # the fewest systems holding face-down counters, then makes the fewest jumps; checked
    # against a search that relaxes every route until nothing changes (no order at all)
    game = Game(counters=f"A-CL-1 aslan:CL hex:{start} stack=q")
    for n, (kind, where) in enumerate(face_down):
        game.put(f"N-X-{n}", kind, f"hex:{where}", face_down=True)
    for n, where in enumerate(enemies):
        game.put(f"S-SC-{n}", "solomani:SC", f"hex:{where}")
    terrain = Terrain(game.state, game.ruleset, A)
    mover = Mover(A, "q", start, explorers=("A-EX-1",) if explorer else ())
    plans = terrain.reachable(mover)
    if terrain.leave_obstacle(mover) is not None:
        assert plans == {}
        return
    best = _cheapest(terrain, mover)
    assert set(plans) == set(best)
    for target, plan in plans.items():
        terrain.check(mover, plan.path)  # accepted as the side sees it
        passed = sum(terrain.presence.face_down(system) for system in plan.path[:-1])
        assert (passed, len(plan.path)) == best[target], target


def _cheapest(terrain: Terrain, mover: Mover) -> dict[str, tuple[int, int]]:
    """(face-down systems passed, jumps) of the cheapest legal path to every destination, by
    relaxing every route of every passable system until no cost falls (DN-NEB-1: an
    unexplored route only as the last step, to a system no other path reaches)."""
    start, neighbours = mover.start, terrain.star_map.neighbours
    cost: dict[str, tuple[int, int]] = {start: (0, 0)}

    def through(here: str) -> tuple[int, int] | None:
        if here != start and terrain.pass_obstacle(mover, here) is not None:
            return None
        faces, jumps = cost[here]
        return (faces + (here != start and terrain.presence.face_down(here)), jumps + 1)

    changed = True
    while changed:
        changed = False
        for here in list(cost):
            beyond = through(here)
            for there in neighbours(here) if beyond is not None else ():
                usable = there != start and not terrain.unexplored(here, there)
                if usable and (there not in cost or beyond < cost[there]):
                    cost[there], changed = beyond, True
    explored = dict(cost)
    for here in explored if mover.can_explore else ():
        beyond = through(here)
        for there in neighbours(here) if beyond is not None else ():
            if there not in explored and terrain.unexplored(here, there):
                cost[there] = min(cost.get(there, beyond), beyond)
    del cost[start]
    return cost
