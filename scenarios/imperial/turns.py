"""Turn flow (IMP-1, IMP-18, IMP-19): which nation moves next, what follows the landing action,
and the start of the investor step that a pass of the Investor space brings."""

from __future__ import annotations

from scenarios.imperial import events as ev
from scenarios.imperial.constants import INVESTOR_BONUS, NATIONS
from scenarios.imperial.context import Ctx, player_account
from scenarios.imperial.investing import clockwise_from


def begin_turn(ctx: Ctx, after: str | None) -> None:
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


def finish_action(ctx: Ctx, nation: str) -> None:
    """After the landing action: the investor step if Investor was passed (IMP-18)."""
    if ctx.state.passed_investor:
        investor_step(ctx, nation)
    else:
        begin_turn(ctx, nation)


def investor_step(ctx: Ctx, nation: str) -> None:
    """IMP-19: the card holder gets 2M and may buy; flagless players follow clockwise (their
    decisions are handled in ``economy``)."""
    state = ctx.state
    holder = state.card
    ctx.pay("bank", player_account(holder), INVESTOR_BONUS, "IMP-19 investor bonus")
    queue = clockwise_from(holder, state.players)[1:]
    ctx.wait("invest", holder, nation, queue=queue)
