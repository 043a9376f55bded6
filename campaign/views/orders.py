"""The catalogue of orders as a typist sees it: the verbs each side may give and their usages,
read from the order registry (``registry_verbs``, ``registry_usages``; shell completion reads
the same from the fixed table of ``campaign.views.verbs``, checked against these), the fields of
each order for help; and the longest order text a typist may give (``MAX_ORDER_CHARS``, the
bound of the order line)."""

from enum import Enum
from typing import Any

from msgspec import Struct

from campaign.rules.notation import MAX_ORDER_CHARS
from campaign.rules.phases import Actor
from campaign.rules.registry import order_spec, order_specs
from campaign.views.verbs import TYPISTS

__all__ = [
    "MAX_ORDER_CHARS",
    "TYPISTS",
    "OrderField",
    "order_fields",
    "registered_template",
    "registry_usages",
    "registry_verbs",
]


def registry_verbs() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The players' verbs and the referee's, read from the order registry, in its order."""
    player, referee = registry_usages()
    return tuple(u.split()[0] for u in player), tuple(u.split()[0] for u in referee)


def registry_usages() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The usages (templates as registered, ``buy KIND [COUNT]``) of the players' orders and
    of the referee's, read from the order registry, in its order."""
    specs = order_specs()
    return (
        tuple(spec.template for spec in specs if spec.actor is not Actor.REFEREE),
        tuple(spec.template for spec in specs if spec.actor is Actor.REFEREE),
    )


class OrderField(Struct, frozen=True):
    """One field of an order as its notation writes it, after the side and verb: its name,
    whether the order needs it, and what the notation writes for it when left out."""

    name: str
    required: bool
    default: str = "-"


def _default_text(value: Any) -> str:
    """What the notation writes for a field's default (``-`` for none or an empty list)."""
    if value is None or value == [] or value == ():
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def registered_template(verb: str) -> str:
    """``verb``'s notation template as registered (``place-neutral SYSTEM``), before a state
    shows it otherwise (``place-neutral SYSTEM CODE`` with the counters drawn at the table);
    ``InvalidOrderError`` when the verb is unknown."""
    return order_spec(verb).template


def order_fields(verb: str) -> list[OrderField]:
    """The fields of ``verb``'s order in notation order (docs/engine.md, "Notation"), read from
    the order's model; ``InvalidOrderError`` when the verb is unknown."""
    model = order_spec(verb).cls
    fields = []
    for name, info in model.model_fields.items():
        if name in ("type", "side"):
            continue
        required = info.is_required()
        default = "-" if required else _default_text(info.get_default(call_default_factory=True))
        fields.append(OrderField(name, required, default))
    return fields
