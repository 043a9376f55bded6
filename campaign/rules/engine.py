"""decide / evolve / fold: the pure core that turns orders into events and events into state.

- ``decide(state, order, ruleset, source)`` checks the phase and side (DN-SEQ-2), runs the order's
  registered handler, then settles the sequence: runs ``on_enter`` hooks of new steps and
  auto-advances idle steps. It returns the events; it never changes ``state``. A rejected order
  raises before any event exists, so nothing is stored and no die result is kept (DN-ERR-1).
- ``apply_event(state, event)`` mutates in place (used by replay); ``evolve`` copies first.
- ``fold(events)`` = the state after all events, from an empty state.

The last three live in ``campaign.rules.folding`` (so the flow and the narration can apply
events without importing the engine) and are re-exported here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator

from msgspec import Struct

from campaign.rules import catalog, fairplay
from campaign.rules.base import Event, Order
from campaign.rules.canonical import sha256_hex
from campaign.rules.dice import (
    Dice,
    DiceSource,
    EnteredDice,
    MissingDiceError,
    NoDice,
    RerollNeedsDice,
    RollContext,
    reroll_refusal,
    wrong_dice_count,
)
from campaign.rules.economy.victory import game_over_refusal
from campaign.rules.errors import (
    CampaignError,
    EngineBugError,
    IllegalOrderError,
    KindHidden,
    WaitingError,
)
from campaign.rules.flow import (
    CampaignStarted,
    MapAssembled,
    PhaseAdvanced,
    PhaseEnded,
    advance_events,
    has_passed,
)
from campaign.rules.folding import apply_event as apply_event
from campaign.rules.folding import as_stored as as_stored
from campaign.rules.folding import evolve as evolve
from campaign.rules.folding import fold as fold
from campaign.rules.ids import Side
from campaign.rules.instead import instead
from campaign.rules.naming import check_names, system_ids
from campaign.rules.notation import parse_order
from campaign.rules.phases import Actor, Phase, SubPhase
from campaign.rules.registry import (
    HOOKS,
    OFFERED,
    EnterHook,
    OrderSpec,
    TurnEndHook,
    end_checks_of,
    idle_hooks_of,
    in_catalog_order,
    normalizers,
    order_spec,
    order_specs,
)
from campaign.rules.ruleset import Ruleset
from campaign.rules.sequence import FLOW, LAST_PLAYER_STEP
from campaign.rules.state import CampaignState
from campaign.rules.views import seen_text

#: Starting RU of each side (DN-SET-1).
SETUP_RU = 99
_MAX_SETTLE = 64


def state_digest(state: CampaignState) -> str:
    """SHA-256 of the state's canonical text (seed games, turn files, snapshots). The text keeps
    the order of every collection, so two states that hold the same units in another order
    (and would bind dice or aliases differently) have different digests."""
    return sha256_hex(state.canonical_text())


def check_allowed(state: CampaignState, spec: OrderSpec, order: Order, ruleset: Ruleset) -> None:
    """Phase and side checks of DN-SEQ-2; raises ``IllegalOrderError`` naming the phase, or,
    once the game is over, who won and why (DN-VIC-1)."""
    step = FLOW[state.step]
    if step.phase is Phase.GAME_OVER and spec.actor is not Actor.REFEREE:
        raise game_over_refusal(state, ruleset)
    if not spec.accepts_step(step.phase, step.sub_phase):
        raise IllegalOrderError(
            "DN-SEQ-2",
            f"'{spec.verb}' is not allowed in the {step.label} phase "
            f"(game turn {state.turn}, {state.acting.value} to act)"
            f"{instead(spec.verb, step.phase, step.sub_phase)}",
        )
    if spec.actor is Actor.REFEREE:
        if order.side is not None:
            raise IllegalOrderError("DN-SEQ-2", f"'{spec.verb}' is a referee order")
        return
    if order.side is None or order.side is Side.NEUTRAL:
        raise IllegalOrderError("DN-SEQ-2", f"'{spec.verb}' must be given by a player side")
    if spec.actor is Actor.ACTING and order.side is not state.acting:
        raise IllegalOrderError(
            "DN-SEQ-2",
            f"it is {state.acting.value}'s turn to act in the {step.label} phase, "
            f"not {order.side.value}'s",
        )


def normalize(state: CampaignState, order: Order) -> Order:
    """``order`` with shorthand replaced by canonical values (``registry.normalizes_orders``),
    e.g. a short battle id ``b1`` by the full id; the service logs the normalized notation."""
    catalog.load()
    for normalizer in normalizers():
        order = normalizer(state, order)
    return order


class _Orderer:
    """``decide``'s default reader of a refusal: the side that gave the order."""


#: A refusal worded for the side that gave the order (a file's order, a replay).
ORDERER = _Orderer()


def decide(
    state: CampaignState,
    order: Order,
    ruleset: Ruleset,
    source: DiceSource | None = None,
    *,
    reader: Side | None | _Orderer = ORDERER,
) -> list[Event]:
    """The events ``order`` produces from ``state`` (see module docstring). Dice typed in for
    the order (``EnteredDice``) must be exactly as many as it rolls (DN-ERR-1). A refusal is
    worded for ``reader`` (face-down counters by alias, DN-NEU-1; None: the referee's seat,
    which reads every real id), by default the ordering side."""
    try:
        if isinstance(source, EnteredDice):
            return _decide_entered(state, order, ruleset, source)
        return _decide(state, order, ruleset, source)
    except CampaignError as error:
        eyes = order.side if isinstance(reader, _Orderer) else reader
        raise _as_seen_by(error, state, eyes) from None


def read_typed(
    state: CampaignState, text: str, ruleset: Ruleset, viewer: Side | None = None
) -> Order:
    """An order typed by a person (CLI, TUI, orders file), ready to decide: parsed, its names
    checked as ``viewer`` knows them (``naming.check_names``: a player names a neutral counter
    by its alias only, and a real id it cannot know is refused exactly as an id that does not
    exist, DN-NEU-1; ``viewer`` None is the referee), then normalized (aliases resolved)."""
    order = parse_typed(state, text, ruleset)
    check_names(state, ruleset, order, viewer)
    return normalize(state, order)


def parse_typed(state: CampaignState, text: str, ruleset: Ruleset) -> Order:
    """``parse_order`` of an order a person typed in ``state``: its usage as the state shows it
    and, for a bare word given for a place, the places of the map's systems it is close to."""
    return parse_order(text, state, system_ids(ruleset))


def _as_seen_by(error: CampaignError, state: CampaignState, viewer: Side | None) -> CampaignError:
    """``error`` as ``viewer`` reads it (``views.seen_text``): face-down counters named by their
    alias (DN-NEU-1: a refusal never tells a player the id, and so the kind, of a hidden
    neutral counter) and battles by their short id (``b1``), as every screen names them."""
    if isinstance(error, WaitingError):  # a wait names counters by alias (in fair mode the
        # alias is the id); the seat's own part in the second person
        return error.read_by(viewer.value if viewer is not None else None)
    if isinstance(error, IllegalOrderError):
        reason = seen_text(error.reason, state, viewer)
        return error if reason == error.reason else IllegalOrderError(error.rule_id, reason)
    message = seen_text(error.message, state, viewer)
    if message == error.message:
        return error
    try:
        return type(error)(message)
    except TypeError:  # pragma: no cover - decide raises only the one-message errors
        return error


def _decide_entered(
    state: CampaignState, order: Order, ruleset: Ruleset, source: EnteredDice
) -> list[Event]:
    """``decide`` with typed dice: refuse surplus and missing values, naming every roll."""
    try:
        events = _decide(state, order, ruleset, source)
    except RerollNeedsDice as tie:  # the handler knows exactly which dice the re-roll needs
        raise reroll_refusal(tie, source.asked, len(source.values), source.screen) from None
    except MissingDiceError:
        probe = source.padded()
        with contextlib.suppress(CampaignError):  # it failed only for lack of dice before
            _decide(state, order, ruleset, probe)
        raise wrong_dice_count(probe.asked, len(source.values), source.screen) from None
    if source.surplus:
        raise wrong_dice_count(source.asked, len(source.values), source.screen)
    return events


def _decide(
    state: CampaignState, order: Order, ruleset: Ruleset, source: DiceSource | None = None
) -> list[Event]:
    order = normalize(state, order)
    spec = order_spec(order.type)
    fairplay.check_not_waiting(state, spec.verb)  # a held order goes first (ADR 0028)
    check_allowed(state, spec, order, ruleset)
    if spec.handler is None:
        raise EngineBugError(f"order type {spec.verb!r} has no decide-handler")
    dice = Dice(source if source is not None else NoDice(), state)
    try:
        events = [as_stored(event) for event in spec.handler(state, order, ruleset, dice)]
        if dice.untaken:
            raise EngineBugError(
                f"{spec.verb}: dice rolled but not stored in an event: {dice.untaken}"
            )
        events += settle(state, events, ruleset, dice)
    except KindHidden as hidden:  # fair mode: hold the order, call the reveals (ADR 0028)
        if not fairplay.active(state) or spec.verb in fairplay.ALWAYS:
            raise EngineBugError(f"{spec.verb}: {hidden}") from None
        return [as_stored(fairplay.hold(state, order, hidden))]
    return events + _resume_held(state, events, ruleset, source)


def _resume_held(
    state: CampaignState, events: list[Event], ruleset: Ruleset, source: DiceSource | None
) -> list[Event]:
    """Fair mode: once the last card a held order waited for is revealed, that order is
    decided on the revealed state, within the decision that revealed it (ADR 0028)."""
    if not fairplay.active(state) or not events:
        return []
    scratch = state.clone()
    for event in events:
        apply_event(scratch, event)
    held = fairplay.resumable(scratch)
    if held is None:
        return []
    resumed = as_stored(fairplay.HeldOrderResumed(order=held))
    apply_event(scratch, resumed)
    dice = _Unswallowed(source if source is not None else NoDice())
    try:
        return [resumed, *_decide(scratch, parse_order(held), ruleset, dice)]
    except _DiceRefused as refused:
        raise refused.error from None
    except CampaignError as refused:
        return [as_stored(fairplay.HeldOrderLapsed(order=held, reason=refused.message))]


class _DiceRefused(Exception):
    """A dice source's refusal inside a resumed held order (``_Unswallowed``). Not a
    ``CampaignError``, so no refusal handler between the source and ``_resume_held`` takes
    it for the order's own refusal."""

    def __init__(self, error: CampaignError) -> None:
        super().__init__(error.message)
        self.error = error


class _Unswallowed:
    """``source`` for a resumed held order: a refusal of the source itself (strict dice: the
    other side's contribution is needed, or a file's order rolled dice its sender could not
    know) is the refusal of the decision that resumed it, never a lapse of the held order.
    Found by use, December 7, late night: a strict fair game's reveal that resumed a held
    landing logged ``held-order-lapsed`` with the wait's words, which read differently on the
    other machine, so the next file was refused as altered and the game stopped; the reveal
    is now held for the other side's dice (docs/turn-files.md, "With --fair")."""

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.by_hand = getattr(source, "by_hand", False)  # read by ``Dice.roll_to_reach``

    def draw(self, ctx: RollContext) -> int:
        try:
            return self.source.draw(ctx)
        except CampaignError as error:
            raise _DiceRefused(error) from None


class _Settler:
    """Works on a scratch copy: every produced event is applied at once and collected."""

    def __init__(self, scratch: CampaignState, ruleset: Ruleset, dice: Dice) -> None:
        self.scratch = scratch
        self.ruleset = ruleset
        self.dice = dice
        self.added: list[Event] = []
        dice.rebind(scratch)

    def emit(self, events: Iterable[Event]) -> None:
        for event in map(as_stored, events):
            apply_event(self.scratch, event)
            self.added.append(event)
        if self.dice.untaken:
            raise EngineBugError(f"hook rolled dice not stored in an event: {self.dice.untaken}")

    def leave_step(self, *, auto: bool) -> None:
        """Turn-end hooks (at the end of a player turn), then the ``phase-advanced`` event."""
        if self.scratch.step == LAST_PLAYER_STEP:
            for hook in turn_end_hooks():
                self.emit(hook(self.scratch, self.ruleset, self.dice))
        self.emit([advance_events(self.scratch, auto=auto)])

    def enter_step(self) -> None:
        """``on_enter`` hooks of the step just started."""
        step = FLOW[self.scratch.step]
        for phase, sub_phase, hook in enter_hooks():
            if phase is not None and phase is not step.phase:
                continue
            if sub_phase is not None and sub_phase is not step.sub_phase:
                continue
            self.emit(hook(self.scratch, self.ruleset, self.dice))

    def run(self, *, ended: bool, entered: bool) -> list[Event]:
        """Settle until the current step waits for a player decision."""
        for _ in range(_MAX_SETTLE):
            if ended:
                self.leave_step(auto=False)
                ended, entered = False, True
            elif entered:
                self.enter_step()
                entered = False
            elif _is_idle(self.scratch, self.ruleset):
                self.leave_step(auto=True)
                entered = True
            else:
                return self.added
        raise EngineBugError("the phase sequence did not settle (idle hooks loop)")


def settle(state: CampaignState, events: list[Event], ruleset: Ruleset, dice: Dice) -> list[Event]:
    """Events that follow automatically from ``events``: step changes, entry hooks, idle steps."""
    if not events:
        return []
    scratch = state.clone()
    for event in events:
        apply_event(scratch, event)
    settler = _Settler(scratch, ruleset, dice)
    ended = isinstance(events[-1], PhaseEnded)
    entered = any(isinstance(e, PhaseAdvanced) for e in events)
    try:
        return settler.run(ended=ended, entered=entered)
    except KindHidden:
        if ended or entered or not fairplay.active(state):
            raise  # an order that ends the step is held until the step can change
        return []  # fair mode: the step waits; ending it asks for the reveal (ADR 0028)


def _is_idle(state: CampaignState, ruleset: Ruleset) -> bool:
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return False
    manual = manual_stepping(state)
    if not manual and any(hook(state, ruleset) for hook in idle_hooks_of(phase)):
        return True  # with manual stepping even a finished step waits for end-phase (DN-SEQ-2)
    if has_passed(state, state.acting) and _may_end(state, ruleset):
        return True  # the acting side passed for the rest of this player turn (DN-SEQ-2)
    return not manual and nothing_to_decide(state, ruleset)


#: Orders that only end the step: they do not count as "something to decide".
STEP_ENDING = frozenset({"end-phase", "pass"})
#: ``state.game_slots`` key of the stepping option (``stepping`` order, ``flow.py``).
STEPPING_SLOT = "stepping"


def manual_stepping(state: CampaignState) -> bool:
    """True when the campaign option keeps every step until ``end-phase`` (DN-SEQ-2)."""
    return state.game_slots.get(STEPPING_SLOT) == "manual"


def nothing_to_decide(state: CampaignState, ruleset: Ruleset) -> bool:
    """True when no player has an order to give in this step but ``end-phase``, and the step
    may end (DN-SEQ-1/2): such a step ends by itself (``phase-advanced`` with ``auto``).

    Set-up steps never end this way (each side ends its own purchase and deployment)."""
    if state.phase.is_setup or not _may_end(state, ruleset):
        return False
    for side in (state.acting, state.acting.enemy):
        if next(_offered_orders(state, side, ruleset, STEP_ENDING), None) is not None:
            return False  # some order besides ending the step is offered to that side
    return True


class LegalOrder(Struct, frozen=True):
    """An order type ``side`` may give now, for the UI (``legal_orders``).

    ``side`` is the side that gives it (None: the referee), so a UI prefixes the template with
    the side that can actually give the order, e.g. the defender naming a target (DN-CBT-3)."""

    verb: str
    template: str
    rule: str
    summary: str
    side: Side | None = None

    @property
    def notation(self) -> str:
        """The template with its side prefix, ready to complete (``solomani target BATTLE ...``)."""
        return f"{self.side.value if self.side is not None else 'referee'} {self.template}"


def _may_end(state: CampaignState, ruleset: Ruleset | None) -> bool:
    if ruleset is None:
        return True
    try:
        for check in end_checks_of(state.phase):
            check(state, ruleset)
    except IllegalOrderError:
        return False
    return True


def enter_hooks() -> list[tuple[Phase | None, SubPhase | None, EnterHook]]:
    """The ``on_enter`` hooks in the order they run (``catalog.REGISTRATION_ORDER``)."""
    return in_catalog_order(HOOKS.enter, lambda entry: entry[2])


def turn_end_hooks() -> list[TurnEndHook]:
    """The end-of-player-turn hooks (DN-SEQ-3) in the order they run."""
    return in_catalog_order(HOOKS.turn_end, lambda hook: hook)


def legal_orders(
    state: CampaignState, side: Side | None, ruleset: Ruleset | None = None
) -> list[LegalOrder]:
    """Order types ``side`` (None = referee) may give in the current step, with rule ids.

    With ``ruleset``, ``end-phase`` is only listed when the phase may end now, and an order type
    with an ``offered_when`` check only when that check says ``side`` could give it now (e.g. a
    battle order only from the side the battle's stage waits for, DN-SEQ-2)."""
    return list(_offered_orders(state, side, ruleset))


def duty_rank(verb: str, *, ending_first: bool, optional: frozenset[str] = frozenset()) -> int:
    """Where an order of ``verb`` comes among the orders a duty suggests: 0 first, then 1,
    then 2. The orders that only end the step (``STEP_ENDING``) come after the step's own
    orders (``ending_first``: before them); ``optional`` verbs, allowed but never what the
    step waits for, come after both."""
    if verb in optional:
        return 2
    return 0 if (verb in STEP_ENDING) is ending_first else 1


def first_legal_order(
    state: CampaignState,
    side: Side | None,
    ruleset: Ruleset | None,
    *,
    ending_first: bool,
    optional: frozenset[str] = frozenset(),
) -> LegalOrder | None:
    """The first of ``legal_orders`` in ``duty_rank`` order, each rank in catalog order; None
    when none is legal. The order types after the first of rank 0 are not checked."""
    later: dict[int, LegalOrder] = {}
    for order in _offered_orders(state, side, ruleset):
        rank = duty_rank(order.verb, ending_first=ending_first, optional=optional)
        if rank == 0:
            return order
        later.setdefault(rank, order)
    return later[min(later)] if later else None


def _offered_orders(
    state: CampaignState,
    side: Side | None,
    ruleset: Ruleset | None,
    leaving_out: frozenset[str] = frozenset(),
) -> Iterator[LegalOrder]:
    """``legal_orders`` one at a time, in catalog order, without the verbs ``leaving_out``
    (a caller that needs only the first one checks no more order types than that)."""
    catalog.load()
    probe_step = FLOW[state.step]
    waiting = bool(fairplay.pending(state))  # fair mode: refused until the reveal (ADR 0028)
    for spec in order_specs():
        if spec.verb in leaving_out or (waiting and spec.verb not in fairplay.ALWAYS):
            continue
        if not spec.accepts_step(probe_step.phase, probe_step.sub_phase):
            continue
        if spec.actor is Actor.REFEREE and side is not None:
            continue
        if spec.actor is not Actor.REFEREE and side is None:
            continue
        if spec.actor is Actor.ACTING and side is not state.acting:
            continue
        if spec.verb == "end-phase" and not _may_end(state, ruleset):
            continue
        offered = OFFERED.get(spec.verb)
        if (
            offered is not None
            and ruleset is not None
            and not _offered(offered, state, side, ruleset)
        ):
            continue
        template, summary = spec.shown_in(state)
        yield LegalOrder(spec.verb, template, spec.rule, summary, side)


def _offered(
    offered: Callable[[CampaignState, Side | None, Ruleset], bool],
    state: CampaignState,
    side: Side | None,
    ruleset: Ruleset,
) -> bool:
    """An ``offered_when`` check; one that asks for a hidden kind (fair mode) offers the order,
    whose decision then holds it and calls the reveal (ADR 0028)."""
    try:
        return offered(state, side, ruleset)
    except KindHidden:
        return True


def start(
    campaign_id: str,
    ruleset: Ruleset,
    layout: MapAssembled,
    source: DiceSource | None = None,
    *,
    fair: bool = False,
) -> list[Event]:
    """The opening events of a campaign: started, map assembled (and fair mode chosen), then
    the first step's hooks (the neutral shuffle, DN-NEU-1) and any automatic transitions."""
    catalog.load()
    chosen = [fairplay.opening(ruleset)] if fair else []
    opening: list[Event] = [
        as_stored(event)
        for event in (
            CampaignStarted(
                campaign_id=campaign_id,
                profile_hash=ruleset.profile_hash,
                file_hashes=dict(ruleset.file_hashes),
                starting_ru=SETUP_RU,
            ),
            layout,
            *chosen,
        )
    ]
    scratch = fold(opening)
    dice = Dice(source if source is not None else NoDice(), scratch)
    return opening + _Settler(scratch, ruleset, dice).run(ended=False, entered=True)
