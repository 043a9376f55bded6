"""Movement bookkeeping kept in the campaign state, read as typed models (docs/engine.md,
"Typed area state").

The state keeps it as plain JSON (hashed with the state; see ``combat/book.py`` for why). This
module is the only code that knows its shape: readers validate it into the models below, the
``mark_*`` writers (event appliers only) change the JSON in place.

Per movement step (``state.slots["movement"]``, cleared by the engine at every step change),
``MovementStep``:

- ``moved``: units that have moved in any way this phase (jump, sublight, lift-off, landing);
- ``finished``: units whose movement is over for this phase;
- ``halted``: units stopped by fuel in a type 3 system (DN-MOV-4) that may move on if a friendly
  tanker ends its movement there later in the phase;
- ``rolls``: the DN-MOV-9 roll of each disrupted ship (one per ship per movement phase);
- ``refuelled``: per side, the type 3 systems where a friendly tanker ended its move (DN-MOV-4).

Per player turn (``state.turn_slots["movement"]``, ``MovementTurn``): ``reaction_stack``, the
units of the one stack moved in Reaction Movement (DN-MOV-8), which the combat rules read for
DN-REA-1.

For the whole game (``state.game_slots["explored_routes"]``, the key the economy rules read too):
unexplored routes opened by DN-NEB-1, as ``[a, b]`` pairs.
"""

from __future__ import annotations

from typing import Any

from msgspec import field

from campaign.rules.economy.adapter import EXPLORED_ROUTES_SLOT
from campaign.rules.ids import Side
from campaign.rules.model import FrozenModel
from campaign.rules.state import CampaignState

AREA = "movement"


class MovementStep(FrozenModel, frozen=True, kw_only=True):
    """What movement keeps for the current movement step (see the module docstring)."""

    moved: frozenset[str] = frozenset()
    finished: frozenset[str] = frozenset()
    halted: tuple[str, ...] = ()  # in the order they stopped
    rolls: dict[str, int] = field(default_factory=dict)
    refuelled: dict[Side, frozenset[str]] = field(default_factory=dict)

    def roll_of(self, unit_id: str) -> int | None:
        """The DN-MOV-9 roll made for ``unit_id`` this step, if any."""
        return self.rolls.get(unit_id)

    def is_refuelled(self, side: Side, system_id: str) -> bool:
        """True when a friendly tanker of ``side`` ended its movement in ``system_id``."""
        return system_id in self.refuelled.get(side, frozenset())


class MovementTurn(FrozenModel, frozen=True, kw_only=True):
    """What movement keeps for the current player turn."""

    reaction_stack: tuple[str, ...] | None = None


def movement_step(state: CampaignState) -> MovementStep:
    """What movement keeps for the current step."""
    return MovementStep.model_validate(state.slots.get(AREA) or {})


def moved(state: CampaignState) -> frozenset[str]:
    """Units that have moved in any way during the current movement step."""
    return movement_step(state).moved


def finished(state: CampaignState) -> frozenset[str]:
    """Units whose movement is over for the current step."""
    return movement_step(state).finished


def halted(state: CampaignState) -> tuple[str, ...]:
    """Units waiting for fuel in a type 3 system (DN-MOV-4), in the order they stopped."""
    return movement_step(state).halted


def roll_of(state: CampaignState, unit_id: str) -> int | None:
    """The DN-MOV-9 roll made for ``unit_id`` this step, if any."""
    return movement_step(state).roll_of(unit_id)


def refuelled(state: CampaignState, side: Side, system_id: str) -> bool:
    """True when a friendly tanker of ``side`` ended its movement in ``system_id`` this step."""
    return movement_step(state).is_refuelled(side, system_id)


def reaction_stack(state: CampaignState) -> list[str] | None:
    """The units moved in this player turn's Reaction Movement (DN-MOV-8), or ``None``."""
    found = MovementTurn.model_validate(state.turn_slots.get(AREA) or {}).reaction_stack
    return list(found) if found is not None else None


def explored_routes(state: CampaignState) -> set[frozenset[str]]:
    """Unexplored routes opened so far by DN-NEB-1."""
    return {frozenset(pair) for pair in state.game_slots.get(EXPLORED_ROUTES_SLOT, ())}


# --- writers (event appliers only) ---------------------------------------------------------------


def _writable(state: CampaignState) -> dict[str, Any]:
    book: dict[str, Any] = state.slots.setdefault(AREA, {})
    for key in ("moved", "finished", "halted"):
        book.setdefault(key, [])
    book.setdefault("rolls", {})
    book.setdefault("refuelled", {})
    return book


def _add(items: list[str], new: list[str] | tuple[str, ...]) -> None:
    for item in new:
        if item not in items:
            items.append(item)


def mark_moved(state: CampaignState, unit_ids: list[str] | tuple[str, ...]) -> None:
    """Record that the units moved this step."""
    _add(_writable(state)["moved"], unit_ids)


def mark_finished(state: CampaignState, unit_ids: list[str] | tuple[str, ...]) -> None:
    """Record that the units' movement is over (they are no longer halted)."""
    book = _writable(state)
    _add(book["finished"], unit_ids)
    book["halted"] = [u for u in book["halted"] if u not in unit_ids]


def mark_halted(state: CampaignState, unit_ids: list[str] | tuple[str, ...]) -> None:
    """Record that the units stopped for fuel and may move on once refuelled."""
    _add(_writable(state)["halted"], unit_ids)


def release_halted(state: CampaignState, unit_ids: list[str] | tuple[str, ...]) -> None:
    """Refuelled: the units may move on (DN-MOV-4)."""
    book = _writable(state)
    book["halted"] = [u for u in book["halted"] if u not in unit_ids]


def record_roll(state: CampaignState, unit_id: str, value: int) -> None:
    """Store the DN-MOV-9 roll of ``unit_id`` for the rest of the step."""
    _writable(state)["rolls"][unit_id] = value


def mark_refuelled(state: CampaignState, side: Side, system_id: str) -> None:
    """A friendly tanker of ``side`` ended its movement in ``system_id``."""
    _add(_writable(state)["refuelled"].setdefault(side.value, []), [system_id])


def set_reaction_stack(state: CampaignState, unit_ids: list[str]) -> None:
    """Record the one stack of Reaction Movement (DN-MOV-8)."""
    state.turn_slots.setdefault(AREA, {})["reaction_stack"] = list(unit_ids)


def mark_explored(state: CampaignState, a: str, b: str) -> None:
    """Record route a-b as explored for both sides (DN-NEB-1)."""
    pairs = state.game_slots.setdefault(EXPLORED_ROUTES_SLOT, [])
    if frozenset((a, b)) not in {frozenset(p) for p in pairs}:
        pairs.append(sorted((a, b)))
