"""Base classes of orders and events (architecture property 2: one definition per concept).

An order is what a player (or the referee) asks for; an event is what happened. Both are frozen
pydantic models with a literal ``type`` field, collected into discriminated unions by
``campaign.rules.registry``. The same classes are stored in the database, written in turn files
and shown in the log.

Subclass like this (see docs/engine.md)::

    class MoveOrder(Order):
        type: Literal["move"] = "move"
        units: list[str]
        path: list[str]
"""

from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from campaign.rules.ids import Side
from campaign.rules.state import Roll

#: The most units (or steps) one bulk order may name (``deploy UNITS``, ``target B UNITS``).
MAX_BULK = 64


class Order(BaseModel):
    """A request to change the campaign. ``side`` None means the referee."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    type: str
    side: Side | None = None

    def to_notation(self) -> str:
        """The one-line canonical text of this order (``aslan buy CL 2``)."""
        from campaign.rules.notation import format_order

        return format_order(self)

    def __str__(self) -> str:
        return self.to_notation()


class Event(BaseModel):
    """Something that happened. ``rolls`` holds every die rolled to decide it (DN-ERR-1)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    #: True for events whose content is hidden from players (face-down neutrals): views such as
    #: the CLI log show only the event type, not its data or dice.
    secret: ClassVar[bool] = False

    type: str
    rolls: tuple[Roll, ...] = ()
