"""Per-side views of the state: hidden information removed before anything leaves the referee.

Face-down neutral counters (DN-NEU-1) show only that a neutral counter is there, not what it
is; the order of the face-down pile is hidden. The referee (``side`` None) sees everything.
"""

from __future__ import annotations

from campaign.rules.ids import Side
from campaign.rules.state import CampaignState

#: The ``kind`` a player sees for a face-down neutral counter.
HIDDEN_KIND = "neutral:?"


def player_view(state: CampaignState, side: Side | None) -> CampaignState:
    """A copy of ``state`` as ``side`` may see it (``state`` itself is untouched)."""
    view = state.clone()
    if side is None:
        return view
    view.neutral_pile = [HIDDEN_KIND] * len(view.neutral_pile)
    for unit in view.units.values():
        if unit.face_down and unit.owner is not side:
            unit.kind = HIDDEN_KIND
    return view
