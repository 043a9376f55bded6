"""Position builders for the Imperial tests: a fresh game, then pieces placed by hand.

Hand-placed positions set fields directly (like a position text would); money-moving tests
compare totals before and after the order, so the IMP-2 invariant is still checked.
"""

from __future__ import annotations

from typing import Any

from scenarios.imperial import make_game
from scenarios.imperial.rules import decide, legal_orders
from scenarios.imperial.state import State, Unit


def fresh(players: int = 4, seed: int = 0, **switches: Any) -> State:
    """The state after the IMP-4 set-up."""
    return make_game(players, seed=seed, **switches).new_initial_state().state


def put(state: State, nation: str, kind: str, region: str, n: int = 1, hostile: bool = False):
    """Place ``n`` units of ``nation`` in ``region``; returns their ids."""
    ids = []
    for _ in range(n):
        uid = state.next_unit
        state.units[uid] = Unit(uid, nation, kind, region, hostile)
        state.next_unit += 1
        ids.append(uid)
    return ids


def govern(state: State, nation: str, player: int) -> None:
    """Give ``player`` the flag of ``nation`` (and make it that nation's turn)."""
    state.flags[nation] = player
    state.nation = nation


def await_(state: State, kind: str, nation: str, **data: Any) -> None:
    """Open a decision of ``kind`` for ``nation``'s governor (or ``player`` in data)."""
    player = data.pop("player", state.flags[nation])
    state.pending = {"kind": kind, "player": player, "nation": nation, **data}
    if kind == "maneuver":
        state.moved.clear()
        state.convoyed.clear()


def play(state: State, *orders: tuple) -> State:
    """Apply orders in turn; asserts money is conserved by each (IMP-2)."""
    for order in orders:
        total = state.total_money()
        _, state = decide(state, order)
        assert state.total_money() == total
    return state


def moves_from(state: State, kind: str, src: str) -> set[tuple[str, int]]:
    """(destination, hostile) of the legal moves of ``kind`` units from ``src``."""
    return {(o[3], o[4]) for o in legal_orders(state) if o[0] == "move" and o[1:3] == (kind, src)}
