"""Interaction and surface combat as orders and events (DN-INT-1..5, DN-GND-1..2, DN-REA-1).

Interaction sub-phase (acting side): ``interact SYS LAND BOMBARD DROPS`` — land on a friendly
box, or bombard (``SHIP>TARGET``), take PD fire and land on a hostile or neutral one, dropping
jump troops from transports in orbit; ``lift-off SYS UNITS`` moves own ships from the box to the
stellar hex. Surface sub-phase: ground combat is resolved by itself in every box where hostile
sides meet (``ground-fought``), on entering the sub-phase.
"""

from collections.abc import Iterator
from typing import Literal

from campaign.rules.base import Event, Order
from campaign.rules.candidates import candidates_for
from campaign.rules.combat import book
from campaign.rules.combat.detect import (
    box_units,
    check_reaction_units,
    pair_order,
    reaction_participants,
)
from campaign.rules.combat.ground import (
    GroundResult,
    fights_in_box,
    ground_forces,
    resolve_ground,
)
from campaign.rules.combat.interaction import (
    InteractionPlan,
    InteractionResult,
    check_interaction,
    check_lift_off,
    pd_fire_owner,
    resolve_interaction,
)
from campaign.rules.combat.model import Combatant
from campaign.rules.combat.space_events import eliminate, move_units
from campaign.rules.combat.space_orders import COMBAT_PHASES
from campaign.rules.combat.surface import BoxUnit
from campaign.rules.dice import Dice
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import CombatResult, Side, UnitCategory, UnitFlag
from campaign.rules.offers import accepted
from campaign.rules.phases import Actor, Phase, SubPhase
from campaign.rules.registry import (
    applies,
    decides,
    end_check,
    event_type,
    offered_when,
    on_enter,
    order_type,
)
from campaign.rules.ruleset import Ruleset
from campaign.rules.setup_rules import find_system
from campaign.rules.state import CampaignState, Location, Where


@event_type
class Interacted(Event, frozen=True, kw_only=True):
    """What the acting side's ships did to one surface box (DN-INT-1..4)."""

    type: Literal["interacted"] = "interacted"
    system: str
    result: InteractionResult


@event_type
class LiftedOff(Event, frozen=True, kw_only=True):
    """Ships moved from the surface box to the stellar hex (DN-INT-5)."""

    type: Literal["lifted-off"] = "lifted-off"
    system: str
    units: list[str]


@event_type
class GroundFought(Event, frozen=True, kw_only=True):
    """Surface combat in one box (DN-GND-1/2); dice in ``rolls``."""

    type: Literal["ground-fought"] = "ground-fought"
    result: GroundResult
    removed: list[str]  # removed now: DN-GND-1, neutral losses, and losses with no choice
    pending: dict[Side, int] = {}  # losses each player still chooses (``remove-losses``)


@event_type
class LossesRemoved(Event, frozen=True, kw_only=True):
    """The owner's choice of the units its ground combat losses remove (DN-GND-2)."""

    type: Literal["losses-removed"] = "losses-removed"
    system: str
    side: Side
    units: list[str]


@order_type(
    phases=COMBAT_PHASES,
    sub_phases=[SubPhase.SURFACE],
    actor=Actor.EITHER,
    rule="DN-GND-2",
    summary="choose the units your ground combat losses remove",
    template="remove-losses SYS UNITS",
)
class RemoveLosses(Order, frozen=True, kw_only=True):
    type: Literal["remove-losses"] = "remove-losses"
    system: str
    units: list[str]


@order_type(
    phases=COMBAT_PHASES,
    sub_phases=[SubPhase.INTERACTION],
    rule="DN-INT-1",
    summary="land on a friendly box, or bombard / take PD fire / land on a hostile one",
    template="interact SYS LAND BOMBARD DROPS",
)
class Interact(Order, frozen=True, kw_only=True):
    type: Literal["interact"] = "interact"
    system: str
    land: list[str] = []
    bombard: list[str] = []  # "SHIP>TARGET"
    drops: list[str] = []


@order_type(
    phases=COMBAT_PHASES,
    sub_phases=[SubPhase.INTERACTION],
    actor=Actor.EITHER,
    rule="DN-INT-2",
    summary="the PD owner names the ship each PD marker fires at",
    template="pd-fire SYS PD>SHIP",
)
class PdFire(Order, frozen=True, kw_only=True):
    type: Literal["pd-fire"] = "pd-fire"
    system: str
    targets: list[str] = []


@event_type
class InteractionDeclared(Event, frozen=True, kw_only=True):
    """The acting side's interaction, waiting for the PD owner's targets (DN-INT-1/2)."""

    type: Literal["interaction-declared"] = "interaction-declared"
    system: str
    plan: InteractionPlan
    pd_owner: Side


@order_type(
    phases=COMBAT_PHASES,
    sub_phases=[SubPhase.INTERACTION],
    rule="DN-INT-5",
    summary="lift ships off from the surface box to the stellar hex",
    template="lift-off SYS UNITS",
)
class LiftOff(Order, frozen=True, kw_only=True):
    type: Literal["lift-off"] = "lift-off"
    system: str
    units: list[str]


def _may_act(state: CampaignState, uid: str) -> bool:
    """In Reaction Combat only the reaction stack and friends in its system act (DN-REA-1)."""
    if state.phase is not Phase.REACTION_COMBAT:
        return True
    return uid in reaction_participants(state)[1]


def _orbit(state: CampaignState, ruleset: Ruleset, system: str) -> list[Combatant]:
    """The acting side's ships in the stellar hex that may act now. Whose and where a unit is
    is asked before its kind: in fair mode the kind of a face-down counter is known only once
    revealed, and asking it calls the reveal of its whole system (found by use, December 7,
    late night: a landing in Solace called the counters of every system with one, a held
    round trip each, and both machines learned kinds no rule needed; ADR 0028)."""
    ships = []
    for unit in state.units.values():
        place = unit.location
        if unit.owner is not state.acting or place.where is not Where.HEX:
            continue
        if place.system != system:
            continue
        unit_type = ruleset.unit_type(unit.kind)
        if unit_type.category in (UnitCategory.SHIP, UnitCategory.MONITOR) and _may_act(
            state, unit.id
        ):
            ships.append(
                Combatant.from_unit_type(
                    unit.id, unit_type, side=unit.owner, disrupted=unit.disrupted
                )
            )
    return ships


def _droppable(state: CampaignState, ruleset: Ruleset, orbit: list[Combatant]) -> dict[str, str]:
    """Jump troops aboard the acting side's transports in orbit -> their transport."""
    found = {}
    for ship in orbit:
        for cargo in state.cargo_of(ship.uid):
            if ruleset.unit_type(cargo.kind).has(UnitFlag.JUMP_TROOPS):
                found[cargo.id] = ship.uid
    return found


@decides(Interact)
def _decide_interact(
    state: CampaignState, order: Interact, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    star = find_system(ruleset, order.system)
    if order.system in book.combat_book(state).interacted:
        raise IllegalOrderError("DN-INT-1", f"the ships at {star.name} have already acted")
    bombard = {}
    for text in order.bombard:
        ship, sep, target = text.partition(">")
        if not sep:
            raise InvalidOrderError(f"bombardment {text!r}: expected SHIP>TARGET", "DN-INT-3")
        if ship in bombard:
            raise IllegalOrderError("DN-INT-4", f"{ship} can bombard only once")
        bombard[ship] = target
    if not (order.land or bombard or order.drops):
        raise IllegalOrderError(
            "DN-INT-1",
            f"nothing to do at {star.name}: name ships to land, bombardments "
            "(SHIP>TARGET) or jump troops to drop",
        )
    if order.system in _pending(state):
        raise IllegalOrderError("DN-INT-2", f"PD fire at {star.name} is awaited first")
    check_reaction_units(state, [*order.land, *bombard, *order.drops])
    _check_one_pd_landing(state, ruleset, order.system, order.land)
    orbit = _orbit(state, ruleset, order.system)
    plan = InteractionPlan(
        side=state.acting, bombard=bombard, land=tuple(order.land), drops=tuple(order.drops)
    )
    box = box_units(state, ruleset, order.system)
    check_interaction(star, orbit, box, _droppable(state, ruleset, orbit), plan)
    owner = pd_fire_owner(star, box, plan)
    if owner is not None and owner is not Side.NEUTRAL:  # the PD owner names its targets
        return [InteractionDeclared(system=order.system, plan=plan, pd_owner=owner)]
    return _resolve(state, ruleset, dice, order.system, plan)


def _check_one_pd_landing(
    state: CampaignState, ruleset: Ruleset, system: str, landing: list[str]
) -> None:
    """DN-MOV-10: a landing transport unloads its cargo into the box; at most one PD per box."""

    def is_pd(unit_id: str) -> bool:
        return ruleset.unit_type(state.units[unit_id].kind).category is UnitCategory.PD

    # a face-down counter is not counted: what it is must not refuse a landing (DN-NEU-1)
    there = [u.uid for u in box_units(state, ruleset, system) if is_pd(u.uid) and not u.face_down]
    arriving = [
        c.id for uid in landing if uid in state.units for c in state.cargo_of(uid) if is_pd(c.id)
    ]
    if arriving and len(there) + len(arriving) > 1:
        name = find_system(ruleset, system).name
        held = f"already holds PD {there[0]}" if there else "can hold only one PD"
        raise IllegalOrderError(
            "DN-MOV-10",
            f"the surface box of {name} {held}: {', '.join(arriving)} cannot land "
            "there (at most one PD marker per surface box)",
        )


def _pending(state: CampaignState) -> dict[str, book.PendingInteraction]:
    """Interactions waiting for the PD owner's targets, by system."""
    return book.combat_book(state).pd_pending


def _resolve(
    state: CampaignState, ruleset: Ruleset, dice: Dice, system: str, plan: InteractionPlan
) -> list[Event]:
    """Bombardment, PD fire and landing, with their dice (DN-INT-1..4)."""
    star = find_system(ruleset, system)
    orbit = _orbit(state, ruleset, system)
    result = resolve_interaction(
        star,
        orbit,
        box_units(state, ruleset, system),
        _droppable(state, ruleset, orbit),
        plan,
        ruleset.tables,
        dice,
    )
    return [Interacted(system=system, result=result, rolls=tuple(dice.take()))]


@decides(PdFire)
def _decide_pd_fire(
    state: CampaignState, order: PdFire, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    find_system(ruleset, order.system)
    pending = _pending(state).get(order.system)
    if pending is None:
        raise IllegalOrderError("DN-INT-2", f"no PD fire is awaited at {order.system}")
    if pending.pd_owner is not order.side:
        raise IllegalOrderError("DN-INT-2", f"only {pending.pd_owner.value} controls that PD")
    targets = {}
    for text in order.targets:
        pd, sep, ship = text.partition(">")
        if not sep:
            raise InvalidOrderError(f"PD target {text!r}: expected PD>SHIP", "DN-INT-2")
        targets[pd] = ship
    plan = pending.plan.model_copy(update={"pd_targets": targets})
    return _resolve(state, ruleset, dice, order.system, plan)


@decides(LiftOff)
def _decide_lift_off(
    state: CampaignState, order: LiftOff, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    system = find_system(ruleset, order.system)
    check_reaction_units(state, order.units)
    box = [u for u in box_units(state, ruleset, order.system) if _may_act(state, u.uid)]
    check_lift_off(system, box, state.acting, order.units)
    return [LiftedOff(system=order.system, units=order.units)]


def _ground(state: CampaignState, ruleset: Ruleset, dice: Dice) -> list[Event]:
    """Resolve surface combat in every box where hostile sides meet (DN-GND-1/2)."""
    events: list[Event] = []
    owners: dict[str, set[Side]] = {}
    for unit in state.units.values():
        place = state.position_of(unit.id)
        if place.where is Where.BOX and place.system:
            owners.setdefault(place.system, set()).add(unit.owner)
    # only boxes where two sides meet: one side alone fights nobody, and the kinds of
    # face-down counters are asked only where a player stands (fair mode, ADR 0028)
    systems = sorted(system for system, sides in owners.items() if len(sides) > 1)
    limit = reaction_participants(state) if state.phase is Phase.REACTION_COMBAT else None
    for system in systems:
        if limit is not None and system != limit[0]:
            continue
        units = [
            u
            for u in box_units(state, ruleset, system)
            if limit is None or u.side is not state.acting or u.uid in limit[1]
        ]
        removed: set[str] = set()
        pairs = pair_order(state.acting, {u.side for u in units})
        for first, second in pairs:
            alive = [u for u in units if u.uid not in removed]
            if not fights_in_box(alive, first, second):
                continue
            result = resolve_ground(
                system, alive, (first, second), ruleset.tables["ground_crt"], dice
            )
            now, pending = _split_losses(result, alive, chooser_may_wait=len(pairs) == 1)
            removed |= set(result.removed)
            events.append(
                GroundFought(result=result, removed=now, pending=pending, rolls=tuple(dice.take()))
            )
    return events


def _split_losses(
    result: GroundResult, units: list[BoxUnit], *, chooser_may_wait: bool
) -> tuple[list[str], dict[Side, int]]:
    """Losses removed at once and losses a player chooses later (DN-GND-2).

    A player chooses when the result leaves a choice (fewer losses than units) and its box has
    no third side; neutral losses and DN-GND-1 removals are immediate (weakest first).
    """
    if result.rule != "DN-GND-2" or not chooser_may_wait:
        return list(result.removed), {}
    now: list[str] = []
    pending: dict[Side, int] = {}
    for side in result.sides:
        own = [u.uid for u in ground_forces(units) if u.side == side]
        lost = [uid for uid in result.removed if uid in own]
        if side is not Side.NEUTRAL and 0 < len(lost) < len(own):
            pending[side] = len(lost)
        else:
            now += lost
    return now, pending


def _pending_losses(state: CampaignState) -> dict[str, dict[Side, int]]:
    """Ground losses still to be chosen: system -> side -> count."""
    return book.combat_book(state).losses


@decides(RemoveLosses)
def _decide_remove(
    state: CampaignState, order: RemoveLosses, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    side = order.side
    assert side is not None
    count = _pending_losses(state).get(order.system, {}).get(side)
    if count is None:
        raise IllegalOrderError("DN-GND-2", f"{side} has no losses to choose at {order.system}")
    own = {u.uid for u in ground_forces(box_units(state, ruleset, order.system)) if u.side is side}
    chosen = list(dict.fromkeys(order.units))
    if len(chosen) != count or not set(chosen) <= own:
        raise IllegalOrderError(
            "DN-GND-2",
            f"{side} must remove exactly {count} of its ground units or PD in the "
            f"box (the units that made up its strength): {', '.join(sorted(own))}",
        )
    return [LossesRemoved(system=order.system, side=side, units=chosen)]


def _losses_chosen(state: CampaignState, ruleset: Ruleset) -> None:
    """The surface sub-phase cannot end while a player still has losses to choose."""
    if state.sub_phase is SubPhase.SURFACE and _pending_losses(state):
        waiting = ", ".join(
            f"{side.value} at {sys}"
            for sys, sides in sorted(_pending_losses(state).items())
            for side in sides
        )
        raise IllegalOrderError("DN-GND-2", f"ground losses still to choose: {waiting}")


for _phase in COMBAT_PHASES:
    end_check(_phase)(_losses_chosen)


for _phase in COMBAT_PHASES:
    on_enter(_phase, SubPhase.SURFACE)(_ground)


@applies(Interacted)
def _apply_interacted(state: CampaignState, event: Interacted) -> None:
    result = event.result
    for uid, effect in result.effects.items():
        if effect is CombatResult.DESTROYED:
            eliminate(state, uid)
        else:
            state.units[uid].disrupted = True
    box = Location.box(event.system)
    for uid in result.landed:
        for cargo in state.cargo_of(uid):  # the transport lands and unloads (DN-MOV-5)
            state.units[cargo.id].location = box
    move_units(state, [*result.landed, *result.dropped], box)
    book.box_dealt_with(state, event.system)


@applies(InteractionDeclared)
def _apply_declared(state: CampaignState, event: InteractionDeclared) -> None:
    book.pd_fire_awaited(
        state, event.system, book.PendingInteraction(plan=event.plan, pd_owner=event.pd_owner)
    )


def _awaiting_pd(state: CampaignState, ruleset: Ruleset) -> None:
    """The interaction sub-phase cannot end while a PD owner still has to fire (DN-INT-2)."""
    if state.sub_phase is SubPhase.INTERACTION and _pending(state):
        raise IllegalOrderError(
            "DN-INT-2", f"PD fire awaited at {', '.join(sorted(_pending(state)))}"
        )


for _phase in COMBAT_PHASES:
    end_check(_phase)(_awaiting_pd)


@applies(LiftedOff)
def _apply_lifted(state: CampaignState, event: LiftedOff) -> None:
    move_units(state, list(event.units), Location.hex(event.system))


@applies(GroundFought)
def _apply_ground(state: CampaignState, event: GroundFought) -> None:
    for uid in event.removed:
        if state.units[uid].location.where is not Where.ELIMINATED:
            eliminate(state, uid)
    if event.pending:
        book.losses_to_choose(state, event.result.system, event.pending)


@applies(LossesRemoved)
def _apply_losses(state: CampaignState, event: LossesRemoved) -> None:
    for uid in event.units:
        eliminate(state, uid)
    book.losses_chosen(state, event.system, event.side)


# --- what legal_orders offers (DN-SEQ-2) --------------------------------------------------------


def _acting_systems(state: CampaignState, where: Where) -> set[str]:
    """Systems where the acting side has units at ``where`` (stellar hex or surface box)."""
    return {
        u.location.system
        for u in state.units.values()
        if u.owner is state.acting and u.location.where is where and u.location.system
    }


@candidates_for("interact")
def _interact_candidates(state: CampaignState, side: Side, ruleset: Ruleset) -> Iterator[Interact]:
    """Each ship over a box landing, each jump troop dropping, one at a time (DN-INT-1/4)."""
    if side is not state.acting:
        return
    for system in sorted(_acting_systems(state, Where.HEX)):
        orbit = _orbit(state, ruleset, system)
        for ship in orbit:
            yield Interact(side=side, system=system, land=[ship.uid])
        for troop in _droppable(state, ruleset, orbit):
            yield Interact(side=side, system=system, drops=[troop])


@offered_when(Interact)
def _offer_interact(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Ships of the acting side that may act are in a stellar hex whose box they have not dealt
    with yet and where no PD fire is awaited (DN-INT-1/2, DN-REA-1): one of the landings or
    drops the forms list is accepted (the same candidates, issue 44 item 1)."""
    return side is not None and accepted(state, ruleset, _interact_candidates(state, side, ruleset))


@candidates_for("lift-off")
def _lift_off_candidates(state: CampaignState, side: Side, ruleset: Ruleset) -> Iterator[LiftOff]:
    """Each ship of the acting side that may act, lifting off alone from its surface box
    (DN-INT-5, DN-REA-1): the forms' UNITS, never a ship in space or a ground unit."""
    if side is not state.acting:
        return
    for system in sorted(_acting_systems(state, Where.BOX)):
        for unit in box_units(state, ruleset, system):
            if unit.side == side and not unit.is_ground and _may_act(state, unit.uid):
                yield LiftOff(side=side, system=system, units=[unit.uid])


@offered_when(LiftOff)
def _offer_lift_off(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """The acting side has ships in a surface box that may act (DN-INT-5, DN-REA-1): one of
    the lift-offs the forms list is accepted."""
    return side is not None and accepted(state, ruleset, _lift_off_candidates(state, side, ruleset))


@offered_when(PdFire)
def _offer_pd_fire(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """An interaction waits for ``side``'s PD targets (DN-INT-2)."""
    return side is not None and any(
        pending.pd_owner is side for pending in _pending(state).values()
    )


@candidates_for("remove-losses")
def _remove_candidates(
    state: CampaignState, side: Side, ruleset: Ruleset
) -> Iterator[RemoveLosses]:
    """For each box where ``side`` chooses ground losses, each of its ground units and PD
    there, completed to the number of losses with the others (DN-GND-2): the forms' UNITS
    offer every unit that may be one of the losses, and nothing else."""
    for system, sides in sorted(_pending_losses(state).items()):
        count = sides.get(side)
        if count is None:
            continue
        own = [u.uid for u in ground_forces(box_units(state, ruleset, system)) if u.side is side]
        for uid in own:
            others = [other for other in own if other != uid]
            yield RemoveLosses(side=side, system=system, units=[uid, *others[: count - 1]])


@offered_when(RemoveLosses)
def _offer_remove_losses(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """``side`` still chooses the units its ground combat losses remove (DN-GND-2)."""
    losses = _pending_losses(state).values()
    return side is not None and any(side in sides for sides in losses)
