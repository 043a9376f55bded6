"""The ``normal`` Imperial computer player: an investor who also uses the army (issue 21).

The ``easy`` player (``ai.py``) only looks at its own nation's next action. This one scores every
legal order by what it is worth to the *player* deciding, in the money of the final score
(IMP-21: interest × multiplier + cash), and relative to the other players:

* **rondel** — Investor is valued by the interest the governor collects minus what the others
  collect and any shortfall he must pay, plus the investor step (2M and a purchase) when he holds
  the card; Taxation by the power points times the governor's share of the nation's interest,
  plus the 1M/step bonus; Factory, Production and Import by the tax and units they add;
  Maneuver by the best moves open. The 2M per step beyond three is subtracted.
* **maneuver** — armies go first for neutral land without an own tax chip, then into the
  factory provinces of nations the player has little money in (hostile: it blocks production,
  taxation and import there, and three armies destroy the factory, IMP-13/15); fleets go to seas
  without an own chip, or where they outnumber a rival fleet.
* **battles** — fight when not outnumbered, and against nations the player has no stake in.
* **investing** — a bond is worth its interest times the multiplier its nation is heading for,
  plus the interest it will still earn; winning or keeping a flag adds the value of governing.

Every decision is deterministic given the position (``rng`` only breaks exact ties), cheap (no
look-ahead), and picks from ``legal_orders`` only.
"""

from __future__ import annotations

import random

from scenarios.imperial.constants import (
    BONDS,
    END_POWER,
    FACTORY_COST,
    INVESTOR_BONUS,
    RONDEL,
)
from scenarios.imperial.economy import tax_power
from scenarios.imperial.investing import flag_holder_after, multiplier, scores
from scenarios.imperial.maneuver import combatants, is_foreign_home
from scenarios.imperial.movement import army_destinations, fleet_destinations
from scenarios.imperial.rules import Order, legal_orders, passes_investor, rondel_cost
from scenarios.imperial.state import State

#: Value to a governor of holding a flag (control of a treasury and of the nation's moves).
FLAG_VALUE = 4.0
#: Interest payments a bond is expected to earn before the game ends.
EXPECTED_PAYOUTS = 1.5
#: Value of one unit on the board (tax chips it can take, pressure it can apply).
UNIT_VALUE = 1.2
#: Cash a player keeps back for rondel steps beyond the free three.
CASH_RESERVE = 2


def choose(state: State, rng: random.Random | None = None) -> Order:
    """The order this player gives for the open decision (ValueError if the game is over)."""
    legal = legal_orders(state)
    if not legal:
        raise ValueError("no decision is open")
    rng = rng or random.Random(state.turns)
    scored = [(_score(state, order) + rng.random() * 1e-6, i) for i, order in enumerate(legal)]
    return legal[max(scored)[1]]


# ---------------------------------------------------------------------- shared estimates
def stake(state: State, player: int, nation: str) -> float:
    """The player's share of the interest held in ``nation`` minus an equal share (−1 … 1)."""
    held = [state.interest(p, nation) for p in range(state.players)]
    total = sum(held)
    if not total:
        return 0.0
    return held[player] / total - 1 / state.players


def projected_power(state: State, nation: str) -> float:
    """Power the nation may end with: its current pace stretched to the leader reaching 25."""
    leader = max(state.power.values())
    left = max(0, END_POWER - leader)
    pace = (state.power[nation] + 2) / (leader + 2)
    return min(END_POWER, state.power[nation] + left * pace)


def _relative_interest(state: State, player: int, nation: str) -> float:
    """Interest the player holds in ``nation`` minus the others' average holding."""
    mine = state.interest(player, nation)
    others = [state.interest(p, nation) for p in range(state.players) if p != player]
    return mine - (sum(others) / len(others) if others else 0.0)


def _tax(state: State, nation: str) -> int:
    return 2 * len(state.free_factories(nation)) + state.chips_of(nation)


# ---------------------------------------------------------------------- dispatch
def _score(state: State, order: Order) -> float:
    pending = state.pending or {}
    nation = pending.get("nation") or ""
    player = int(pending.get("player", 0))
    kind = order[0]
    if kind == "rondel":
        return _rondel_score(state, player, nation, order[1])
    if kind == "build":
        return 1.0 + (0.5 if state.board.region(order[1]).city == "A" else 0.0)
    if kind == "import":
        return _import_score(state, nation, order)
    if kind == "import_done":
        return 0.0
    if kind in ("move", "flip"):
        return _move_score(state, player, nation, order)
    if kind == "end_maneuver":
        return 0.0
    if kind == "fight":
        return _fight_score(state, player, nation, order[1], pending["region"])
    if kind == "no_fight":
        return 0.0
    if kind == "ask":
        return -stake(state, player, order[1])  # ask the nation least likely to hurt us
    if kind == "reply":
        asked, region = pending["asked"], pending["region"]
        fight = _fight_score(state, player, asked, nation, region)
        return fight if order[1] else 0.0
    if kind == "buy":
        return _buy_score(state, player, order)
    return 0.0  # pass


# ---------------------------------------------------------------------- rondel
def _rondel_score(state: State, player: int, nation: str, space: int) -> float:
    here = state.rondel[nation]
    steps = 0 if here is None else (space - here) % len(RONDEL)
    value = -float(rondel_cost(steps))
    action = RONDEL[space]
    share = _relative_interest(state, player, nation)
    units = len(state.units_of(nation))
    factories = len(state.free_factories(nation))
    if action == "Investor":
        value += _investor_value(state, player, nation)
    elif here is not None and passes_investor(here, steps) and state.card == player:
        value += INVESTOR_BONUS + 1.0  # passing Investor still opens the investor step
    if action == "Taxation":
        tax = _tax(state, nation)
        position, points = tax_power(tax)
        value += max(0, position - state.marker[nation])  # 1M per step risen, to the governor
        value += points * max(share, 0.5) / 5 * 1.5  # power lifts the multiplier of my bonds
        value += 0.2 * max(0, tax - units)  # treasury income
        if state.power[nation] + points >= END_POWER:
            value += 10.0 if _leading(state, player) else -10.0
    elif action == "Factory":
        value += 4.0 if len(state.factories_of(nation)) < 5 else 0.5
        value -= 0.2 * FACTORY_COST
    elif action == "Production":
        value += UNIT_VALUE * min(factories, 3) if units < 2 * factories + 3 else 0.3
    elif action == "Maneuver":
        value += min(4.0, _maneuver_prospects(state, player, nation))
    elif action == "Import":
        value += 0.8 * min(3, state.treasury[nation]) if units < 6 else 0.2
    return value


def _investor_value(state: State, player: int, nation: str) -> float:
    """Money to the governor from landing on Investor, relative to the other players."""
    owed = {p: state.interest(p, nation) for p in range(state.players)}
    total = sum(owed.values())
    shortfall = max(0, total - state.treasury[nation])
    others = (total - owed[player]) / max(1, state.players - 1)
    value = owed[player] - others - shortfall
    if state.card == player:
        value += INVESTOR_BONUS + 1.5  # the 2M and the purchase that follows
    return value + 1.0  # the step also moves the card round the table: keeps the game flowing


def _leading(state: State, player: int) -> bool:
    """True if the player's score is the highest (ties included) right now (IMP-21)."""
    values = scores(state)
    return values[player] >= max(values)


def _maneuver_prospects(state: State, player: int, nation: str) -> float:
    """How much the nation's units could do in a maneuver now (sum of the best move scores)."""
    total = 0.0
    for unit in state.units_of(nation):
        if unit.kind == "A":
            targets = list(army_destinations(state, unit))
        else:
            targets = list(fleet_destinations(state, unit))
        best = 0.0
        for dest in targets:
            hostile = int(unit.kind == "A" and is_foreign_home(state, nation, dest))
            best = max(
                best,
                _move_score(state, player, nation, ("move", unit.kind, unit.region, dest, hostile)),
            )
        total += best
    return total


# ---------------------------------------------------------------------- maneuver
def _move_score(state: State, player: int, nation: str, order: Order) -> float:
    if order[0] == "flip":
        return _pressure(state, player, nation, order[1], already_there=True)
    _, kind, src, dst, hostile = order
    board = state.board
    region = board.region(dst)
    others = [u for u in state.units_in(dst) if u.nation != nation]
    leaving = _leaving_cost(state, nation, src, kind)
    if kind == "F":
        rivals = {u.nation for u in others}
        if not rivals:
            return (1.5 if state.chips.get(dst) != nation else 0.1) - leaving
        mine = len(combatants(state, dst, nation)) + 1
        strongest = max(len(combatants(state, dst, r)) for r in rivals)
        return (1.0 if mine > strongest else -1.0) - leaving
    if region.home is None:  # neutral land: a tax chip if we stand alone (IMP-16)
        if others:
            rivals = {u.nation for u in others}
            mine = len(combatants(state, dst, nation)) + 1
            strongest = max(len(combatants(state, dst, r)) for r in rivals)
            return (1.2 if mine > strongest else -0.5) - leaving
        return (2.0 if state.chips.get(dst) != nation else 0.2) - leaving
    if region.home == nation:
        return -0.3 - leaving + (0.6 if _threatened(state, nation, dst) else 0.0)
    if not hostile:
        return -0.4 - leaving
    return _pressure(state, player, nation, dst, already_there=False) - leaving


def _pressure(state: State, player: int, nation: str, region: str, already_there: bool) -> float:
    """Value of a hostile army in another power's home province (IMP-13, IMP-15)."""
    target = state.board.region(region).home or ""
    enemy = -stake(state, player, target) - 0.1 * state.interest(player, target)
    if enemy <= 0:
        return -1.0  # never block a nation we are invested in
    value = 0.5 + 3.0 * enemy
    if region in state.factories:
        hostile_here = sum(
            1 for u in state.units_in(region) if u.nation == nation and u.hostile and u.kind == "A"
        )
        defenders = sum(1 for u in state.units_in(region) if u.nation == target)
        value += 1.5 + 0.8 * hostile_here - 0.7 * defenders  # blocked, and nearer destruction
        value += 0.2 * state.power[target]
    return value - (0.3 if already_there else 0.0)


def _leaving_cost(state: State, nation: str, src: str, kind: str) -> float:
    """Cost of moving a unit away: the last army guarding a threatened own factory, or the
    third hostile army on a foreign factory."""
    units_here = [u for u in state.units_in(src) if u.nation == nation and u.kind == kind]
    if kind == "A" and state.board.region(src).home == nation and _threatened(state, nation, src):
        return 2.0 if len(units_here) <= 1 else 0.0
    if kind == "A" and is_foreign_home(state, nation, src) and src in state.factories:
        return 1.5 if any(u.hostile for u in units_here) else 0.0
    return 0.0


def _threatened(state: State, nation: str, region: str) -> bool:
    """An own factory province with a foreign army in it or next to it."""
    if region not in state.factories:
        return False
    near = {region, *state.board.neighbours(region)}
    return any(u.nation != nation and u.kind == "A" for r in near for u in state.units_in(r))


def _fight_score(state: State, player: int, nation: str, other: str, region: str) -> float:
    """Fight ``other`` in ``region`` on behalf of ``nation``: not when outnumbered, and rather
    not against a nation the player has money in."""
    ours = len(combatants(state, region, nation))
    theirs = len(combatants(state, region, other))
    if ours < theirs:
        return -2.0
    gain = 1.0 if ours > theirs else 0.2
    return gain - 2.0 * max(0.0, stake(state, player, other) + 1 / state.players)


# ---------------------------------------------------------------------- import
def _import_score(state: State, nation: str, order: Order) -> float:
    units = len(state.units_of(nation))
    if units >= 8 or state.treasury[nation] < 2:
        return -0.5
    _, kind, region = order
    if kind == "A":
        return 1.0 + (0.3 if _threatened(state, nation, region) else 0.0)
    return 0.6 if len([u for u in state.units_of(nation) if u.kind == "F"]) < 3 else 0.1


# ---------------------------------------------------------------------- investing
def _buy_score(state: State, player: int, order: Order) -> float:
    _, nation, cost, trade = order
    price = cost - trade
    gained = BONDS[cost] - (BONDS[trade] if trade else 0)
    outlook = multiplier(round(projected_power(state, nation)))
    value = gained * (outlook + EXPECTED_PAYOUTS) - price
    holder = flag_holder_after(state, nation, player, price)
    if holder == player and state.flags[nation] != player:
        value += FLAG_VALUE * (1.0 if len(state.flags_of(player)) < 2 else 0.5)
    elif holder == player and _challenged(state, player, nation):
        value += FLAG_VALUE / 2  # secure a flag someone is close to taking
    if state.cash[player] - price < CASH_RESERVE:
        value -= 1.0
    return value


def _challenged(state: State, player: int, nation: str) -> bool:
    """Another player is within one small bond of the player's investment in ``nation``."""
    mine = state.invested(player, nation)
    return any(state.invested(p, nation) + 6 >= mine for p in range(state.players) if p != player)


__all__ = ["choose", "projected_power", "stake"]
