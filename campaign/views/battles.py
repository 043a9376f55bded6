"""``campaign battles``: the battles of the current combat step — short id, round, stage,
engagements, the unit the defender named, who must act and where each side could withdraw
(DN-CBT-1..7) — as a viewer may see them (a face-down counter's factors stay hidden).
"""

from typing import Any

from campaign.rules.acting import who_must_act
from campaign.rules.combat import book
from campaign.rules.combat.assignment import Engagement
from campaign.rules.combat.battle_ids import short_ids
from campaign.rules.combat.model import Battle
from campaign.rules.combat.queries import battle_stage, open_battles
from campaign.rules.combat.waiting import battle_stage_duty
from campaign.rules.combat.withdrawal import withdrawal_options
from campaign.rules.flow import FLOW
from campaign.rules.ids import HIDDEN_KIND, Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState
from campaign.rules.views import Seen
from campaign.views.report import (
    SCHEMA_VERSION,
    DutyRow,
    Report,
    duty_row,
    seen_duty,
    viewer_name,
)


class Fighter(Report, frozen=True, kw_only=True):
    """A unit in a battle with the factors it fights with."""

    id: str
    side: str
    kind: str
    factors: str
    disrupted: bool
    fighter: bool
    launched: bool


class EngagementRow(Report, frozen=True, kw_only=True):
    """Engagement number N (1-based, as ``target B UNIT N`` uses it)."""

    number: int
    defenders: list[str]
    attackers: list[str]


class WithdrawalRow(Report, frozen=True, kw_only=True):
    """Where ``side`` could withdraw after the round as things stand (DN-CBT-7): systems one
    route away and/or ``box``; ``closed`` says why other ways out are shut (an unexplored
    route, DN-NEB-1; fuel, DN-MOV-4)."""

    side: str
    destinations: list[str]
    closed: list[str]


class BattleRow(Report, frozen=True, kw_only=True):
    """One battle of the current combat step."""

    id: str
    short: str
    system: str
    name: str
    attacker: str
    defender: str
    round: int
    stage: str
    range: str | None
    chooser: str | None
    engagements: list[EngagementRow]
    named: str | None  # a defender unit awaiting the attacker's answer (DN-CBT-3)
    units: list[Fighter]
    must_act: DutyRow | None
    withdrawal: list[WithdrawalRow]  # defender first; none once the battle is over


class BattlesReport(Report, frozen=True, kw_only=True):
    """``campaign battles``: every battle of the current step, open ones first."""

    schema_version: int = SCHEMA_VERSION
    campaign: str
    viewer: str
    turn: int
    step: str
    battles: list[BattleRow]


def battles_report(name: str, seen: Seen, ruleset: Ruleset, *, gives: bool = True) -> BattlesReport:
    """The battles of the current combat step with who must act in each, as ``seen``'s seat
    may read them: the order forms only those offered to it (``seen_duty``; ``gives`` as in
    ``views.status.status``)."""
    state, viewer = seen.truth, seen.viewer
    shorts = short_ids(state)
    active = {d.battle: d for d in who_must_act(state, ruleset) if d.battle is not None}
    rows = []
    for bid, rec in book.battles(state).items():
        battle = book.battle_of(rec)
        stage = str(rec.get("stage"))
        duty = active.get(bid)
        if duty is None and stage != "over":  # waits for an earlier battle of its system
            duty = battle_stage_duty(state, ruleset, bid, shorts[bid])
        draft = book.draft_of(rec)
        engagements = round_engagements(rec)
        rows.append(
            BattleRow(
                id=bid,
                short=shorts[bid],
                system=battle.system,
                name=ruleset.star_map.system(battle.system).name,
                attacker=battle.attacker.value,
                defender=battle.defender.value,
                # the rounds fought, and the one under way until its fire; the withdrawal
                # after a round is that round's (DN-CBT-7: it read "round 2, stage withdraw")
                round=battle.round + (0 if stage in ("over", "withdraw") else 1),
                stage=stage,
                range=rec.get("range") if stage in ("assign", "fire") else None,
                chooser=rec.get("chooser"),
                engagements=[
                    EngagementRow(
                        number=n, defenders=list(e.defenders), attackers=list(e.attackers)
                    )
                    for n, e in enumerate(engagements, 1)
                ],
                named=draft.named if stage == "assign" else None,
                units=[_fighter(seen, ruleset, c) for c in battle.units],
                must_act=duty_row(seen_duty(seen, duty, gives=gives)) if duty is not None else None,
                withdrawal=[] if stage == "over" else _withdrawals(state, ruleset, battle),
            )
        )
    rows.sort(key=lambda r: r.stage == "over")
    report = BattlesReport(
        campaign=name,
        viewer=viewer_name(viewer),
        turn=state.turn,
        step=FLOW[state.step].label,
        battles=rows,
    )
    return seen.report(report)


def _withdrawals(state: CampaignState, ruleset: Ruleset, battle: Battle) -> list[WithdrawalRow]:
    """Each player side's withdrawal destinations, defender first (the neutrals never
    withdraw, DN-NEU-2)."""
    rows = []
    for side in (battle.defender, battle.attacker):
        if side is Side.NEUTRAL:
            continue
        options = withdrawal_options(state, ruleset, side, battle)
        closed = [f"{system}: unexplored route (DN-NEB-1)" for system in options.unexplored]
        if options.open_jumps and not options.verdict.allowed:
            closed.append(
                f"{', '.join(options.open_jumps)}: {options.verdict.reason} "
                f"({options.verdict.rule})"
            )
        rows.append(
            WithdrawalRow(side=side.value, destinations=list(options.destinations), closed=closed)
        )
    return rows


def _fighter(seen: Seen, ruleset: Ruleset, unit: Any) -> Fighter:
    hidden = seen.hides(seen.truth.units.get(unit.uid))
    kind = HIDDEN_KIND if hidden else unit.kind
    factors = "?" if hidden else ruleset.unit_type(unit.kind).factors
    return Fighter(
        id=unit.uid,
        side=unit.side.value,
        kind=kind,
        factors=factors,
        disrupted=unit.disrupted,
        fighter=unit.fighter,
        launched=unit.launched,
    )


def short_battle_ids(state: CampaignState) -> dict[str, str]:
    """Full battle id → the short id everything shows (``b1``, DN-CBT-1)."""
    return short_ids(state)


def open_battle_ids(state: CampaignState) -> list[str]:
    """The open battles of the current space sub-phase, by id (DN-CBT-*)."""
    return list(dict(open_battles(state)))


def round_stage(state: CampaignState, battle_id: str) -> str:
    """Where the round of ``battle_id`` stands (range, choose, assign, fire, withdraw…)."""
    return battle_stage(state, battle_id)


def round_engagements(record: dict[str, Any]) -> tuple[Engagement, ...]:
    """The engagements of the round under way: those formed so far while they are being
    formed (assign), those firing (fire), none otherwise. A round fought leaves its own in the
    book until the next is assigned, which are no part of the next round (found by use)."""
    stage = record.get("stage")
    if stage == "fire":
        return book.engagements_of(record)
    if stage == "assign":
        return book.draft_of(record).engagements
    return ()


def round_lines(seen: Seen, battle_id: str) -> list[str]:
    """The round so far as ``seen``'s seat may read it: the range chosen (DN-CBT-2) and the
    engagements named (DN-CBT-3): while they are being formed, those formed so far (found by
    use, December 7: the Battle tab showed none until the last was formed, where ``campaign
    battles`` listed each); after the fire, the round's own until the next round's range."""
    record = book.get(seen.truth, battle_id)
    lines = []
    if record.get("range"):
        lines.append(f"  range: {record['range']} (DN-CBT-2)")
    engagements = round_engagements(record) or (
        book.engagements_of(record) if record.get("stage") == "withdraw" else ()
    )
    if engagements:
        pairs = "; ".join(f"{'+'.join(e.defenders)} ⇄ {'+'.join(e.attackers)}" for e in engagements)
        lines.append(f"  engagements: {pairs} (DN-CBT-3)")
    return [seen.text(line) for line in lines]


def stage_orders(seen: Seen, ruleset: Ruleset, battle_id: str) -> tuple[str, ...]:
    """The orders the stage of ``battle_id``'s round waits for (with the short battle id),
    when the side that gives them is the seat's (any side's for the referee)."""
    state, viewer = seen.truth, seen.viewer
    short = short_ids(state).get(battle_id, battle_id)
    waiting = battle_stage_duty(state, ruleset, battle_id, short)
    if waiting is None or (viewer is not None and waiting.side is not viewer):
        return ()
    return tuple(seen.text(order) for order in waiting.orders)
