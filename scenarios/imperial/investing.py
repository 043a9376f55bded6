"""Bonds, flags and scores: IMP-5 (government), IMP-19 purchase prices, IMP-21 scoring."""

from __future__ import annotations

from scenarios.imperial.constants import BONDS, NATIONS
from scenarios.imperial.state import State


def clockwise_from(start: int, players: int) -> list[int]:
    """Seats in clockwise (left) order beginning with ``start``."""
    return [(start + i) % players for i in range(players)]


def flag_holder_after(
    state: State, nation: str, buyer: int | None = None, added: int = 0
) -> int | None:
    """Who holds ``nation``'s flag given the current bonds (IMP-5).

    The largest total investor holds it; a tie does not move it; when several players newly tie
    for the top (the holder is not among them) the one nearest clockwise from the investor-card
    holder, the card holder included, takes it. Nobody invested: the bank (None) keeps it.
    """
    totals = [state.invested(p, nation) for p in range(state.players)]
    if buyer is not None:
        totals[buyer] += added  # evaluate a purchase before it happens
    best = max(totals)
    if best == 0:
        return None
    top = [p for p in range(state.players) if totals[p] == best]
    holder = state.flags[nation]
    if holder in top:
        return holder
    return next(p for p in clockwise_from(state.card, state.players) if p in top)


def purchase_options(state: State, player: int) -> list[tuple[str, int, int, int]]:
    """Every bond purchase ``player`` can pay for: (nation, cost, trade-in cost or 0, price).

    The price includes the 1M single-flag rescue payment when the purchase takes the only flag of
    a player whose nation has power 0 (IMP-19).
    """
    options: list[tuple[str, int, int, int]] = []
    for nation in NATIONS:
        held = [c for c, h in state.bonds[nation].items() if h == player]
        for cost, holder in state.bonds[nation].items():
            if holder is not None:
                continue
            for trade in [0, *held]:
                if trade >= cost:
                    continue
                price = cost - trade
                if rescue_payee(state, player, nation, cost, trade) is not None:
                    price += 1
                if price <= state.cash[player]:
                    options.append((nation, cost, trade, price))
    return options


def rescue_payee(state: State, player: int, nation: str, cost: int, trade: int) -> int | None:
    """The player the buyer must pay 1M if this purchase takes their only flag (IMP-19)."""
    new = flag_holder_after(state, nation, player, cost - trade)
    old = state.flags[nation]
    if (
        new == player
        and old is not None
        and old != player
        and state.flags_of(old) == [nation]
        and state.power[nation] == 0
    ):
        return old
    return None


def multiplier(power: int) -> int:
    """Score multiplier of a nation's bonds by power (IMP-21): 0-4 ×0 … 25 ×5."""
    return min(power // 5, 5)


def scores(state: State) -> list[int]:
    """Each player's score: Σ interest × multiplier + cash (IMP-21)."""
    return [
        sum(state.interest(p, n) * multiplier(state.power[n]) for n in NATIONS) + state.cash[p]
        for p in range(state.players)
    ]


def ranking_key(state: State, player: int) -> tuple[int, ...]:
    """Score, then interest held in the nations from highest power down (IMP-21 tie-break).

    Nations of equal power are compared in turn order (house decision; the guide is silent).
    """
    order = sorted(NATIONS, key=lambda n: (-state.power[n], NATIONS.index(n)))
    return (scores(state)[player], *(state.interest(player, n) for n in order))


def winners(state: State) -> list[int]:
    """Players ranked first after the tie-break (several only if fully tied)."""
    keys = [ranking_key(state, p) for p in range(state.players)]
    best = max(keys)
    return [p for p in range(state.players) if keys[p] == best]


def bond_interest(cost: int) -> int:
    """Interest of the bond costing ``cost`` (IMP-3)."""
    return BONDS[cost]
