"""Where a unit may go in one maneuver step: fleets, armies with rail and convoys (IMP-11).

For an army the route chosen is the one without a convoy if there is one, else the shortest
chain of sea regions (each with an own fleet that has not convoyed yet); the fleets used are
returned so the event can record them. Where a sea holds several such fleets, the one that
carries the army is one whose maneuver step is already spent, if any, so a convoy never costs
a fleet the move it still had (issue 29; docs/imperial.md, "Maneuver").
"""

from __future__ import annotations

from collections import deque

from scenarios.imperial.state import State, Unit


def may_still_move(state: State, unit: Unit) -> bool:
    """True when ``unit`` has not used its maneuver step: it has not moved, and (a fleet) has not
    carried an army, since the guide counts the convoy as the fleet's one action (IMP-11; seed
    004 海上輸送), unless the published reading ``convoy_keeps_fleet_move`` is chosen."""
    if unit.id in state.moved:
        return False
    return state.options.convoy_keeps_fleet_move or unit.id not in state.convoyed


def fleet_destinations(state: State, unit: Unit) -> list[str]:
    """Seas a fleet may enter: its port's sea from port, else adjacent seas (IMP-11)."""
    board = state.board
    region = board.region(unit.region)
    if region.is_land:
        return [region.port] if region.port else []
    return sorted(n for n in board.neighbours(unit.region) if board.region(n).is_sea)


def _rail_component(state: State, nation: str, start: str, blocked: set[str]) -> set[str]:
    """Own home provinces reachable by rail from ``start`` (empty if rail cannot start there);
    ``blocked`` are the provinces with hostile foreign armies."""
    board = state.board
    if board.region(start).home != nation or start in blocked:
        return set()
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in board.neighbours(here):
            reg = board.region(there)
            if reg.home == nation and there not in seen and there not in blocked:
                seen.add(there)
                queue.append(there)
    return seen


def _available_fleet_seas(state: State, nation: str) -> dict[str, int]:
    """Sea → the own fleet there that would carry an army (IMP-11): one that has not convoyed
    this turn, preferring a fleet that can no longer move (it moved already) over one that
    still could, so the convoy wastes no move; among equals the lowest id."""
    board = state.board
    seas: dict[str, int] = {}
    candidates = sorted(
        (
            unit
            for unit in state.units.values()
            if unit.nation == nation
            and unit.kind == "F"
            and board.region(unit.region).is_sea
            and unit.id not in state.convoyed
        ),
        key=lambda unit: (may_still_move(state, unit), unit.id),
    )
    for unit in candidates:
        seas.setdefault(unit.region, unit.id)
    return seas


def army_destinations(state: State, unit: Unit) -> dict[str, tuple[int, ...]]:
    """Every land region an army may reach, with the fleets its route uses (IMP-11).

    Route = [rail] one step (a land border or a convoy chain) [rail]; rail only through own
    home provinces free of hostile foreign armies; never into Switzerland or the sea.
    """
    board = state.board
    nation = unit.nation
    blocked = state.blocked_regions()
    before = _rail_component(state, nation, unit.region, blocked) | {unit.region}
    routes: dict[str, tuple[int, ...]] = {r: () for r in before}
    stepped: dict[str, tuple[int, ...]] = {}
    for here in sorted(before):
        for there in board.neighbours(here):
            if board.region(there).is_land:
                stepped.setdefault(there, ())
    for there, convoy in _convoy_landings(state, nation, before).items():
        if there not in stepped:
            stepped[there] = convoy
    for there, convoy in stepped.items():
        if there not in routes:
            routes[there] = convoy
        for rail in _rail_component(state, nation, there, blocked):
            if rail not in routes or len(routes[rail]) > len(convoy):
                routes[rail] = convoy
    routes.pop(unit.region, None)
    return dict(sorted(routes.items()))


def _convoy_landings(state: State, nation: str, starts: set[str]) -> dict[str, tuple[int, ...]]:
    """Land regions reachable by one convoy chain from any of ``starts`` (shortest chains)."""
    board = state.board
    fleets = _available_fleet_seas(state, nation)
    if not fleets:
        return {}
    chain: dict[str, tuple[int, ...]] = {}
    queue: deque[str] = deque()
    for start in sorted(starts):
        for sea in sorted(board.neighbours(start)):
            if sea in fleets and sea not in chain:
                chain[sea] = (fleets[sea],)
                queue.append(sea)
    while queue:
        sea = queue.popleft()
        for nxt in sorted(board.neighbours(sea)):
            if nxt in fleets and nxt not in chain:
                chain[nxt] = chain[sea] + (fleets[nxt],)
                queue.append(nxt)
    landings: dict[str, tuple[int, ...]] = {}
    for sea, used in chain.items():
        for land in board.neighbours(sea):
            if board.region(land).is_land and (
                land not in landings or len(landings[land]) > len(used)
            ):
                landings[land] = used
    return landings
