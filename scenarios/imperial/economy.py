"""Taxation, interest and the investor decisions (IMP-17 … IMP-20); the investor step itself
starts in ``turns``, after the action that passed the Investor space."""

from __future__ import annotations

from typing import Any

from scenarios.imperial import events as ev
from scenarios.imperial.constants import (
    END_POWER,
    RESCUE_PAYMENT,
    TAX_FLOOR,
    TAX_TOP,
)
from scenarios.imperial.context import Ctx, Order, governor_of, player_account, treasury
from scenarios.imperial.investing import clockwise_from, flag_holder_after, rescue_payee
from scenarios.imperial.turns import begin_turn, finish_action


def tax_power(tax: int) -> tuple[int, int]:
    """(chart position, power points) for a tax (IMP-17): 2–5 → (5, 0) … 15+ → (15, 10)."""
    position = min(max(tax, TAX_FLOOR), TAX_TOP)
    return position, position - TAX_FLOOR


def taxation(ctx: Ctx, nation: str) -> None:
    """IMP-17 taxation, then IMP-20 end check."""
    state = ctx.state
    governor = governor_of(state, nation)
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
            pay_interest(ctx, nation)
        ctx.emit(ev.GameEnded(reason=f"{nation} reached {END_POWER} power (IMP-20)"))
        return
    finish_action(ctx, nation)


def pay_interest(ctx: Ctx, nation: str) -> None:
    """IMP-18: the treasury pays each bondholder, smallest first; when it runs dry the governor
    pays the rest into it (what the governor cannot pay is not paid: house decision)."""
    state = ctx.state
    governor = governor_of(state, nation)
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


def _on_buy(ctx: Ctx, pending: dict[str, Any], order: Order) -> None:
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


def _on_pass(ctx: Ctx, pending: dict[str, Any], order: Order) -> None:
    _next_investor(ctx, pending)


def _next_investor(ctx: Ctx, pending: dict[str, Any]) -> None:
    """Next flagless player (checked when their turn comes), else the card passes left."""
    state = ctx.state
    queue: list[int] = list(pending["queue"])
    while queue:
        player = queue.pop(0)
        if not state.flags_of(player):
            ctx.wait("invest", player, pending["nation"], queue=queue)
            return
    ctx.emit(ev.CardSet(player=(state.card + 1) % state.players))
    begin_turn(ctx, pending["nation"])


#: Order kind → handler for the investor decisions.
HANDLERS = {"buy": _on_buy, "pass": _on_pass}
