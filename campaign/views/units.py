"""``campaign units`` (and the TUI's forces): every counter in play by system, as a viewer
may see it — built from that viewer's seen state (``rules.views.see``), so a face-down
counter is its alias with no kind or factors, and lists are ordered by alias (DN-NEU-1).
"""

from campaign.rules.ids import HIDDEN_KIND, Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import Unit, Where
from campaign.rules.views import Seen
from campaign.views.report import SCHEMA_VERSION, Report, viewer_name


class UnitRow(Report, frozen=True, kw_only=True):
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


class SystemUnits(Report, frozen=True, kw_only=True):
    """The units in one system (stellar hex, surface box and aboard ships there)."""

    system: str
    name: str
    units: list[UnitRow]


class UnitsReport(Report, frozen=True, kw_only=True):
    """``campaign units``: units grouped by system; unplaced units at the end."""

    schema_version: int = SCHEMA_VERSION
    campaign: str
    viewer: str
    turn: int
    systems: list[SystemUnits]
    unplaced: list[UnitRow]


def unit_row(seen: Seen, ruleset: Ruleset, unit: Unit) -> UnitRow:
    """One unit of the seen state as its seat may see it."""
    state = seen.state
    position = state.position_of(unit.id)
    hidden = seen.hides(unit)
    if hidden:
        kind, name, factors = HIDDEN_KIND, "face-down neutral", "?"
    else:
        unit_type = ruleset.unit_type(unit.kind)
        kind, name, factors = unit.kind, unit_type.name, unit_type.factors
    return UnitRow(
        id=unit.id,
        side=unit.owner.value,
        kind=kind,
        name=name,
        factors=factors,
        stack=unit.stack,
        location=unit.location.to_text(),
        system=position.system,
        disrupted=unit.disrupted,
        face_down=unit.face_down,
        cargo=[c.id for c in state.cargo_of(unit.id)],
    )


def units_report(
    name: str,
    seen: Seen,
    ruleset: Ruleset,
    *,
    system: str | None = None,
    side: Side | None = None,
) -> UnitsReport:
    """Units in play grouped by system (map order), optionally one system / one owner. Built
    from what the seat sees (``seen.state``): face-down counters are listed and ordered by
    their aliases."""
    viewer = seen.viewer
    state = seen.state
    rows: dict[str, list[UnitRow]] = {}
    unplaced: list[UnitRow] = []
    for unit in state.units.values():
        if unit.location.where is Where.ELIMINATED or (side is not None and unit.owner is not side):
            continue
        row = unit_row(seen, ruleset, unit)
        if row.system is None:
            if system is None:
                unplaced.append(row)
            continue
        if system is None or row.system == system:
            rows.setdefault(row.system, []).append(row)
    order = [s.id for s in ruleset.star_map.systems]
    systems = [
        SystemUnits(
            system=sid,
            name=ruleset.star_map.system(sid).name,
            units=sorted(rows[sid], key=_unit_order),
        )
        for sid in sorted(rows, key=lambda s: order.index(s) if s in order else len(order))
    ]
    return UnitsReport(
        campaign=name,
        viewer=viewer_name(viewer),
        turn=state.turn,
        systems=systems,
        unplaced=sorted(unplaced, key=_unit_order),
    )


def _unit_order(row: UnitRow) -> tuple[int, str, str]:
    """Hex before box before cargo; then by id."""
    rank = {"hex": 0, "box": 1, "on": 2}.get(row.location.partition(":")[0], 3)
    return rank, row.side, row.id
