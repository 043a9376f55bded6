"""The write side: one use case per module, each load → check → decide → append once.

- ``campaigns``: create and load a campaign (the snapshot-trust protocol), append one order's
  events, repin changed data;
- ``orders``: orders typed by a person, their reports, undo and referee restores;
- ``audit``: ``verify`` and anchors;
- ``housekeeping``: list and delete campaigns, rebuild one from its log alone;
- ``reading``: loads what a viewer asks for and hands it to the read side (``campaign.views``);
- ``failures``: a store failure told as one line (always loaded with this package: the CLI's
  error guard looks it up, ADR 0030).

``CampaignService`` is the one object the front ends (CLI, TUI) and the play-by-e-mail exchange
hold: it combines the use cases over one database. Every method completes or raises a
``CampaignError`` with a user-facing message; a refused order changes nothing.
"""

from __future__ import annotations

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
from campaign.app.failures import database_problem
from campaign.app.housekeeping import CampaignSummary, Housekeeping, Rebuilt
from campaign.app.orders import (
    REFEREE_UNDO,
    OrderReport,
    Orders,
    TypedDice,
    referee_restoration,
    referee_undo_reason,
    referee_undo_text,
)
from campaign.app.reading import Reading
from campaign.rules.base import Event
from campaign.rules.dice import RollContext
from campaign.rules.ruleset import Ruleset, StarMap, StarSystem
from campaign.rules.state import CampaignState
from campaign.views.log import LogLine, StoryEntry, dice_origin
from campaign.views.status import Status

__all__ = [
    "REFEREE_UNDO", "SNAPSHOT_EVERY", "START_ORDER_TEXT", "Anchor", "CampaignService",
    "CampaignSummary", "Rebuilt",
    "CampaignState", "Campaigns", "Event", "Loaded", "LogLine", "OrderReport", "Ruleset",
    "RollContext", "RulesetLoader", "StarMap", "StarSystem", "Status", "StoryEntry",
    "TypedDice", "content_loader", "database_problem", "dice_origin", "parse_stored",
    "referee_restoration", "referee_undo_reason", "referee_undo_text",
]


class CampaignService(Orders, Audit, Reading, Housekeeping):
    """Load → check → decide → append, and what a viewer reads, for one database."""
