"""A dice-rolling order type for tests, registered only while a test needs it.

Registering at import time would leak ``test-roll`` into every other test of the session
(legal-order lists, random order generators), so ``registered()`` adds it and removes it again.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Literal

from campaign.rules import catalog, narration, registry
from campaign.rules.base import Event, Order
from campaign.rules.errors import IllegalOrderError
from campaign.rules.phases import Actor


class TestRoll(Order, frozen=True, kw_only=True):
    """``aslan test-roll NEED``: rolls one die; NEED > 6 is refused before rolling; NEED 0
    forgets to store the roll (an engine bug on purpose)."""

    __test__ = False
    type: Literal["test-roll"] = "test-roll"
    need: int


class TestRolled(Event, frozen=True, kw_only=True):
    """The die result of a ``test-roll``."""

    __test__ = False
    type: Literal["test-rolled"] = "test-rolled"
    value: int


def _decide(state, order, ruleset, dice):
    if order.need > 6:  # validation before rolling
        raise IllegalOrderError("DN-ERR-1", "need must be at most 6")
    value = dice.roll(f"test roll need {order.need}")
    if order.need == 0:
        return [TestRolled(value=value)]  # bug on purpose: roll not stored
    return [TestRolled(value=value, rolls=tuple(dice.take()))]


def _apply(state, event) -> None:
    state.game_slots["test-rolled"] = event.value


def _sentence(event, view) -> str:
    return f"test die: {event.value}"


@contextmanager
def registered() -> Iterator[None]:
    """``test-roll`` / ``test-rolled`` exist inside the ``with`` block only."""
    catalog.load()
    registry.order_type(phases=None, actor=Actor.EITHER, rule="DN-ERR-1", summary="test roll")(
        TestRoll
    )
    registry.decides(TestRoll)(_decide)
    registry.event_type(TestRolled)
    registry.applies(TestRolled)(_apply)
    narration.load()
    narration.SENTENCES["test-rolled"] = _sentence
    try:
        yield
    finally:
        narration.SENTENCES.pop("test-rolled", None)
        registry.ORDERS.pop("test-roll", None)
        registry.EVENTS.pop("test-rolled", None)
        registry.APPLIERS.pop(TestRolled, None)
        registry._unions.clear()
