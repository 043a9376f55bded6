"""Set-up: neutral placement (DN-NEU-1), starting purchases (DN-SET-1), deployment (DN-SET-2).

- Entering the neutral step shuffles every neutral counter face down (seeded, logged in the
  ``neutrals-shuffled`` event). Solomani first, the players alternately draw the top counter and
  place it in a type 1 system outside the home sections (``place-neutral SYSTEM``). The step
  ends by itself once as many counters are placed as there are sections in play.
- Each side then buys units with its 99 RU (``buy KIND [COUNT]``; ``KIND`` is the code of the unit
  table, with the strength for ground units: ``CL``, ``RT-5``). Unspent RU carry over.
- Aslan then Solomani deploy every unit bought (``deploy UNITS LOCATION``, several units in
  one order) in a system of the own home section: ships in the stellar hex or surface box (or
  aboard a carrier), ground units and PD in the surface box or aboard a transport, fighters in
  the box or aboard a mothership.

Placement of neutrals: ground units and PD go to the surface box, monitors and transports to the
stellar hex (the spec only says "in the system").
"""

from typing import Annotated, Literal

from msgspec import Meta

from campaign.rules import fairplay, table_draw
from campaign.rules.base import MAX_BULK, Event, Order
from campaign.rules.dice import Dice
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import (
    PLAYER_SIDES,
    Side,
    SystemType,
    UnitCategory,
    UnitFlag,
    kind_code,
)
from campaign.rules.phases import Phase
from campaign.rules.registry import (
    applies,
    decides,
    end_check,
    event_type,
    idle_when,
    normalizes_orders,
    offered_when,
    on_enter,
    order_type,
    shown_as,
)
from campaign.rules.ruleset import Ruleset, StarSystem, UnitType
from campaign.rules.state import CampaignState, Location, Unit, Where
from campaign.rules.suggest import did_you_mean, loose_matches, short_list, suggestion
from campaign.rules.views import resolve_aliases
from campaign.rules.wording import plural

#: Categories that may only stand in a surface box or ride a carrier (never alone in space).
SURFACE_ONLY = (UnitCategory.GROUND, UnitCategory.PD)


# --- queries shared with other areas -------------------------------------------------------------


def home_section(ruleset: Ruleset, side: Side) -> str:
    """The home section of ``side``: as the map names it, else the section of its capital."""
    named = ruleset.star_map.homes.get(side)
    return named if named else ruleset.star_map.capital_of(side).section


def home_sections(ruleset: Ruleset) -> set[str]:
    """Both home sections."""
    return {home_section(ruleset, side) for side in PLAYER_SIDES}


def find_system(ruleset: Ruleset, system_id: str) -> StarSystem:
    """The system ``system_id``; ``InvalidOrderError`` naming it when the map has none."""
    try:
        return ruleset.star_map.system(system_id)
    except KeyError:
        raise InvalidOrderError(f"unknown system {system_id!r}") from None


def find_unit(state: CampaignState, unit_id: str) -> Unit:
    """The unit ``unit_id`` in play; ``InvalidOrderError`` when there is none."""
    unit = state.units.get(unit_id)
    if unit is None or unit.location.where is Where.ELIMINATED:
        raise InvalidOrderError(f"unknown unit {unit_id!r}")
    return unit


def unit_kind(ruleset: Ruleset, side: Side, code: str) -> UnitType:
    """The unit type ``side:code``, the code also typed without its hyphens when that fits one
    kind only (``RT5``: ``RT-5``; the events name the kind as the data files do);
    ``InvalidOrderError`` listing the valid codes and the closest ones otherwise, or the kinds
    a code without hyphens would fit when it fits several."""
    try:
        return ruleset.unit_type(f"{side.value}:{code}")
    except KeyError:
        pass
    codes = sorted({u.kind.split(":", 1)[1] for u in ruleset.units if u.side is side})
    found = loose_matches(code, codes)
    if len(found) == 1:
        return ruleset.unit_type(f"{side.value}:{found[0]}")
    if found:
        raise InvalidOrderError(
            f"unit kind {code!r} for {side.value} is ambiguous without its hyphens"
            f"{suggestion(found)}",
            "DN-DATA-2",  # as an unknown kind is
        )
    if side in PLAYER_SIDES and any(
        u.side is side.enemy and u.kind.endswith(f":{code}") for u in ruleset.units
    ):
        # a kind of the other side's mix only (the Solomani have no PD, the Aslan no CA)
        raise InvalidOrderError(
            f"DN-DATA-2: the {side.value} counter mix has no {code}, only the "
            f"{side.enemy.value} one ({side.value} kinds: {', '.join(codes)})"
        )
    raise InvalidOrderError(
        f"DN-DATA-2: unknown unit kind {code!r} for {side.value} (known: {', '.join(codes)})"
        f"{did_you_mean(code, codes)}"
    )


def neutral_pile(ruleset: Ruleset) -> list[str]:
    """Every neutral counter, one entry per counter in the mix, in table order (DN-DATA-3)."""
    return [u.kind for u in ruleset.units if u.side is Side.NEUTRAL for _ in range(u.count)]


def _neutral_choices(ruleset: Ruleset) -> str:
    """``" (type 1 systems outside the home sections: ...)"`` when they are few enough to list
    (issue 32 item 6); the map is public, so the list tells nothing hidden."""
    listed = short_list(s.id for s in neutral_systems(ruleset))
    return f" (type 1 systems outside the home sections: {listed})" if listed else ""


def neutral_systems(ruleset: Ruleset) -> list[StarSystem]:
    """Systems that may receive a neutral: type 1, not on a home section (DN-NEU-1)."""
    homes = home_sections(ruleset)
    return [
        s
        for s in ruleset.star_map.systems
        if s.type is SystemType.PRIMARY and s.section not in homes
    ]


def neutrals_placed(state: CampaignState) -> int:
    """Neutral counters placed so far."""
    return sum(1 for u in state.units.values() if u.id.startswith("N-"))


# --- neutrals (DN-NEU-1) -------------------------------------------------------------------------


@event_type
class NeutralsShuffled(Event, frozen=True, kw_only=True):
    """The face-down neutral counters in drawing order (hidden from players)."""

    secret = True
    type: Literal["neutrals-shuffled"] = "neutrals-shuffled"
    pile: list[str]


@event_type
class NeutralPlaced(Event, frozen=True, kw_only=True):
    """``drawn_by`` drew the top counter and placed it, face down, in ``system``."""

    secret = True
    type: Literal["neutral-placed"] = "neutral-placed"
    drawn_by: Side
    unit_id: str
    kind: str
    location: Location
    set_aside: list[str] = []  # PD kinds drawn first and set aside (DN-MOV-10 [HOUSE])


@order_type(
    phases=[Phase.SETUP_NEUTRALS],
    rule="DN-NEU-1",
    summary="draw the top face-down neutral counter and place it in a type 1 system",
    template="place-neutral SYSTEM",
)
class PlaceNeutral(Order, frozen=True, kw_only=True):
    """``solomani place-neutral SYSTEM``; with the counters drawn at the table, ``solomani
    place-neutral SYSTEM RT-2`` names the counter drawn (``table_draw``)."""

    type: Literal["place-neutral"] = "place-neutral"
    system: str
    drawn: list[str] = []


@shown_as(PlaceNeutral)
def _shown_at_table(state: CampaignState) -> tuple[str, str] | None:
    """With the counters drawn at the table the order names the counter drawn (issue 45)."""
    if not table_draw.at_table(state):
        return None
    return (
        "place-neutral SYSTEM CODE",
        "place the counter drawn from the table's pile (its code) in a type 1 system",
    )


@on_enter(Phase.SETUP_NEUTRALS)
def _shuffle_neutrals(state: CampaignState, ruleset: Ruleset, dice: Dice) -> list[Event]:
    if fairplay.active(state):  # the players' machines shuffle jointly: references only
        return [NeutralsShuffled(pile=fairplay.pile(state))]
    pile = dice.shuffle("neutral shuffle", neutral_pile(ruleset))
    return [NeutralsShuffled(pile=pile, rolls=tuple(dice.take()))]


@idle_when(Phase.SETUP_NEUTRALS)
def _neutrals_done(state: CampaignState, ruleset: Ruleset) -> bool:
    wanted = len(ruleset.star_map.sections)
    return (
        neutrals_placed(state) >= wanted or not state.neutral_pile or not neutral_systems(ruleset)
    )


@end_check(Phase.SETUP_NEUTRALS)
def _neutrals_end(state: CampaignState, ruleset: Ruleset) -> None:
    """The step may end once every counter is placed: by itself, or with manual stepping by
    end-phase (DN-SEQ-2)."""
    if _neutrals_done(state, ruleset):
        return
    left = len(ruleset.star_map.sections) - neutrals_placed(state)
    raise IllegalOrderError(
        "DN-NEU-1",
        f"{plural(left, 'neutral counter')} still to be placed; the step ends by itself when "
        "all are placed",
    )


@decides(PlaceNeutral)
def _decide_place_neutral(
    state: CampaignState, order: PlaceNeutral, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    wanted = len(ruleset.star_map.sections)
    if neutrals_placed(state) >= wanted:  # with manual stepping the step waits for end-phase
        raise IllegalOrderError(
            "DN-NEU-1",
            f"all {wanted} neutral counters are placed (as many as there are "
            "sections in play); end the step with end-phase",
        )
    system = find_system(ruleset, order.system)
    if system.type is not SystemType.PRIMARY:
        raise IllegalOrderError(
            "DN-NEU-1",
            f"{system.name} is a type {int(system.type)} system; neutrals go to type 1"
            f"{_neutral_choices(ruleset)}",
        )
    if system.section in home_sections(ruleset):
        raise IllegalOrderError(
            "DN-NEU-1",
            f"{system.name} is on a home section ({system.section}){_neutral_choices(ruleset)}",
        )
    assert order.side is not None
    if order.drawn and not table_draw.at_table(state):
        raise IllegalOrderError(
            "DN-NEU-1",
            "the tool draws the neutral counters in this campaign (its shuffle, "
            "seeded and logged): a drawn counter is named only when they are drawn "
            "at the table (referee neutral-draw table, before the first placement)",
        )
    if fairplay.active(state):  # the token card says where it stands (ADR 0028)
        return [fairplay.place(state, order.side, system.id)]
    if table_draw.at_table(state):
        return [
            _placed(
                state,
                ruleset,
                order.side,
                system,
                *table_draw.checked_draw(state, ruleset, order.drawn, Location.box(system.id)),
            )
        ]
    set_aside = _pd_set_aside(state, ruleset, system.id)
    if len(set_aside) == len(state.neutral_pile):
        raise IllegalOrderError(
            "DN-MOV-10",
            f"the surface box of {system.name} already holds a PD marker and no "
            "counter left in the pile may go there",
        )
    kind = state.neutral_pile[len(set_aside)]
    return [_placed(state, ruleset, order.side, system, kind, set_aside)]


def _placed(
    state: CampaignState,
    ruleset: Ruleset,
    side: Side,
    system: StarSystem,
    kind: str,
    set_aside: list[str],
) -> NeutralPlaced:
    """The counter ``kind`` placed face down in ``system``: ground units and PD in the surface
    box, ships in the stellar hex."""
    unit_type = ruleset.unit_type(kind)
    (unit_id,) = state.new_unit_ids(Side.NEUTRAL, unit_type.code)
    in_box = unit_type.category in SURFACE_ONLY
    location = Location.box(system.id) if in_box else Location.hex(system.id)
    return NeutralPlaced(
        drawn_by=side, unit_id=unit_id, kind=kind, location=location, set_aside=set_aside
    )


def _pd_set_aside(state: CampaignState, ruleset: Ruleset, system_id: str) -> list[str]:
    """[HOUSE] DN-MOV-10 at neutral placement: when the box already holds a PD marker, PD
    counters drawn for it are set aside (out of play) and the next counter is drawn instead.
    Returns the PD kinds on top of the pile that are set aside."""
    box = Location.box(system_id)
    if not any(ruleset.unit_type(u.kind).category is UnitCategory.PD for u in state.units_at(box)):
        return []
    aside: list[str] = []
    for kind in state.neutral_pile:
        if ruleset.unit_type(kind).category is not UnitCategory.PD:
            break
        aside.append(kind)
    return aside


@applies(NeutralsShuffled)
def _apply_shuffled(state: CampaignState, event: NeutralsShuffled) -> None:
    state.neutral_pile = list(event.pile)


@applies(NeutralPlaced)
def _apply_neutral_placed(state: CampaignState, event: NeutralPlaced) -> None:
    # the counters leave the pile: the top ones for the tool's draw, the first of their kind
    # for a draw at the table (table_draw); in fair mode the pile holds references, no kinds
    for kind in [*event.set_aside, event.kind]:
        if kind in state.neutral_pile:
            state.neutral_pile.remove(kind)
    state.add_unit(
        Unit(
            id=event.unit_id,
            kind=event.kind,
            owner=Side.NEUTRAL,
            location=event.location,
            face_down=True,
            home_system=event.location.system,
        )
    )
    state.acting = event.drawn_by.enemy


# --- purchases (DN-SET-1) ------------------------------------------------------------------------


@event_type
class UnitsBought(Event, frozen=True, kw_only=True):
    """``side`` paid ``cost`` RU for new units, unplaced until deployed."""

    type: Literal["units-bought"] = "units-bought"
    side: Side
    kind: str
    unit_ids: list[str]
    cost: int


@order_type(
    phases=[Phase.SETUP_PURCHASE],
    rule="DN-SET-1",
    summary="buy starting units with the 99 set-up RU (no BB; a B2 needs a B1)",
    template="buy KIND [COUNT]",
)
class Buy(Order, frozen=True, kw_only=True):
    """``aslan buy CL 2``."""

    type: Literal["buy"] = "buy"
    kind: str
    count: Annotated[int, Meta(ge=1, le=99)] = 1


def check_counter_mix(state: CampaignState, unit_type: UnitType, count: int) -> None:
    """DN-DATA-2 / DN-ECO-8: no more counters of a kind than the mix holds."""
    in_play = state.count_in_mix(unit_type.kind)
    if in_play + count > unit_type.count:
        counter = f"{kind_code(unit_type.kind)} ({unit_type.name}) counter"
        raise IllegalOrderError(
            "DN-DATA-2",
            f"the counter mix has {plural(unit_type.count, counter)}; {in_play} in play, "
            f"cannot add {count}",
        )


def check_affordable(
    state: CampaignState, side: Side, unit_type: UnitType, count: int, rule: str
) -> int:
    """The cost of ``count`` units of ``unit_type``; refused under ``rule`` (DN-SET-1 at
    set-up, DN-ECO-8 in production) when ``side`` cannot pay it, naming the kind as the order
    does (``RT-5``, not the code ``RT`` of every strength)."""
    cost = unit_type.cost * count
    if cost > state.ru[side]:
        verb = "costs" if count == 1 else "cost"
        raise IllegalOrderError(
            rule,
            f"{count} × {kind_code(unit_type.kind)} {verb} {cost} RU; "
            f"{side.value} has {state.ru[side]} RU",
        )
    return cost


@decides(Buy)
def _decide_buy(state: CampaignState, order: Buy, ruleset: Ruleset, dice: Dice) -> list[Event]:
    side = order.side
    assert side is not None
    unit_type = unit_kind(ruleset, side, order.kind)
    if unit_type.code == "BB":
        raise IllegalOrderError("DN-SET-1", "a BB (battleship) may not be bought at set-up")
    if unit_type.code == "B2" and state.count_in_mix(f"{side.value}:B1") == 0:
        raise IllegalOrderError("DN-SET-1", "a B2 may only be bought after buying a B1")
    check_counter_mix(state, unit_type, order.count)
    cost = check_affordable(state, side, unit_type, order.count, "DN-SET-1")
    ids = state.new_unit_ids(side, unit_type.code, order.count)
    return [UnitsBought(side=side, kind=unit_type.kind, unit_ids=ids, cost=cost)]


@applies(UnitsBought)
def _apply_bought(state: CampaignState, event: UnitsBought) -> None:
    state.ru[event.side] -= event.cost
    for unit_id in event.unit_ids:
        state.add_unit(
            Unit(id=unit_id, kind=event.kind, owner=event.side, location=Location.unplaced())
        )


# --- deployment (DN-SET-2) -----------------------------------------------------------------------


@event_type
class UnitDeployed(Event, frozen=True, kw_only=True):
    """A unit is set up at ``location`` (may be repeated to change one's mind)."""

    type: Literal["unit-deployed"] = "unit-deployed"
    unit_id: str
    location: Location


@order_type(
    phases=[Phase.SETUP_DEPLOY],
    rule="DN-SET-2",
    summary="place bought units in a home-section system: hex:SYS, box:SYS or on:CARRIER",
    template="deploy UNITS LOCATION",
)
class Deploy(Order, frozen=True, kw_only=True):
    """``aslan deploy A-CL-1 hex:kiir``; several units at once: ``aslan deploy
    A-CL-1,A-CL-2,A-CL-3 hex:kiir`` (each checked as if deployed one after the other)."""

    type: Literal["deploy"] = "deploy"
    units: Annotated[list[str], Meta(min_length=1, max_length=MAX_BULK)]
    location: Location


def other_pd_in_box(
    state: CampaignState, ruleset: Ruleset, unit: Unit, location: Location
) -> Unit | None:
    """The PD marker other than ``unit`` standing at ``location``, if any (DN-MOV-10: at most
    one PD marker a surface box). None when ``unit`` is no PD marker."""
    if ruleset.unit_type(unit.kind).category is not UnitCategory.PD:
        return None
    for other in state.units_at(location):
        if other.id != unit.id and ruleset.unit_type(other.kind).category is UnitCategory.PD:
            return other
    return None


def check_one_pd_in_box(
    state: CampaignState, ruleset: Ruleset, unit: Unit, location: Location
) -> None:
    """Refuse to put the PD marker ``unit`` in a surface box that already holds another
    (DN-MOV-10). The one check of a deployment (DN-SET-2) and of a referee's ``adjust``, so
    both refuse alike; nothing when ``unit`` is no PD marker."""
    other = other_pd_in_box(state, ruleset, unit, location)
    if other is not None:
        name = find_system(ruleset, location.system or "").name
        raise IllegalOrderError(
            "DN-MOV-10", f"the surface box of {name} already holds PD {other.id}"
        )


def check_cargo(state: CampaignState, ruleset: Ruleset, unit: Unit, carrier: Unit) -> None:
    """DN-MOV-7 capacities: a transport carries one ground unit or PD; a mothership up to three
    fighters and nothing else; carriers are not themselves cargo."""
    cargo_type = ruleset.unit_type(unit.kind)
    carrier_type = ruleset.unit_type(carrier.kind)
    aboard = [u for u in state.cargo_of(carrier.id) if u.id != unit.id]
    if carrier.owner is not unit.owner:
        raise IllegalOrderError("DN-MOV-7", f"{carrier.id} is not a friendly unit")
    if not carrier.location.on_map:
        raise IllegalOrderError("DN-MOV-7", f"{carrier.id} is not on the map")
    if carrier_type.has(UnitFlag.TRANSPORT):
        if cargo_type.category not in SURFACE_ONLY:
            raise IllegalOrderError(
                "DN-MOV-7", f"a transport carries a ground unit or PD, not {cargo_type.code}"
            )
        if aboard:
            raise IllegalOrderError("DN-MOV-7", f"{carrier.id} already carries {aboard[0].id}")
        return
    if carrier_type.has(UnitFlag.CARRIER):
        if cargo_type.category is not UnitCategory.FIGHTER:
            raise IllegalOrderError(
                "DN-MOV-7", f"a mothership carries fighters only, not {cargo_type.code}"
            )
        if len(aboard) >= 3:
            raise IllegalOrderError("DN-MOV-7", f"{carrier.id} already carries three fighters")
        return
    raise IllegalOrderError("DN-MOV-7", f"{carrier.id} ({carrier_type.code}) carries nothing")


@decides(Deploy)
def _decide_deploy(
    state: CampaignState, order: Deploy, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    """Each unit in turn to the order's one location, on a scratch state, so the units named
    earlier count against a carrier's room (DN-MOV-7) and a box's one PD (DN-MOV-10); the first
    refusal refuses the whole order."""
    if len(set(order.units)) != len(order.units):
        raise InvalidOrderError("deploy names a unit twice")
    scratch = state.clone() if len(order.units) > 1 else state
    events: list[Event] = []
    for unit_id in order.units:
        event = _deploy_one(scratch, ruleset, order.side, unit_id, order.location)
        if scratch is not state:
            _apply_deployed(scratch, event)
        events.append(event)
    return events


def _deploy_one(
    state: CampaignState, ruleset: Ruleset, side: Side | None, unit_id: str, location: Location
) -> UnitDeployed:
    assert side is not None
    unit = find_unit(state, unit_id)
    if unit.owner is not side:
        raise IllegalOrderError("DN-SET-2", f"{unit.id} is not one of {side.value}'s units")
    unit_type = ruleset.unit_type(unit.kind)
    if location.where is Where.CARRIED:
        carrier = find_unit(state, location.carrier or "")
        check_cargo(state, ruleset, unit, carrier)
        return UnitDeployed(unit_id=unit.id, location=location)
    if not location.on_map:
        raise IllegalOrderError("DN-SET-2", "deploy to hex:SYSTEM, box:SYSTEM or on:CARRIER")
    system = find_system(ruleset, location.system or "")
    home = home_section(ruleset, side)
    if system.section != home:
        systems = short_list(ruleset.star_map.systems_in_section(home))
        raise IllegalOrderError(
            "DN-SET-2",
            f"{system.name} is not in the {side.value} home section"
            + (f" ({home}: {systems})" if systems else ""),
        )
    if location.where is Where.HEX and unit_type.category in (*SURFACE_ONLY, UnitCategory.FIGHTER):
        raise IllegalOrderError(
            "DN-SET-2",
            f"{unit.id} ({unit_type.name}) goes to the surface box or aboard a carrier, "
            "not the stellar hex",
        )
    check_one_pd_in_box(state, ruleset, unit, location)
    return UnitDeployed(unit_id=unit.id, location=location)


@offered_when(Deploy)
def _deploy_offered(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Offered while ``side`` has a unit still unplaced (DN-SET-2). Once everything is placed
    the step's duty is ``end-phase``; moving a placed unit again stays accepted (issue 29)."""
    return side is not None and any(
        u.location.where is Where.UNPLACED for u in state.units_of(side)
    )


@applies(UnitDeployed)
def _apply_deployed(state: CampaignState, event: UnitDeployed) -> None:
    state.units[event.unit_id].location = event.location


@end_check(Phase.SETUP_DEPLOY)
def _deploy_end(state: CampaignState, ruleset: Ruleset) -> None:
    waiting = [
        u.id
        for u in state.units_of(state.acting)
        if u.location.where is Where.UNPLACED
        and ruleset.unit_type(u.kind).category is not UnitCategory.PD
    ]
    if waiting:
        raise IllegalOrderError(
            "DN-SET-2", f"deploy every unit first; still unplaced: {', '.join(waiting)}"
        )


@normalizes_orders
def _resolve_neutral_aliases(state: CampaignState, order: Order) -> Order:
    """Orders may name a face-down counter by its alias (``N-X-3``, issue 16 item 10): the
    decided order (and the log) carry the real id."""
    changes: dict[str, object] = {}
    for name in type(order).model_fields:
        value = getattr(order, name)
        if isinstance(value, str):
            resolved: object = resolve_aliases(state, value)
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            resolved = [resolve_aliases(state, v) for v in value]
        else:
            continue
        if resolved != value:
            changes[name] = resolved
    return order.model_copy(update=changes) if changes else order
