"""The extension mechanism: area modules register order types, event types, their handlers and
phase hooks here, in their own files (docs/engine.md).

- ``@order_type(phases=..., rule=..., summary=...)`` on an ``Order`` subclass: its verb is the
  literal ``type``; it is accepted only in those phases (and sub-phases) from that actor.
- ``@decides(OrderCls)`` on ``fn(state, order, ruleset, dice) -> list[Event]``: validate fully,
  raise ``IllegalOrderError`` before rolling any die, never mutate ``state``.
- ``@event_type`` on an ``Event`` subclass; ``@applies(EventCls)`` on ``fn(state, event)`` that
  mutates ``state`` in place (appliers must be deterministic and never fail on a logged event).
- Phase hooks: ``@on_enter(phase, sub_phase=None)`` -> events when a step starts;
  ``@idle_when(phase)`` -> True when nothing is left to decide (the step ends automatically);
  ``@end_check(phase)`` raises ``IllegalOrderError`` when the acting side may not end the step yet;
  ``@on_player_turn_end`` -> events at the end of every player turn (victory, DN-SEQ-3);
  ``@on_pass(phase)`` -> the decisions a ``pass`` takes by default in a step of ``phase`` (e.g.
  maintenance, DN-ECO-7), or ``None`` when a real choice remains there.

The central list of area modules is ``campaign.rules.catalog.AREA_MODULES`` (one line per area).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import msgspec
from msgspec import Struct, field

from campaign.rules import catalog
from campaign.rules.base import Event, Order
from campaign.rules.dice import Dice
from campaign.rules.errors import InvalidOrderError
from campaign.rules.ids import Side
from campaign.rules.model import TAG_MISSING, TAG_UNKNOWN, Model, ModelError, decoded_json
from campaign.rules.phases import Actor, Phase, SubPhase
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState
from campaign.rules.struct_errors import field_problem
from campaign.rules.suggest import did_you_mean

OrderT = TypeVar("OrderT", bound=type[Order])
EventT = TypeVar("EventT", bound=type[Event])
EntryT = TypeVar("EntryT")

#: ``fn(state, order, ruleset, dice)``; the order is typed ``Any`` because each handler takes its
#: own ``Order`` subclass (a ``Callable`` over ``Order`` would refuse a narrower parameter).
Handler = Callable[[CampaignState, Any, Ruleset, Dice], list[Event]]
#: ``fn(state, event)``; ``Any`` for the same reason: each applier takes its own event class.
Applier = Callable[[CampaignState, Any], None]
EnterHook = Callable[[CampaignState, Ruleset, Dice], list[Event]]
IdleHook = Callable[[CampaignState, Ruleset], bool]
ShownAs = Callable[[CampaignState], "tuple[str, str] | None"]
EndCheck = Callable[[CampaignState, Ruleset], None]
TurnEndHook = Callable[[CampaignState, Ruleset, Dice], list[Event]]
OfferCheck = Callable[[CampaignState, Side | None, Ruleset], bool]
PassDefault = Callable[[CampaignState, Ruleset, Dice, Side], list[Event] | None]
Normalizer = Callable[[CampaignState, Order], Order]


class OrderSpec(Struct):
    """Everything the engine knows about one order type."""

    cls: type[Order]
    verb: str
    phases: frozenset[Phase] | None  # None: any phase except GAME_OVER
    sub_phases: frozenset[SubPhase] | None  # None: any sub-phase of those phases
    actor: Actor
    rule: str  # rule id cited by legal_orders and by the phase rejection
    summary: str
    template: str  # notation template shown in the UI, e.g. "buy KIND [COUNT]"
    handler: Handler | None = None

    def accepts_step(self, phase: Phase, sub_phase: SubPhase | None) -> bool:
        """True when the order type may be given in this phase and sub-phase."""
        if phase is Phase.GAME_OVER and self.actor is not Actor.REFEREE:
            return False
        if self.phases is not None and phase not in self.phases:
            return False
        return self.sub_phases is None or sub_phase in self.sub_phases

    def shown_in(self, state: CampaignState | None) -> tuple[str, str]:
        """The template and summary of the order as ``state`` shows it (``shown_as``:
        ``place-neutral SYSTEM CODE`` with the counters drawn at the table), else as
        registered; no state: as registered."""
        shown = SHOWN[self.verb](state) if state is not None and self.verb in SHOWN else None
        return shown if shown is not None else (self.template, self.summary)


class Hooks(Struct):
    """Phase hooks registered by area modules."""

    enter: list[tuple[Phase | None, SubPhase | None, EnterHook]] = field(default_factory=list)
    idle: list[tuple[Phase, IdleHook]] = field(default_factory=list)
    end_checks: list[tuple[Phase, EndCheck]] = field(default_factory=list)
    turn_end: list[TurnEndHook] = field(default_factory=list)
    pass_defaults: list[tuple[Phase, PassDefault]] = field(default_factory=list)


ORDERS: dict[str, OrderSpec] = {}
EVENTS: dict[str, type[Event]] = {}
APPLIERS: dict[type[Event], Applier] = {}
HOOKS = Hooks()
#: verb -> ``fn(state, side, ruleset)``: whether ``legal_orders`` offers the order type now.
OFFERED: dict[str, OfferCheck] = {}
#: ``fn(state) -> (template, summary) | None``: how ``legal_orders`` shows an order type in
#: this state, when it differs from its registered template (``shown_as``).
SHOWN: dict[str, ShownAs] = {}
#: ``fn(state, order) -> order``: rewrite shorthand (e.g. short battle ids) before deciding.
NORMALIZERS: list[Normalizer] = []
_unions: dict[str, TaggedUnion] = {}
#: ``order_specs``' last answer: the registered order types, and the same in catalog order.
_sorted_specs: dict[str, tuple[tuple[OrderSpec, ...], tuple[OrderSpec, ...]]] = {"last": ((), ())}


def in_catalog_order(
    entries: Iterable[EntryT], defined_by: Callable[[EntryT], Callable[..., object] | type]
) -> list[EntryT]:
    """``entries`` (hooks, order specs) in the catalog's order of the modules that define them
    (``catalog.REGISTRATION_ORDER``), in registration order within one module: the same order
    whatever module a caller happened to import first."""
    return sorted(entries, key=lambda entry: catalog.rank(defined_by(entry).__module__))


def end_checks_of(phase: Phase) -> list[EndCheck]:
    """The ``end_check`` hooks of ``phase`` in catalog order (the first refusal is the one
    reported)."""
    return [check for p, check in in_catalog_order(HOOKS.end_checks, lambda e: e[1]) if p is phase]


def pass_defaults_of(phase: Phase) -> list[PassDefault]:
    """The ``on_pass`` hooks of ``phase`` in catalog order (their events are recorded so)."""
    return [hook for p, hook in in_catalog_order(HOOKS.pass_defaults, lambda e: e[1]) if p is phase]


def idle_hooks_of(phase: Phase) -> list[IdleHook]:
    """The ``idle_when`` predicates of ``phase`` in catalog order."""
    return [hook for p, hook in in_catalog_order(HOOKS.idle, lambda e: e[1]) if p is phase]


def normalizers() -> list[Normalizer]:
    """The order normalizers in catalog order (each rewrites what the one before returned)."""
    return in_catalog_order(NORMALIZERS, lambda fn: fn)


def order_specs() -> list[OrderSpec]:
    """Every registered order type, in catalog order (what ``legal_orders`` lists). Sorted once
    per set of registered types (``legal_orders`` runs many times per order)."""
    catalog.load()
    registered = tuple(ORDERS.values())
    known, ordered = _sorted_specs["last"]
    if known != registered:
        ordered = tuple(in_catalog_order(registered, lambda spec: spec.cls))
        _sorted_specs["last"] = (registered, ordered)
    return list(ordered)


def _literal_type(cls: type[Order] | type[Event]) -> str:
    default = cls.model_fields["type"].default
    if not isinstance(default, str) or not default:
        raise TypeError(f"{cls.__name__} needs `type: Literal[...] = ...` with a default")
    return default


def order_type(
    *,
    phases: Iterable[Phase] | None,
    rule: str,
    summary: str,
    template: str = "",
    actor: Actor = Actor.ACTING,
    sub_phases: Iterable[SubPhase] | None = None,
) -> Callable[[OrderT], OrderT]:
    """Class decorator: register an order type (see module docstring)."""

    def register(cls: OrderT) -> OrderT:
        verb = _literal_type(cls)
        if verb in ORDERS and ORDERS[verb].cls is not cls:
            old = ORDERS[verb].cls
            raise TypeError(
                f"order type {verb!r} registered twice: {old.__module__}.{old.__name__} and "
                f"{cls.__module__}.{cls.__name__}; verbs are global (docs/engine.md)"
            )
        ORDERS[verb] = OrderSpec(
            cls=cls,
            verb=verb,
            phases=frozenset(phases) if phases is not None else None,
            sub_phases=frozenset(sub_phases) if sub_phases is not None else None,
            actor=actor,
            rule=rule,
            summary=summary,
            template=template or verb,
        )
        _unions.pop("order", None)
        return cls

    return register


def decides(cls: type[Order]) -> Callable[[Handler], Handler]:
    """Function decorator: the decide-handler of order type ``cls``."""

    def register(fn: Handler) -> Handler:
        ORDERS[_literal_type(cls)].handler = fn
        return fn

    return register


def event_type(cls: EventT) -> EventT:
    """Class decorator: register an event type for the event union."""
    name = _literal_type(cls)
    if name in EVENTS and EVENTS[name] is not cls:
        old = EVENTS[name]
        raise TypeError(
            f"event type {name!r} registered twice: {old.__module__}.{old.__name__} and "
            f"{cls.__module__}.{cls.__name__}; event names are global (docs/engine.md)"
        )
    EVENTS[name] = cls
    _unions.pop("event", None)
    return cls


def event_types() -> list[str]:
    """The name of every registered event type, sorted (what ``campaign log --type`` filters
    on)."""
    catalog.load()
    return sorted(EVENTS)


def applies(cls: type[Event]) -> Callable[[Applier], Applier]:
    """Function decorator: the evolve-applier of event type ``cls``."""

    def register(fn: Applier) -> Applier:
        APPLIERS[cls] = fn
        return fn

    return register


def on_enter(
    phase: Phase | None, sub_phase: SubPhase | None = None
) -> Callable[[EnterHook], EnterHook]:
    """Hook run when a step of ``phase`` (and ``sub_phase``, if given) starts; None = every step."""

    def register(fn: EnterHook) -> EnterHook:
        HOOKS.enter.append((phase, sub_phase, fn))
        return fn

    return register


def idle_when(phase: Phase) -> Callable[[IdleHook], IdleHook]:
    """Predicate: the current step of ``phase`` has nothing left to decide and ends by itself."""

    def register(fn: IdleHook) -> IdleHook:
        HOOKS.idle.append((phase, fn))
        return fn

    return register


def end_check(phase: Phase) -> Callable[[EndCheck], EndCheck]:
    """Check run before the acting side may end a step of ``phase``."""

    def register(fn: EndCheck) -> EndCheck:
        HOOKS.end_checks.append((phase, fn))
        return fn

    return register


def on_player_turn_end(fn: TurnEndHook) -> TurnEndHook:
    """Hook run at the end of every player turn, before the next one starts (DN-SEQ-3)."""
    HOOKS.turn_end.append(fn)
    return fn


def on_pass(phase: Phase) -> Callable[[PassDefault], PassDefault]:
    """Hook ``fn(state, ruleset, dice, side)`` run when ``side`` passes in a step of ``phase``
    (DN-SEQ-2): the events of the decisions the pass takes by default (it may roll dice), ``[]``
    when there is nothing to decide, or ``None`` when a real choice remains: the pass is then
    recorded and the step waits for that choice."""

    def register(fn: PassDefault) -> PassDefault:
        HOOKS.pass_defaults.append((phase, fn))
        return fn

    return register


class TaggedUnion:
    """The union of the registered order (or event) types, read by their ``type`` tag: an
    object's ``type`` picks the class, which then reads the whole object. A refusal names the
    field as the union did: under the tag (``move.units: is missing``), or ``has no type`` /
    ``names an unknown type`` for the tag itself."""

    def __init__(self, classes: Mapping[str, type[Model]]) -> None:
        self.classes = dict(classes)

    def validate_python(self, data: Any) -> Any:
        """The model ``data`` (a dict of plain values) describes; ``ModelError`` if none."""
        if not isinstance(data, dict):
            got = "array" if isinstance(data, list) else "null" if data is None else "str"
            message = f"Expected `object`, got `{got}`"
            raise ModelError(msgspec.ValidationError(message), dict)
        tag = data.get("type")
        if tag is None or "type" not in data:
            raise ModelError(msgspec.ValidationError(TAG_MISSING), dict)
        cls = self.classes.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise ModelError(msgspec.ValidationError(TAG_UNKNOWN), dict)
        try:
            return cls.model_validate(data)
        except ModelError as error:
            raise ModelError(error.error, error.root, under=tag, data=error.data) from None

    def validate_json(self, text: str | bytes) -> Any:
        """The model the JSON ``text`` describes; ``ModelError`` if none."""
        return self.validate_python(decoded_json(text, dict))

    def dump_json(self, model: Model) -> bytes:
        """The JSON text of ``model`` (its fields in declaration order)."""
        return model.model_dump_json().encode("utf-8")


def _union(kind: str, classes: Iterable[type[Any]]) -> TaggedUnion:
    union = _unions.get(kind)
    if union is None:
        union = TaggedUnion({_literal_type(cls): cls for cls in classes})
        _unions[kind] = union
    return union


def order_adapter() -> TaggedUnion:
    """The union of every registered order type."""
    catalog.load()
    return _union("order", (spec.cls for spec in ORDERS.values()))


def event_adapter() -> TaggedUnion:
    """The union of every registered event type."""
    catalog.load()
    return _union("event", EVENTS.values())


def parse_order_data(data: Any) -> Order:
    """An order from plain data (JSON object); ``InvalidOrderError`` if it does not validate."""
    try:
        order: Order = order_adapter().validate_python(data)
    except ModelError as error:
        raise InvalidOrderError(f"malformed order: {field_problem(error)}") from None
    return order


def parse_stored_events(rows: Iterable[tuple[str, str]]) -> list[Event]:
    """Events from stored ``(type, JSON payload)`` pairs, each read by its own class.

    The same events as ``event_adapter().validate_json`` gives one by one (the union picks the
    class by the ``type`` tag), without building the union's schema of every event type: a
    load reads only the few types logged since the last snapshot (issue 47 item 2). Raises
    ``ModelError`` or ``KeyError`` when a row does not read so (an unknown type, a
    payload whose tag is not the row's type): the caller then reads them with the union.
    """
    catalog.load()
    return [EVENTS[kind].model_validate_json(payload) for kind, payload in rows]


def parse_event_data(data: Any) -> Event:
    """An event from plain data (stored JSON)."""
    event: Event = event_adapter().validate_python(data)
    return event


#: The tool's commands that act on a campaign by name and are no order of the game: typed as an
#: order's verb, the refusal names the command (found by use, December 7, night: ``referee
#: undo`` was answered "did you mean 'unload'?", ``aslan status`` "did you mean 'stay'?").
#: ``tests/engine/test_suggestions.py`` keeps it to the command line's commands.
TOOL_COMMANDS = frozenset(
    {
        "undo",
        "status",
        "log",
        "units",
        "battles",
        "income",
        "upkeep",
        "map",
        "systems",
        "export",
        "import",
        "verify",
        "exchanges",
    }
)


#: ``order_spec``'s reader when any giver may be meant.
ANY_GIVER = "any"


def order_spec(verb: str, giver: Side | None | str = ANY_GIVER) -> OrderSpec:
    """The spec of order type ``verb``; ``InvalidOrderError`` if there is none, suggesting the
    orders ``giver`` (a side; None: ``referee …``) may give: a player is not offered the
    referee's orders, nor the referee a player's (found by use, December 7, late night: ``aslan
    frob`` listed `set-ru`, `adjust-unit` and `stepping` among the "known orders")."""
    catalog.load()
    try:
        return ORDERS[verb]
    except KeyError:
        orders = [
            name
            for name, spec in ORDERS.items()
            if giver is ANY_GIVER or (spec.actor is Actor.REFEREE) == (giver is None)
        ]
        if verb in TOOL_COMMANDS:
            raise InvalidOrderError(
                f"unknown order {verb!r}: {verb!r} is a command of the tool, not an order of "
                f"the game: `campaign {verb} NAME`"
            ) from None
        suggestion = did_you_mean(verb, orders)
        if suggestion:
            raise InvalidOrderError(f"unknown order {verb!r}{suggestion}") from None
        known = ", ".join(sorted(orders))
        raise InvalidOrderError(f"unknown order {verb!r}; known orders: {known}") from None


def offered_when(order_cls: type[Order]) -> Callable[[OfferCheck], OfferCheck]:
    """Decorator on ``fn(state, side, ruleset) -> bool``: ``legal_orders`` (given a ruleset)
    lists the order type only when it is True, so the UI never offers an order the handler
    always refuses in this state (DN-SEQ-2). The handler still checks everything."""

    def register(fn: OfferCheck) -> OfferCheck:
        OFFERED[_literal_type(order_cls)] = fn
        return fn

    return register


def shown_as(order_cls: type[Order]) -> Callable[[ShownAs], ShownAs]:
    """Decorator on ``fn(state) -> (template, summary) | None``: ``legal_orders`` shows the
    order type with that template and summary in a state where the order takes other
    arguments than usual (``None``: as registered), e.g. ``place-neutral SYSTEM CODE`` when
    the neutral counters are drawn at the table."""

    def register(fn: ShownAs) -> ShownAs:
        SHOWN[_literal_type(order_cls)] = fn
        return fn

    return register


def normalizes_orders(fn: Normalizer) -> Normalizer:
    """Decorator on ``fn(state, order) -> order``: ``engine.normalize`` runs it before every
    decision, so shorthand the player typed (e.g. ``b1`` for a battle id) is replaced by the
    canonical value in the decided order, its events and the logged notation. It may raise
    ``InvalidOrderError`` for a reference that names nothing."""
    NORMALIZERS.append(fn)
    return fn
