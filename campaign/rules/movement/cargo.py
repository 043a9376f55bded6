"""Cargo: loading and unloading between a carrier and the surface box (DN-MOV-5), capacities
(DN-MOV-7) and PD markers (DN-MOV-10).

- A carrier loads from, or unloads to, the surface box of the system it is in; cargo aboard goes
  wherever the carrier goes (its location is ``on:CARRIER``).
- Friendly (or open) system: at any time the side may act (its movement phases, and any combat
  sub-phase). Non-friendly system: unloading happens only in the interaction sub-phase, where
  the transport moves into the surface box with its cargo (the combat rules' ``interact`` order:
  bombardment, PD fire, landing; jump troops may drop from orbit instead, DN-INT-4). ``unload``
  from the stellar hex of a non-friendly system is therefore refused, naming that route; cargo
  aboard a carrier standing in the box may be unloaded at any time.
- An unplaced PD marker (DN-MOV-10, DN-ECO-9) is loaded onto a transport standing in the own
  capital or in a friendly type 1 or 2 system (where production places units, DN-ECO-8) and
  installed by unloading it; one PD per surface box. With the house switch
  ``pd_carried_by_transport`` off, ``install-pd`` places it directly in a friendly system's box.
"""

from typing import Literal

from campaign.rules.base import Event, Order
from campaign.rules.dice import Dice
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import Side, SystemType, UnitCategory
from campaign.rules.movement.groups import MOVEMENT_PHASES, acting_side, in_play
from campaign.rules.movement.moves import COMBAT_PHASES
from campaign.rules.movement.presence import Presence
from campaign.rules.movement.systems import SystemStatus, system_status
from campaign.rules.phases import Actor
from campaign.rules.registry import applies, decides, event_type, offered_when, order_type
from campaign.rules.ruleset import Ruleset
from campaign.rules.setup_rules import check_cargo, other_pd_in_box
from campaign.rules.state import CampaignState, Location, Unit, Where

CARGO_PHASES = (*MOVEMENT_PHASES, *COMBAT_PHASES)


@order_type(
    phases=CARGO_PHASES,
    actor=Actor.EITHER,
    rule="DN-MOV-5",
    summary="load a ground unit, PD or fighter from the surface box onto a carrier",
    template="load CARGO CARRIER",
)
class Load(Order, frozen=True, kw_only=True):
    """``aslan load A-RT-1 A-TR-2``."""

    type: Literal["load"] = "load"
    cargo: str
    carrier: str


@order_type(
    phases=CARGO_PHASES,
    actor=Actor.EITHER,
    rule="DN-MOV-5",
    summary="unload cargo to the surface box (non-friendly: interaction sub-phase only)",
    template="unload CARGO",
)
class Unload(Order, frozen=True, kw_only=True):
    """``aslan unload A-RT-1``."""

    type: Literal["unload"] = "unload"
    cargo: str


@order_type(
    phases=MOVEMENT_PHASES,
    rule="DN-MOV-10",
    summary="install an unplaced PD marker in a friendly surface box (switch off only)",
    template="install-pd PD SYSTEM",
)
class InstallPD(Order, frozen=True, kw_only=True):
    """``aslan install-pd A-PD-1 hlirakh`` (house switch ``pd_carried_by_transport`` off)."""

    type: Literal["install-pd"] = "install-pd"
    pd: str
    system: str


@offered_when(InstallPD)
def _install_offered(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """``install-pd`` exists only with the house switch ``pd_carried_by_transport`` off."""
    return not ruleset.house_rules.pd_carried_by_transport


@event_type
class CargoLoaded(Event, frozen=True, kw_only=True):
    """``cargo`` is now aboard ``carrier``."""

    type: Literal["cargo-loaded"] = "cargo-loaded"
    side: Side
    cargo: str
    carrier: str


@event_type
class CargoUnloaded(Event, frozen=True, kw_only=True):
    """``cargo`` is now in the surface box of ``system`` (``carrier`` None: a PD installed
    directly, house switch ``pd_carried_by_transport`` off)."""

    type: Literal["cargo-unloaded"] = "cargo-unloaded"
    side: Side
    cargo: str
    carrier: str | None
    system: str


def _own(state: CampaignState, side: Side, unit_id: str) -> Unit:
    unit = state.units.get(unit_id)
    if unit is None or not in_play(unit):
        raise InvalidOrderError(f"unknown unit {unit_id!r}")
    if unit.owner is not side:
        raise IllegalOrderError("DN-SEQ-2", f"{unit.id} is not one of {side.value}'s units")
    return unit


def _name(ruleset: Ruleset, system_id: str) -> str:
    return ruleset.star_map.system(system_id).name


def _check_one_pd(state: CampaignState, ruleset: Ruleset, pd: Unit, system_id: str) -> None:
    """DN-MOV-10: at most one PD marker per surface box."""
    other = other_pd_in_box(state, ruleset, pd, Location.box(system_id))
    if other is not None:
        raise IllegalOrderError(
            "DN-MOV-10",
            f"the surface box of {_name(ruleset, system_id)} already holds PD {other.id}: "
            f"{pd.id} cannot be installed there",
        )


def pd_source_ok(presence: Presence, ruleset: Ruleset, side: Side, system_id: str) -> bool:
    """May a transport in ``system_id`` pick up an unplaced PD of ``side``? (DN-MOV-10 with
    DN-ECO-8: the own capital or a friendly type 1/2 system.)"""
    system = ruleset.star_map.system(system_id)
    if system.capital and system.original_owner is side:
        return True
    status, _ = system_status(presence, ruleset, side, system_id)
    return system.type is not SystemType.TERTIARY and status is SystemStatus.FRIENDLY


def _pd_in_movement(state: CampaignState, unit: Unit, category: UnitCategory) -> None:
    """DN-MOV-10: a PD marker is moved (loaded, carried, installed) in the movement phase."""
    if category is UnitCategory.PD and not state.phase.is_movement:
        raise IllegalOrderError(
            "DN-MOV-10", f"PD {unit.id} is moved to its box in a movement phase, not {state.phase}"
        )


@decides(Load)
def decide_load(state: CampaignState, order: Load, ruleset: Ruleset, dice: Dice) -> list[Event]:
    """Cargo from the carrier's surface box (or an unplaced PD) goes aboard (DN-MOV-5/7/10)."""
    side = acting_side(state, order.side, order.type)
    cargo = _own(state, side, order.cargo)
    carrier = _own(state, side, order.carrier)
    if carrier.location.where not in (Where.HEX, Where.BOX):
        raise IllegalOrderError("DN-MOV-7", f"carrier {carrier.id} is not on the map")
    system_id = carrier.location.system or ""
    cargo_type = ruleset.unit_type(cargo.kind)
    _pd_in_movement(state, cargo, cargo_type.category)
    # what the carrier takes first: a ship named as cargo was told to be in the box (found by
    # use, December 7, night), as if landing it would let it board
    check_cargo(state, ruleset, cargo, carrier)
    if cargo.location.where is Where.CARRIED:
        _refuse_cargo_aboard(cargo, carrier)
    if cargo.location.where is Where.UNPLACED:
        if cargo_type.category is not UnitCategory.PD:
            raise IllegalOrderError("DN-MOV-10", f"{cargo.id} is not on the map")
        if not ruleset.house_rules.pd_carried_by_transport:
            raise IllegalOrderError(
                "DN-MOV-10", "PD markers are installed with install-pd under this profile"
            )
        if not pd_source_ok(Presence.of(state, ruleset), ruleset, side, system_id):
            raise IllegalOrderError(
                "DN-MOV-10",
                f"{carrier.id} can pick up unplaced PD {cargo.id} only in the {side.value} "
                f"capital or a friendly type 1 or 2 system, not {_name(ruleset, system_id)}",
            )
    elif cargo.location != Location.box(system_id):
        raise IllegalOrderError(
            "DN-MOV-5",
            f"{cargo.id} is not in the surface box of {_name(ruleset, system_id)}, where "
            f"{carrier.id} is: cargo is loaded from the box of the carrier's system",
        )
    elif cargo_type.category is UnitCategory.PD:
        raise IllegalOrderError(
            "DN-MOV-10",
            f"PD {cargo.id} is installed at {_name(ruleset, system_id)} and stays there",
        )
    return [CargoLoaded(side=side, cargo=cargo.id, carrier=carrier.id)]


def _refuse_cargo_aboard(cargo: Unit, carrier: Unit) -> None:
    """Refuse to load ``cargo`` that is aboard a carrier already (DN-MOV-5: cargo is loaded
    from the surface box). Found by use, December 8: a second ``load A-PD-2 A-TR-3`` was told
    that A-PD-2 "is not in the surface box of Hlirakh", as if it had gone missing."""
    held_by = cargo.location.carrier
    if held_by == carrier.id:
        raise IllegalOrderError("DN-MOV-5", f"{cargo.id} is already aboard {carrier.id}")
    raise IllegalOrderError(
        "DN-MOV-5",
        f"{cargo.id} is aboard {held_by}: cargo goes from one carrier to another through the "
        f"surface box (unload {cargo.id} first, where {held_by} may unload)",
    )


@decides(Unload)
def decide_unload(state: CampaignState, order: Unload, ruleset: Ruleset, dice: Dice) -> list[Event]:
    """Cargo goes to the surface box of its carrier's system, with DN-MOV-5 timing."""
    side = acting_side(state, order.side, order.type)
    cargo = _own(state, side, order.cargo)
    if cargo.location.where is not Where.CARRIED:
        raise IllegalOrderError("DN-MOV-5", f"{cargo.id} is not aboard a carrier")
    carrier = state.units[cargo.location.carrier or ""]
    where = carrier.location
    if where.where not in (Where.HEX, Where.BOX) or where.system is None:
        raise IllegalOrderError("DN-MOV-5", f"carrier {carrier.id} is not on the map")
    system_id = where.system
    cargo_type = ruleset.unit_type(cargo.kind)
    _pd_in_movement(state, cargo, cargo_type.category)
    if cargo_type.category is UnitCategory.PD:
        _check_one_pd(state, ruleset, cargo, system_id)
    status, reason = system_status(Presence.of(state, ruleset), ruleset, side, system_id)
    if where.where is Where.BOX or status.unload_any_time:
        return [CargoUnloaded(side=side, cargo=cargo.id, carrier=carrier.id, system=system_id)]
    if cargo_type.category is UnitCategory.FIGHTER:
        raise IllegalOrderError(
            "DN-CBT-8",
            f"fighter {cargo.id} needs a base: it cannot be put down in the non-friendly box of "
            f"{_name(ruleset, system_id)} ({reason})",
        )
    raise IllegalOrderError(
        "DN-MOV-5",
        f"{carrier.id} cannot unload {cargo.id} from the stellar hex of "
        f"{_name(ruleset, system_id)}: the system is not friendly ({reason}); in the "
        "surface/space interaction sub-phase the transport lands with it ('interact', after "
        "bombardment and PD fire) or drops jump troops, and may then unload in the box",
    )


@decides(InstallPD)
def decide_install_pd(
    state: CampaignState, order: InstallPD, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    """House switch ``pd_carried_by_transport`` off: install an unplaced PD in a friendly box."""
    side = acting_side(state, order.side, order.type)
    pd = _own(state, side, order.pd)
    if ruleset.unit_type(pd.kind).category is not UnitCategory.PD:
        raise IllegalOrderError("DN-MOV-10", f"{pd.id} is not a PD marker")
    if pd.location.where is not Where.UNPLACED:
        raise IllegalOrderError("DN-MOV-10", f"PD {pd.id} is already placed")
    if ruleset.house_rules.pd_carried_by_transport:
        raise IllegalOrderError(
            "DN-MOV-10",
            f"PD {pd.id} must be carried by a transport to its box (house rule): load it",
        )
    if not ruleset.star_map.has_system(order.system):
        raise InvalidOrderError(f"unknown system {order.system!r}")
    status, reason = system_status(Presence.of(state, ruleset), ruleset, side, order.system)
    if status is not SystemStatus.FRIENDLY:
        raise IllegalOrderError(
            "DN-MOV-10",
            f"PD {pd.id} can be installed only in a friendly system; {reason}",
        )
    _check_one_pd(state, ruleset, pd, order.system)
    return [CargoUnloaded(side=side, cargo=pd.id, carrier=None, system=order.system)]


@applies(CargoLoaded)
def apply_loaded(state: CampaignState, event: CargoLoaded) -> None:
    """The cargo is aboard its carrier and no longer in a stack."""
    unit = state.units[event.cargo]
    unit.location = Location.carried(event.carrier)
    unit.stack = None


@applies(CargoUnloaded)
def apply_unloaded(state: CampaignState, event: CargoUnloaded) -> None:
    """The cargo is in the surface box."""
    state.units[event.cargo].location = Location.box(event.system)
