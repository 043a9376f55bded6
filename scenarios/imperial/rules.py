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

from scenarios.imperial import events as ev
from scenarios.imperial.constants import (
    END_POWER,
    FACTORY_COST,
    FLAG_BACK,
    FREE_STEPS,
    IMPORT_COST,
    IMPORT_MAX,
    INVESTOR_BONUS,
    INVESTOR_SPACE,
    MAX_CHIPS,
    MAX_STEPS,
    NATIONS,
    PIECE_LIMITS,
    RESCUE_PAYMENT,
    RONDEL,
    SMALL_START_CASH,
    SMALL_STARTS,
    START_CASH,
    STEP_COST,
    TAX_FLOOR,
    TAX_TOP,
)
from scenarios.imperial.investing import (
    clockwise_from,
    flag_holder_after,
    purchase_options,
    rescue_payee,
)
from scenarios.imperial.movement import army_destinations, fleet_destinations
from scenarios.imperial.options import Options
from scenarios.imperial.state import State, Unit

Order = tuple[Any, ...]


class IllegalOrderError(ValueError):
    """An order that breaks a rule (the message names the rule id); nothing changed."""


# ====================================================================== helpers
def treasury(nation: str) -> str:
    """Account name of a nation's treasury."""
    return f"treasury:{nation}"


def player_account(player: int) -> str:
    """Account name of a player's cash."""
    return f"player:{player}"


def rondel_cost(steps: int) -> int:
    """What the governor pays the bank for moving ``steps`` spaces (IMP-7)."""
    return max(0, steps - FREE_STEPS) * STEP_COST


def passes_investor(start: int, steps: int) -> bool:
    """True if the move goes over Investor without stopping on it (IMP-18)."""
    return any((start + i) % len(RONDEL) == INVESTOR_SPACE for i in range(1, steps))


def tax_power(tax: int) -> tuple[int, int]:
    """(chart position, power points) for a tax (IMP-17): 2–5 → (5, 0) … 15+ → (15, 10)."""
    position = min(max(tax, TAX_FLOOR), TAX_TOP)
    return position, position - TAX_FLOOR


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


def buildable_sites(state: State, nation: str) -> list[str]:
    """Own home cities without a factory and without hostile armies (IMP-8)."""
    blocked = state.blocked_regions()
    return [
        r
        for r in state.board.home_provinces(nation)
        if r not in state.factories and r not in blocked
    ]


def can_pay_factory(state: State, nation: str) -> bool:
    """Treasury (plus the governor's cash under the top-up switch) covers 5M (IMP-8)."""
    money = state.treasury[nation]
    governor = state.governor(nation)
    if state.options.factory_top_up and governor is not None:
        money += state.cash[governor]
    return money >= FACTORY_COST


def stock_left(state: State, nation: str, kind: str) -> int:
    """Pieces of ``kind`` still in ``nation``'s stock (IMP-9 limits)."""
    armies, fleets = PIECE_LIMITS[nation]
    limit = armies if kind == "A" else fleets
    return limit - sum(1 for u in state.units.values() if u.nation == nation and u.kind == kind)


def combatants(state: State, region: str, nation: str) -> list[Unit]:
    """Units of ``nation`` that fight in ``region``: fleets at sea; armies and fleets in port on
    land (IMP-12). Armies are listed (and so lost) before fleets."""
    units = [u for u in state.units_in(region) if u.nation == nation]
    return sorted(units, key=lambda u: (u.kind != "A", u.id))


# ====================================================================== emitter
class _Ctx:
    """Collects events while evolving a private clone of the state."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[ev._Event] = []

    def emit(self, event: ev._Event) -> None:
        ev.evolve(self.state, event)
        self.events.append(event)

    def pay(self, src: str, dst: str, amount: int, reason: str) -> None:
        if amount > 0:
            self.emit(ev.Transfer(src=src, dst=dst, amount=amount, reason=reason))

    def wait(self, kind: str, player: int, nation: str | None, **data: Any) -> None:
        self.emit(ev.Await(pending={"kind": kind, "player": player, "nation": nation, **data}))


# ====================================================================== game start
def start_events(options: Options) -> list[ev._Event]:
    """Events that set up a new game (IMP-4, IMP-6) up to the first decision."""
    ctx = _Ctx(State())
    ctx.emit(ev.Started(options=options))
    players = options.players
    if players >= 4:
        deal = list(NATIONS)
        random.Random(options.seed).shuffle(deal)
        seats = [(deal[p],) for p in range(players)]
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
    first = next(n for n in NATIONS if ctx.state.flags[n] is not None)
    anchor = ctx.state.flags["AH"] if ctx.state.flags["AH"] is not None else ctx.state.flags[first]
    ctx.emit(ev.CardSet(player=(anchor + 1) % players))  # IMP-6
    _begin_turn(ctx, None)
    return ctx.events


# ====================================================================== turn flow
def _begin_turn(ctx: _Ctx, after: str | None) -> None:
    """Next governed nation in IMP-1 order begins, unless the house turn cap is reached."""
    state = ctx.state
    if state.turns >= state.options.max_turns:
        ctx.emit(ev.GameEnded(reason=f"turn cap {state.options.max_turns} (house safeguard)"))
        return
    start = 0 if after is None else NATIONS.index(after) + 1
    for i in range(len(NATIONS)):
        nation = NATIONS[(start + i) % len(NATIONS)]
        governor = state.governor(nation)
        if governor is not None:
            ctx.emit(ev.TurnBegan(nation=nation))
            ctx.wait("rondel", governor, nation)
            return
    ctx.emit(ev.GameEnded(reason="no nation is governed"))


def _finish_action(ctx: _Ctx, nation: str) -> None:
    """After the landing action: the investor step if Investor was passed (IMP-18)."""
    if ctx.state.passed_investor:
        _investor_step(ctx, nation)
    else:
        _begin_turn(ctx, nation)


def _governor(state: State, nation: str) -> int:
    governor = state.governor(nation)
    if governor is None:
        raise IllegalOrderError(f"IMP-1: {nation} has no governor")
    return governor


# ====================================================================== legal orders
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
        return _maneuver_orders(state, nation)
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
    governor = _governor(state, nation)
    here = state.rondel[nation]
    factory_ok = bool(buildable_sites(state, nation)) and can_pay_factory(state, nation)
    if here is None:  # first turn: any space, free (IMP-7)
        spaces = range(len(RONDEL))
    else:
        spaces = [
            (here + k) % len(RONDEL)
            for k in range(1, MAX_STEPS + 1)
            if rondel_cost(k) <= state.cash[governor]
        ]
    return [("rondel", s) for s in spaces if RONDEL[s] != "Factory" or factory_ok]


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


def _maneuver_orders(state: State, nation: str) -> list[Order]:
    orders: list[Order] = []
    seen: set[tuple[str, str]] = set()
    flips: set[str] = set()
    for unit in state.units_of(nation):
        if unit.id in state.moved:
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


# ====================================================================== decide
def decide(state: State, order: Order) -> tuple[list[ev._Event], State]:
    """Validate ``order`` and return its events and the resulting state (input untouched)."""
    legal = legal_orders(state)
    if order not in legal:
        pending = state.pending or {}
        raise IllegalOrderError(
            f"{_rule_of(pending.get('kind'))}: {order!r} is not legal now "
            f"(decision {pending.get('kind')!r} for {pending.get('nation')}); "
            f"{len(legal)} legal orders"
        )
    ctx = _Ctx(state.clone())
    pending = dict(state.pending or {})
    handler = _HANDLERS[order[0]]
    handler(ctx, pending, order)
    return ctx.events, ctx.state


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


# ---------------------------------------------------------------------- rondel and actions
def _on_rondel(ctx: _Ctx, pending: dict[str, Any], order: Order) -> None:
    state = ctx.state
    nation = pending["nation"]
    governor = _governor(state, nation)
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
        _finish_action(ctx, nation)
    elif action == "Import":
        ctx.wait("import", governor, nation, left=IMPORT_MAX)
    elif action == "Maneuver":
        ctx.emit(ev.ManeuverBegan())
        ctx.wait("maneuver", governor, nation)
    elif action == "Taxation":
        _taxation(ctx, nation)
    else:  # Investor: interest, then the investor step (IMP-18)
        _pay_interest(ctx, nation)
        _investor_step(ctx, nation)


def _on_build(ctx: _Ctx, pending: dict[str, Any], order: Order) -> None:
    state = ctx.state
    nation = pending["nation"]
    shortfall = FACTORY_COST - state.treasury[nation]
    if shortfall > 0:  # only reachable with the top-up switch (IMP-8)
        ctx.pay(
            player_account(_governor(state, nation)), treasury(nation), shortfall, "IMP-8 top-up"
        )
    ctx.pay(treasury(nation), "bank", FACTORY_COST, "IMP-8 factory")
    ctx.emit(ev.FactoryBuilt(region=order[1]))
    _finish_action(ctx, nation)


def _produce(ctx: _Ctx, nation: str) -> None:
    """IMP-9: each free factory makes one unit in its province (stock permitting); IMP-16
    guide switch: a tax chip where a unit was placed."""
    state = ctx.state
    for region in state.free_factories(nation):
        kind = "A" if state.board.region(region).city == "A" else "F"
        if stock_left(state, nation, kind) <= 0:
            continue
        _place_unit(ctx, nation, kind, region)
        if state.options.production_chips:
            _place_chip(ctx, nation, region)


def _place_unit(ctx: _Ctx, nation: str, kind: str, region: str) -> None:
    ctx.emit(ev.UnitPlaced(unit=ctx.state.next_unit, nation=nation, kind=kind, region=region))


def _place_chip(ctx: _Ctx, nation: str, region: str) -> None:
    state = ctx.state
    if state.chips.get(region) != nation and state.chips_of(nation) < MAX_CHIPS:
        ctx.emit(ev.ChipPlaced(region=region, nation=nation))


def _on_import(ctx: _Ctx, pending: dict[str, Any], order: Order) -> None:
    nation = pending["nation"]
    ctx.pay(treasury(nation), "bank", IMPORT_COST, "IMP-10 import")
    _place_unit(ctx, nation, order[1], order[2])
    left = pending["left"] - 1
    if left > 0 and any(o[0] == "import" for o in _import_orders(ctx.state, nation, left)):
        ctx.wait("import", pending["player"], nation, left=left)
    else:
        _finish_action(ctx, nation)


def _on_import_done(ctx: _Ctx, pending: dict[str, Any], order: Order) -> None:
    _finish_action(ctx, pending["nation"])


# ---------------------------------------------------------------------- maneuver and battle
def _on_move(ctx: _Ctx, pending: dict[str, Any], order: Order) -> None:
    state = ctx.state
    nation = pending["nation"]
    _, kind, src, dst, hostile = order
    unit = next(
        u
        for u in state.units_of(nation)
        if u.kind == kind and u.region == src and u.id not in state.moved
    )
    convoy = army_destinations(state, unit)[dst] if kind == "A" else ()
    stance = bool(hostile) and is_foreign_home(state, nation, dst)
    ctx.emit(ev.UnitMoved(unit=unit.id, region=dst, hostile=stance, convoy=convoy))
    _after_entry(ctx, nation, dst, kind)


def _on_flip(ctx: _Ctx, pending: dict[str, Any], order: Order) -> None:
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


def _after_entry(ctx: _Ctx, nation: str, region: str, kind: str) -> None:
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
        ctx.wait("declare", _governor(state, nation), nation, region=region, candidates=candidates)
    else:
        _after_battle(ctx, nation, region)


def _on_fight(ctx: _Ctx, pending: dict[str, Any], order: Order) -> None:
    _battle(ctx, pending["nation"], order[1], pending["region"])
    _after_battle(ctx, pending["nation"], pending["region"])


def _on_no_fight(ctx: _Ctx, pending: dict[str, Any], order: Order) -> None:
    _ask_next(ctx, pending, list(pending["candidates"]))


def _ask_next(ctx: _Ctx, pending: dict[str, Any], candidates: list[str]) -> None:
    """Ask the remaining nations in the mover's order; ungoverned nations cannot declare."""
    state = ctx.state
    candidates = [n for n in candidates if state.governor(n) is not None]
    nation, region = pending["nation"], pending["region"]
    if not candidates:
        _after_battle(ctx, nation, region)
    elif len(candidates) == 1:
        _open_reply(ctx, nation, region, candidates[0], [])
    else:
        ctx.wait("ask", _governor(state, nation), nation, region=region, candidates=candidates)


def _open_reply(ctx: _Ctx, nation: str, region: str, asked: str, rest: list[str]) -> None:
    ctx.wait(
        "reply",
        _governor(ctx.state, asked),
        nation,
        region=region,
        asked=asked,
        candidates=rest,
    )


def _on_ask(ctx: _Ctx, pending: dict[str, Any], order: Order) -> None:
    rest = [n for n in pending["candidates"] if n != order[1]]
    _open_reply(ctx, pending["nation"], pending["region"], order[1], rest)


def _on_reply(ctx: _Ctx, pending: dict[str, Any], order: Order) -> None:
    nation, region = pending["nation"], pending["region"]
    if order[1]:
        _battle(ctx, nation, pending["asked"], region)
        _after_battle(ctx, nation, region)
    else:
        _ask_next(ctx, pending, list(pending["candidates"]))


def _battle(ctx: _Ctx, mover: str, other: str, region: str) -> None:
    """IMP-12: units are removed one for one until one side has none."""
    ours = combatants(ctx.state, region, mover)
    theirs = combatants(ctx.state, region, other)
    for unit in ours[: len(theirs)] + theirs[: len(ours)]:
        ctx.emit(ev.UnitRemoved(unit=unit.id))


def _after_battle(ctx: _Ctx, nation: str, region: str) -> None:
    _check_destruction(ctx, region)
    ctx.wait("maneuver", _governor(ctx.state, nation), nation)


def _check_destruction(ctx: _Ctx, region: str) -> None:
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


def _on_end_maneuver(ctx: _Ctx, pending: dict[str, Any], order: Order) -> None:
    nation = pending["nation"]
    _place_maneuver_chips(ctx, nation)
    _finish_action(ctx, nation)


def _place_maneuver_chips(ctx: _Ctx, nation: str) -> None:
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
        _place_chip(ctx, nation, region.key)


# ---------------------------------------------------------------------- taxation and investor
def _taxation(ctx: _Ctx, nation: str) -> None:
    """IMP-17 taxation, then IMP-20 end check."""
    state = ctx.state
    governor = _governor(state, nation)
    tax = 2 * len(state.free_factories(nation)) + state.chips_of(nation)
    position, points = tax_power(tax)
    risen = position - state.marker[nation]
    ctx.pay("bank", player_account(governor), max(0, risen), "IMP-17 tax bonus")
    ctx.emit(ev.TaxMarkerSet(nation=nation, value=position))
    income = max(0, tax - len(state.units_of(nation)))
    ctx.pay("bank", treasury(nation), income, "IMP-17 tax less upkeep")
    power = min(END_POWER, state.power[nation] + points)
    if power != state.power[nation]:
        ctx.emit(ev.PowerSet(nation=nation, value=power))
    if power >= END_POWER:
        if state.passed_investor and state.options.end_pass_pays_interest:
            _pay_interest(ctx, nation)
        ctx.emit(ev.GameEnded(reason=f"{nation} reached {END_POWER} power (IMP-20)"))
        return
    _finish_action(ctx, nation)


def _pay_interest(ctx: _Ctx, nation: str) -> None:
    """IMP-18: the treasury pays each bondholder, smallest first; when it runs dry the governor
    pays the rest into it (what the governor cannot pay is not paid: house decision)."""
    state = ctx.state
    governor = _governor(state, nation)
    seats = clockwise_from(governor, state.players)
    holders = [p for p in seats if state.interest(p, nation) > 0]
    holders.sort(key=lambda p: (state.interest(p, nation), seats.index(p)))
    for player in holders:
        due = state.interest(player, nation)
        shortfall = due - state.treasury[nation]
        if shortfall > 0:
            cover = min(shortfall, state.cash[governor])
            ctx.pay(player_account(governor), treasury(nation), cover, "IMP-18 governor covers")
        paid = min(due, state.treasury[nation])
        ctx.pay(treasury(nation), player_account(player), paid, "IMP-18 interest")


def _investor_step(ctx: _Ctx, nation: str) -> None:
    """IMP-19: the card holder gets 2M and may buy; flagless players follow clockwise."""
    state = ctx.state
    holder = state.card
    ctx.pay("bank", player_account(holder), INVESTOR_BONUS, "IMP-19 investor bonus")
    queue = clockwise_from(holder, state.players)[1:]
    ctx.wait("invest", holder, nation, queue=queue)


def _on_buy(ctx: _Ctx, pending: dict[str, Any], order: Order) -> None:
    state = ctx.state
    player = pending["player"]
    _, nation, cost, trade = order
    payee = rescue_payee(state, player, nation, cost, trade)
    if trade:
        ctx.emit(ev.BondReturned(nation=nation, cost=trade, player=player))
    ctx.pay(player_account(player), treasury(nation), cost - trade, "IMP-19 bond")
    ctx.emit(ev.BondTaken(nation=nation, cost=cost, player=player))
    if payee is not None:
        ctx.pay(player_account(player), player_account(payee), RESCUE_PAYMENT, "IMP-19 rescue")
    holder = flag_holder_after(state, nation)
    if holder != state.flags[nation]:
        ctx.emit(ev.FlagSet(nation=nation, player=holder))
    _next_investor(ctx, pending)


def _on_pass(ctx: _Ctx, pending: dict[str, Any], order: Order) -> None:
    _next_investor(ctx, pending)


def _next_investor(ctx: _Ctx, pending: dict[str, Any]) -> None:
    """Next flagless player (checked when their turn comes), else the card passes left."""
    state = ctx.state
    queue: list[int] = list(pending["queue"])
    while queue:
        player = queue.pop(0)
        if not state.flags_of(player):
            ctx.wait("invest", player, pending["nation"], queue=queue)
            return
    ctx.emit(ev.CardSet(player=(state.card + 1) % state.players))
    _begin_turn(ctx, pending["nation"])


_HANDLERS = {
    "rondel": _on_rondel,
    "build": _on_build,
    "import": _on_import,
    "import_done": _on_import_done,
    "move": _on_move,
    "flip": _on_flip,
    "end_maneuver": _on_end_maneuver,
    "fight": _on_fight,
    "no_fight": _on_no_fight,
    "ask": _on_ask,
    "reply": _on_reply,
    "buy": _on_buy,
    "pass": _on_pass,
}


def apply_all(state: State, orders: Sequence[Order]) -> State:
    """Apply several orders in turn (a convenience for tests and tools)."""
    for order in orders:
        _, state = decide(state, order)
    return state
