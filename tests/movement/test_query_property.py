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
