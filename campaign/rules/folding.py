"""Events into state: ``apply_event``, ``evolve``, ``fold`` and ``as_stored``.

The appliers are registered by the area modules (``registry.applies``); this module runs them.
It sits below ``engine`` (which decides) so that the flow's ``pass`` and the narration can apply
events without importing the engine. ``engine`` re-exports these names.
"""

from collections.abc import Iterable

from campaign.rules import catalog
from campaign.rules.base import Event
from campaign.rules.canonical import canonical_json
from campaign.rules.errors import EngineBugError
from campaign.rules.registry import APPLIERS
from campaign.rules.state import CampaignState


def apply_event(state: CampaignState, event: Event) -> None:
    """Apply one event in place, counting its dice for the seeded source."""
    applier = APPLIERS.get(type(event))
    if applier is None:
        raise EngineBugError(f"no applier registered for event type {event.type!r}")
    applier(state, event)
    for roll in event.rolls:
        state.dice_counts[roll.purpose] = state.dice_counts.get(roll.purpose, 0) + 1
    state.events_applied += 1


def evolve(state: CampaignState, event: Event) -> CampaignState:
    """A new state: ``state`` after ``event`` (``state`` itself is untouched)."""
    new_state = state.clone()
    apply_event(new_state, event)
    return new_state


def fold(events: Iterable[Event], state: CampaignState | None = None) -> CampaignState:
    """Replay ``events`` onto ``state`` (in place) or onto a fresh empty state."""
    catalog.load()
    current = state if state is not None else CampaignState()
    for event in events:
        apply_event(current, event)
    return current


def as_stored(event: Event) -> Event:
    """``event`` exactly as the log gives it back: its canonical JSON read again. The log
    stores events key-sorted, so a dict inside an event (a layout, the battles of a step) comes
    back in key order; deciding and settling apply every event in that form, so a state built
    in memory, folded from the store or rebuilt from a turn file holds its collections in one
    order (docs/engine.md, "One canonical state")."""
    return type(event).model_validate_json(canonical_json(event))
