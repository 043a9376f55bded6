"""Registers the combat orders, events and phase hooks with the engine (``catalog``)."""

from __future__ import annotations

from campaign.rules.combat import space_orders, surface_orders
from campaign.rules.combat.battle_ids import canonical_battle_order
from campaign.rules.registry import normalizes_orders

normalizes_orders(canonical_battle_order)  # short battle ids (b1, system id) in every order

__all__ = ["space_orders", "surface_orders"]
