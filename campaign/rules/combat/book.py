"""Combat bookkeeping kept in the campaign state, read as typed models (docs/engine.md,
"Typed area state").

The state keeps it as plain JSON (``state.slots["combat"]``, cleared at every step change, and
``state.turn_slots["combat"]`` for the player turn), because the state's canonical text — and
so every digest, snapshot and seed game — is that JSON with its keys in the order they were
written. This module is the only code that knows that shape:

- **readers** validate it into the models below (``combat_book``, ``records``, ``find``,
  ``reaction_record``); handlers, hooks and sentences read only those;
- **writers** (event appliers only: ``open_battle``, ``set_battle``, ``range_rolled`` ...) take
  typed values and change the JSON in place, a key already there keeping its place and a new
  one going last, exactly as the records were always written.

A battle record (``BattleRecord``) goes through the stages of a round: ``range`` (fighters may
launch, then the range roll), ``choose`` (the chooser picks the range), ``assign`` (target
assignment, DN-CBT-3), ``fire`` (declarations, then fire), ``withdraw`` (``withdrawing`` side
decides, defender first, DN-CBT-7) and ``over``. A space battle lives in its space sub-phase;
the interaction and surface sub-phases keep their own entries (``interacted``, ``pd_pending``,
``losses``).
"""

from collections.abc import Callable
from typing import Any, Literal

from msgspec import field

from campaign.rules.combat.assignment import AssignmentDraft, Engagement
from campaign.rules.combat.interaction import InteractionPlan
from campaign.rules.combat.model import Battle, Range
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.ids import HIDDEN_KIND, Side
from campaign.rules.model import FrozenModel, Model, validated
from campaign.rules.state import CampaignState

AREA = "combat"
#: Record key: the sides that accepted the default DN-CBT-3 choices for this round.
DEFAULTED = "auto"
#: Turn-slot key of the participants fixed when Reaction Combat starts (``reaction.py``).
REACTION_SLOT = "reaction_participants"

Stage = Literal["range", "choose", "assign", "fire", "withdraw", "over"]


class Record(FrozenModel, frozen=True, kw_only=True):
    """Base of the typed views: read-only, every key of the stored JSON known."""


class Declaration(Record, frozen=True, kw_only=True):
    """One side's declarations for the round's fire (DN-CBT-3/5/6): ``declare`` orders."""

    close_attacks: tuple[str, ...] = ()
    short_missiles: tuple[str, ...] = ()
    multiple_targets: tuple[str, ...] = ()
    return_targets: dict[str, str] = field(default_factory=dict)


class BattleRecord(Record, frozen=True, kw_only=True):
    """One battle of the current space sub-phase (see the module docstring for the stages)."""

    stage: Stage
    battle: Battle
    chooser: Side | None = None  # who won the range roll (DN-CBT-1)
    range: Range | None = None  # the range of this round (DN-CBT-2)
    draft: AssignmentDraft = field(default_factory=AssignmentDraft)  # so far (DN-CBT-3)
    declared: dict[Side, Declaration] = field(default_factory=dict)
    defaulted: tuple[Side, ...] = field(default=(), name="auto")  # ``target B auto``: DEFAULTED
    assigned_by: str | None = None  # "referee" or "agreed" for a whole assignment
    engagements: tuple[Engagement, ...] = ()  # the completed assignment
    withdrawing: Side | None = None  # who decides on withdrawal now (DN-CBT-7)

    @property
    def is_open(self) -> bool:
        """True until the battle is over."""
        return self.stage != "over"


class PendingInteraction(Record, frozen=True, kw_only=True):
    """An interaction waiting for the PD owner to name its targets (DN-INT-2)."""

    plan: InteractionPlan
    pd_owner: Side


class CombatBook(Record, frozen=True, kw_only=True):
    """Everything combat keeps for the current step (``state.slots["combat"]``)."""

    battles: dict[str, BattleRecord] = field(default_factory=dict)  # in fight order
    interacted: tuple[str, ...] = ()  # systems whose box the acting side dealt with (DN-INT-1)
    pd_pending: dict[str, PendingInteraction] = field(default_factory=dict)  # DN-INT-2
    losses: dict[str, dict[Side, int]] = field(default_factory=dict)  # to choose, DN-GND-2


class ReactionRecord(Record, frozen=True, kw_only=True):
    """The DN-REA-1 participants fixed when Reaction Combat started (``turn_slots``)."""

    system: str | None = None
    units: tuple[str, ...] = ()


# --- a seat's view --------------------------------------------------------------------------------


def conceal(state: CampaignState, hidden: frozenset[str]) -> None:
    """In a seat's view (``state`` is the view's own copy): the combatants ``hidden`` (face-down
    counters the seat may not identify) keep their place in every battle record, not their
    kind or factors, as the seat's units do not (DN-NEU-1): the record holds the hidden kind
    and no factor. The seat's state digest is of that view, so it never depends on them."""
    for raw in (state.slots.get(AREA) or {}).get("battles", {}).values():
        for unit in raw["battle"]["units"]:
            if unit["uid"] in hidden:
                unit.update(kind=HIDDEN_KIND, beam=0, missile=0, defence=0, maintenance=0)


# --- readers -------------------------------------------------------------------------------------


def combat_book(state: CampaignState) -> CombatBook:
    """What combat keeps for the current step (outside combat nothing: the empty book, made
    without building the validator of every battle record, issue 47 item 2)."""
    kept = state.slots.get(AREA)
    return CombatBook.model_validate(kept) if kept else CombatBook.model_construct()


def records(state: CampaignState) -> dict[str, BattleRecord]:
    """Every battle record of the current step, by id, in the order they are fought (the
    battles alone: the hot path of offer checks and of the appliers of rounds and
    withdrawals)."""
    battles = (state.slots.get(AREA) or {}).get("battles")
    read: dict[str, BattleRecord] = validated(battles, dict[str, BattleRecord]) if battles else {}
    return read


def battle_ids(state: CampaignState) -> list[str]:
    """The ids of the battles of the current step, in the order they are fought (the records
    are not read: this is what short ids and battle references need)."""
    return list((state.slots.get(AREA) or {}).get("battles", ()))


def find(state: CampaignState, battle_id: str) -> BattleRecord:
    """The record of ``battle_id``; ``InvalidOrderError`` naming the open battles otherwise."""
    found = (state.slots.get(AREA) or {}).get("battles", {}).get(battle_id)
    if found is None:
        known = ", ".join(battle_ids(state)) or "none"
        raise InvalidOrderError(f"no battle {battle_id!r} in this phase; open battles: {known}")
    return BattleRecord.model_validate(found)


def battle_value(state: CampaignState, battle_id: str) -> Battle:
    """The battle of record ``battle_id`` alone (what the appliers of fighters launched and of
    withdrawals read); ``InvalidOrderError`` like ``find``."""
    found = (state.slots.get(AREA) or {}).get("battles", {}).get(battle_id)
    if found is None:
        return find(state, battle_id).battle  # raises, naming the battles
    return Battle.model_validate(found["battle"])


def open_in_system(state: CampaignState, system: str) -> dict[str, Battle]:
    """The battles still open in ``system``, by id (only those are read: the appliers of every
    round and withdrawal bring them up to date)."""
    stored = (state.slots.get(AREA) or {}).get("battles", {})
    return {
        bid: Battle.model_validate(raw["battle"])
        for bid, raw in stored.items()
        if raw["stage"] != "over" and raw["battle"]["system"] == system
    }


def open_battles(state: CampaignState) -> list[str]:
    """Ids of battles not yet over."""
    return [bid for bid, rec in records(state).items() if rec.is_open]


def reaction_record(state: CampaignState) -> ReactionRecord | None:
    """The participants fixed for this player turn's Reaction Combat, if any (DN-REA-1)."""
    fixed = (state.turn_slots.get(AREA) or {}).get(REACTION_SLOT)
    return ReactionRecord.model_validate(fixed) if fixed is not None else None


#: The rule that governs each stage of a round: an order given at the wrong stage cites the rule
#: of the step the battle waits for (and DN-CBT-7 once it is over).
STAGE_RULES = {
    "range": "DN-CBT-1",
    "choose": "DN-CBT-1",
    "assign": "DN-CBT-3",
    "fire": "DN-CBT-4",
    "withdraw": "DN-CBT-7",
    "over": "DN-CBT-7",
}

#: What a battle at each stage waits for, in words.
STAGE_WAITS = {
    "range": "the range roll (or fighters launching)",
    "choose": "the choice of range",
    "assign": "target assignment",
    "fire": "declarations and fire",
    "withdraw": "the withdrawal decisions",
    "over": "nothing: it is over",  # not said: an order at this stage reads "is over"
}


def expect_stage(rec: BattleRecord, battle_id: str, *stages: Stage) -> None:
    """Reject an order given at the wrong moment of the round, citing the rule of the step the
    battle is at (DN-CBT-1/3/4/7). A battle that is over says so plainly ("battle b1 is over:
    nothing is left to decide in it"; found by use, December 7, evening: `stay` after the last
    round read "battle b1 waits for nothing: it is over; this order belongs to the withdrawal
    decisions")."""
    if rec.stage not in stages and rec.stage == "over":  # "waits for nothing" read oddly
        raise IllegalOrderError(
            STAGE_RULES[rec.stage],
            f"battle {battle_id} is over: nothing is left to decide in it, "
            f"{' or '.join(STAGE_WAITS[s] for s in stages)} included",
        )
    if rec.stage not in stages:
        raise IllegalOrderError(
            STAGE_RULES[rec.stage],
            f"battle {battle_id} waits for {STAGE_WAITS[rec.stage]}; this order belongs to "
            f"{' or '.join(STAGE_WAITS[s] for s in stages)}",
        )


def expect_member(rec: BattleRecord, side: Side, battle_id: str) -> Battle:
    """The battle, checking ``side`` fights in it."""
    if side not in rec.battle.sides:
        raise IllegalOrderError("DN-CBT-1", f"{side} does not fight in battle {battle_id}")
    return rec.battle


# --- writers (event appliers only) ---------------------------------------------------------------


def _area(state: CampaignState) -> dict[str, Any]:
    area: dict[str, Any] = state.slots.setdefault(AREA, {})
    return area


def _raw_records(state: CampaignState) -> dict[str, dict[str, Any]]:
    raw: dict[str, dict[str, Any]] = _area(state).setdefault("battles", {})
    return raw


def _raw(state: CampaignState, battle_id: str) -> dict[str, Any]:
    return _raw_records(state).setdefault(battle_id, {})


def _json(model: Model) -> dict[str, Any]:
    return model.model_dump(mode="json")


def open_battle(state: CampaignState, battle_id: str, battle: Battle) -> None:
    """A battle opens as the combat phase's space sub-phase starts (DN-CBT-1)."""
    rec = _raw(state, battle_id)
    rec.clear()
    rec.update({"battle": _json(battle), "stage": "range"})


def join_battle(state: CampaignState, battle_id: str, battle: Battle) -> None:
    """Ships lifted off into ``battle_id`` (DN-MOV-6): a battle not yet (or no longer) open
    starts at the range roll; an open one goes on with the joined units."""
    rec = _raw(state, battle_id)
    if rec.get("stage") in (None, "over"):
        rec.clear()
        rec["stage"] = "range"
    rec["battle"] = _json(battle)


def set_battle(state: CampaignState, battle_id: str, battle: Battle) -> None:
    """The battle's units as they are now (fighters launched, units gone)."""
    _raw(state, battle_id)["battle"] = _json(battle)


def sort_battles(state: CampaignState, key: Callable[[Battle], Any]) -> None:
    """Put the battles in the order they are fought (``detect.fight_order``)."""
    area = state.slots.get(AREA)
    if not area or not area.get("battles"):
        return
    area["battles"] = dict(
        sorted(
            area["battles"].items(),
            key=lambda item: key(Battle.model_validate(item[1]["battle"])),
        )
    )


def range_rolled(state: CampaignState, battle_id: str, chooser: Side) -> None:
    """The range roll is made: ``chooser`` picks the range (DN-CBT-1)."""
    _raw(state, battle_id).update({"stage": "choose", "chooser": chooser.value})


def range_chosen(state: CampaignState, battle_id: str, chosen: Range) -> None:
    """The round's range is chosen; the assignment starts afresh (DN-CBT-2/3)."""
    rec = _raw(state, battle_id)
    rec.pop(DEFAULTED, None)  # each round's assignment is chosen anew
    rec.update({"stage": "assign", "range": chosen.value, "draft": {}, "declared": {}})


def pairing_defaulted(state: CampaignState, battle_id: str, side: Side) -> None:
    """``side`` takes the default DN-CBT-3 choices for the rest of this round."""
    _raw(state, battle_id).setdefault(DEFAULTED, []).append(side.value)


def targets_assigned(
    state: CampaignState,
    battle_id: str,
    draft: AssignmentDraft,
    by: Literal["protocol", "referee", "agreed"],
    complete: bool,
) -> None:
    """The assignment so far; a complete one moves the battle to fire (DN-CBT-3/4)."""
    rec = _raw(state, battle_id)
    rec["draft"] = _json(draft)
    if by != "protocol":
        rec["assigned_by"] = by
    if complete:
        rec["engagements"] = [_json(e) for e in draft.engagements]
        rec["stage"] = "fire"


def fire_declared(
    state: CampaignState, battle_id: str, side: Side, declaration: Declaration
) -> None:
    """``side``'s declarations for the round's fire (DN-CBT-3/5/6)."""
    _raw(state, battle_id).setdefault("declared", {})[side.value] = _json(declaration)


def round_fought(state: CampaignState, battle_id: str, after: Battle, withdrawing: Side) -> None:
    """A round is fought: the battle is over, or ``withdrawing`` decides first (DN-CBT-7)."""
    rec = _raw(state, battle_id)
    rec["battle"] = _json(after)
    rec["stage"] = "over" if after.is_over else "withdraw"
    rec["withdrawing"] = withdrawing.value


def battle_over(state: CampaignState, battle_id: str) -> None:
    """Nothing is left to fight in ``battle_id``."""
    _raw(state, battle_id)["stage"] = "over"


def withdrawal_next(state: CampaignState, battle_id: str, side: Side) -> None:
    """``side`` decides on withdrawal next (the attacker after the defender, DN-CBT-7)."""
    _raw(state, battle_id)["withdrawing"] = side.value


def next_round(state: CampaignState, battle_id: str) -> None:
    """Both sides stayed: the next round starts at the range roll (DN-CBT-7)."""
    _raw(state, battle_id).update(
        {"stage": "range", "draft": {}, "declared": {}, "engagements": []}
    )


def box_dealt_with(state: CampaignState, system: str) -> None:
    """The acting side's ships at ``system`` have interacted with its box (DN-INT-1)."""
    area = _area(state)
    area.setdefault("interacted", []).append(system)
    area.get("pd_pending", {}).pop(system, None)


def pd_fire_awaited(state: CampaignState, system: str, pending: PendingInteraction) -> None:
    """The interaction at ``system`` waits for the PD owner's targets (DN-INT-2)."""
    _area(state).setdefault("pd_pending", {})[system] = _json(pending)


def losses_to_choose(state: CampaignState, system: str, counts: dict[Side, int]) -> None:
    """Sides that choose their ground losses at ``system`` later, and how many (DN-GND-2)."""
    mine = _area(state).setdefault("losses", {}).setdefault(system, {})
    for side, count in counts.items():
        mine[side.value] = count


def losses_chosen(state: CampaignState, system: str, side: Side) -> None:
    """``side`` removed its ground losses at ``system`` (DN-GND-2)."""
    losses = (state.slots.get(AREA) or {}).get("losses", {})
    losses.get(system, {}).pop(side.value, None)
    if not losses.get(system):
        losses.pop(system, None)


def fix_reaction(state: CampaignState, record: ReactionRecord) -> None:
    """Keep the DN-REA-1 participants for the rest of the player turn."""
    area = state.turn_slots.setdefault(AREA, {})
    area[REACTION_SLOT] = {"system": record.system, "units": list(record.units)}


# --- the raw records, for the read side still outside the rules core ---------------------------
# ``campaign/rules/reports.py`` and ``campaign/tui/session.py`` read the JSON records; issue 30
# moves them to ``campaign/views/``, which reads ``records`` instead. Remove these then.


def battles(state: CampaignState) -> dict[str, dict[str, Any]]:
    """Every battle record of the current step as stored (read-only)."""
    found: dict[str, dict[str, Any]] = (state.slots.get(AREA) or {}).get("battles", {})
    return found


def get(state: CampaignState, battle_id: str) -> dict[str, Any]:
    """The stored record of ``battle_id``; ``InvalidOrderError`` like ``find``."""
    find(state, battle_id)
    return battles(state)[battle_id]


def battle_of(rec: dict[str, Any]) -> Battle:
    """The ``Battle`` value of a stored record."""
    return Battle.model_validate(rec["battle"])


def draft_of(rec: dict[str, Any]) -> AssignmentDraft:
    """The assignment draft of a stored record."""
    return AssignmentDraft.model_validate(rec.get("draft") or {})


def engagements_of(rec: dict[str, Any]) -> tuple[Engagement, ...]:
    """The completed assignment of a stored record."""
    return tuple(Engagement.model_validate(e) for e in rec.get("engagements", ()))
