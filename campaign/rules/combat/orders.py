"""Registers the combat orders, events and phase hooks with the engine (``catalog``)."""

from __future__ import annotations

from campaign.rules.combat import space_orders, surface_orders

__all__ = ["space_orders", "surface_orders"]
