"""The Imperial rules engine: legal orders, and ``decide`` turning one order into events.

Orders are small tuples (they double as protocol actions)::

    ("rondel", space)            IMP-7   ("build", region)                 IMP-8
    ("import", kind, region)     IMP-10  ("import_done",)                  IMP-10
    ("move", kind, src, dst, h)  IMP-11  ("flip", region)                  IMP-13
    ("end_maneuver",)            IMP-16  ("fight", nation) / ("no_fight",) IMP-12
    ("ask", nation)              IMP-12  ("reply", 1 | 0)                  IMP-12
    ("buy", nation, cost, trade) IMP-19  ("pass",)                         IMP-19

``decide`` works on a clone: each event is evolved into the clone as it is emitted, so later
steps of the same order read the updated position; the caller's state never changes and a
rejected order raises before anything is emitted.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scenarios.imperial import economy, maneuver
from scenarios.imperial import events as ev
from scenarios.imperial.constants import (
    FACTORY_COST,
    FLAG_BACK,
    FREE_STEPS,
    IMPORT_COST,
    IMPORT_MAX,
    INVESTOR_SPACE,
    MAX_STEPS,
    NATIONS,
    PIECE_LIMITS,
    RONDEL,
    SMALL_START_CASH,
    SMALL_STARTS,
    START_CASH,
    STEP_COST,
)
from scenarios.imperial.context import (
    Ctx,
    IllegalOrderError,
    Order,
    governor_of,
    place_chip,
    place_unit,
    player_account,
    treasury,
)
from scenarios.imperial.economy import pay_interest, tax_power, taxation
from scenarios.imperial.investing import purchase_options
from scenarios.imperial.maneuver import combatants, maneuver_orders
from scenarios.imperial.options import Options
from scenarios.imperial.state import State
from scenarios.imperial.turns import begin_turn, finish_action, investor_step

__all__ = [
    "IllegalOrderError",
    "Order",
    "apply_all",
    "combatants",
    "decide",
    "legal_orders",
    "start_events",
    "tax_power",
    "why_not_legal",
]


def rondel_cost(steps: int) -> int:
    """What the governor pays the bank for moving ``steps`` spaces (IMP-7)."""
    return max(0, steps - FREE_STEPS) * STEP_COST


def passes_investor(start: int, steps: int) -> bool:
    """True if the move goes over Investor without stopping on it (IMP-18)."""
    return any((start + i) % len(RONDEL) == INVESTOR_SPACE for i in range(1, steps))


def buildable_sites(state: State, nation: str) -> list[str]:
    """Own home cities without a factory and without hostile armies (IMP-8)."""
    blocked = state.blocked_regions()
    return [
        r
        for r in state.board.home_provinces(nation)
        if r not in state.factories and r not in blocked
    ]


def can_pay_factory(state: State, nation: str, rondel_paid: int = 0) -> bool:
    """Treasury (plus, under the top-up switch, the governor's cash left after paying
    ``rondel_paid`` for the rondel move) covers 5M (IMP-8)."""
    money = state.treasury[nation]
    governor = state.governor(nation)
    if state.options.factory_top_up and governor is not None:
        money += state.cash[governor] - rondel_paid
    return money >= FACTORY_COST


def stock_left(state: State, nation: str, kind: str) -> int:
    """Pieces of ``kind`` still in ``nation``'s stock (IMP-9 limits)."""
    armies, fleets = PIECE_LIMITS[nation]
    limit = armies if kind == "A" else fleets
    return limit - sum(1 for u in state.units.values() if u.nation == nation and u.kind == kind)


def start_events(options: Options) -> list[ev._Event]:
    """Events that set up a new game (IMP-4, IMP-6) up to the first decision."""
    ctx = Ctx(State())
    ctx.emit(ev.Started(options=options))
    players = options.players
    if players >= 4:
        deal = list(NATIONS)
        random.Random(options.seed).shuffle(deal)
        seats: list[tuple[str, ...]] = [(deal[p],) for p in range(players)]
        cash = START_CASH
    else:
        seats = list(SMALL_STARTS[players])
        cash = SMALL_START_CASH[players]
    for player in range(players):
        ctx.pay("bank", player_account(player), cash, "IMP-4 starting cash")
    for player, nations in enumerate(seats):
        for nation in nations:
            for bond_nation, cost in ((nation, 9), (FLAG_BACK[nation], 2)):
                ctx.pay(player_account(player), treasury(bond_nation), cost, "IMP-4 first bond")
                ctx.emit(ev.BondTaken(nation=bond_nation, cost=cost, player=player))
    dealt = {n: p for p, nations in enumerate(seats) for n in nations}
    for nation in NATIONS:
        holder = dealt.get(nation)
        if holder is None:  # undealt flag: the 2M bond holder, else the bank (IMP-4)
            holder = ctx.state.bonds[nation][2]
        if holder is not None:
            ctx.emit(ev.FlagSet(nation=nation, player=holder))
    # AH's flag holder, else the first governed nation's (IMP-6)
    anchor = next(
        holder for nation in ("AH", *NATIONS) if (holder := ctx.state.flags[nation]) is not None
    )
    ctx.emit(ev.CardSet(player=(anchor + 1) % players))  # IMP-6
    begin_turn(ctx, None)
    return ctx.events


def legal_orders(state: State) -> list[Order]:
    """Every legal order for the open decision, in a stable order (empty when over)."""
    pending = state.pending
    if state.ended or pending is None:
        return []
    kind = pending["kind"]
    nation = pending["nation"]
    if kind == "rondel":
        return _rondel_orders(state, nation)
    if kind == "build":
        return [("build", r) for r in buildable_sites(state, nation)]
    if kind == "import":
        return _import_orders(state, nation, pending["left"])
    if kind == "maneuver":
        return maneuver_orders(state, nation)
    if kind == "declare":
        return [("fight", n) for n in pending["candidates"]] + [("no_fight",)]
    if kind == "ask":
        return [("ask", n) for n in pending["candidates"]]
    if kind == "reply":
        return [("reply", 1), ("reply", 0)]
    if kind == "invest":
        buys = purchase_options(state, pending["player"])
        return [("buy", n, c, t) for n, c, t, _ in buys] + [("pass",)]
    raise IllegalOrderError(f"unknown decision {kind!r}")


def _rondel_orders(state: State, nation: str) -> list[Order]:
    governor = governor_of(state, nation)
    here = state.rondel[nation]
    sites = bool(buildable_sites(state, nation))
    if here is None:  # first turn: any space, free (IMP-7)
        moves = [(s, 0) for s in range(len(RONDEL))]
    else:
        moves = [
            ((here + k) % len(RONDEL), rondel_cost(k))
            for k in range(1, MAX_STEPS + 1)
            if rondel_cost(k) <= state.cash[governor]
        ]
    return [
        ("rondel", space)
        for space, cost in moves
        if RONDEL[space] != "Factory" or (sites and can_pay_factory(state, nation, cost))
    ]


def _import_orders(state: State, nation: str, left: int) -> list[Order]:
    orders: list[Order] = []
    if left > 0 and state.treasury[nation] >= IMPORT_COST:
        blocked = state.blocked_regions()
        for region in state.board.home_provinces(nation):
            if region in blocked:
                continue
            for kind in ("A", "F"):
                if kind == "F" and state.board.region(region).port is None:
                    continue
                if stock_left(state, nation, kind) > 0:
                    orders.append(("import", kind, region))
    return [*orders, ("import_done",)]


def decide(state: State, order: Order) -> tuple[list[ev._Event], State]:
    """Validate ``order`` and return its events and the resulting state (input untouched)."""
    legal = legal_orders(state)
    if order not in legal:
        raise IllegalOrderError(why_not_legal(state, repr(order), legal))
    ctx = Ctx(state.clone())
    pending = dict(state.pending or {})
    handler = _HANDLERS[order[0]]
    handler(ctx, pending, order)
    if ctx.state.total_money() != state.total_money():  # IMP-2: only transfers, never creation
        raise RuntimeError(f"IMP-2 invariant broken by {order!r}: money total changed")
    return ctx.events, ctx.state


def why_not_legal(state: State, shown: str, legal: Sequence[Order]) -> str:
    """Why the order ``shown`` (its repr or its quoted notation) is refused in ``state``, whose
    legal orders are ``legal``: the rule of the decision open, the decision and its nation.
    One wording for an order refused in play and one read from a saved file, so both name the
    same rule (e.g. IMP-19 for a bond the investor may not buy). After the end no decision is
    open: an order there was told "(decision None for None); 0 legal orders" (found by use,
    December 8)."""
    if state.ended:  # no decision is open: the order comes after the end (IMP-20)
        return f"IMP-20: {shown} comes after the end of the game ({state.ended})"
    pending = state.pending or {}
    return (
        f"{_rule_of(pending.get('kind'))}: {shown} is not legal now "
        f"(decision {pending.get('kind')!r} for {pending.get('nation')}); "
        f"{len(legal)} legal orders"
    )


def _rule_of(kind: str | None) -> str:
    return {
        "rondel": "IMP-7",
        "build": "IMP-8",
        "import": "IMP-10",
        "maneuver": "IMP-11",
        "declare": "IMP-12",
        "ask": "IMP-12",
        "reply": "IMP-12",
        "invest": "IMP-19",
    }.get(kind or "", "IMP-20")


def _on_rondel(ctx: Ctx, pending: dict[str, Any], order: Order) -> None:
    state = ctx.state
    nation = pending["nation"]
    governor = governor_of(state, nation)
    space = order[1]
    here = state.rondel[nation]
    steps = 0 if here is None else (space - here) % len(RONDEL)
    ctx.pay(player_account(governor), "bank", rondel_cost(steps), "IMP-7 rondel move")
    passed = here is not None and passes_investor(here, steps)
    ctx.emit(ev.RondelMoved(nation=nation, space=space, passed_investor=passed))
    action = RONDEL[space]
    if action == "Factory":
        ctx.wait("build", governor, nation)
    elif action == "Production":
        _produce(ctx, nation)
        finish_action(ctx, nation)
    elif action == "Import":
        ctx.wait("import", governor, nation, left=IMPORT_MAX)
    elif action == "Maneuver":
        ctx.emit(ev.ManeuverBegan())
        ctx.wait("maneuver", governor, nation)
    elif action == "Taxation":
        taxation(ctx, nation)
    else:  # Investor: interest, then the investor step (IMP-18)
        pay_interest(ctx, nation)
        investor_step(ctx, nation)


def _on_build(ctx: Ctx, pending: dict[str, Any], order: Order) -> None:
    state = ctx.state
    nation = pending["nation"]
    shortfall = FACTORY_COST - state.treasury[nation]
    if shortfall > 0:  # only reachable with the top-up switch (IMP-8)
        ctx.pay(
            player_account(governor_of(state, nation)), treasury(nation), shortfall, "IMP-8 top-up"
        )
    ctx.pay(treasury(nation), "bank", FACTORY_COST, "IMP-8 factory")
    ctx.emit(ev.FactoryBuilt(region=order[1]))
    finish_action(ctx, nation)


def _produce(ctx: Ctx, nation: str) -> None:
    """IMP-9: each free factory makes one unit in its province (stock permitting); IMP-16
    guide switch: a tax chip where a unit was placed."""
    state = ctx.state
    for region in state.free_factories(nation):
        kind = "A" if state.board.region(region).city == "A" else "F"
        if stock_left(state, nation, kind) <= 0:
            continue
        place_unit(ctx, nation, kind, region)
        if state.options.production_chips and state.options.home_chips:
            place_chip(ctx, nation, region)


def _on_import(ctx: Ctx, pending: dict[str, Any], order: Order) -> None:
    nation = pending["nation"]
    ctx.pay(treasury(nation), "bank", IMPORT_COST, "IMP-10 import")
    place_unit(ctx, nation, order[1], order[2])
    left = pending["left"] - 1
    if left > 0 and any(o[0] == "import" for o in _import_orders(ctx.state, nation, left)):
        ctx.wait("import", pending["player"], nation, left=left)
    else:
        finish_action(ctx, nation)


def _on_import_done(ctx: Ctx, pending: dict[str, Any], order: Order) -> None:
    finish_action(ctx, pending["nation"])


#: Order kind → handler.
_HANDLERS = {
    "rondel": _on_rondel,
    "build": _on_build,
    "import": _on_import,
    "import_done": _on_import_done,
    **maneuver.HANDLERS,
    **economy.HANDLERS,
}


def apply_all(state: State, orders: Sequence[Order]) -> State:
    """Apply several orders in turn (a convenience for tests and tools)."""
    for order in orders:
        _, state = decide(state, order)
    return state
