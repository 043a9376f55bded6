"""Stacks: form, split and merge (a stack is a label on its units, ``Unit.stack``).

A stack is a group of one side's self-propelled ships standing in the same place (stellar hex
or surface box); it moves as one (``jump STACK ...``). Cargo is not a stack member: it rides its
carrier. Stacks may be regrouped whenever the side acts in set-up deployment, production or a
movement phase; regrouping is not movement, so it neither finishes anyone nor rolls dice.
"""

import re
from typing import Literal

from campaign.rules.base import Event, Order
from campaign.rules.dice import Dice
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import Side
from campaign.rules.movement.groups import (
    MOVEMENT_PHASES,
    in_play,
    resolve,
    stack_units,
    standing,
)
from campaign.rules.movement.presence import SELF_PROPELLED
from campaign.rules.phases import Phase
from campaign.rules.registry import applies, decides, event_type, order_type
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Unit

STACK_PHASES = (Phase.SETUP_DEPLOY, Phase.PRODUCTION, *MOVEMENT_PHASES)
_LABEL = re.compile(r"^[A-Za-z][A-Za-z0-9_.]{0,23}$")


@order_type(
    phases=STACK_PHASES,
    rule="DN-MOV-2",
    summary="form a new stack LABEL from ships standing in the same place",
    template="form-stack LABEL UNITS",
)
class FormStack(Order, frozen=True, kw_only=True):
    """``aslan form-stack s1 A-CL-1,A-DD-2``."""

    type: Literal["form-stack"] = "form-stack"
    label: str
    units: list[str]


@order_type(
    phases=STACK_PHASES,
    rule="DN-MOV-2",
    summary="split UNITS off STACK into stack LABEL ('-' leaves them unstacked)",
    template="split-stack STACK LABEL UNITS",
)
class SplitStack(Order, frozen=True, kw_only=True):
    """``aslan split-stack s1 s2 A-DD-2``."""

    type: Literal["split-stack"] = "split-stack"
    stack: str
    label: str | None
    units: list[str]


@order_type(
    phases=STACK_PHASES,
    rule="DN-MOV-2",
    summary="merge stacks or lone ships OTHERS into STACK (same place)",
    template="merge-stacks STACK OTHERS",
)
class MergeStacks(Order, frozen=True, kw_only=True):
    """``aslan merge-stacks s1 s2,A-CR-4``."""

    type: Literal["merge-stacks"] = "merge-stacks"
    stack: str
    others: list[str]


@event_type
class StackRelabelled(Event, frozen=True, kw_only=True):
    """``units`` now carry stack label ``label`` (``None``: unstacked)."""

    type: Literal["stack-relabelled"] = "stack-relabelled"
    side: Side
    label: str | None
    units: list[str]


def _side(order: Order) -> Side:
    if order.side is None:
        raise IllegalOrderError("DN-SEQ-2", f"'{order.type}' must be given by a player side")
    return order.side


def _check_label(state: CampaignState, side: Side, label: str) -> None:
    if not _LABEL.match(label):
        raise InvalidOrderError(
            f"bad stack label {label!r}: a letter, then up to 23 letters, digits, '_' or '.'",
            "DN-MOV-2",
        )
    if label in state.units:
        raise InvalidOrderError(f"stack label {label!r} is a unit id", "DN-MOV-2")
    if stack_units(state, side, label):  # the other side's labels are its own (issue 45)
        raise IllegalOrderError("DN-MOV-2", f"stack {label} already exists: use merge-stacks")


def _refuse_repeats(ids: list[str]) -> None:
    """Refuse units an order names more than once (DN-MOV-2; found by use, December 7, night:
    ``split-stack main y A-B1-1,A-B1-1`` was accepted, "Stack y: A-B1-1, A-B1-1")."""
    repeated = sorted({unit_id for unit_id in ids if ids.count(unit_id) > 1})
    if repeated:
        raise InvalidOrderError(f"DN-MOV-2: {', '.join(repeated)} named more than once")


def _ships(state: CampaignState, ruleset: Ruleset, side: Side, ids: list[str]) -> list[Unit]:
    """Own, self-propelled units standing together (not cargo)."""
    if not ids:
        raise InvalidOrderError("name at least one unit", "DN-MOV-2")
    _refuse_repeats(ids)
    units = []
    for unit_id in ids:
        unit = state.units.get(unit_id)
        if unit is None or not in_play(unit):
            raise InvalidOrderError(f"unknown unit {unit_id!r}")
        if unit.owner is not side:
            raise IllegalOrderError("DN-SEQ-2", f"{unit.id} is not one of {side.value}'s units")
        if ruleset.unit_type(unit.kind).category not in SELF_PROPELLED or not unit.location.on_map:
            raise IllegalOrderError(
                "DN-MOV-7", f"{unit.id} is not a ship on the map: only ships form stacks"
            )
        units.append(unit)
    _same_place(units, ruleset)
    return units


def _same_place(units: list[Unit], ruleset: Ruleset) -> None:
    if len({u.location for u in units}) > 1:
        raise IllegalOrderError(
            "DN-MOV-2", f"a stack stands in one place: {standing(units, ruleset)}"
        )


@decides(FormStack)
def decide_form(
    state: CampaignState, order: FormStack, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    """A new stack from ships in one place (taking them out of their old stacks)."""
    side = _side(order)
    _check_label(state, side, order.label)
    units = _ships(state, ruleset, side, order.units)
    return [StackRelabelled(side=side, label=order.label, units=[u.id for u in units])]


@decides(SplitStack)
def decide_split(
    state: CampaignState, order: SplitStack, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    """Some members of a stack leave it, into a new stack or unstacked."""
    side = _side(order)
    group = resolve(state, side, order.stack, ruleset)
    if group.stack is None:
        raise IllegalOrderError(
            "DN-MOV-2",
            f"{order.stack} is in no stack: only a stack's ships split off "
            "(form-stack LABEL UNITS forms one)",
        )
    _refuse_repeats(list(order.units))
    outsiders = [u for u in order.units if u not in group.ids]
    if outsiders:  # the stack's ships named (found by use, December 7, night: only "not in")
        verb = "is" if len(outsiders) == 1 else "are"
        raise IllegalOrderError(
            "DN-MOV-2",
            f"{', '.join(outsiders)} {verb} not in stack {order.stack} "
            f"(it holds {', '.join(group.ids)})",
        )
    if order.label == order.stack:  # found by use, December 7, late night: it read "stack
        # main already exists: use merge-stacks"
        one = len(order.units) == 1
        raise IllegalOrderError(
            "DN-MOV-2",
            f"{', '.join(order.units)} {'is' if one else 'are'} in stack {order.stack} already: "
            f"split {'it' if one else 'them'} off under a new label, or '-' to leave "
            f"{'it' if one else 'them'} unstacked",
        )
    if order.label is not None:
        _check_label(state, side, order.label)
    return [StackRelabelled(side=side, label=order.label, units=list(order.units))]


@decides(MergeStacks)
def decide_merge(
    state: CampaignState, order: MergeStacks, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    """Stacks or lone ships join ``stack`` (which may be a new label) in the same place."""
    side = _side(order)
    group = resolve(state, side, order.stack, ruleset)
    if group.stack is None:
        raise IllegalOrderError(
            "DN-MOV-2", f"{order.stack} is in no stack: form-stack LABEL UNITS forms one"
        )
    target = group.units
    joining: list[Unit] = []
    for n, name in enumerate(order.others):  # found by use: "merge-stacks main main" was
        if name in (order.stack, *order.others[:n]):  # answered with main's ships
            what = f"stack {name}" if name == order.stack or name not in state.units else name
            raise InvalidOrderError(f"DN-MOV-2: {what} is named twice")
        joining.extend(resolve(state, side, name, ruleset).units)
    units = _ships(state, ruleset, side, [u.id for u in (*target, *joining)])
    return [StackRelabelled(side=side, label=order.stack, units=[u.id for u in units])]


@applies(StackRelabelled)
def apply_relabelled(state: CampaignState, event: StackRelabelled) -> None:
    """Set the stack label of every unit named."""
    for unit_id in event.units:
        state.units[unit_id].stack = event.label
