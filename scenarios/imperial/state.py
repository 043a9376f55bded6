"""The Imperial game state: plain data built only by folding events (see ``events.evolve``).

Queries that several rules share (who governs, what blocks what, how much a player invested)
live here so the rules read like the spec.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scenarios.imperial.constants import BONDS, NATIONS, TOTAL_MONEY
from scenarios.imperial.mapdata import Board, load_board
from scenarios.imperial.options import Options


@dataclass
class Unit:
    """One army (``A``) or fleet (``F``); a fleet on a land region is in port there."""

    id: int
    nation: str
    kind: str
    region: str
    hostile: bool = False


@dataclass
class State:
    """Everything that decides the next legal orders; equal states compare equal."""

    options: Options = field(default_factory=Options)
    cash: list[int] = field(default_factory=list)
    treasury: dict[str, int] = field(default_factory=lambda: dict.fromkeys(NATIONS, 0))
    bank: int = TOTAL_MONEY
    bonds: dict[str, dict[int, int | None]] = field(
        default_factory=lambda: {n: dict.fromkeys(BONDS) for n in NATIONS}
    )
    flags: dict[str, int | None] = field(default_factory=lambda: dict.fromkeys(NATIONS))
    card: int = 0
    rondel: dict[str, int | None] = field(default_factory=lambda: dict.fromkeys(NATIONS))
    power: dict[str, int] = field(default_factory=lambda: dict.fromkeys(NATIONS, 0))
    marker: dict[str, int] = field(default_factory=lambda: dict.fromkeys(NATIONS, 5))
    factories: set[str] = field(default_factory=set)
    units: dict[int, Unit] = field(default_factory=dict)
    next_unit: int = 1
    chips: dict[str, str] = field(default_factory=dict)
    nation: str | None = None  # nation whose turn it is
    turns: int = 0  # nation turns begun (turn cap, a house safeguard)
    passed_investor: bool = False  # this turn's rondel move passed Investor (IMP-18)
    moved: set[int] = field(default_factory=set)  # units that used their maneuver step
    convoyed: set[int] = field(default_factory=set)  # fleets that carried an army this turn
    pending: dict[str, Any] | None = None  # the open decision: kind, player, nation, data
    ended: str | None = None  # end reason once the game is over

    # ------------------------------------------------------------------ structure
    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.cash)

    @property
    def board(self) -> Board:
        """The board for this game's map switches."""
        return load_board(norway_denmark=self.options.norway_denmark)

    def clone(self) -> State:
        """An independent copy (units copied, immutable values shared)."""
        return State(
            options=self.options,
            cash=list(self.cash),
            treasury=dict(self.treasury),
            bank=self.bank,
            bonds={n: dict(b) for n, b in self.bonds.items()},
            flags=dict(self.flags),
            card=self.card,
            rondel=dict(self.rondel),
            power=dict(self.power),
            marker=dict(self.marker),
            factories=set(self.factories),
            units={
                i: Unit(u.id, u.nation, u.kind, u.region, u.hostile) for i, u in self.units.items()
            },
            next_unit=self.next_unit,
            chips=dict(self.chips),
            nation=self.nation,
            turns=self.turns,
            passed_investor=self.passed_investor,
            moved=set(self.moved),
            convoyed=set(self.convoyed),
            pending=None if self.pending is None else _copy_pending(self.pending),
            ended=self.ended,
        )

    def total_money(self) -> int:
        """Bank + treasuries + players' cash: constant in every state (IMP-2)."""
        return self.bank + sum(self.treasury.values()) + sum(self.cash)

    # ------------------------------------------------------------------ serialisation
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able form (sorted collections, so equal states give equal dicts)."""
        return {
            "options": self.options.model_dump(),
            "cash": self.cash,
            "treasury": self.treasury,
            "bank": self.bank,
            "bonds": {n: {str(c): h for c, h in b.items()} for n, b in self.bonds.items()},
            "flags": self.flags,
            "card": self.card,
            "rondel": self.rondel,
            "power": self.power,
            "marker": self.marker,
            "factories": sorted(self.factories),
            "units": [
                [u.id, u.nation, u.kind, u.region, int(u.hostile)] for u in self.units.values()
            ],
            "next_unit": self.next_unit,
            "chips": dict(sorted(self.chips.items())),
            "nation": self.nation,
            "turns": self.turns,
            "passed_investor": self.passed_investor,
            "moved": sorted(self.moved),
            "convoyed": sorted(self.convoyed),
            "pending": self.pending,
            "ended": self.ended,
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> State:
        """Inverse of ``to_dict`` (raises KeyError/TypeError/ValueError on malformed input)."""
        return cls(
            options=Options.model_validate(raw["options"]),
            cash=[int(c) for c in raw["cash"]],
            treasury={n: int(raw["treasury"][n]) for n in NATIONS},
            bank=int(raw["bank"]),
            bonds={n: {int(c): raw["bonds"][n][str(c)] for c in BONDS} for n in NATIONS},
            flags={n: raw["flags"][n] for n in NATIONS},
            card=int(raw["card"]),
            rondel={n: raw["rondel"][n] for n in NATIONS},
            power={n: int(raw["power"][n]) for n in NATIONS},
            marker={n: int(raw["marker"][n]) for n in NATIONS},
            factories=set(raw["factories"]),
            units={u[0]: Unit(u[0], u[1], u[2], u[3], bool(u[4])) for u in raw["units"]},
            next_unit=int(raw["next_unit"]),
            chips=dict(raw["chips"]),
            nation=raw["nation"],
            turns=int(raw["turns"]),
            passed_investor=bool(raw["passed_investor"]),
            moved=set(raw["moved"]),
            convoyed=set(raw["convoyed"]),
            pending=raw["pending"],
            ended=raw["ended"],
        )

    # ------------------------------------------------------------------ queries
    def governor(self, nation: str) -> int | None:
        """Player holding the nation's flag, or None when the bank keeps it (IMP-5)."""
        return self.flags[nation]

    def flags_of(self, player: int) -> list[str]:
        """Nations whose flag ``player`` holds, in turn order."""
        return [n for n in NATIONS if self.flags[n] == player]

    def invested(self, player: int, nation: str) -> int:
        """Sum of the costs of ``player``'s bonds in ``nation`` (IMP-5)."""
        return sum(c for c, h in self.bonds[nation].items() if h == player)

    def interest(self, player: int, nation: str) -> int:
        """Interest of ``player``'s bonds in ``nation`` (IMP-3)."""
        return sum(BONDS[c] for c, h in self.bonds[nation].items() if h == player)

    def units_in(self, region: str) -> list[Unit]:
        """Units standing in ``region`` (id order)."""
        return [u for u in self.units.values() if u.region == region]

    def units_of(self, nation: str) -> list[Unit]:
        """All units of ``nation`` (id order)."""
        return [u for u in self.units.values() if u.nation == nation]

    def blocked_regions(self) -> set[str]:
        """Home provinces where a hostile foreign army stands (IMP-13)."""
        board = self.board
        return {
            u.region
            for u in self.units.values()
            if u.hostile and u.kind == "A" and board.region(u.region).home not in (None, u.nation)
        }

    def is_blocked(self, region: str) -> bool:
        """True if a hostile foreign army stands in this home province (IMP-13)."""
        return region in self.blocked_regions()

    def factories_of(self, nation: str) -> list[str]:
        """Regions with a factory of ``nation`` (file order)."""
        return [r for r in self.board.home_provinces(nation) if r in self.factories]

    def free_factories(self, nation: str) -> list[str]:
        """Factories of ``nation`` not blocked by hostile armies (IMP-13/14/17)."""
        blocked = self.blocked_regions()
        return [r for r in self.factories_of(nation) if r not in blocked]

    def chips_of(self, nation: str) -> int:
        """Number of tax chips ``nation`` has on the board (IMP-16)."""
        return sum(1 for n in self.chips.values() if n == nation)


def _copy_pending(pending: dict[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in pending.items()}
