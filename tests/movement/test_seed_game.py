"""The movement seed game (seeds/movement-tour.json) replays with every digest and every
expected rejection (DN-MOV-1, DN-MOV-2, DN-MOV-4, DN-MOV-5, DN-NEB-1)."""

from __future__ import annotations

import json

from campaign.rules.seedgame import SeedGame, opening_state, replay
from tests.conftest import REPO_ROOT
from tests.rulesets import sample

SEED_FILE = REPO_ROOT / "seeds" / "movement-tour.json"


def load() -> SeedGame:
    return SeedGame.model_validate(json.loads(SEED_FILE.read_text(encoding="utf-8")))


def test_movement_seed_game_replays():
    # DN-MOV-1 DN-MOV-2 DN-MOV-4 DN-MOV-5 DN-NEB-1: golden replay of a First Movement
    game = load()
    results = replay(game, sample())
    assert len(results) == len(game.steps) + 1
    assert all(r.ok for r in results), [r for r in results if not r.ok]
    rejected = {s.order: s.reject for s in game.steps if s.reject}
    assert set(rejected.values()) == {"DN-MOV-1", "DN-MOV-4"}  # DN-MOV-2 refusals: test_jump.py


def test_seed_game_detects_a_changed_order():
    # DN-MOV-4: replacing the tanker's end-move breaks the replay (the stack can no longer pass)
    game = load()
    steps = [
        s.model_copy(update={"order": "aslan end-move A-TR-1"})
        if s.order == "aslan end-move A-AO-1"
        else s
        for s in game.steps
    ]
    results = replay(game.model_copy(update={"steps": steps}), sample())
    assert not results[-1].ok
    assert opening_state(game, sample()).turn == 0
