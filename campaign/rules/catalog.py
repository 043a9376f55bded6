"""The one central list of modules that register orders, events and hooks.

Each area adds ONE line here for its module (e.g. ``"campaign.rules.movement"``); everything else
lives in the area's own file. ``load()`` imports them once, which runs their registration
decorators. The engine runs hooks and lists orders in this order (earlier areas first), whatever
module a caller happened to import first.
"""

from __future__ import annotations

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
