"""Registers the combat orders, events and phase hooks with the engine (``catalog``).

``reaction`` comes first: its Reaction Combat hook must run before the battles are opened.
"""

from __future__ import annotations

from campaign.rules.combat import reaction, space_orders, surface_orders
from campaign.rules.combat.battle_ids import canonical_battle_order
from campaign.rules.registry import normalizes_orders

normalizes_orders(canonical_battle_order)  # short battle ids (b1, system id) in every order

__all__ = ["reaction", "space_orders", "surface_orders"]
