"""Referee overrides: logged corrections with a reason (architecture property 4).

Undo never crosses a die roll; past that point the referee restores an earlier state with
``referee-restored`` (made by the service, which holds the log) or adjusts single values with
referee orders. Every override is an event with the referee's reason, visible in the log.
"""

import json
from typing import Annotated, Any, Literal

from msgspec import Meta

from campaign.rules.base import Event, Order
from campaign.rules.canonical import canonical_json
from campaign.rules.combat import book
from campaign.rules.dice import Dice
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import PLAYER_SIDES, Side, UnitCategory
from campaign.rules.movement.stacks import StackRelabelled
from campaign.rules.phases import Actor
from campaign.rules.registry import applies, decides, event_type, order_type
from campaign.rules.ruleset import Ruleset
from campaign.rules.setup_rules import (
    SURFACE_ONLY,
    check_cargo,
    check_one_pd_in_box,
    find_system,
    find_unit,
)
from campaign.rules.state import CampaignState, Location, Unit, Where
from campaign.rules.upcast import AddedField, VersionedEvent


@event_type
class RefereeRestored(VersionedEvent, frozen=True, kw_only=True):
    """The referee put the campaign back to its state after event ``to_seq``.

    ``state_text`` is that state's canonical text (``CampaignState.canonical_text``): a string,
    so the event's key-sorted JSON keeps the order of its units and bookkeeping (the aliases of
    face-down neutrals and the unit a die is bound to are the same as before the restore).
    Logs written before it carry ``state`` as a dict instead, whose keys were sorted on storage;
    the applier then puts the units back in the order they entered play."""

    type: Literal["referee-restored"] = "referee-restored"
    added_fields = {
        "state_text": AddedField(
            2, None, "0.1.0 wrote the restored state as the dict ``state`` only"
        )
    }
    reason: str
    to_seq: int
    state: dict[str, Any] | None = None
    state_text: str | None = None

    def __post_init__(self) -> None:
        if (self.state is None) == (self.state_text is None):
            raise ValueError("a referee-restored event carries exactly one of state, state_text")


def as_0_1_0_wrote_it(event: RefereeRestored) -> RefereeRestored:
    """``event`` in payload format 1, as 0.1.0 logged a referee undo: the restored state as the
    dict ``state`` (the state's key-sorted canonical JSON) instead of ``state_text``. Both
    restore the same state; a turn file that carries an undo 0.1.0 logged (sent by 0.1.0, or by
    a player who upgraded before sending it) carries this form, and its receiver, who computes
    the event again from his own log, must write it the same way for the chains to agree."""
    if event.state_text is None:
        return event
    state = CampaignState.from_canonical_text(event.state_text)
    return RefereeRestored(
        reason=event.reason, to_seq=event.to_seq, state=json.loads(canonical_json(state))
    )


@event_type
class RefereeAdjusted(Event, frozen=True, kw_only=True):
    """The referee changed RU, a unit's location or its disrupted flag."""

    type: Literal["referee-adjusted"] = "referee-adjusted"
    reason: str
    side: Side | None = None
    ru: int | None = None
    unit_id: str | None = None
    location: Location | None = None
    disrupted: bool | None = None


#: The most RU the referee may set (bounds the input; a whole game earns a few hundred).
MAX_RU = 10_000


@event_type
class DiceEntered(Event, frozen=True, kw_only=True):
    """The dice of this order batch were typed in, not drawn from the campaign's seed (DN-ERR-1).

    ``origin``: ``physical`` (a campaign created with physical dice) or ``referee-override`` (a
    seeded campaign, with the referee's ``reason``). ``values`` repeats the typed values in the
    order they were used; the rolls themselves stay in the events they decided. The service
    appends this event to the batch; it changes nothing in the state but the event count."""

    type: Literal["dice-entered"] = "dice-entered"
    origin: Literal["physical", "referee-override"]
    values: tuple[int, ...]
    reason: str | None = None


@order_type(
    phases=None,
    actor=Actor.REFEREE,
    rule="DN-ERR-1",
    summary="referee: set a side's RU, with a reason for the log",
    template='set-ru SIDE RU "REASON"',
)
class SetRu(Order, frozen=True, kw_only=True):
    """``referee set-ru aslan 40 "miscounted income"``."""

    type: Literal["set-ru"] = "set-ru"
    target: Side
    ru: Annotated[int, Meta(ge=0, le=MAX_RU)]
    reason: Annotated[str, Meta(min_length=1, max_length=500)]


@order_type(
    phases=None,
    actor=Actor.REFEREE,
    rule="DN-ERR-1",
    summary="referee: put a unit somewhere else and/or set its disrupted flag, with a reason",
    template='adjust-unit UNIT LOCATION yes|no|- "REASON"',
)
class AdjustUnit(Order, frozen=True, kw_only=True):
    """``referee adjust-unit A-CL-1 box:kiir no "set up wrongly"``."""

    type: Literal["adjust-unit"] = "adjust-unit"
    unit: str
    location: Location | None
    disrupted: bool | None
    reason: Annotated[str, Meta(min_length=1, max_length=500)]


@decides(SetRu)
def _decide_set_ru(state: CampaignState, order: SetRu, ruleset: Ruleset, dice: Dice) -> list[Event]:
    if order.target not in PLAYER_SIDES:
        raise IllegalOrderError("DN-ERR-1", "only player sides have RU")
    if state.ru[order.target] == order.ru:
        # a logged override that changes nothing would only blur the log (found by use)
        raise IllegalOrderError(
            "DN-ERR-1",
            f"{order.target.value} has {order.ru} RU already: nothing to set",
        )
    return [RefereeAdjusted(reason=order.reason, side=order.target, ru=order.ru)]


@decides(AdjustUnit)
def _decide_adjust(
    state: CampaignState, order: AdjustUnit, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    unit = find_unit(state, order.unit)
    _refuse_if_fighting(state, ruleset, unit.id)
    if order.location is not None and order.location.where is Where.CARRIED:
        # aboard only what could carry it (DN-MOV-7), as a deployment aboard is checked
        check_cargo(state, ruleset, unit, find_unit(state, order.location.carrier or ""))
    elif order.location is not None and order.location.system is not None:
        find_system(ruleset, order.location.system)
    moves = order.location is not None and order.location != unit.location
    flags = order.disrupted is not None and order.disrupted != unit.disrupted
    if not moves and not flags:  # named as typed: a player's alias stays an alias (DN-NEU-1)
        condition = "disrupted" if unit.disrupted else "not disrupted"
        raise IllegalOrderError(
            "DN-ERR-1",
            f"{order.unit} is already at {unit.location} and {condition}: nothing to adjust",
        )
    if moves and order.location is not None and order.location.on_map:
        _check_place(state, ruleset, unit, order.location)
    events: list[Event] = [
        RefereeAdjusted(
            reason=order.reason,
            unit_id=unit.id,
            location=order.location,
            disrupted=order.disrupted,
        )
    ]
    if moves and unit.stack is not None:
        # the rest of its stack stays where it is: a stack in two places could not move at
        # all (DN-MOV-2; found by use, December 7, late night)
        events.append(StackRelabelled(side=unit.owner, label=None, units=[unit.id]))
    return events


def _check_place(state: CampaignState, ruleset: Ruleset, unit: Unit, location: Location) -> None:
    """Refuse a place where no rule lets ``unit`` stand, as a deployment is refused: ground
    units and PD only in a surface box (or aboard), fighters not alone in a stellar hex, and
    one PD a box (DN-MOV-7, DN-MOV-10; found by use, December 7, late night: troops put in a
    stellar hex could neither move nor be loaded there)."""
    unit_type = ruleset.unit_type(unit.kind)
    if location.where is Where.HEX and unit_type.category in (*SURFACE_ONLY, UnitCategory.FIGHTER):
        raise IllegalOrderError(
            "DN-MOV-7",
            f"{unit.id} ({unit_type.name}) stands in a surface box or aboard a carrier, not in "
            "a stellar hex",
        )
    check_one_pd_in_box(state, ruleset, unit, location)


def _refuse_if_fighting(state: CampaignState, ruleset: Ruleset, unit_id: str) -> None:
    """Refuse to adjust a unit that fights an open space battle: the battle fights with its own
    copy of each unit (factors, disrupted flag), so a unit moved away went on fighting where it
    was (found by use). The referee adjusts it once the battle is over, or takes back the
    orders since the battle opened."""
    for battle_id, record in book.records(state).items():
        if record.is_open and any(fighter.uid == unit_id for fighter in record.battle.units):
            system = find_system(ruleset, record.battle.system).name
            raise IllegalOrderError(
                "DN-ERR-1",
                f"{unit_id} fights in the open battle {battle_id} at {system}: adjust it once "
                "the battle is over, or take back the orders since the battle opened "
                "(undo --referee REASON)",
            )


@applies(RefereeAdjusted)
def _apply_adjusted(state: CampaignState, event: RefereeAdjusted) -> None:
    if event.side is not None and event.ru is not None:
        state.ru[event.side] = event.ru
    if event.unit_id is not None:
        unit = state.units[event.unit_id]
        if event.location is not None:
            unit.location = event.location
        if event.disrupted is not None:
            unit.disrupted = event.disrupted


@applies(DiceEntered)
def _apply_dice_entered(state: CampaignState, event: DiceEntered) -> None:
    """Nothing to change: the record is for the log and for ``campaign verify``."""


@applies(RefereeRestored)
def _apply_restored(state: CampaignState, event: RefereeRestored) -> None:
    if event.state_text is not None:
        restored = CampaignState.from_canonical_text(event.state_text)
    else:  # an older log: units come back key-sorted; creation order is the current one's
        restored = CampaignState.model_validate(event.state)
        order = {uid: n for n, uid in enumerate(state.units)}
        restored.units = dict(
            sorted(restored.units.items(), key=lambda item: order.get(item[0], len(order)))
        )
    applied = state.events_applied
    for name in CampaignState.model_fields:
        setattr(state, name, getattr(restored, name))
    state.events_applied = applied


@event_type
class RulesetRepinned(Event, frozen=True, kw_only=True):
    """The referee accepted changed data files (DN-DATA-4): the new hashes are pinned."""

    type: Literal["ruleset-repinned"] = "ruleset-repinned"
    reason: str
    file_hashes: dict[str, str]
    profile_hash: str


@applies(RulesetRepinned)
def _apply_repinned(state: CampaignState, event: RulesetRepinned) -> None:
    state.profile_hash = event.profile_hash
