"""Imperial computer players; each only ever picks from the legal list, so it is never illegal.

Levels (``LEVELS``): ``normal`` (the default) is the investor/military player of
``strategist.py``; ``easy`` is the original greedy player below, kept as the weaker level.

The greedy player's heuristics (deliberately simple): rondel — Taxation when it raises power,
Production/Import when short of units, Investor when rich; maneuver — move fleets out to sea and
armies into neutral land to win tax chips, then end; battles — fight when it does not lose more
than it kills; investing — buy the bond with the best interest × nation-power outlook it can
afford, keeping a reserve.
"""

from __future__ import annotations

import random

from scenarios.imperial import strategist
from scenarios.imperial.constants import BONDS, RONDEL
from scenarios.imperial.investing import multiplier
from scenarios.imperial.rules import Order, combatants, legal_orders, tax_power
from scenarios.imperial.state import State

#: Computer levels, weakest first, with what each one is.
LEVELS: dict[str, str] = {
    "easy": "greedy: looks only at its own nation's next action",
    "normal": "investor: values flags, interest and the investor step, and presses rivals "
    "with hostile armies",
}
DEFAULT_LEVEL = "normal"


def choose(state: State, rng: random.Random | None = None, level: str = DEFAULT_LEVEL) -> Order:
    """The order of computer ``level`` for the open decision (ValueError if the game is over
    or the level is unknown)."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r} (known: {', '.join(LEVELS)})")
    if level == "normal":
        return strategist.choose(state, rng)
    return choose_easy(state, rng)


def choose_easy(state: State, rng: random.Random | None = None) -> Order:
    """The greedy (``easy``) player's order for the open decision."""
    legal = legal_orders(state)
    if not legal:
        raise ValueError("no decision is open")
    rng = rng or random.Random(state.turns)
    scored = [(_score(state, order) + rng.random() * 0.01, i) for i, order in enumerate(legal)]
    return legal[max(scored)[1]]


def _score(state: State, order: Order) -> float:
    pending = state.pending or {}
    nation = pending.get("nation") or ""
    kind = order[0]
    if kind == "rondel":
        return _rondel_score(state, nation, order[1])
    if kind == "build":
        return 1.0
    if kind == "import":
        return 1.0 if len(state.units_of(nation)) < 6 and state.treasury[nation] > 3 else -1.0
    if kind == "move":
        return _move_score(state, nation, order)
    if kind in ("flip", "end_maneuver"):
        return 0.0
    if kind == "fight":
        region = pending["region"]
        ours = len(combatants(state, region, nation))
        return 1.0 if ours >= len(combatants(state, region, order[1])) else -1.0
    if kind == "reply":
        asked = pending["asked"]
        region = pending["region"]
        ours = len(combatants(state, region, asked))
        theirs = len(combatants(state, region, nation))
        return float(order[1]) if ours > theirs else float(1 - order[1])
    if kind == "buy":
        _, bond_nation, cost, trade = order
        outlook = multiplier(state.power[bond_nation] + 5) + 1
        reserve = state.cash[pending["player"]] - (cost - trade)
        return BONDS[cost] * outlook / cost + (0.5 if reserve >= 2 else -1.0)
    return 0.1  # pass, no_fight, ask


def _rondel_score(state: State, nation: str, space: int) -> float:
    here = state.rondel[nation]
    steps = 0 if here is None else (space - here) % len(RONDEL)
    cost_penalty = max(0, steps - 3) * 1.0
    action = RONDEL[space]
    units = len(state.units_of(nation))
    if action == "Taxation":
        tax = 2 * len(state.free_factories(nation)) + state.chips_of(nation)
        value = 1.0 + tax_power(tax)[1]
    elif action == "Production":
        value = 2.5 if units < 8 else 0.5
    elif action == "Maneuver":
        value = 2.0 if units else 0.0
    elif action == "Factory":
        value = 3.0 if len(state.factories_of(nation)) < 4 else 0.5
    elif action == "Import":
        value = 1.5 if state.treasury[nation] >= 3 else 0.2
    else:
        value = 1.5
    return value - cost_penalty


def _move_score(state: State, nation: str, order: Order) -> float:
    _, kind, src, dst, hostile = order
    region = state.board.region(dst)
    if state.chips.get(dst) == nation and not state.units_in(dst):
        return -0.5
    if region.home is None:
        others = [u for u in state.units_in(dst) if u.nation != nation]
        return 2.0 if not others else 0.5
    return -0.2 + 0.1 * hostile
