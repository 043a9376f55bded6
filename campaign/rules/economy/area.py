"""Registers the economy's orders, events and phase hooks with the engine (one catalog line).

Import order = hook order within the Maintenance & Production phase: income first, then the
start-of-turn capital check; maintenance, production and the neutral orders are player orders.
"""

from __future__ import annotations

from campaign.rules.economy import (  # noqa: F401  (imported for their registrations)
    maintenance,
    neutrals,
    production,
    treasury,
    victory,
)
