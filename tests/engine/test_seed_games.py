"""Golden replays: every seed game in seeds/ reproduces every recorded state digest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaign.content import load_ruleset
from campaign.rules.seedgame import SeedGame, replay
from tests.conftest import REPO_ROOT

SEED_FILES = sorted((REPO_ROOT / "seeds").glob("*.json"))


def _load(path: Path) -> SeedGame:
    return SeedGame.model_validate(json.loads(path.read_text(encoding="utf-8")))


def _ruleset(game: SeedGame):
    return load_ruleset(None, game.layout, game.seed if game.layout == "random" else None)


def test_there_are_seed_games():  # DN-SEQ-1
    assert len(SEED_FILES) >= 2


@pytest.mark.parametrize("path", SEED_FILES, ids=lambda p: p.stem)
def test_seed_game_replays_every_digest(path):  # DN-SEQ-1, DN-SET-1, DN-SET-2, DN-NEU-1
    game = _load(path)
    results = replay(game, _ruleset(game))
    bad = [r for r in results if not r.ok]
    assert not bad, f"{path.name} step {bad[0].index} {bad[0].order!r}: {bad[0].message}"
    assert len(results) == len(game.steps) + 1
    assert any(step.reject for step in game.steps)  # bad input is part of every seed game


def test_changed_digest_is_detected():  # DN-ERR-1
    game = _load(SEED_FILES[0])
    applied = next(i for i, s in enumerate(game.steps) if s.digest)
    steps = list(game.steps)
    steps[applied] = steps[applied].model_copy(update={"digest": "0" * 64})
    results = replay(game.model_copy(update={"steps": steps}), _ruleset(game))
    assert not results[-1].ok and results[-1].index == applied + 1


def test_expected_rejection_that_applies_is_detected():  # DN-ERR-1
    game = _load(SEED_FILES[0])
    index = next(i for i, s in enumerate(game.steps) if s.reject)
    steps = list(game.steps)
    steps[index] = steps[index].model_copy(update={"reject": "DN-XXX-1"})
    results = replay(game.model_copy(update={"steps": steps}), _ruleset(game))
    assert not results[-1].ok and "DN-XXX-1" in results[-1].message
