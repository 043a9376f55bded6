"""The catalogue of orders as a typist sees it: ``SIDE VERB`` for every verb a side may give
(the referee's verbs under ``referee``), for shell completion and help; and the longest order
text a typist may give (``MAX_ORDER_CHARS``, the bound of the order line)."""

from campaign.rules.notation import MAX_ORDER_CHARS
from campaign.rules.phases import Actor
from campaign.rules.registry import ORDERS, order_spec

__all__ = ["MAX_ORDER_CHARS", "TYPISTS", "order_words"]

#: Who may type orders: the two players and the referee.
TYPISTS = ("aslan", "solomani", "referee")


def order_words() -> list[str]:
    """``SIDE VERB`` for every verb that side may give; the rest of an order is the player's."""
    order_spec("end-phase")  # loads the rules catalogue
    words: list[str] = []
    for side in TYPISTS:
        referee = side == "referee"
        words.extend(f"{side} {verb}" for verb, spec in ORDERS.items()
                     if (spec.actor is Actor.REFEREE) == referee)
    return words
