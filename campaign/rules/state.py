"""The campaign state: what ``fold(events)`` produces and what ``decide`` reads.

The state is a mutable msgspec Struct (``MutableModel``) so it has one canonical JSON form
(snapshots, digests, turn files), but it is *mutated in place* by the event appliers during
replay: ``fold`` builds one state and applies every event to it, which keeps a 20,000-event
replay fast. Code outside the appliers treats a state as read-only; ``evolve`` copies before
applying when a caller needs the old state.

Where things are:

- ``units``: every counter that has ever entered play, by unit id. A destroyed counter stays in the
  dict with location ``ELIMINATED`` so ids are never reused (a destroyed player unit is back in the
  counter-mix pool: it no longer counts against the mix, DN-ECO-8).
- ``Location``: stellar hex or surface box of a system, carried by another unit, unplaced (bought
  or produced but not yet on the map, e.g. a PD marker, DN-MOV-10), or eliminated.
- **Order is part of the state** (one canonical order on every path): ``units`` holds the
  counters in the order they entered play (creation/placement order: the aliases ``N-X-k`` of
  face-down neutrals and the unit a die is bound to follow it), and every other dict keeps the
  order its entries were made in. ``canonical_text`` writes that order out (it does not sort
  keys), and the state digest, snapshots and restored states are that text, so a state loaded
  from a snapshot, folded cold or rebuilt by an importer holds every collection in the same
  order (docs/engine.md, "One canonical state").
- ``slots``: per-phase bookkeeping of the area modules (movement, combat...), keyed by area name;
  cleared automatically whenever the step changes. ``turn_slots``: the same, cleared at the start
  of every player turn. ``game_slots``: kept for the whole game (e.g. victory control history).
"""

import copy
import json
from collections.abc import Iterator
from typing import Any

from msgspec import field

from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.location import Location as Location  # re-exported: areas import it here
from campaign.rules.location import Where as Where
from campaign.rules.model import FrozenModel, ModelError, MutableModel
from campaign.rules.phases import Phase, SubPhase
from campaign.rules.position import PositionTextError, read_position, write_position
from campaign.rules.sequence import FLOW
from campaign.rules.struct_errors import field_problem

#: Prefix of unit ids per side: ``A-CL-1``, ``S-B1-2``, ``N-M-3``.
SIDE_PREFIX: dict[Side, str] = {Side.ASLAN: "A", Side.SOLOMANI: "S", Side.NEUTRAL: "N"}


class Unit(MutableModel, kw_only=True):
    """One counter in play. ``kind`` is ``UnitType.kind``; ``owner`` may differ from the unit
    type's side for conscripted neutrals (DN-NEU-2)."""

    id: str
    kind: str
    owner: Side
    location: Location
    disrupted: bool = False
    stack: str | None = None
    face_down: bool = False  # neutrals until revealed (DN-NEU-1)
    home_system: str | None = None  # original system of a neutral (DN-NEU-3)

    def duplicate(self) -> "Unit":
        """An independent copy, equal to ``model_copy()``: ``clone`` copies every unit for each
        order decided. Every field holds an immutable value (``Location`` is frozen), so a
        shallow copy is enough."""
        return copy.copy(self)


class Roll(FrozenModel, frozen=True, kw_only=True):
    """One die result stored in an event: purpose, number of faces and the value (DN-ERR-1)."""

    purpose: str
    value: int
    sides: int = 6


_ATOMS = (str, int, float, bool, type(None))


def _copied(value: Any) -> Any:
    """A deep copy of JSON-like data (the slots and the layout payload: dicts, lists and
    scalars), several times faster than ``copy.deepcopy``, which ``clone`` spent most of its
    time in; anything else is left to ``copy.deepcopy``. Like a snapshot read back from its
    canonical text, the copy shares no list or dict with the original, not even between two
    places of the original that shared one."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    if isinstance(value, _ATOMS):
        return value
    return copy.deepcopy(value)


def new_pile() -> list[str]:
    """A new, empty neutral pile: the default of ``CampaignState.neutral_pile``."""
    return []


class CampaignState(MutableModel, kw_only=True):
    """Everything the rules need to decide the next order. See the module docstring."""

    campaign_id: str = ""
    profile_hash: str = ""
    layout: dict[str, Any] = field(default_factory=dict)  # the MapAssembled payload
    turn: int = 0  # game turn; 0 during set-up
    step: int = 0  # index into campaign.rules.sequence.FLOW
    phasing: Side = Side.ASLAN  # whose player turn it is
    acting: Side = Side.SOLOMANI  # who may give ACTING orders now
    ru: dict[Side, int] = field(default_factory=lambda: {s: 0 for s in PLAYER_SIDES})
    units: dict[str, Unit] = field(default_factory=dict)
    next_unit_no: dict[str, int] = field(default_factory=dict)  # per id prefix, e.g. "A-CL"
    neutral_pile: list[str] = field(default_factory=new_pile)  # face-down kinds still to draw
    slots: dict[str, Any] = field(default_factory=dict)
    turn_slots: dict[str, Any] = field(default_factory=dict)
    game_slots: dict[str, Any] = field(default_factory=dict)
    dice_counts: dict[str, int] = field(default_factory=dict)  # purpose -> rolls in this step
    winner: Side | None = None
    events_applied: int = 0

    def canonical_text(self) -> str:
        """The one text of this state: compact JSON, fields in declaration order and every
        collection in its own order (never key-sorted, so the order of ``units`` and of the
        bookkeeping dicts is kept). Snapshots store it, the digest hashes it and
        ``from_canonical_text`` reads it back into an equal state, order included."""
        return json.dumps(self.model_dump(mode="json"), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_canonical_text(cls, text: str) -> "CampaignState":
        """The state ``canonical_text`` wrote, every collection in the written order."""
        return cls.model_validate_json(text)

    def position_text(self, *, one_line: bool = False) -> str:
        """The position text of this state: the same content as ``canonical_text`` in a block
        a person reads and pastes, or on one line (``campaign.rules.position``;
        ``position_from_text`` reads either back into a state with the same canonical text)."""
        return write_position(self.model_dump(mode="json"), one_line=one_line)

    def __repr__(self) -> str:
        """The position text, so a failing test or a debugger shows the position itself."""
        return f"<CampaignState\n{self.position_text()}\n>"

    def clone(self) -> "CampaignState":
        """An independent copy, cheaper than a generic deep copy (units are copied one level
        down; ``Location`` and ``Roll`` are frozen and shared). Used by ``evolve``/``decide``."""
        new = self.model_copy()
        new.layout = _copied(self.layout)
        new.ru = dict(self.ru)
        new.units = {uid: unit.duplicate() for uid, unit in self.units.items()}
        new.next_unit_no = dict(self.next_unit_no)
        new.neutral_pile = list(self.neutral_pile)
        new.slots = _copied(self.slots)
        new.turn_slots = _copied(self.turn_slots)
        new.game_slots = _copied(self.game_slots)
        new.dice_counts = dict(self.dice_counts)
        return new

    # --- phase -------------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """The current phase (from the sequence table)."""
        return FLOW[self.step].phase

    @property
    def sub_phase(self) -> SubPhase | None:
        """The current combat sub-phase, or None outside combat."""
        return FLOW[self.step].sub_phase

    @property
    def reacting(self) -> Side:
        """The non-phasing player side."""
        return self.phasing.enemy

    # --- units -------------------------------------------------------------------------------

    def unit(self, unit_id: str) -> Unit:
        """The unit ``unit_id``; ``KeyError`` if there is none."""
        return self.units[unit_id]

    def units_of(self, owner: Side, *, in_play: bool = True) -> Iterator[Unit]:
        """Units owned by ``owner``; by default only those not eliminated."""
        for unit in self.units.values():
            if unit.owner is owner and (not in_play or unit.location.where is not Where.ELIMINATED):
                yield unit

    def units_at(self, location: Location) -> list[Unit]:
        """Units directly at ``location`` (cargo aboard them not included)."""
        return [u for u in self.units.values() if u.location == location]

    def cargo_of(self, carrier_id: str) -> list[Unit]:
        """Units carried by ``carrier_id``."""
        return [
            u
            for u in self.units.values()
            if u.location.where is Where.CARRIED and u.location.carrier == carrier_id
        ]

    def position_of(self, unit_id: str) -> Location:
        """Where a unit effectively is: a carried unit is where its carrier is."""
        location = self.units[unit_id].location
        seen: set[str] = set()
        while location.where is Where.CARRIED and location.carrier not in seen:
            seen.add(location.carrier or "")
            location = self.units[location.carrier or ""].location
        return location

    def stack_members(self, owner: Side, stack_id: str) -> list[Unit]:
        """``owner``'s units in stack ``stack_id`` (stacks are labels on units, one set of
        labels per side: both sides may have a stack ``a``)."""
        return [u for u in self.units.values() if u.stack == stack_id and u.owner is owner]

    def count_in_mix(self, kind: str) -> int:
        """Counters of ``kind`` out of the pool (not eliminated): DN-ECO-8, DN-SET-1."""
        return sum(
            1
            for u in self.units.values()
            if u.kind == kind and u.location.where is not Where.ELIMINATED
        )

    def new_unit_ids(self, side: Side, code: str, count: int = 1) -> list[str]:
        """The ids the next ``count`` units of ``side``/``code`` will get (``A-CL-3``).

        Nothing is reserved: the applier that creates the units calls ``add_unit`` with the ids
        carried in the event, which records them.
        """
        prefix = f"{SIDE_PREFIX[side]}-{code}"
        first = self.next_unit_no.get(prefix, 0) + 1
        return [f"{prefix}-{n}" for n in range(first, first + count)]

    def reserve_unit_id(self, unit_id: str) -> None:
        """Record that ``unit_id`` (made by ``new_unit_ids``) is used. Applier-only."""
        prefix, _, number = unit_id.rpartition("-")
        if number.isdigit() and int(number) > self.next_unit_no.get(prefix, 0):
            self.next_unit_no[prefix] = int(number)

    def add_unit(self, unit: Unit) -> None:
        """Put a new unit into play. Applier-only."""
        self.reserve_unit_id(unit.id)
        self.units[unit.id] = unit

    def slot(self, area: str, default: Any = None) -> Any:
        """Per-step bookkeeping of ``area`` (e.g. ``"movement"``), or ``default``."""
        return self.slots.get(area, default)


def position_from_text(text: str) -> CampaignState:
    """The state a position text describes (``CampaignState.position_text``, docs/engine.md
    "The position text"); ``PositionTextError`` naming the line or the field otherwise."""
    data = read_position(text)
    try:
        return CampaignState.model_validate(data)
    except ModelError as error:
        raise PositionTextError(f"position: {field_problem(error)}") from None
