"""Probing whether an order would be accepted, for ``offered_when`` checks (DN-SEQ-2).

An area that offers an order type only when some concrete form of it is accepted builds the
candidate orders from the state and calls ``accepted``: the order's own handler decides, so what
``legal_orders`` offers and what the handler accepts cannot disagree. Nothing is applied; a die a
handler would roll comes from a throw-away seeded source.
"""

from __future__ import annotations

from collections.abc import Iterable

from campaign.rules.base import Order
from campaign.rules.dice import Dice, SeededSource
from campaign.rules.errors import CampaignError, InvalidOrderError
from campaign.rules.registry import order_spec
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState


def accepted(state: CampaignState, ruleset: Ruleset, orders: Iterable[Order]) -> bool:
    """True when the handler accepts at least one of ``orders`` in ``state`` (stops at the
    first accepted one)."""
    return any(refusal(state, ruleset, order) is None for order in orders)


def refusal(state: CampaignState, ruleset: Ruleset, order: Order) -> CampaignError | None:
    """Why the handler refuses ``order`` in ``state`` (nothing applied); ``None`` when it
    accepts it. A form says so beside what it leaves out (found by use: the deploy form
    dropped a carrier too small for the units chosen without a word)."""
    handler = order_spec(order.type).handler
    if handler is None:
        return InvalidOrderError(f"{order.type} has no handler")
    try:
        handler(state, order, ruleset, Dice(SeededSource("offer probe"), state))
    except CampaignError as error:
        return error
    return None
