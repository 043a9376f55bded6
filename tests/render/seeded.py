"""Seed games (seeds/*.json) stored as campaigns, so the CLI can draw them like real games."""

from __future__ import annotations

import json
from pathlib import Path

from campaign.app import CampaignService
from campaign.rules.dice import PhysicalSource
from campaign.rules.seedgame import SeedGame
from tests.conftest import REPO_ROOT

SEED_FILES = sorted((REPO_ROOT / "seeds").glob("*.json"))


def load_seed(path: Path) -> SeedGame:
    """The seed game in ``path``."""
    return SeedGame.model_validate(json.loads(path.read_text(encoding="utf-8")))


def store_seed_game(db_url: str, path: Path) -> str:
    """Play every applied step of the seed game in ``path`` into a new campaign; its name."""
    game = load_seed(path)
    service = CampaignService(db_url=db_url)
    seed = game.seed if game.layout == "random" else None
    loaded = service.create(game.name, layout=game.layout, seed=seed, dice_seed=game.dice_seed)
    for step in game.steps:
        if step.reject is not None:
            continue
        dice = PhysicalSource.from_values(step.dice) if step.dice is not None else None
        service.submit(loaded, step.order, dice=dice)
    return game.name
