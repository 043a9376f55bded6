"""The one central list of modules that register orders, events and hooks, and their order.

Each area adds ONE line to ``AREA_MODULES`` for its module (e.g. ``"campaign.rules.movement"``);
everything else lives in the area's own files. ``load()`` imports them once, which runs their
registration decorators.

``REGISTRATION_ORDER`` names every module that registers something, in the order the engine
lists orders and runs hooks: area by area as in ``AREA_MODULES``, and inside an area module by
module as written here; inside one module, in the order its decorators run (its source order).
The order is written down rather than taken from the imports because a caller (a tool, a test)
that imports some module first changes the order in which decorators run, and the awaited
order, the pass defaults and the events of a step must not depend on that (DN-SEQ-1, DN-ERR-1).
"""

from __future__ import annotations

import functools
import importlib

AREA_MODULES: tuple[str, ...] = (
    "campaign.rules.flow",
    "campaign.rules.setup_rules",
    "campaign.rules.referee",
    "campaign.rules.economy.area",
    "campaign.rules.combat.orders",
    "campaign.rules.movement",
    "campaign.rules.fairplay",
)

REGISTRATION_ORDER: tuple[str, ...] = (
    "campaign.rules.flow",
    "campaign.rules.setup_rules",
    "campaign.rules.table_draw",
    "campaign.rules.referee",
    # economy: income before the start-of-turn capital check; maintenance before production
    "campaign.rules.economy.maintenance",
    "campaign.rules.economy.neutrals",
    "campaign.rules.economy.production",
    "campaign.rules.economy.treasury",
    "campaign.rules.economy.victory",
    # combat: the Reaction Combat hook runs before the battles are opened
    "campaign.rules.combat.reaction",
    "campaign.rules.combat.space_events",
    "campaign.rules.combat.space_orders",
    "campaign.rules.combat.surface_orders",
    "campaign.rules.combat.battle_ids",
    # movement: moves, then cargo, stacks and when each is offered
    "campaign.rules.movement.moves",
    "campaign.rules.movement.cargo",
    "campaign.rules.movement.stacks",
    "campaign.rules.movement.offers",
    "campaign.rules.fairplay",
)

_state = {"loading": False, "loaded": False}


def load() -> None:
    """Import every area module once (idempotent; re-entrant calls during loading are no-ops)."""
    if _state["loaded"] or _state["loading"]:
        return
    _state["loading"] = True
    try:
        for name in AREA_MODULES:
            importlib.import_module(name)
        _state["loaded"] = True
    finally:
        _state["loading"] = False


@functools.cache
def rank(module: str) -> int:
    """Place of ``module`` in ``REGISTRATION_ORDER``; a module not listed (a test's own order
    type) comes after all of them."""
    try:
        return REGISTRATION_ORDER.index(module)
    except ValueError:
        return len(REGISTRATION_ORDER)
