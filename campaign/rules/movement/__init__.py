"""Movement in the Dark Nebula engine (DN-MOV-1..10, DN-MAP-4, DN-NEB-1).

Importing this package registers its orders and events with the engine
(``campaign.rules.catalog``):

- ``jump STACK PATH``, ``sublight STACK SYSTEM``, ``end-move STACK``, ``leave-box STACK``
  (``moves``);
- ``form-stack``, ``split-stack``, ``merge-stacks`` (``stacks``);
- ``load CARGO CARRIER``, ``unload CARGO``, ``install-pd PD SYSTEM`` (``cargo``);
- when each of them is offered (``offers``: only when some form is accepted, DN-SEQ-2).

Queries for other areas and the UI: ``move_options`` (every destination of a stack, or the rule
that forbids it), ``can_retreat_from`` (fuel on retreat),
``system_status`` (friendly/non-friendly, DN-MOV-5), ``reaction_units`` (DN-MOV-8/DN-REA-1),
``stacks_of`` (the stacks of a side).
"""

from __future__ import annotations

from campaign.rules.movement import cargo, moves, offers, stacks
from campaign.rules.movement.book import explored_routes, reaction_stack
from campaign.rules.movement.fuel import RetreatVerdict, can_retreat_from
from campaign.rules.movement.groups import stacks_of
from campaign.rules.movement.paths import Arrival, Obstacle
from campaign.rules.movement.presence import Presence, blocks
from campaign.rules.movement.query import Destination, MoveOptions, move_options
from campaign.rules.movement.systems import SystemStatus, system_status

reaction_units = reaction_stack

__all__ = [
    "Arrival",
    "Destination",
    "MoveOptions",
    "Obstacle",
    "Presence",
    "RetreatVerdict",
    "SystemStatus",
    "blocks",
    "can_retreat_from",
    "cargo",
    "explored_routes",
    "move_options",
    "moves",
    "offers",
    "reaction_units",
    "stacks",
    "stacks_of",
    "system_status",
]
