"""Moving along the sequence of play (DN-SEQ-1..3): the phase-transition events and orders.

The table of steps itself is data in ``campaign.rules.sequence`` (``FLOW``). After the last step
of a player turn the turn-end hooks run (victory, DN-SEQ-3) and the table wraps to Maintenance &
Production of the other player; after the Solomani player turn the game turn advances.

A step ends by the ``end-phase`` order of the acting side (checked by ``end_check`` hooks) or by
itself when an ``idle_when`` hook says nothing is left to decide; both are logged as
``phase-advanced`` events (``auto`` tells which).
"""

from typing import Any, Literal

from msgspec import Struct

from campaign.rules.base import Event, Order
from campaign.rules.canonical import digest
from campaign.rules.dice import Dice
from campaign.rules.errors import IllegalOrderError
from campaign.rules.folding import apply_event
from campaign.rules.ids import Side
from campaign.rules.offers import accepted
from campaign.rules.phases import Actor
from campaign.rules.registry import (
    applies,
    decides,
    end_checks_of,
    event_type,
    offered_when,
    order_type,
    pass_defaults_of,
)
from campaign.rules.ruleset import Ruleset, StarMap
from campaign.rules.sequence import (
    FIRST_PLAYER,
    FIRST_PLAYER_STEP,
    GAME_OVER_STEP,
    LAST_PLAYER_STEP,
    PLAYER_TURN_PHASES,
    actor_of,
    step_name,
)
from campaign.rules.sequence import FLOW as FLOW  # re-exported: the read side imports it here
from campaign.rules.state import CampaignState


class Position(Struct, frozen=True):
    """Where the sequence stands: step index, game turn, phasing side, acting side."""

    step: int
    turn: int
    phasing: Side
    acting: Side


def next_position(state: CampaignState) -> Position:
    """The step that follows the current one (DN-SEQ-1), ignoring the winner check."""
    if state.winner is not None or state.step == GAME_OVER_STEP:
        return Position(GAME_OVER_STEP, state.turn, state.phasing, state.acting)
    if state.step < LAST_PLAYER_STEP:
        step = state.step + 1
        turn = max(state.turn, 1) if step >= FIRST_PLAYER_STEP else state.turn
        phasing = FIRST_PLAYER if state.step < FIRST_PLAYER_STEP else state.phasing
        return Position(step, turn, phasing, actor_of(FLOW[step], phasing))
    # end of a player turn: the other player's turn, or the next game turn
    if state.phasing is FIRST_PLAYER:
        phasing, turn = FIRST_PLAYER.enemy, state.turn
    else:
        phasing, turn = FIRST_PLAYER, state.turn + 1
    return Position(FIRST_PLAYER_STEP, turn, phasing, actor_of(FLOW[FIRST_PLAYER_STEP], phasing))


# --- events ------------------------------------------------------------------------------------


@event_type
class CampaignStarted(Event, frozen=True, kw_only=True):
    """First event of every campaign: identity, rules profile and starting RU (DN-SET-1)."""

    type: Literal["campaign-started"] = "campaign-started"
    campaign_id: str
    profile_hash: str
    file_hashes: dict[str, str]
    starting_ru: int


@event_type
class MapAssembled(Event, frozen=True, kw_only=True):
    """The map in play (DN-MAP-5): a named layout or a seeded random assembly, as placed."""

    type: Literal["map-assembled"] = "map-assembled"
    layout: dict[str, Any]


@event_type
class PhaseEnded(Event, frozen=True, kw_only=True):
    """The acting side ended the step explicitly (``end-phase``)."""

    type: Literal["phase-ended"] = "phase-ended"
    side: Side
    step: int


@event_type
class PhaseAdvanced(Event, frozen=True, kw_only=True):
    """A new step starts (explicitly after ``phase-ended`` or automatically, ``auto``)."""

    type: Literal["phase-advanced"] = "phase-advanced"
    step: int
    turn: int
    phasing: Side
    acting: Side
    auto: bool = False


def layout_record(star_map: StarMap) -> dict[str, Any]:
    """What the ``map-assembled`` event logs about the map in play (DN-MAP-5)."""
    return {
        "layout": star_map.layout,
        "seed": star_map.seed,
        "sections": list(star_map.sections),
        "homes": {side.value: name for side, name in star_map.homes.items()},
        "placements": [p.model_dump(mode="json") for p in star_map.placements],
    }


@applies(CampaignStarted)
def _apply_started(state: CampaignState, event: CampaignStarted) -> None:
    state.campaign_id = event.campaign_id
    state.profile_hash = event.profile_hash
    state.step = 0
    state.acting = actor_of(FLOW[0], FIRST_PLAYER)
    state.phasing = FIRST_PLAYER
    state.ru = {side: event.starting_ru for side in (Side.ASLAN, Side.SOLOMANI)}


@applies(MapAssembled)
def _apply_map(state: CampaignState, event: MapAssembled) -> None:
    state.layout = dict(event.layout)


@applies(PhaseEnded)
def _apply_phase_ended(state: CampaignState, event: PhaseEnded) -> None:
    """Nothing changes: the following ``phase-advanced`` moves the sequence on."""


@applies(PhaseAdvanced)
def _apply_advanced(state: CampaignState, event: PhaseAdvanced) -> None:
    new_player_turn = event.step == FIRST_PLAYER_STEP and state.step != FIRST_PLAYER_STEP
    leaving = state.acting
    if not new_player_turn and event.acting is not leaving and has_passed(state, leaving):
        # the other side acts now: the pass holds past its steps only if it changes nothing
        state.turn_slots.setdefault(PASS_HELD_SLOT, {})[leaving.value] = situation(state)
    state.step = event.step
    state.turn = event.turn
    state.phasing = event.phasing
    state.acting = event.acting
    state.slots = {}
    state.dice_counts = {}
    if new_player_turn:
        state.turn_slots = {}


# --- the end-phase order --------------------------------------------------------------------


@order_type(
    phases=None,
    rule="DN-SEQ-2",
    summary="end the current phase (or sub-phase) and go on to the next one",
    template="end-phase",
)
class EndPhase(Order, frozen=True, kw_only=True):
    """``aslan end-phase``: the acting side is done with the current step."""

    type: Literal["end-phase"] = "end-phase"


@decides(EndPhase)
def _decide_end_phase(
    state: CampaignState, order: EndPhase, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    check_step_end(state, ruleset)
    if order.side is None:  # pragma: no cover - actor check rejects this earlier
        raise IllegalOrderError("DN-SEQ-2", "only a player side can end a phase")
    return [PhaseEnded(side=order.side, step=state.step)]


#: ``state.turn_slots`` key: the sides that passed for the rest of this player turn.
PASSED_SLOT = "passed"


#: ``state.turn_slots`` key: per passed side, the ``situation`` when the other side began to
#: act after the pass; the pass holds past the other side's steps only if it is unchanged.
PASS_HELD_SLOT = "pass_held"


@order_type(
    phases=PLAYER_TURN_PHASES,
    rule="DN-SEQ-2",
    summary="end this step and your later steps of this player turn (maintenance by default); "
    "stops where a decision is needed, and after the other side's steps if it changed "
    "anything",
    template="pass",
)
class Pass(Order, frozen=True, kw_only=True):
    """``aslan pass``: nothing more from me this player turn unless the rules need me.

    Before the other side's steps the pass is held: it carries on past them only if the other
    side changed nothing (moved, fought, loaded); otherwise the passed side acts again."""

    type: Literal["pass"] = "pass"


@event_type
class TurnPassed(Event, frozen=True, kw_only=True):
    """``side`` passed: its later steps of this player turn end by themselves (DN-SEQ-2)."""

    type: Literal["turn-passed"] = "turn-passed"
    side: Side


def check_step_end(state: CampaignState, ruleset: Ruleset) -> None:
    """Run the ``end_check`` hooks of the current phase (``IllegalOrderError`` if premature)."""
    for check in end_checks_of(state.phase):
        check(state, ruleset)


@offered_when(Pass)
def _pass_offered(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Offered when the handler accepts it: the step could end once the pass's default
    decisions are taken, or it waits for a real choice the pass leaves open."""
    return side is not None and accepted(state, ruleset, [Pass(side=side)])


def pass_defaults(
    state: CampaignState, ruleset: Ruleset, dice: Dice, side: Side
) -> tuple[list[Event], bool, CampaignState]:
    """The events of the decisions a pass by ``side`` takes by default in this step (the
    ``on_pass`` hooks, e.g. maintenance, DN-ECO-7), whether a real choice remains, and the
    state after those events (``state`` itself when there are none)."""
    scratch = state
    events: list[Event] = []
    waiting = False
    for hook in pass_defaults_of(state.phase):
        found = hook(scratch, ruleset, dice, side)
        if found is None:
            waiting = True
            continue
        if found and scratch is state:
            scratch = state.clone()
        for event in found:
            apply_event(scratch, event)
        events += found
    return events, waiting, scratch


@decides(Pass)
def _decide_pass(state: CampaignState, order: Pass, ruleset: Ruleset, dice: Dice) -> list[Event]:
    if order.side is None:  # pragma: no cover - actor check rejects this earlier
        raise IllegalOrderError("DN-SEQ-2", "only a player side can pass")
    defaults, waiting, after = pass_defaults(state, ruleset, dice, order.side)
    if waiting and not has_passed(state, order.side):
        return [*defaults, TurnPassed(side=order.side)]  # the step waits for the choice
    check_step_end(after, ruleset)
    return [*defaults, TurnPassed(side=order.side), PhaseEnded(side=order.side, step=state.step)]


@applies(TurnPassed)
def _apply_passed(state: CampaignState, event: TurnPassed) -> None:
    passed = state.turn_slots.setdefault(PASSED_SLOT, [])
    if event.side.value not in passed:
        passed.append(event.side.value)
    state.turn_slots.get(PASS_HELD_SLOT, {}).pop(event.side.value, None)


def situation(state: CampaignState) -> str:
    """A digest of where every unit is and in what condition: what the other side changes by
    acting (moving, fighting, loading) while a pass is held (DN-SEQ-2)."""
    return digest(
        sorted(
            (u.id, u.location.to_text(), u.disrupted, u.owner.value) for u in state.units.values()
        )
    )


def has_passed(state: CampaignState, side: Side) -> bool:
    """True when ``side`` passed for the rest of the current player turn (``pass``) and the
    pass still holds: it lapses when the other side, acting after the pass, changed the
    situation (DN-SEQ-2)."""
    if side.value not in state.turn_slots.get(PASSED_SLOT, []):
        return False
    held = state.turn_slots.get(PASS_HELD_SLOT, {}).get(side.value)
    return held is None or held == situation(state)


def pass_lapsed(state: CampaignState, side: Side) -> bool:
    """True when ``side`` passed but the other side changed the situation since (DN-SEQ-2)."""
    return side.value in state.turn_slots.get(PASSED_SLOT, []) and not has_passed(state, side)


def pass_reach(state: CampaignState, side: Side) -> str:
    """How far a pass ``side`` gives now reaches, in words (DN-SEQ-1/2): its own steps up to
    the first step of the other side, and its later steps only if the other side changes
    nothing."""
    later = FLOW[state.step + 1 : LAST_PLAYER_STEP + 1] if state.step >= FIRST_PLAYER_STEP else ()
    others = [n for n, step in enumerate(later) if actor_of(step, state.phasing) is not side]
    after = (
        [step for step in later[others[0] :] if actor_of(step, state.phasing) is side]
        if others
        else []
    )
    if not after:
        return "their steps end for the rest of this player turn"
    enemy = side.enemy.value.title()
    rest = " and ".join(dict.fromkeys(step_name(step) for step in after))
    return (
        f"their steps end up to {step_name(later[others[0]])} (the {enemy} act); {rest} "
        f"end too unless the {enemy} change the situation"
    )


def advance_events(state: CampaignState, *, auto: bool) -> PhaseAdvanced:
    """The ``phase-advanced`` event leading out of the current step."""
    position = next_position(state)
    return PhaseAdvanced(
        step=position.step,
        turn=position.turn,
        phasing=position.phasing,
        acting=position.acting,
        auto=auto,
    )


# --- the stepping option ------------------------------------------------------------------------


@order_type(
    phases=None,
    actor=Actor.REFEREE,
    rule="DN-SEQ-2",
    summary="referee: 'manual' keeps every step until end-phase; 'auto' (default) ends a step "
    "in which nobody has an order to give",
    template="stepping manual|auto",
)
class Stepping(Order, frozen=True, kw_only=True):
    """``referee stepping manual``: a referee who wants to pause at every step."""

    type: Literal["stepping"] = "stepping"
    mode: Literal["manual", "auto"]


@event_type
class SteppingSet(Event, frozen=True, kw_only=True):
    """The stepping option of the campaign changed (logged like every referee decision)."""

    type: Literal["stepping-set"] = "stepping-set"
    mode: Literal["manual", "auto"]


@decides(Stepping)
def _decide_stepping(
    state: CampaignState, order: Stepping, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    return [SteppingSet(mode=order.mode)]


@applies(SteppingSet)
def _apply_stepping(state: CampaignState, event: SteppingSet) -> None:
    if event.mode == "manual":
        state.game_slots["stepping"] = "manual"
    else:
        state.game_slots.pop("stepping", None)
