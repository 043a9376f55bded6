"""Finding the battles of a combat phase in the campaign state (DN-CBT-*, DN-NEU-2, DN-REA-1).

A space battle is fought in every stellar hex where two hostile sides have units that can be in
space combat and at least one of them can fire. Neutrals are a third side, hostile to both players
(DN-NEU-2); conscripted neutrals belong to their ally. With three sides in one system the battles
are fought one pair at a time: the acting side against the other player, then the players against
the neutrals. In a pair the acting side attacks; neutrals always defend their system.

In Reaction Combat only the stack moved in Reaction Movement and the friendly units already in
the system it entered take part (DN-REA-1): other systems have no reaction battles, and other
units of the reacting side do not fight.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from campaign.rules.combat import book
from campaign.rules.combat.model import Battle, Combatant
from campaign.rules.combat.surface import BoxUnit
from campaign.rules.economy.control import box_controller
from campaign.rules.economy.occupancy import controls_ground
from campaign.rules.errors import IllegalOrderError
from campaign.rules.fairplay import unrevealed
from campaign.rules.ids import Side, UnitCategory
from campaign.rules.movement.book import reaction_stack
from campaign.rules.phases import Phase
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Unit, Where

SPACE_CATEGORIES = (UnitCategory.SHIP, UnitCategory.MONITOR, UnitCategory.FIGHTER)


def battle_id(system: str, attacker: Side, defender: Side) -> str:
    """The id of the battle between ``attacker`` and ``defender`` at ``system``."""
    return f"{system}/{attacker.value}-{defender.value}"


def pair_order(acting: Side, present: Iterable[Side]) -> list[tuple[Side, Side]]:
    """Hostile ``(attacker, defender)`` pairs among ``present``, in the order they fight."""
    sides = set(present)
    other = acting.enemy if acting is not Side.NEUTRAL else None
    pairs: list[tuple[Side, Side]] = []
    if acting in sides and other in sides:
        pairs.append((acting, other))
    for player in (acting, other):
        if player in sides and Side.NEUTRAL in sides:
            pairs.append((player, Side.NEUTRAL))
    return pairs


def fight_order(battle: Battle, acting: Side) -> tuple[str, int]:
    """Where ``battle`` comes among the battles of a step: by system, then by pair as
    ``pair_order`` lists them (``find_battles``' order). The combat book keeps its battles in
    this order whatever order an event lists them in (the log stores events key-sorted), so
    the short ids ``b1, b2`` and the order three-sided battles are fought in are the same on
    every path (DN-CBT-1, DN-NEU-2)."""
    everyone = (acting, acting.enemy, Side.NEUTRAL)
    pairs = pair_order(acting, everyone) if acting is not Side.NEUTRAL else []
    pair = (battle.attacker, battle.defender)
    return battle.system, pairs.index(pair) if pair in pairs else len(pairs)


def reaction_participants(state: CampaignState) -> tuple[str | None, set[str]]:
    """The system the reaction stack entered and the reacting units that may fight (DN-REA-1).

    ``(None, set())`` when no stack moved. The participants are the stack and the reacting side's
    units already in that system (stellar hex and surface box; ships in the box join a space battle
    only if their owner lifts them off). They are fixed, by unit id, when Reaction Combat starts
    (``reaction-participants-fixed``), so a destroyed or withdrawn unit of the stack does not shut
    the others out; before that (or in a log older than that event) they are computed now.
    """
    fixed = book.reaction_record(state)
    if fixed is not None:
        return fixed.system, set(fixed.units)
    return current_reaction_participants(state)


def current_reaction_participants(state: CampaignState) -> tuple[str | None, set[str]]:
    """DN-REA-1 participants computed from where the reaction stack stands now: the system of
    its first member still on the map (the ships that moved are listed before those a failed
    DN-MOV-9 roll kept behind) and the side's units in that system, the stack's among them. A
    member that stayed behind is elsewhere and takes no part."""
    stack = reaction_stack(state)
    if not stack:
        return None, set()
    placed = [uid for uid in stack if uid in state.units and state.position_of(uid).on_map]
    if not placed:
        return None, set()
    system = state.position_of(placed[0]).system
    if system is None:
        return None, set()
    side = state.units[placed[0]].owner
    friends = {
        u.id
        for u in state.units.values()
        if u.owner is side
        and state.position_of(u.id).system == system
        and state.position_of(u.id).on_map
    }
    return system, friends


def _restrict(state: CampaignState) -> tuple[str | None, set[str]] | None:
    """In Reaction Combat: the (system, participants) limit of DN-REA-1; otherwise ``None``."""
    if state.phase is not Phase.REACTION_COMBAT:
        return None
    return reaction_participants(state)


def check_reaction_units(state: CampaignState, uids: Iterable[str]) -> None:
    """Refuse, naming DN-REA-1, a reacting unit that is not allowed to act in Reaction Combat
    (rather than claiming it is not where it stands)."""
    limit = _restrict(state)
    if limit is None:
        return
    system, allowed = limit
    for uid in uids:
        unit = state.units.get(uid)
        if unit is not None and unit.owner is state.acting and uid not in allowed:
            where = f"the system it entered ({system})" if system else "no stack moved"
            raise IllegalOrderError(
                "DN-REA-1",
                f"{uid} cannot act in Reaction Combat: only the stack moved in Reaction Movement "
                f"and the friendly units in {where} fight",
            )


def _takes_part(
    state: CampaignState, unit: Unit, limit: tuple[str | None, set[str]] | None
) -> bool:
    """Whether ``unit`` may fight in this combat phase (DN-REA-1 for the reacting side)."""
    if limit is None or unit.owner is not state.acting:
        return True
    return unit.id in limit[1]


def space_units(state: CampaignState, ruleset: Ruleset) -> dict[str, dict[Side, list[Unit]]]:
    """Units able to be in space combat, per system and side: ships and monitors in the stellar
    hex, and fighters aboard a mothership there (not yet launched, DN-CBT-8). Only systems
    where a player's unit stands in the hex are listed: neutrals alone fight nobody, and a
    face-down counter's kind is asked only there (fair mode, ADR 0028)."""
    places = [(unit, state.position_of(unit.id)) for unit in state.units.values()]
    in_hex = [
        (unit, place.system)
        for unit, place in places
        if place.where is Where.HEX and place.system is not None
    ]
    contested = {system for unit, system in in_hex if unit.owner is not Side.NEUTRAL}
    found: dict[str, dict[Side, list[Unit]]] = defaultdict(lambda: defaultdict(list))
    for unit, system in in_hex:
        if system not in contested:  # neutrals alone fight nobody: their kinds are not asked
            continue
        if ruleset.unit_type(unit.kind).category in SPACE_CATEGORIES:
            found[system][unit.owner].append(unit)
    return found


def box_units(
    state: CampaignState, ruleset: Ruleset, system: str, *, known_only: bool = False
) -> list[BoxUnit]:
    """Every unit directly in the surface box of ``system`` (cargo of landed ships included);
    ``known_only``: leave out face-down counters no machine has opened (fair mode)."""
    return _as_box_units(ruleset, _Boxes(state).members.get(system, []), known_only=known_only)


class _Boxes:
    """Who is in which surface box, from one pass over the units (``find_battles`` asks for
    every contested system; one pass per system made it quadratic in the number of units)."""

    __slots__ = ("members",)

    def __init__(self, state: CampaignState) -> None:
        #: The units in each box by where they effectively are (cargo with its carrier), in
        #: the state's order.
        self.members: dict[str, list[Unit]] = defaultdict(list)
        for unit in state.units.values():
            place = state.position_of(unit.id)
            if place.where is Where.BOX and place.system is not None:
                self.members[place.system].append(unit)

    def holders(self, ruleset: Ruleset, system: str) -> set[Side]:
        """The sides with ground forces or PD in the surface box of ``system``: what holds a
        box (DN-ECO-1). A face-down counter there holds it for its owner, the neutrals,
        without its kind being asked: every kind that stands in a box is ground forces or PD
        (the placement puts the others in the stellar hex, DN-NEU-1), so the answer is the
        same whatever it is, a player's options never depend on it, and in fair mode no
        reveal is called for it (ADR 0028)."""
        return {
            unit.owner
            for unit in self.members.get(system, ())
            if unit.face_down or controls_ground(ruleset.unit_type(unit.kind))
        }


def box_holders(state: CampaignState, ruleset: Ruleset, system: str) -> set[Side]:
    """The sides with ground forces or PD in the surface box of ``system`` (DN-ECO-1); a
    face-down counter counts for the neutrals, whatever it is (``_Boxes.holders``)."""
    return _Boxes(state).holders(ruleset, system)


def _as_box_units(ruleset: Ruleset, units: Iterable[Unit], *, known_only: bool) -> list[BoxUnit]:
    return [
        BoxUnit.from_unit_type(
            unit.id,
            ruleset.unit_type(unit.kind),
            side=unit.owner,
            disrupted=unit.disrupted,
            face_down=unit.face_down,
        )
        for unit in units
        if not (known_only and unrevealed(unit))
    ]


def combatant(state: CampaignState, ruleset: Ruleset, unit: Unit) -> Combatant:
    """The space-combat view of a unit of the state."""
    carrier = unit.location.carrier if unit.location.where is Where.CARRIED else None
    return Combatant.from_unit_type(
        unit.id,
        ruleset.unit_type(unit.kind),
        side=unit.owner,
        disrupted=unit.disrupted,
        carrier=carrier,
    )


def find_battles(state: CampaignState, ruleset: Ruleset) -> list[Battle]:
    """Every space battle of the current combat phase, in the order they are fought."""
    limit = _restrict(state)
    battles: list[Battle] = []
    boxes = _Boxes(state)
    for system, by_side in sorted(space_units(state, ruleset).items()):
        if limit is not None and system != limit[0]:
            continue
        present = {
            side: [u for u in units if _takes_part(state, u, limit)]
            for side, units in by_side.items()
        }
        present = {side: units for side, units in present.items() if units}
        box = _as_box_units(ruleset, boxes.members.get(system, []), known_only=True)
        star = ruleset.star_map.system(system)
        holder = box_controller(star, boxes.holders(ruleset, system))
        if holder in present:  # fighters based in their own controlled box may join (DN-CBT-8)
            present[holder] = present[holder] + [
                state.units[u.uid]
                for u in box
                if u.side is holder
                and u.category is UnitCategory.FIGHTER
                and _takes_part(state, state.units[u.uid], limit)
            ]
        for attacker, defender in pair_order(state.acting, present):
            units = tuple(
                combatant(state, ruleset, u) for u in (*present[defender], *present[attacker])
            )
            battle = Battle(
                system=system,
                attacker=attacker,
                defender=defender,
                units=units,
                friendly_box=(holder,) if holder is not None else (),
            )
            if battle.able_to_fire(attacker) or battle.able_to_fire(defender):
                battles.append(battle)
    return battles
