"""Base classes of orders and events (architecture property 2: one definition per concept).

An order is what a player (or the referee) asks for; an event is what happened. Both are frozen
models (``msgspec`` Structs, ``campaign.rules.model.FrozenModel``) with a literal ``type``
field, collected into tagged unions by ``campaign.rules.registry``. The same classes are stored
in the database, written in turn files and shown in the log.

Subclass like this, stating ``frozen=True, kw_only=True`` on every class (see docs/engine.md,
"Writing a model")::

    class MoveOrder(Order, frozen=True, kw_only=True):
        type: Literal["move"] = "move"
        units: list[str]
        path: list[str]
        count: Annotated[int, Meta(ge=1)] = 1
"""

from typing import ClassVar

from campaign.rules.ids import Side
from campaign.rules.model import FrozenModel
from campaign.rules.order_text import format_value, quote, side_text
from campaign.rules.state import Roll

#: The most units (or steps) one bulk order may name (``deploy UNITS``, ``target B UNITS``).
MAX_BULK = 64


class Order(FrozenModel, frozen=True, kw_only=True):
    """A request to change the campaign. ``side`` None means the referee."""

    type: str
    side: Side | None = None

    def notation_args(self) -> list[str]:
        """The order's arguments in notation (``docs/engine.md``, "Notation"): its fields other
        than ``type`` and ``side`` in declaration order, trailing fields equal to their defaults
        left out. An order class whose text does not fit this form overrides it together with
        the classmethod ``from_notation_args(cls, side, args)`` that ``parse_order`` calls."""
        fields = type(self).model_fields
        names = [name for name in fields if name not in ("type", "side")]
        values = [getattr(self, name) for name in names]
        while values:
            field = fields[names[len(values) - 1]]
            if field.is_required() or values[-1] != field.get_default(call_default_factory=True):
                break
            values.pop()
        return [format_value(value) for value in values]

    def to_notation(self) -> str:
        """The one-line canonical text of this order (``aslan buy CL 2``)."""
        return " ".join([side_text(self.side), self.type, *map(quote, self.notation_args())])

    def __str__(self) -> str:
        return self.to_notation()


class Event(FrozenModel, frozen=True, kw_only=True):
    """Something that happened. ``rolls`` holds every die rolled to decide it (DN-ERR-1)."""

    #: True for events whose content is hidden from players (face-down neutrals): views such as
    #: the CLI log show only the event type, not its data or dice.
    secret: ClassVar[bool] = False

    type: str
    rolls: tuple[Roll, ...] = ()
