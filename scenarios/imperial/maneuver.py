"""Maneuver, battle, hostility, rescue, factory destruction and tax chips (IMP-11 … IMP-16)."""

from __future__ import annotations

from typing import Any

from scenarios.imperial import events as ev
from scenarios.imperial.constants import NATIONS
from scenarios.imperial.context import Ctx, Order, governor_of, place_chip
from scenarios.imperial.movement import army_destinations, fleet_destinations, may_still_move
from scenarios.imperial.state import State, Unit
from scenarios.imperial.turns import finish_action


def is_foreign_home(state: State, nation: str, region: str) -> bool:
    """True if ``region`` is another great power's home province (IMP-13)."""
    home = state.board.region(region).home
    return home is not None and home != nation


def hostile_forbidden(state: State, nation: str, region: str) -> bool:
    """IMP-14: the province holds its nation's only unblocked factory, so no hostile entry."""
    home = state.board.region(region).home
    if home is None or home == nation or region not in state.factories:
        return False
    return state.free_factories(home) == [region]


def combatants(state: State, region: str, nation: str) -> list[Unit]:
    """Units of ``nation`` that fight in ``region``: fleets at sea; armies and fleets in port on
    land (IMP-12). Armies are listed (and so lost) before fleets."""
    units = [u for u in state.units_in(region) if u.nation == nation]
    return sorted(units, key=lambda u: (u.kind != "A", u.id))


def maneuver_orders(state: State, nation: str) -> list[Order]:
    """Moves of every unmoved unit (per kind and region), flips to hostile, and the end
    (IMP-11, IMP-13, IMP-14)."""
    orders: list[Order] = []
    seen: set[tuple[str, str]] = set()
    flips: set[str] = set()
    for unit in state.units_of(nation):
        if not may_still_move(state, unit):
            continue
        if (
            unit.kind == "A"
            and not unit.hostile
            and is_foreign_home(state, nation, unit.region)
            and not hostile_forbidden(state, nation, unit.region)
        ):
            flips.add(unit.region)
        if (unit.kind, unit.region) in seen:
            continue
        seen.add((unit.kind, unit.region))
        if unit.kind == "F":
            orders.extend(("move", "F", unit.region, d, 0) for d in fleet_destinations(state, unit))
            continue
        for dest in army_destinations(state, unit):
            orders.append(("move", "A", unit.region, dest, 0))
            if is_foreign_home(state, nation, dest) and not hostile_forbidden(state, nation, dest):
                orders.append(("move", "A", unit.region, dest, 1))
    orders.extend(("flip", r) for r in sorted(flips))
    orders.append(("end_maneuver",))
    return orders


def _on_move(ctx: Ctx, pending: dict[str, Any], order: Order) -> None:
    state = ctx.state
    nation = pending["nation"]
    _, kind, src, dst, hostile = order
    unit = next(
        u
        for u in state.units_of(nation)
        if u.kind == kind and u.region == src and may_still_move(state, u)
    )
    convoy = army_destinations(state, unit)[dst] if kind == "A" else ()
    stance = bool(hostile) and is_foreign_home(state, nation, dst)
    ctx.emit(ev.UnitMoved(unit=unit.id, region=dst, hostile=stance, convoy=convoy))
    _after_entry(ctx, nation, dst, kind)


def _on_flip(ctx: Ctx, pending: dict[str, Any], order: Order) -> None:
    state = ctx.state
    nation = pending["nation"]
    region = order[1]
    unit = next(
        u
        for u in state.units_of(nation)
        if u.kind == "A" and u.region == region and not u.hostile and u.id not in state.moved
    )
    ctx.emit(ev.UnitMoved(unit=unit.id, region=region, hostile=True))
    _after_entry(ctx, nation, region, "A")


def _after_entry(ctx: Ctx, nation: str, region: str, kind: str) -> None:
    """IMP-12: a unit entered ``region``; open the fight declarations if others are there."""
    state = ctx.state
    at_sea = state.board.region(region).is_sea
    others = sorted(
        {u.nation for u in state.units_in(region) if u.nation != nation},
        key=NATIONS.index,
    )
    # fleets only ever enter seas and armies land, so everyone present can fight (IMP-12)
    candidates = others if at_sea or kind == "A" else []
    if candidates:
        ctx.wait(
            "declare", governor_of(state, nation), nation, region=region, candidates=candidates
        )
    else:
        _after_battle(ctx, nation, region)


def _on_fight(ctx: Ctx, pending: dict[str, Any], order: Order) -> None:
    _battle(ctx, pending["nation"], order[1], pending["region"])
    _after_battle(ctx, pending["nation"], pending["region"])


def _on_no_fight(ctx: Ctx, pending: dict[str, Any], order: Order) -> None:
    _ask_next(ctx, pending, list(pending["candidates"]))


def _ask_next(ctx: Ctx, pending: dict[str, Any], candidates: list[str]) -> None:
    """Ask the remaining nations in the mover's order; ungoverned nations cannot declare."""
    state = ctx.state
    candidates = [n for n in candidates if state.governor(n) is not None]
    nation, region = pending["nation"], pending["region"]
    if not candidates:
        _after_battle(ctx, nation, region)
    elif len(candidates) == 1:
        _open_reply(ctx, nation, region, candidates[0], [])
    else:
        ctx.wait("ask", governor_of(state, nation), nation, region=region, candidates=candidates)


def _open_reply(ctx: Ctx, nation: str, region: str, asked: str, rest: list[str]) -> None:
    ctx.wait(
        "reply",
        governor_of(ctx.state, asked),
        nation,
        region=region,
        asked=asked,
        candidates=rest,
    )


def _on_ask(ctx: Ctx, pending: dict[str, Any], order: Order) -> None:
    rest = [n for n in pending["candidates"] if n != order[1]]
    _open_reply(ctx, pending["nation"], pending["region"], order[1], rest)


def _on_reply(ctx: Ctx, pending: dict[str, Any], order: Order) -> None:
    nation, region = pending["nation"], pending["region"]
    if order[1]:
        _battle(ctx, nation, pending["asked"], region)
        _after_battle(ctx, nation, region)
    else:
        _ask_next(ctx, pending, list(pending["candidates"]))


def _battle(ctx: Ctx, mover: str, other: str, region: str) -> None:
    """IMP-12: units are removed one for one until one side has none."""
    ours = combatants(ctx.state, region, mover)
    theirs = combatants(ctx.state, region, other)
    for unit in ours[: len(theirs)] + theirs[: len(ours)]:
        ctx.emit(ev.UnitRemoved(unit=unit.id))


def _after_battle(ctx: Ctx, nation: str, region: str) -> None:
    _check_destruction(ctx, region)
    ctx.wait("maneuver", governor_of(ctx.state, nation), nation)


def _check_destruction(ctx: Ctx, region: str) -> None:
    """IMP-15: three hostile armies of one nation in an undefended foreign factory province
    destroy it; IMP-14: a nation's last factory cannot be destroyed."""
    state = ctx.state
    owner = state.board.region(region).home
    if owner is None or region not in state.factories:
        return
    present = state.units_in(region)
    if any(u.nation == owner for u in present) or len(state.factories_of(owner)) <= 1:
        return
    for attacker in NATIONS:
        armies = [u for u in present if u.nation == attacker and u.kind == "A" and u.hostile]
        if attacker != owner and len(armies) >= 3:
            ctx.emit(ev.FactoryDestroyed(region=region))
            for unit in armies[:3]:
                ctx.emit(ev.UnitRemoved(unit=unit.id))
            return


def _on_end_maneuver(ctx: Ctx, pending: dict[str, Any], order: Order) -> None:
    nation = pending["nation"]
    _place_maneuver_chips(ctx, nation)
    finish_action(ctx, nation)


def _place_maneuver_chips(ctx: Ctx, nation: str) -> None:
    """IMP-16: a chip wherever only this nation's units stand: seas, neutral land and (guide)
    its own homeland; never another power's homeland; at most 10."""
    state = ctx.state
    for region in state.board.regions:
        if region.kind == "impassable":
            continue
        present = {u.nation for u in state.units_in(region.key)}
        if present != {nation}:
            continue
        if region.home is not None and (region.home != nation or not state.options.home_chips):
            continue
        place_chip(ctx, nation, region.key)


#: Order kind → handler for the maneuver decisions.
HANDLERS = {
    "move": _on_move,
    "flip": _on_flip,
    "end_maneuver": _on_end_maneuver,
    "fight": _on_fight,
    "no_fight": _on_no_fight,
    "ask": _on_ask,
    "reply": _on_reply,
}
