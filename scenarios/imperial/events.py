"""Events of the Imperial engine and ``evolve``: the only code that changes a ``State``.

State = fold(events). Every money movement is a ``Transfer`` naming two accounts
(``bank``, ``treasury:XX``, ``player:N``), so money is only ever moved, never made (IMP-2).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from scenarios.imperial.options import Options
from scenarios.imperial.state import State, Unit


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Started(_Event):
    """A new game: options and the start factories; the bank holds all money."""

    type: Literal["started"] = "started"
    options: Options


class Transfer(_Event):
    """``amount`` M from account ``src`` to account ``dst`` (IMP-2)."""

    type: Literal["transfer"] = "transfer"
    src: str
    dst: str
    amount: int
    reason: str


class BondTaken(_Event):
    """``player`` takes the ``cost`` bond of ``nation`` from the nation's stock (IMP-3)."""

    type: Literal["bond_taken"] = "bond_taken"
    nation: str
    cost: int
    player: int


class BondReturned(_Event):
    """``player`` gives the ``cost`` bond back to the stock (a trade-up, IMP-19)."""

    type: Literal["bond_returned"] = "bond_returned"
    nation: str
    cost: int
    player: int


class FlagSet(_Event):
    """The flag of ``nation`` goes to ``player`` (None: the bank keeps it) (IMP-4/5)."""

    type: Literal["flag_set"] = "flag_set"
    nation: str
    player: int | None


class CardSet(_Event):
    """The investor card goes to ``player`` (IMP-6/19)."""

    type: Literal["card_set"] = "card_set"
    player: int


class TurnBegan(_Event):
    """``nation`` begins a turn (IMP-1)."""

    type: Literal["turn_began"] = "turn_began"
    nation: str


class RondelMoved(_Event):
    """The nation's marker goes to ``space``; ``passed_investor`` without stopping (IMP-7/18)."""

    type: Literal["rondel_moved"] = "rondel_moved"
    nation: str
    space: int
    passed_investor: bool


class FactoryBuilt(_Event):
    """A factory is built in ``region`` (IMP-8)."""

    type: Literal["factory_built"] = "factory_built"
    region: str


class FactoryDestroyed(_Event):
    """The factory in ``region`` is destroyed (IMP-15)."""

    type: Literal["factory_destroyed"] = "factory_destroyed"
    region: str


class UnitPlaced(_Event):
    """A new unit from the stock (IMP-9/10)."""

    type: Literal["unit_placed"] = "unit_placed"
    unit: int
    nation: str
    kind: Literal["A", "F"]
    region: str


class UnitMoved(_Event):
    """A unit uses its maneuver step; ``convoy`` lists the fleets that carried it (IMP-11/13)."""

    type: Literal["unit_moved"] = "unit_moved"
    unit: int
    region: str
    hostile: bool
    convoy: tuple[int, ...] = ()


class UnitRemoved(_Event):
    """A unit goes back to the stock (battle or factory destruction, IMP-12/15)."""

    type: Literal["unit_removed"] = "unit_removed"
    unit: int


class ManeuverBegan(_Event):
    """A maneuver starts: no unit has moved or convoyed yet (IMP-11)."""

    type: Literal["maneuver_began"] = "maneuver_began"


class ChipPlaced(_Event):
    """``nation``'s tax chip lies in ``region`` (replacing any other, IMP-16)."""

    type: Literal["chip_placed"] = "chip_placed"
    region: str
    nation: str


class TaxMarkerSet(_Event):
    """The tax chart marker of ``nation`` (5 = the 2–5 box, 15 = 15+) (IMP-17)."""

    type: Literal["tax_marker_set"] = "tax_marker_set"
    nation: str
    value: int


class PowerSet(_Event):
    """The power track of ``nation`` (IMP-17)."""

    type: Literal["power_set"] = "power_set"
    nation: str
    value: int


class Await(_Event):
    """The next decision: who decides what; ``None`` when the game is over."""

    type: Literal["await"] = "await"
    pending: dict[str, Any] | None


class GameEnded(_Event):
    """The game is over (IMP-20 or the house turn cap)."""

    type: Literal["game_ended"] = "game_ended"
    reason: str


Event = Annotated[
    Started
    | Transfer
    | BondTaken
    | BondReturned
    | FlagSet
    | CardSet
    | TurnBegan
    | RondelMoved
    | FactoryBuilt
    | FactoryDestroyed
    | UnitPlaced
    | UnitMoved
    | UnitRemoved
    | ManeuverBegan
    | ChipPlaced
    | TaxMarkerSet
    | PowerSet
    | Await
    | GameEnded,
    Field(discriminator="type"),
]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)


class EventError(ValueError):
    """An event that cannot apply to the state (a corrupt or reordered log)."""


def _account(state: State, name: str, delta: int) -> None:
    if name == "bank":
        state.bank += delta
    elif name.startswith("treasury:"):
        state.treasury[name[9:]] += delta
    elif name.startswith("player:"):
        state.cash[int(name[7:])] += delta
    else:
        raise EventError(f"unknown account {name!r}")


def evolve(state: State, event: _Event) -> None:
    """Apply ``event`` to ``state`` in place."""
    match event:
        case Started(options=options):
            fresh = State(options=options, cash=[0] * options.players)
            fresh.factories = {r.key for r in fresh.board.regions if r.factory}
            state.__dict__.update(fresh.__dict__)
        case Transfer(src=src, dst=dst, amount=amount):
            if amount < 0:
                raise EventError("negative transfer")
            _account(state, src, -amount)
            _account(state, dst, amount)
        case BondTaken(nation=nation, cost=cost, player=player):
            state.bonds[nation][cost] = player
        case BondReturned(nation=nation, cost=cost):
            state.bonds[nation][cost] = None
        case FlagSet(nation=nation, player=player):
            state.flags[nation] = player
        case CardSet(player=player):
            state.card = player
        case TurnBegan(nation=nation):
            state.nation = nation
            state.turns += 1
            state.passed_investor = False
        case RondelMoved(nation=nation, space=space, passed_investor=passed):
            state.rondel[nation] = space
            state.passed_investor = passed
        case FactoryBuilt(region=region):
            state.factories.add(region)
        case FactoryDestroyed(region=region):
            state.factories.discard(region)
        case UnitPlaced(unit=uid, nation=nation, kind=kind, region=region):
            state.units[uid] = Unit(uid, nation, kind, region)
            state.next_unit = max(state.next_unit, uid + 1)
        case UnitMoved(unit=uid, region=region, hostile=hostile, convoy=convoy):
            unit = state.units[uid]
            unit.region = region
            unit.hostile = hostile
            state.moved.add(uid)
            state.convoyed.update(convoy)
        case UnitRemoved(unit=uid):
            del state.units[uid]
            state.moved.discard(uid)
            state.convoyed.discard(uid)
        case ManeuverBegan():
            state.moved.clear()
            state.convoyed.clear()
        case ChipPlaced(region=region, nation=nation):
            state.chips[region] = nation
        case TaxMarkerSet(nation=nation, value=value):
            state.marker[nation] = value
        case PowerSet(nation=nation, value=value):
            state.power[nation] = value
        case Await(pending=pending):
            # a private copy: the event stays immutable whatever happens to the state
            state.pending = None if pending is None else json.loads(json.dumps(pending))
        case GameEnded(reason=reason):
            state.ended = reason
            state.pending = None
        case _:
            raise EventError(f"unknown event {event!r}")


def dump_events(events: Iterable[_Event]) -> str:
    """The events as JSON lines (one event per line), for files and the database."""
    return "\n".join(e.model_dump_json() for e in events)


def load_events(text: str) -> list[_Event]:
    """Parse ``dump_events`` output; raises ``EventError`` naming the bad line."""
    events: list[_Event] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            events.append(EVENT_ADAPTER.validate_json(line))
        except ValueError as error:
            raise EventError(f"event log line {number}: {error}") from None
    return events


def fold(events: Iterable[_Event], base: State | None = None) -> State:
    """The state after ``events`` (from ``base``, or from nothing when the log starts a game)."""
    state = base.clone() if base is not None else State()
    for event in events:
        evolve(state, event)
    return state
