"""The bundled demo campaign: the standard seed game played up to Aslan's First Movement of
game turn 1, so a new user opens a map with both sides' forces deployed and a move to make.

The orders come from ``seeds/standard-turn1.json`` (the same file the test suite replays), so
the demo is always a position the rules reached by legal play; rejected steps of the seed game
are skipped. Creation takes a few seconds once; afterwards the demo is simply opened.
"""

from __future__ import annotations

import json
from pathlib import Path

from campaign.app import CampaignService
from campaign.bundled import seed_file
from campaign.rules.errors import CampaignNotFoundError

DEMO_NAME = "demo"
#: The seed game the demo is cut from, shipped with the tool (``seeds/`` of the repository).
SEED_NAME = "standard-turn1.json"
#: The demo stops before the first order that starts with this text (Aslan's first jump).
STOP_BEFORE = "aslan jump"


def seed_orders(path: Path, stop_before: str | None = STOP_BEFORE) -> list[str]:
    """The accepted orders of a seed game, up to (not including) ``stop_before``."""
    game = json.loads(path.read_text(encoding="utf-8"))
    orders = []
    for step in game["steps"]:
        if step.get("reject"):
            continue
        if stop_before is not None and step["order"].startswith(stop_before):
            break
        orders.append(step["order"])
    return orders


def demo_exists(service: CampaignService, name: str = DEMO_NAME) -> bool:
    """True when the database already holds the campaign ``name``."""
    try:
        service.store.campaign(name)
    except CampaignNotFoundError:
        return False
    return True


def ensure_demo(
    service: CampaignService, name: str = DEMO_NAME, stop_before: str | None = STOP_BEFORE
) -> bool:
    """Create the demo campaign ``name`` unless it exists; True when it was created now."""
    if demo_exists(service, name):
        return False
    path = seed_file(SEED_NAME)
    game = json.loads(path.read_text(encoding="utf-8"))
    loaded = service.create(name, layout=game["layout"], dice_seed=game["dice_seed"])
    for order in seed_orders(path, stop_before):
        service.submit(loaded, order)
    return True
