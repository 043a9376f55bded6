"""The write side: one use case per module, each load → check → decide → append once.

- ``campaigns``: create and load a campaign (the snapshot-trust protocol), append one order's
  events, repin changed data;
- ``orders``: orders typed by a person, their reports, undo and referee restores;
- ``audit``: ``verify`` and anchors;
- ``reading``: loads what a viewer asks for and hands it to the read side (``campaign.views``);
- ``failures``: a store failure told as one line (always loaded with this package: the CLI's
  error guard looks it up, ADR 0030).

``CampaignService`` (``campaign.app.service``) is the one object the front ends (CLI, TUI) and
the play-by-e-mail exchange hold: it combines the use cases over one database. Every method
completes or raises a ``CampaignError`` with a user-facing message; a refused order changes
nothing.

The names below are loaded on first use (PEP 562 ``__getattr__``): ``campaign.app.lookup``, the
read-only lookups of shell completion, is a module of this package, and importing it must not
load the rules engine (issue 47 item 2: a Tab on a campaign name took 0.22 s CPU, 0.05 s now).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from campaign.app.failures import database_problem

if TYPE_CHECKING:
    from campaign.app.audit import Anchor, Audit
    from campaign.app.campaigns import (
        SNAPSHOT_EVERY,
        START_ORDER_TEXT,
        Campaigns,
        Loaded,
        RulesetLoader,
        content_loader,
        parse_stored,
    )
    from campaign.app.housekeeping import CampaignSummary, Housekeeping, Rebuilt
    from campaign.app.orders import (
        REFEREE_UNDO,
        OrderReport,
        Orders,
        TakeBack,
        TypedDice,
        referee_restoration,
        referee_undo_reason,
        referee_undo_text,
    )
    from campaign.app.reading import Reading
    from campaign.app.service import CampaignService
    from campaign.rules.base import Event
    from campaign.rules.dice import RollContext
    from campaign.rules.ruleset import Ruleset, StarMap, StarSystem
    from campaign.rules.state import CampaignState
    from campaign.views.log import LogLine, StoryEntry, dice_origin
    from campaign.views.status import Status

#: Where each exported name lives; ``__getattr__`` imports the module on first use.
_HOME = {
    "Anchor": "campaign.app.audit",
    "Audit": "campaign.app.audit",
    **dict.fromkeys(
        (
            "SNAPSHOT_EVERY",
            "START_ORDER_TEXT",
            "Campaigns",
            "Loaded",
            "RulesetLoader",
            "content_loader",
            "parse_stored",
        ),
        "campaign.app.campaigns",
    ),
    **dict.fromkeys(
        (
            "REFEREE_UNDO",
            "OrderReport",
            "Orders",
            "TakeBack",
            "TypedDice",
            "referee_restoration",
            "referee_undo_reason",
            "referee_undo_text",
        ),
        "campaign.app.orders",
    ),
    "Reading": "campaign.app.reading",
    **dict.fromkeys(("CampaignSummary", "Housekeeping", "Rebuilt"), "campaign.app.housekeeping"),
    "RollContext": "campaign.rules.dice",
    "CampaignService": "campaign.app.service",
    "Event": "campaign.rules.base",
    **dict.fromkeys(("Ruleset", "StarMap", "StarSystem"), "campaign.rules.ruleset"),
    "CampaignState": "campaign.rules.state",
    **dict.fromkeys(("LogLine", "StoryEntry", "dice_origin"), "campaign.views.log"),
    "Status": "campaign.views.status",
}

__all__ = [
    "REFEREE_UNDO",
    "SNAPSHOT_EVERY",
    "START_ORDER_TEXT",
    "Anchor",
    "Audit",
    "CampaignService",
    "CampaignSummary",
    "Housekeeping",
    "Rebuilt",
    "RollContext",
    "CampaignState",
    "Campaigns",
    "Event",
    "Loaded",
    "LogLine",
    "OrderReport",
    "Orders",
    "Reading",
    "Ruleset",
    "RulesetLoader",
    "StarMap",
    "StarSystem",
    "Status",
    "StoryEntry",
    "TakeBack",
    "TypedDice",
    "content_loader",
    "database_problem",
    "dice_origin",
    "parse_stored",
    "referee_restoration",
    "referee_undo_reason",
    "referee_undo_text",
]


def __getattr__(name: str) -> Any:
    """Load an exported name from its module the first time it is asked for."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'campaign.app' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
