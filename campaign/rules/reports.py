"""Read-only reports of a campaign for the CLI views (``campaign units``, ``battles``,
``status --json``; ``upkeep`` and ``systems`` in ``reports_upkeep`` / ``reports_systems``):
plain pydantic models, so the same data prints as text or as JSON whose
schema is published in ``docs/schemas/`` (``view_schemas``).

Every report is built for a viewer: the referee (None) sees everything; a player sees a
face-down neutral counter (DN-NEU-1) as kind ``neutral:?`` with no name or factors.
"""

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict

from campaign.rules.acting import who_must_act
from campaign.rules.combat import book
from campaign.rules.combat.battle_ids import short_ids
from campaign.rules.combat.model import Battle
from campaign.rules.combat.waiting import Duty, battle_stage_duty
from campaign.rules.combat.withdrawal import withdrawal_options
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Unit, Where
from campaign.rules.views import HIDDEN_KIND, hidden_names, redact, seen_state, view_digest

SCHEMA_VERSION = 1


class Report(BaseModel):
    """Base of the report models: strict (no extra keys), so a schema change is deliberate."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class UnitRow(Report):
    """One counter: ``location`` is ``hex:SYS``, ``box:SYS``, ``on:UNIT`` or ``unplaced``;
    ``system`` is where it effectively is (a carried unit is where its carrier is)."""

    id: str
    side: str
    kind: str
    name: str
    factors: str
    stack: str | None
    location: str
    system: str | None
    disrupted: bool
    face_down: bool
    cargo: list[str]


class SystemUnits(Report):
    """The units in one system (stellar hex, surface box and aboard ships there)."""

    system: str
    name: str
    units: list[UnitRow]


class UnitsReport(Report):
    """``campaign units``: units grouped by system; unplaced units at the end."""

    schema_version: int = SCHEMA_VERSION
    campaign: str
    viewer: str
    turn: int
    systems: list[SystemUnits]
    unplaced: list[UnitRow]


class DutyRow(Report):
    """A side that must act now, with the order(s) it gives (``acting.who_must_act``)."""

    side: str
    orders: list[str]
    reason: str
    rule: str
    battle: str | None


class Fighter(Report):
    """A unit in a battle with the factors it fights with."""

    id: str
    side: str
    kind: str
    factors: str
    disrupted: bool
    fighter: bool
    launched: bool


class EngagementRow(Report):
    """Engagement number N (1-based, as ``target B UNIT N`` uses it)."""

    number: int
    defenders: list[str]
    attackers: list[str]


class WithdrawalRow(Report):
    """Where ``side`` could withdraw after the round as things stand (DN-CBT-7): systems one
    route away and/or ``box``; ``closed`` says why other ways out are shut (an unexplored
    route, DN-NEB-1; fuel, DN-MOV-4)."""

    side: str
    destinations: list[str]
    closed: list[str]


class BattleRow(Report):
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


class BattlesReport(Report):
    """``campaign battles``: every battle of the current step, open ones first."""

    schema_version: int = SCHEMA_VERSION
    campaign: str
    viewer: str
    turn: int
    step: str
    battles: list[BattleRow]


class StatusReport(Report):
    """``campaign status --json``."""

    schema_version: int = SCHEMA_VERSION
    campaign: str
    viewer: str
    turn: int
    step: str
    phasing: str
    acting: str
    winner: str | None
    ru: dict[str, int]
    units: dict[str, int]
    unplaced: dict[str, int]
    seq: int
    digest: str
    must_act: list[DutyRow]


ReportT = TypeVar("ReportT", bound=BaseModel)


def as_seen(report: ReportT, state: CampaignState, viewer: Side | None) -> ReportT:
    """``report`` with every face-down counter the viewer may not identify named by its alias
    ``N-X-k`` wherever an id appears (rows, cargo, engagements, orders): a real id such as
    ``N-JT-1`` would tell its kind (DN-NEU-1)."""
    if not hidden_names(state, viewer):
        return report
    return type(report).model_validate_json(redact(report.model_dump_json(), state, viewer))


def viewer_name(viewer: Side | None) -> str:
    """``referee`` or the side's name."""
    return viewer.value if viewer is not None else "referee"


def duty_row(duty: Duty) -> DutyRow:
    """The JSON form of a ``Duty``."""
    return DutyRow(side=viewer_name(duty.side), orders=list(duty.orders), reason=duty.reason,
                   rule=duty.rule, battle=duty.battle)


def _hidden(unit: Unit | None, viewer: Side | None) -> bool:
    return (viewer is not None and unit is not None and unit.face_down
            and unit.owner is not viewer)


def unit_row(state: CampaignState, ruleset: Ruleset, unit: Unit, viewer: Side | None) -> UnitRow:
    """One unit as ``viewer`` may see it."""
    position = state.position_of(unit.id)
    hidden = _hidden(unit, viewer)
    if hidden:
        kind, name, factors = HIDDEN_KIND, "face-down neutral", "?"
    else:
        unit_type = ruleset.unit_type(unit.kind)
        kind, name, factors = unit.kind, unit_type.name, unit_type.factors
    return UnitRow(
        id=unit.id, side=unit.owner.value, kind=kind, name=name, factors=factors,
        stack=unit.stack, location=unit.location.to_text(), system=position.system,
        disrupted=unit.disrupted, face_down=unit.face_down,
        cargo=[c.id for c in state.cargo_of(unit.id)],
    )


def units_report(
    name: str,
    state: CampaignState,
    ruleset: Ruleset,
    *,
    viewer: Side | None = None,
    system: str | None = None,
    side: Side | None = None,
) -> UnitsReport:
    """Units in play grouped by system (map order), optionally one system / one owner. Built
    from what ``viewer`` sees (``views.seen_state``): face-down counters are listed and
    ordered by their aliases."""
    state = seen_state(state, viewer)
    rows: dict[str, list[UnitRow]] = {}
    unplaced: list[UnitRow] = []
    for unit in state.units.values():
        if unit.location.where is Where.ELIMINATED or (side is not None and unit.owner is not side):
            continue
        row = unit_row(state, ruleset, unit, viewer)
        if row.system is None:
            if system is None:
                unplaced.append(row)
            continue
        if system is None or row.system == system:
            rows.setdefault(row.system, []).append(row)
    order = [s.id for s in ruleset.star_map.systems]
    systems = [SystemUnits(system=sid, name=ruleset.star_map.system(sid).name,
                           units=sorted(rows[sid], key=_unit_order))
               for sid in sorted(rows, key=lambda s: order.index(s) if s in order else len(order))]
    return UnitsReport(campaign=name, viewer=viewer_name(viewer), turn=state.turn,
                       systems=systems, unplaced=sorted(unplaced, key=_unit_order))


def _unit_order(row: UnitRow) -> tuple[int, str, str]:
    """Hex before box before cargo; then by id."""
    rank = {"hex": 0, "box": 1, "on": 2}.get(row.location.partition(":")[0], 3)
    return rank, row.side, row.id


def battles_report(
    name: str, state: CampaignState, ruleset: Ruleset, *, viewer: Side | None = None
) -> BattlesReport:
    """The battles of the current combat step with who must act in each."""
    from campaign.rules.flow import FLOW

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
        engagements = book.engagements_of(rec) if stage == "fire" else draft.engagements
        rows.append(BattleRow(
            id=bid, short=shorts[bid], system=battle.system,
            name=ruleset.star_map.system(battle.system).name,
            attacker=battle.attacker.value, defender=battle.defender.value,
            round=battle.round + (0 if stage == "over" else 1), stage=stage,
            range=rec.get("range") if stage in ("assign", "fire") else None,
            chooser=rec.get("chooser"),
            engagements=[EngagementRow(number=n, defenders=list(e.defenders),
                                       attackers=list(e.attackers))
                         for n, e in enumerate(engagements, 1)],
            named=draft.named if stage == "assign" else None,
            units=[_fighter(state, ruleset, c, viewer) for c in battle.units],
            must_act=duty_row(duty) if duty is not None else None,
            withdrawal=[] if stage == "over" else _withdrawals(state, ruleset, battle),
        ))
    rows.sort(key=lambda r: r.stage == "over")
    report = BattlesReport(campaign=name, viewer=viewer_name(viewer), turn=state.turn,
                           step=FLOW[state.step].label, battles=rows)
    return as_seen(report, state, viewer)


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
            closed.append(f"{', '.join(options.open_jumps)}: {options.verdict.reason} "
                          f"({options.verdict.rule})")
        rows.append(WithdrawalRow(side=side.value, destinations=list(options.destinations),
                                  closed=closed))
    return rows


def _fighter(state: CampaignState, ruleset: Ruleset, unit: Any, viewer: Side | None) -> Fighter:
    hidden = _hidden(state.units.get(unit.uid), viewer)
    kind = HIDDEN_KIND if hidden else unit.kind
    factors = "?" if hidden else ruleset.unit_type(unit.kind).factors
    return Fighter(id=unit.uid, side=unit.side.value, kind=kind, factors=factors,
                   disrupted=unit.disrupted, fighter=unit.fighter, launched=unit.launched)


def status_report(
    name: str, state: CampaignState, ruleset: Ruleset, *, seq: int, viewer: Side | None = None,
) -> StatusReport:
    """Turn, step, sides, RU, unit counts and who must act now; the digest is of what the
    viewer sees (``views.view_digest``)."""
    from campaign.rules.flow import FLOW

    def count(side: Side, where: Where | None = None) -> int:
        return sum(1 for u in state.units_of(side) if where is None or u.location.where is where)

    report = StatusReport(
        campaign=name, viewer=viewer_name(viewer), turn=state.turn, step=FLOW[state.step].label,
        phasing=state.phasing.value, acting=state.acting.value,
        winner=state.winner.value if state.winner is not None else None,
        ru={s.value: state.ru.get(s, 0) for s in PLAYER_SIDES},
        units={s.value: count(s) for s in PLAYER_SIDES},
        unplaced={s.value: count(s, Where.UNPLACED) for s in PLAYER_SIDES},
        seq=seq, digest=view_digest(state, viewer),
        must_act=[duty_row(d) for d in who_must_act(state, ruleset)],
    )
    return as_seen(report, state, viewer)


def view_schemas() -> dict[str, dict[str, Any]]:
    """File name -> JSON Schema of every report (committed in ``docs/schemas/``)."""
    from campaign.rules.reports_systems import SystemsReport
    from campaign.rules.reports_upkeep import UpkeepReport

    return {
        "units.schema.json": UnitsReport.model_json_schema(),
        "battles.schema.json": BattlesReport.model_json_schema(),
        "status.schema.json": StatusReport.model_json_schema(),
        "upkeep.schema.json": UpkeepReport.model_json_schema(),
        "systems.schema.json": SystemsReport.model_json_schema(),
    }
