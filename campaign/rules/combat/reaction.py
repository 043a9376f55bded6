"""DN-REA-1: the participants of Reaction Combat are fixed, by unit id, when it starts.

Only the stack moved in Reaction Movement and the friendly units already in the system it entered
fight in Reaction Combat. Looking them up again later through one unit's position would shut the
survivors out once that unit is destroyed or has withdrawn, so on entering the space sub-phase of
Reaction Combat the engine records the whole list (event ``reaction-participants-fixed``); the
combat rules then read it through ``detect.reaction_participants``.

This module registers its hook before ``space_orders`` opens the battles (``orders.py`` imports
it first), so the battles already see the fixed list.
"""

from typing import Literal

from campaign.rules.base import Event
from campaign.rules.combat import book
from campaign.rules.combat.detect import current_reaction_participants
from campaign.rules.movement.book import reaction_stack
from campaign.rules.phases import Phase, SubPhase
from campaign.rules.registry import applies, event_type, on_enter
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState


@event_type
class ReactionParticipantsFixed(Event, frozen=True, kw_only=True):
    """The units that may act in this Reaction Combat and the system the stack entered."""

    type: Literal["reaction-participants-fixed"] = "reaction-participants-fixed"
    system: str | None
    units: list[str]


@on_enter(Phase.REACTION_COMBAT, SubPhase.SPACE)
def fix_reaction_participants(state: CampaignState, ruleset: Ruleset, dice: object) -> list[Event]:
    """Record the DN-REA-1 participants as Reaction Combat starts (when a stack moved)."""
    if reaction_stack(state) is None:
        return []
    system, units = current_reaction_participants(state)
    return [ReactionParticipantsFixed(system=system, units=sorted(units))]


@applies(ReactionParticipantsFixed)
def apply_participants_fixed(state: CampaignState, event: ReactionParticipantsFixed) -> None:
    """Keep the list for the rest of the player turn."""
    book.fix_reaction(state, book.ReactionRecord(system=event.system, units=tuple(event.units)))
