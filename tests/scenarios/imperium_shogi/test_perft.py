"""Perft reference counts from the spec: verified, not tuned (SHO-3..7)."""

from __future__ import annotations

import pytest

from scenarios.imperium_shogi.cli import cli_perft, divide
from scenarios.imperium_shogi.game import make_game
from scenarios.imperium_shogi.rules import Position, perft
from scenarios.solvers import perft as generic

#: Spec reference: depth -> leaf count from the initial position (repair/non-repair are two
#: moves; terminal once a BB is captured or the side to move has its BB in the enemy territory).
REFERENCE = {1: 4, 2: 17, 3: 126, 4: 1002, 5: 8544, 6: 76621}


@pytest.mark.parametrize(("depth", "expected"), sorted(REFERENCE.items()))
def test_perft_matches_spec_reference(depth, expected):
    # SHO-3 SHO-4 SHO-5 SHO-7
    count = perft(Position.initial(), depth)
    if count != expected:
        split = divide(make_game().new_initial_state(), depth)
        pytest.fail(
            f"perft({depth}) = {count}, expected {expected}\n{generic.format_divide(split)}"
        )


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_generic_protocol_perft_agrees_with_fast_core(depth):
    # SHO-3 SHO-7 SHO-8: the protocol state (history, repetition) counts the same tree
    state = make_game().new_initial_state()
    assert generic.perft(state, depth) == REFERENCE[depth]
    assert generic.divide(state, depth) == divide(state, depth)


def test_divide_of_depth_two():
    # SHO-3 SHO-4: per first move
    assert divide(make_game().new_initial_state(), 2) == {
        "b1a2": 4,
        "b1c2": 4,
        "c1c2": 4,
        "b2b3": 5,
    }


def test_cli_perft_prints_every_depth(capsys):
    # SHO-10 (position text option) and the perft command
    assert cli_perft(["--depth", "3", "--divide"]) == 0
    out = capsys.readouterr().out
    assert "depth 1: 4 " in out and "depth 2: 17 " in out and "depth 3: 126 " in out
    assert "b2b3: " in out and "total: 126" in out


def test_cli_perft_rejects_bad_position(capsys):
    # SHO-10
    assert cli_perft(["--depth", "1", "--position", "nonsense"]) == 2
    assert "SHO-10" in capsys.readouterr().err
