"""Combat bookkeeping kept in the campaign state (plain JSON in ``state.slots["combat"]``).

``battles`` maps a battle id (``SYS/attacker-defender``) to its record:

- ``battle``: the ``Battle`` value (units with their current condition);
- ``stage``: ``range`` (fighters may launch, then the range roll), ``choose`` (the chooser picks
  the range), ``assign`` (target assignment, DN-CBT-3), ``fire`` (declarations, then fire),
  ``withdraw`` (``withdrawing`` side decides, defender first, DN-CBT-7) or ``over``;
- ``chooser``, ``range``, ``draft`` (an ``AssignmentDraft``), ``engagements``, ``declared``
  (per side: close attacks, short-range missiles, multiple targets, return targets);
- ``auto``: the sides that took the default pairing for this round (``target B auto``).

The engine clears ``slots`` at every step change, so a space battle lives in its space sub-phase.
Readers never mutate; appliers call ``record``.
"""

from __future__ import annotations

from typing import Any

from campaign.rules.combat.assignment import AssignmentDraft, Engagement
from campaign.rules.combat.model import Battle, Range
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import Side
from campaign.rules.state import CampaignState

AREA = "combat"
#: Record key: the sides that accepted the default DN-CBT-3 choices for this round.
DEFAULTED = "auto"


def battles(state: CampaignState) -> dict[str, dict[str, Any]]:
    """Every battle record of the current step, by id (read-only view)."""
    return (state.slots.get(AREA) or {}).get("battles", {})


def record(state: CampaignState, battle_id: str) -> dict[str, Any]:
    """The writable record of ``battle_id`` (appliers only)."""
    area = state.slots.setdefault(AREA, {})
    return area.setdefault("battles", {}).setdefault(battle_id, {})


def get(state: CampaignState, battle_id: str) -> dict[str, Any]:
    """The record of ``battle_id``; ``InvalidOrderError`` naming the open battles otherwise."""
    found = battles(state).get(battle_id)
    if found is None:
        known = ", ".join(battles(state)) or "none"
        raise InvalidOrderError(f"no battle {battle_id!r} in this phase; open battles: {known}")
    return found


def battle_of(rec: dict[str, Any]) -> Battle:
    """The ``Battle`` value of a record."""
    return Battle.model_validate(rec["battle"])


def draft_of(rec: dict[str, Any]) -> AssignmentDraft:
    """The assignment draft of a record."""
    return AssignmentDraft.model_validate(rec.get("draft") or {})


def defaulted_sides(rec: dict[str, Any]) -> set[Side]:
    """The sides whose DN-CBT-3 steps this round are taken by the default choices."""
    return {Side(side) for side in rec.get(DEFAULTED, ())}


def engagements_of(rec: dict[str, Any]) -> tuple[Engagement, ...]:
    """The completed assignment of a record."""
    return tuple(Engagement.model_validate(e) for e in rec.get("engagements", ()))


def range_of(rec: dict[str, Any]) -> Range:
    """The range chosen for the current round."""
    return Range(rec["range"])


#: The rule that governs each stage of a round: an order given at the wrong stage cites the rule
#: of the step the battle waits for (and DN-CBT-7 once it is over).
STAGE_RULES = {
    "range": "DN-CBT-1", "choose": "DN-CBT-1", "assign": "DN-CBT-3", "fire": "DN-CBT-4",
    "withdraw": "DN-CBT-7", "over": "DN-CBT-7",
}

#: What a battle at each stage waits for, in words.
STAGE_WAITS = {
    "range": "the range roll (or fighters launching)", "choose": "the choice of range",
    "assign": "target assignment", "fire": "declarations and fire",
    "withdraw": "the withdrawal decisions", "over": "nothing: it is over",
}


def expect_stage(rec: dict[str, Any], battle_id: str, *stages: str) -> None:
    """Reject an order given at the wrong moment of the round, citing the rule of the step the
    battle is at (DN-CBT-1/3/4/7)."""
    stage = rec.get("stage")
    if stage not in stages:
        rule = STAGE_RULES.get(str(stage), "DN-CBT-1")
        waits = STAGE_WAITS.get(str(stage), repr(stage))
        raise IllegalOrderError(
            rule,
            f"battle {battle_id} waits for {waits}; this order belongs to "
            f"{' or '.join(STAGE_WAITS.get(s, s) for s in stages)}",
        )


def expect_member(rec: dict[str, Any], side: Side, battle_id: str) -> Battle:
    """The battle, checking ``side`` fights in it."""
    battle = battle_of(rec)
    if side not in battle.sides:
        raise IllegalOrderError("DN-CBT-1", f"{side} does not fight in battle {battle_id}")
    return battle


def open_battles(state: CampaignState) -> list[str]:
    """Ids of battles not yet over."""
    return [bid for bid, rec in battles(state).items() if rec.get("stage") != "over"]
