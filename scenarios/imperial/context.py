"""Shared plumbing of the rules modules: orders, the rule error, account names and the
event emitter that evolves a private clone while it records events."""

from __future__ import annotations

from typing import Any, Literal

from scenarios.imperial import events as ev
from scenarios.imperial.constants import MAX_CHIPS
from scenarios.imperial.state import State

Order = tuple[Any, ...]


class IllegalOrderError(ValueError):
    """An order that breaks a rule (the message names the rule id); nothing changed."""


def treasury(nation: str) -> str:
    """Account name of a nation's treasury."""
    return f"treasury:{nation}"


def player_account(player: int) -> str:
    """Account name of a player's cash."""
    return f"player:{player}"


class Ctx:
    """Collects events while evolving a private clone of the state."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[ev._Event] = []

    def emit(self, event: ev._Event) -> None:
        """Record ``event`` and apply it to the private state."""
        ev.evolve(self.state, event)
        self.events.append(event)

    def pay(self, src: str, dst: str, amount: int, reason: str) -> None:
        """Move money between two named accounts (nothing for 0M) (IMP-2)."""
        if amount > 0:
            self.emit(ev.Transfer(src=src, dst=dst, amount=amount, reason=reason))

    def wait(self, kind: str, player: int, nation: str | None, **data: Any) -> None:
        """Open the next decision: ``player`` decides ``kind`` for ``nation``."""
        self.emit(ev.Await(pending={"kind": kind, "player": player, "nation": nation, **data}))


def governor_of(state: State, nation: str) -> int:
    """The player acting for ``nation`` (IMP-5); an ungoverned nation never acts (IMP-1)."""
    governor = state.governor(nation)
    if governor is None:
        raise IllegalOrderError(f"IMP-1: {nation} has no governor")
    return governor


#: The unit kinds of the orders (army, fleet) as the events spell them; another kind is a
#: ``KeyError`` (orders are checked against ``legal_orders`` before they get here).
UNIT_KINDS: dict[str, Literal["A", "F"]] = {"A": "A", "F": "F"}


def place_unit(ctx: Ctx, nation: str, kind: str, region: str) -> None:
    """A new unit from the stock with the next unit id (IMP-9/10)."""
    ctx.emit(
        ev.UnitPlaced(unit=ctx.state.next_unit, nation=nation, kind=UNIT_KINDS[kind], region=region)
    )


def place_chip(ctx: Ctx, nation: str, region: str) -> None:
    """Lay ``nation``'s chip in ``region`` unless it is there or all 10 are out (IMP-16)."""
    state = ctx.state
    if state.chips.get(region) != nation and state.chips_of(nation) < MAX_CHIPS:
        ctx.emit(ev.ChipPlaced(region=region, nation=nation))
