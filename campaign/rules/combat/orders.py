"""Registers the combat orders, events and phase hooks with the engine (``catalog``).

``reaction`` comes first: its Reaction Combat hook must run before the battles are opened.
"""

from __future__ import annotations

from campaign.rules.combat import reaction, space_orders, surface_orders

__all__ = ["reaction", "space_orders", "surface_orders"]
