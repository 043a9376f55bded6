"""Protocol adapter (``scenarios/protocol.py``): an order/event log with undo and replay.

``ImperialState`` keeps the log of (order, events) entries; its position is always
fold(base, events). Undo drops the last entry's events and folds again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from pydantic import ValidationError

from scenarios.imperial import events as ev
from scenarios.imperial.investing import winners
from scenarios.imperial.notation import (
    NOTATION_RULE,
    order_regions,
    order_to_text,
    parse_order,
    unknown_region,
)
from scenarios.imperial.options import Options, options_for
from scenarios.imperial.rules import (
    IllegalOrderError,
    Order,
    decide,
    legal_orders,
    start_events,
    why_not_legal,
)
from scenarios.imperial.state import State
from scenarios.protocol import TERMINAL, IllegalActionError, NotationError

TEXT_PREFIX = "imperial1 "
GENESIS = "0" * 64


class TamperedLogError(ValueError):
    """The log's hash chain does not match its contents (an edited history)."""


def entry_hash(prev: str, order: Order | None, events: list[ev._Event]) -> str:
    """SHA-256 over the previous hash, the order and each event's canonical JSON."""
    digest = hashlib.sha256(prev.encode())
    digest.update(json.dumps(None if order is None else list(order)).encode())
    for event in events:
        digest.update(b"\n")
        digest.update(event.model_dump_json().encode())
    return digest.hexdigest()


@dataclass
class LogEntry:
    """One accepted order and the events it produced (None order: the game set-up), chained
    to the previous entry by ``hash``."""

    order: Order | None
    events: list[ev._Event]
    prev_hash: str = GENESIS
    hash: str = ""

    def __post_init__(self) -> None:
        if not self.hash:
            self.hash = entry_hash(self.prev_hash, self.order, self.events)


@dataclass
class ImperialState:
    """A position plus the log that produced it."""

    state: State
    base: State | None = None  # snapshot the log starts from (None: an empty state)
    log: list[LogEntry] = field(default_factory=list)
    _legal: list[Order] | None = field(default=None, repr=False, compare=False)

    # ---------------------------------------------------------------- protocol
    def current_player(self) -> int:
        """The seat to decide now, or ``TERMINAL``."""
        if self.state.ended or self.state.pending is None:
            return TERMINAL
        return int(self.state.pending["player"])

    def legal_actions(self) -> list[Order]:
        """Legal orders of the open decision (stable order; cached until the position changes)."""
        if self._legal is None:
            self._legal = legal_orders(self.state)
        return list(self._legal)

    def apply_action(self, action: Order) -> None:
        """Decide ``action`` and append its events; illegal actions change nothing."""
        order = tuple(action) if isinstance(action, tuple | list) else (action,)
        try:
            events, after = decide(self.state, order)
        except IllegalOrderError as error:
            raise IllegalActionError(str(error)) from None
        prev = self.log[-1].hash if self.log else GENESIS
        self.log.append(LogEntry(order, events, prev))
        self.state = after
        self._legal = None

    def is_terminal(self) -> bool:
        """True once the game has ended."""
        return self.state.ended is not None

    def returns(self) -> list[float]:
        """1 for the winner (shared equally on a full tie), 0 otherwise; zeros while running."""
        if not self.is_terminal():
            return [0.0] * self.state.players
        best = winners(self.state)
        return [1.0 / len(best) if p in best else 0.0 for p in range(self.state.players)]

    def clone(self) -> ImperialState:
        """An independent copy (events are immutable and shared)."""
        return ImperialState(self.state.clone(), self.base, list(self.log))

    def to_text(self) -> str:
        """Canonical one-line text: prefix + sorted JSON of the position."""
        body = json.dumps(self.state.to_dict(), sort_keys=True, separators=(",", ":"))
        return TEXT_PREFIX + body

    def action_to_text(self, action: Order) -> str:
        """Notation of an order (see ``notation.py``)."""
        return order_to_text(tuple(action))

    def text_to_action(self, text: str) -> Order:
        """Parse notation; NotationError if malformed or naming a region the map lacks (IMP-22),
        IllegalActionError if not legal now."""
        order = parse_order(text)
        board = self.state.board
        for region in order_regions(order):
            if not board.has(region):
                raise unknown_region(text, region, [r.key for r in board.regions])
        if self._legal is None:
            self._legal = legal_orders(self.state)
        if order not in self._legal:
            raise IllegalActionError(why_not_legal(self.state, repr(text), self._legal))
        return order

    # ---------------------------------------------------------------- log
    def events(self) -> list[ev._Event]:
        """Every event of the log, in order."""
        return [e for entry in self.log for e in entry.events]

    def replay(self) -> State:
        """fold(base, events): must equal ``state``."""
        return ev.fold(self.events(), self.base)

    def verify(self) -> None:
        """Check the hash chain and that the log folds to the position (TamperedLogError)."""
        prev = self.log[0].prev_hash if self.log else GENESIS
        for seq, entry in enumerate(self.log):
            if entry.prev_hash != prev or entry.hash != entry_hash(prev, entry.order, entry.events):
                raise TamperedLogError(f"log entry {seq} does not match its hash")
            prev = entry.hash
        if self.replay() != self.state:
            raise TamperedLogError("the log does not fold to the position")

    def digest(self) -> str:
        """SHA-256 of the position text (equal positions, equal digests)."""
        return hashlib.sha256(self.to_text().encode()).hexdigest()

    def undo(self) -> Order | None:
        """Drop the last order's events and rebuild the position; returns the order."""
        if not self.log or self.log[-1].order is None:
            raise IllegalActionError("nothing to undo")
        entry = self.log.pop()
        self.state = self.replay()
        self._legal = None
        return entry.order

    def orders(self) -> list[Order]:
        """The accepted orders (without the set-up)."""
        return [e.order for e in self.log if e.order is not None]


@dataclass
class ImperialGame:
    """Game definition: options → initial states; parses position texts."""

    options: Options
    name: str = "imperial"
    min_utility: float = 0.0
    max_utility: float = 1.0

    @property
    def num_players(self) -> int:
        """Seats at the table."""
        return self.options.players

    def new_initial_state(self) -> ImperialState:
        """Deal flags and buy the first bonds (IMP-4), up to AH's first decision."""
        events = start_events(self.options)
        return ImperialState(ev.fold(events), None, [LogEntry(None, events)])

    def state_from_text(self, text: str) -> ImperialState:
        """Rebuild a position from ``to_text`` output (its log starts at that snapshot)."""
        if not text.startswith(TEXT_PREFIX):
            raise NotationError(f"{NOTATION_RULE}: position text must start with {TEXT_PREFIX!r}")
        try:
            state = State.from_dict(json.loads(text[len(TEXT_PREFIX) :]))
        except (ValueError, KeyError, TypeError, IndexError, ValidationError) as error:
            raise NotationError(f"{NOTATION_RULE}: bad imperial position text: {error}") from None
        if state.options != self.options:
            raise NotationError(
                f"{NOTATION_RULE}: position text belongs to a game with other options"
            )
        return ImperialState(state, state.clone(), [])


def make_game(
    players: int = 4, seed: int = 0, preset: str | None = None, **switches: object
) -> ImperialGame:
    """The Imperial game for ``players`` seats (4–6; 2–3 use the published starts).

    ``preset`` (``guide``, the default, or ``published``: see ``options.PRESETS``) sets the rules
    switches; switches given by name override the preset's.
    """
    return ImperialGame(options_for(preset, players=players, seed=seed, **switches))
