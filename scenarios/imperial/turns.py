"""Turn flow (IMP-1, IMP-18): which nation moves next, and what follows the landing action."""

from __future__ import annotations

from scenarios.imperial import events as ev
from scenarios.imperial.constants import NATIONS
from scenarios.imperial.context import Ctx


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
        from scenarios.imperial.economy import investor_step  # economy imports this module

        investor_step(ctx, nation)
    else:
        begin_turn(ctx, nation)
