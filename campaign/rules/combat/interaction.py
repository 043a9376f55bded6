"""Planetary surface / space interaction (DN-INT-1..5).

Ships of the acting side left in the stellar hex after space combat may act against the surface
box. A friendly box: they simply land. An enemy or neutral box: bombardment first, then the
planetary defence fire of the box's controller, then the survivors land (DN-INT-1). Jump troops
may drop from a transport in orbit that stays in the hex (DN-INT-4); ships in the box may lift off
(DN-INT-5).
"""

from collections.abc import Sequence

from campaign.rules.combat.crt import (
    DISRUPTED_MODIFIER,
    DISRUPTED_TARGET_MODIFIER,
    below_table,
    combine,
    escalate,
    table_result,
)
from campaign.rules.combat.dice import Dice, Roll
from campaign.rules.combat.model import Combatant, Value
from campaign.rules.combat.surface import BoxUnit
from campaign.rules.economy.control import box_controller
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import CombatResult, Side
from campaign.rules.ruleset import CombatTable, StarSystem


def ground_sides(units: Sequence[BoxUnit]) -> frozenset[Side]:
    """Sides with ground forces or PD in the box."""
    return frozenset(u.side for u in units if u.is_ground)


def pd_controller(system: StarSystem, units: Sequence[BoxUnit]) -> Side | None:
    """The side whose PD may fire from this box, judged at the start of the sub-phase (DN-INT-2).

    A box holding ground units of two sides is controlled by nobody; otherwise control follows
    DN-ECO-1/2.
    """
    troops = {u.side for u in units if u.is_ground and not u.is_pd}
    if len(troops) > 1:
        return None
    return box_controller(system, ground_sides(units))


def is_friendly_box(system: StarSystem, units: Sequence[BoxUnit], side: Side) -> bool:
    """A box the side's ships may simply land on: it controls it (DN-INT-1)."""
    return box_controller(system, ground_sides(units)) == side


class BoxShot(Value, frozen=True, kw_only=True):
    """One bombardment or PD shot with its die."""

    kind: str  # "bombard" or "pd"
    firer: str
    target: str
    factor: int
    defence: int
    roll: Roll | None
    modifier: int
    result: CombatResult


class InteractionPlan(Value, frozen=True, kw_only=True):
    """The acting side's decisions for one system's interaction sub-phase.

    ``bombard`` maps a bombarding ship to the ground unit it attacks. ``land`` are ships (with
    their cargo) that land; ``drops`` are jump troops dropped from transports that stay in orbit.
    ``pd_targets`` maps each PD marker to the ship it fires at (the PD owner's choice; the
    engine fills it when the owner leaves it open).
    """

    side: Side
    bombard: dict[str, str] = {}
    land: tuple[str, ...] = ()
    drops: tuple[str, ...] = ()
    pd_targets: dict[str, str] = {}


class InteractionResult(Value, frozen=True, kw_only=True):
    """What the interaction did: shots, results on each unit, who landed."""

    friendly: bool
    shots: tuple[BoxShot, ...]
    effects: dict[str, CombatResult]
    landed: tuple[str, ...]
    dropped: tuple[str, ...]


def _shoot(
    kind: str,
    firer: str,
    target: str,
    factor: int,
    defence: int,
    modifier: int,
    target_disrupted: bool,
    table: CombatTable,
    dice: Dice,
    system: str,
) -> BoxShot:
    """One shot on an interaction table; no die when the odds are below the table."""
    if below_table(table, factor, defence):
        return BoxShot(
            kind=kind,
            firer=firer,
            target=target,
            factor=factor,
            defence=defence,
            roll=None,
            modifier=modifier,
            result=CombatResult.NO_EFFECT,
        )
    purpose = f"{kind} {system} {firer}>{target}"
    die = dice.roll(purpose)
    result = escalate(table_result(table, factor, defence, die + modifier), target_disrupted)
    return BoxShot(
        kind=kind,
        firer=firer,
        target=target,
        factor=factor,
        defence=defence,
        roll=Roll(purpose=purpose, value=die),
        modifier=modifier,
        result=result,
    )


def resolve_interaction(
    system: StarSystem,
    orbit: Sequence[Combatant],
    box: Sequence[BoxUnit],
    cargo_drops: dict[str, str],
    plan: InteractionPlan,
    tables: dict[str, CombatTable],
    dice: Dice,
) -> InteractionResult:
    """Resolve the acting side's interaction with one surface box (DN-INT-1..4).

    ``orbit`` are the acting side's ships in the stellar hex; ``box`` the units in the surface box
    at the start of the sub-phase; ``cargo_drops`` maps jump troops aboard a transport in orbit
    to that transport. Everything is validated before the first die is rolled.
    """
    ships = {s.uid: s for s in orbit}
    targets = {u.uid: u for u in box}
    friendly = is_friendly_box(system, box, plan.side)
    _check_plan(plan, system, ships, targets, cargo_drops, friendly)
    shots: list[BoxShot] = []
    hits: dict[str, list[CombatResult]] = {}
    if not friendly:
        for ship_uid, target_uid in plan.bombard.items():
            ship, target = ships[ship_uid], targets[target_uid]
            if target.is_pd or not target.is_ground:  # a face-down one (DN-INT-3, DN-NEU-1)
                shots.append(
                    BoxShot(
                        kind="bombard",
                        firer=ship_uid,
                        target=target_uid,
                        factor=ship.missile,
                        defence=0,
                        roll=None,
                        modifier=0,
                        result=CombatResult.NO_EFFECT,
                    )
                )
                continue
            shot = _shoot(
                "bombard",
                ship_uid,
                target_uid,
                ship.missile,
                target.strength,
                DISRUPTED_MODIFIER if ship.disrupted else 0,
                target.disrupted,
                tables["bombard_crt"],
                dice,
                system.id,
            )
            shots.append(shot)
            hits.setdefault(target_uid, []).append(shot.result)
        controller = pd_controller(system, box)
        exposed = [*plan.land, *plan.bombard]
        pd_markers = [
            u
            for u in box
            if u.is_pd
            and controller is not None
            and u.side == controller
            and controller != plan.side
        ]
        for pd in pd_markers:
            pd_target = plan.pd_targets.get(pd.uid) or _default_pd_target(ships, exposed)
            if pd_target is None:
                continue
            ship = ships[pd_target]
            shot = _shoot(
                "pd",
                pd.uid,
                pd_target,
                pd.strength,
                ship.defence,
                DISRUPTED_TARGET_MODIFIER if ship.disrupted else 0,
                ship.disrupted,
                tables["pd_crt"],
                dice,
                system.id,
            )
            shots.append(shot)
            hits.setdefault(pd_target, []).append(shot.result)
    disrupted = {**{s.uid: s.disrupted for s in orbit}, **{u.uid: u.disrupted for u in box}}
    effects = {
        uid: combine(results, disrupted[uid])
        for uid, results in hits.items()
        if combine(results, disrupted[uid]) is not CombatResult.NO_EFFECT
    }
    landed = tuple(uid for uid in plan.land if effects.get(uid) is not CombatResult.DESTROYED)
    return InteractionResult(
        friendly=friendly, shots=tuple(shots), effects=effects, landed=landed, dropped=plan.drops
    )


def pd_fire_owner(system: StarSystem, box: Sequence[BoxUnit], plan: InteractionPlan) -> Side | None:
    """The side whose PD will fire at the acting ships of ``plan``, if any (DN-INT-1/2)."""
    if is_friendly_box(system, box, plan.side) or not (plan.land or plan.bombard):
        return None
    controller = pd_controller(system, box)
    if controller is None or controller == plan.side:
        return None
    return controller if any(u.is_pd and u.side == controller for u in box) else None


def check_interaction(
    system: StarSystem,
    orbit: Sequence[Combatant],
    box: Sequence[BoxUnit],
    cargo_drops: dict[str, str],
    plan: InteractionPlan,
) -> None:
    """Validate ``plan`` without rolling (the same checks ``resolve_interaction`` makes first)."""
    _check_plan(
        plan,
        system,
        {s.uid: s for s in orbit},
        {u.uid: u for u in box},
        cargo_drops,
        is_friendly_box(system, box, plan.side),
    )


def _default_pd_target(ships: dict[str, Combatant], exposed: Sequence[str]) -> str | None:
    """When the PD owner names no target: the exposed ship with the highest defence [house]."""
    candidates = sorted({*exposed}, key=lambda uid: (-ships[uid].defence, uid))
    return candidates[0] if candidates else None


def _check_plan(
    plan: InteractionPlan,
    system: StarSystem,
    ships: dict[str, Combatant],
    targets: dict[str, BoxUnit],
    cargo_drops: dict[str, str],
    friendly: bool,
) -> None:
    """Every decision of the plan must be legal (DN-INT-1..4) before any die is rolled."""
    if len(set(plan.land)) != len(plan.land) or len(set(plan.drops)) != len(plan.drops):
        raise IllegalOrderError("DN-INT-1", "a unit is listed twice")
    for uid in (*plan.land, *plan.bombard):
        if uid not in ships:
            raise IllegalOrderError(
                "DN-INT-1",  # which hex: found by use, December 7, night
                f"{uid} is not one of {plan.side}'s ships in the stellar hex of {system.name}",
            )
    if plan.bombard and friendly:
        raise IllegalOrderError("DN-INT-1", "the box is friendly: ships simply land there")
    for ship_uid, target_uid in plan.bombard.items():
        target = targets.get(target_uid)
        if target is None or target.side == plan.side:
            raise IllegalOrderError("DN-INT-1", f"{target_uid} is not an enemy unit in the box")
        if ships[ship_uid].missile <= 0:
            raise IllegalOrderError("DN-INT-4", f"{ship_uid} has no missile factor to bombard")
        if target.face_down:  # what it is decides only the result: no effect on a PD
            continue
        if target.is_pd:
            raise IllegalOrderError(
                "DN-INT-3", f"{target_uid} is planetary defence: it cannot be bombarded"
            )
        if not target.is_ground:
            raise IllegalOrderError("DN-INT-4", f"{target_uid} is not a ground unit")
    for pd_uid, ship_uid in plan.pd_targets.items():
        if pd_uid not in targets or not targets[pd_uid].is_pd:
            raise IllegalOrderError("DN-INT-2", f"{pd_uid} is not a PD marker in the box")
        exposed = [*plan.bombard, *plan.land]
        if ship_uid not in exposed:
            # which ships it may fire at (found by use, December 8: "PD can only fire at ships
            # acting on the box" left the referee to guess which those were)
            raise IllegalOrderError(
                "DN-INT-1",
                f"{pd_uid} can fire only at a ship bombarding or landing on the box of "
                f"{system.name} ({', '.join(exposed)}), not {ship_uid}",
            )
    for uid in plan.drops:
        if uid not in cargo_drops:
            raise IllegalOrderError(
                "DN-INT-4", f"{uid} is not jump troops aboard a transport in orbit"
            )
        if cargo_drops[uid] in plan.land:
            raise IllegalOrderError("DN-INT-4", f"{uid}'s transport lands: no drop needed")


def check_lift_off(
    system: StarSystem, box: Sequence[BoxUnit], side: Side, uids: Sequence[str]
) -> None:
    """Ships of ``side`` in the box of ``system`` may lift off to the stellar hex (DN-INT-5,
    DN-MOV-6), each named once; a refusal names the box (found by use, December 7, night: "in
    the surface box", not which, and a ship named twice was accepted, "A-B1-1, A-B1-1 lift
    off")."""
    own = {u.uid: u for u in box if u.side == side}
    for n, uid in enumerate(uids):
        unit = own.get(uid)
        if unit is None or unit.is_ground:
            raise IllegalOrderError(
                "DN-INT-5",
                f"{uid} is not one of {side}'s ships in the surface box of {system.name}",
            )
        if uid in uids[:n]:
            raise IllegalOrderError("DN-INT-5", f"{uid} is named twice")
