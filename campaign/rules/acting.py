"""Who must act now, and with which order (DN-SEQ-2, DN-CBT-3/7).

``state.acting`` is the side whose phase it is; inside the battle protocol the game often waits
for the other side (the defender names a target first, DN-CBT-3; the defender decides on
withdrawal first, DN-CBT-7). ``who_must_act`` says who the game waits for: battle duties first
(``combat.waiting``), then the acting side with its legal orders. The first duty is the one a
status line shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from campaign.rules import engine, fairplay
from campaign.rules.combat.waiting import Duty, battle_duties
from campaign.rules.economy.victory import game_over_line
from campaign.rules.engine import LegalOrder, duty_rank
from campaign.rules.errors import IllegalOrderError, Wait
from campaign.rules.flow import check_step_end
from campaign.rules.ids import Side
from campaign.rules.movement.refuel import refuel_advice
from campaign.rules.phases import Phase
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState

__all__ = [
    "Duty",
    "who_must_act",
    "acting_sentence",
    "first_duty",
    "duty_sentence",
    "side_to_act",
]


def who_must_act(
    state: CampaignState,
    ruleset: Ruleset | None = None,
    legal: Sequence[LegalOrder] | None = None,
) -> list[Duty]:
    """Everyone the game waits for now, the most urgent first (empty once the game is over).

    ``legal``: the acting side's legal orders (``engine.legal_orders`` with the same state and
    ruleset) when the caller has them already, so they are not worked out twice."""
    urgent = _urgent_duties(state, ruleset)
    if urgent is not None:
        return urgent
    legal = list(legal) if legal is not None else engine.legal_orders(state, state.acting, ruleset)
    done = _deployment_done(state, ruleset)
    optional = _optional_verbs(state)
    # the step's own orders first; once a deployment is complete, ending it comes first
    legal.sort(key=lambda order: duty_rank(order.verb, ending_first=done, optional=optional))
    return [_step_duty(state, tuple(order.notation for order in legal), ruleset)]


def side_to_act(state: CampaignState, duties: Sequence[Duty]) -> Side | None:
    """The side the game waits for now: the one side every duty of ``duties`` (``who_must_act``)
    names, else the side whose step it is (``state.acting``); None once the game is over. It
    differs from ``state.acting`` inside the battle protocol, where the defender names a unit
    first (DN-CBT-3) or decides on withdrawal first (DN-CBT-7): `campaign status` then reads
    "solomani to act (in aslan's step)", and its JSON gives both (found by use, December 7,
    late night: `acting` said "aslan" there, the text "solomani")."""
    if state.phase is Phase.GAME_OVER:
        return None
    sides = {duty.side for duty in duties}
    if len(sides) == 1:
        (side,) = sides
        if side is not None:
            return side
    return state.acting


def _urgent_duties(state: CampaignState, ruleset: Ruleset | None) -> list[Duty] | None:
    """What the game waits for before the step's own orders: nothing once it is over (an empty
    list), a pending reveal in fair mode (ADR 0028), a battle's stage; None when it waits for
    the acting side's orders of the step."""
    if state.phase is Phase.GAME_OVER:
        return []
    waits = fairplay.waits(state)  # fair mode: a pending reveal goes first
    if waits:
        return [_reveal_duty(state, wait) for wait in _by_side(waits)]
    return battle_duties(state, ruleset) or None


def _by_side(waits: Sequence[Wait]) -> list[Wait]:
    """``waits`` with one wait per side (and kind), naming every card it waits for in turn:
    ``waiting for aslan's reveal of N-X-3, N-X-4`` (found by use, December 7: a contact with
    six face-down counters listed twelve "must act now" lines, two a card)."""
    cards: dict[tuple[str | None, str], list[str]] = {}
    for wait in waits:
        cards.setdefault((wait.side, wait.what), []).append(wait.subject)
    return [Wait(side, what, ", ".join(subjects)) for (side, what), subjects in cards.items()]


def _step_duty(state: CampaignState, orders: tuple[str, ...], ruleset: Ruleset | None) -> Duty:
    """The acting side's duty to give one of ``orders`` in this step (DN-SEQ-2). In a
    movement step where ships halted for fuel can be refuelled, the order that does it comes
    first, with the reason (``refuel_advice``, DN-MOV-4; found by use, December 7, late night:
    the line suggested ``end-move STACK``, which ends a stack's move with its own tanker)."""
    step = state.phase.value + (f"/{state.sub_phase.value}" if state.sub_phase else "")
    advice = refuel_advice(state, ruleset) if ruleset is not None else None
    if advice is not None:
        rest = tuple(order for order in orders if order != advice.order)
        return Duty(
            state.acting, (advice.order, *rest), f"{step} phase: {advice.reason}", "DN-MOV-4"
        )
    return Duty(state.acting, orders, f"{step} phase", "DN-SEQ-2")


def _reveal_duty(state: CampaignState, wait: Wait) -> Duty:
    """The duty of one pending reveal: a side's share, or the reveal once both are in. Its
    machine gives either when the turn files go over: no order is suggested for typing
    (issue 42 item 6)."""
    side = Side(wait.side) if wait.side else state.acting
    return Duty(
        side,
        (),
        f"{wait.sentence} (its machine gives it when the turn files are exchanged)",
        "DN-NEU-1",
        own_reason=wait.own_sentence,
    )


#: Orders a combat step allows but never waits for: with no battle, PD fire or losses
#: pending, its duty is its own orders (``interact`` in the interaction step), else ending it.
COMBAT_OPTIONAL = frozenset({"load", "unload"})


#: Orders a movement step allows but never waits for: regrouping stacks and handling cargo.
#: Its duty is a move (``jump``, ``sublight``, ``end-move``, ``leave-box``), and once no stack
#: has one left, ending the step.
MOVEMENT_OPTIONAL = frozenset({"load", "unload", "form-stack", "split-stack", "merge-stacks"})


def _optional_verbs(state: CampaignState) -> frozenset[str]:
    """The verbs a duty suggests last in this step (``engine.duty_rank``): cargo orders in a
    combat step (found by use, December 7, night: "aslan must act: first-combat/space phase —
    aslan load CARGO CARRIER", as if loading were what the game waited for); stack and cargo
    orders in a movement step (found by use, December 7, late night: once every stack had
    moved, "aslan must act: first-movement phase — aslan form-stack LABEL UNITS")."""
    if state.phase.is_combat:
        return COMBAT_OPTIONAL
    return MOVEMENT_OPTIONAL if state.phase.is_movement else frozenset()


def _deployment_done(state: CampaignState, ruleset: Ruleset | None) -> bool:
    """True in a set-up deployment step that may end now (DN-SET-2): what is left (moving a
    placed unit, stacking, an unplaced PD) is optional, so the duty is ``end-phase``."""
    if state.phase is not Phase.SETUP_DEPLOY or ruleset is None:
        return False
    try:
        check_step_end(state, ruleset)
    except IllegalOrderError:
        return False
    return True


def acting_sentence(state: CampaignState, ruleset: Ruleset | None = None) -> str:
    """One line for a status bar: "solomani must act: battle b1 at hlirakh: the defender
    (solomani) names one of its units — solomani target b1 UNIT"; outside battles "aslan must
    act: first-movement phase — aslan jump STACK PATH" (``duty_sentence`` of ``first_duty``)."""
    return duty_sentence(state, first_duty(state, ruleset), ruleset)


def first_duty(state: CampaignState, ruleset: Ruleset | None = None) -> Duty | None:
    """The first duty of ``who_must_act`` (None once the game is over), whose first order is
    all a status line shows: outside battles and reveals, the acting side's legal orders are
    looked at only up to the one that comes first (``engine.first_legal_order``), not all of
    them (issue 47 item 2)."""
    duties = _urgent_duties(state, ruleset)
    if duties is None:
        legal = engine.first_legal_order(
            state,
            state.acting,
            ruleset,
            ending_first=_deployment_done(state, ruleset),
            optional=_optional_verbs(state),
        )
        duties = [_step_duty(state, (legal.notation,) if legal is not None else (), ruleset)]
    return duties[0] if duties else None


def duty_sentence(state: CampaignState, duty: Duty | None, ruleset: Ruleset | None) -> str:
    """The status bar's line for ``duty`` (None: the game is over): who must act, why, and
    the first of its orders when it has any; once the game is over, who won and why
    (``game_over_line``; found by use, December 7, night: the screens said only "the game is
    over: aslan won")."""
    if duty is None:
        over = game_over_line(state, ruleset) if ruleset is not None else None
        winner = state.winner.value if state.winner is not None else "nobody"
        return over or f"the game is over: {winner} won"
    who = duty.side.value if duty.side is not None else "referee"
    order = f" — {duty.orders[0]}" if duty.orders else ""
    return f"{who} must act: {duty.reason}{order}"
