"""Build the economy's small view (``Piece``/``Occupancy``) from the engine's ``CampaignState``.

A carried unit is where its carrier is (``CampaignState.position_of``): a fighter aboard a
mothership is in space with it, a ground unit aboard a transport is *not* in the surface box and
so controls nothing until it is unloaded (DN-ECO-1). Eliminated and unplaced units are off the map.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from campaign.rules.economy.connectivity import UNREACHED
from campaign.rules.economy.income import side_income
from campaign.rules.economy.occupancy import FACE_DOWN_PIECE, Occupancy, Piece, controls_ground
from campaign.rules.economy.report import IncomeReport, income_report
from campaign.rules.ids import Side, UnitCategory
from campaign.rules.ruleset import Ruleset, UnitType
from campaign.rules.state import CampaignState, Where

#: ``state.game_slots`` key under which the Dark Nebula exploration rule (DN-NEB-1) keeps the
#: routes explored so far, as a list of ``[a, b]`` system-id pairs.
EXPLORED_ROUTES_SLOT = "explored_routes"


#: What a face-down neutral counter in space counts as until it is turned face up: nobody
#: knows whether it is a monitor (which cuts connections, DN-ECO-3) or a transport (which
#: does not), so it counts as a warship. House reading (docs/rules-economy.md): income, supply
#: and production places never depend on a kind nobody has seen (DN-NEU-1, issue 28). A
#: face-down counter in a surface box needs no stand-in: every kind there controls the box.
FACE_DOWN_IN_SPACE = UnitType.model_construct(
    kind="neutral:?",
    side=Side.NEUTRAL,
    code="?",
    name="face-down neutral counter",
    category=UnitCategory.MONITOR,
    cost=0,
    count=0,
)
#: A face-down counter in a surface box whose kind no machine knows (fair mode, ADR 0028):
#: it controls the box, as every kind that stands there does.
FACE_DOWN_IN_BOX = UnitType.model_construct(
    kind="neutral:?",
    side=Side.NEUTRAL,
    code="?",
    name="face-down neutral counter",
    category=UnitCategory.GROUND,
    cost=0,
    count=0,
)


def pieces_from_state(state: CampaignState, ruleset: Ruleset) -> list[Piece]:
    """One ``Piece`` per unit in play, placed where it effectively is; a face-down counter in
    space as ``FACE_DOWN_IN_SPACE``."""
    types = {unit_type.kind: unit_type for unit_type in ruleset.units}
    pieces: list[Piece] = []
    for unit in state.units.values():
        if unit.location.where is Where.ELIMINATED:
            continue
        unit_type = types.get(unit.kind) or (
            FACE_DOWN_IN_BOX if unit.location.where is Where.BOX else FACE_DOWN_IN_SPACE
        )
        if unit.face_down and not controls_ground(unit_type):
            unit_type = FACE_DOWN_IN_SPACE
        carried = unit.location.where is Where.CARRIED
        location = state.position_of(unit.id) if carried else unit.location
        on_map = location.where in (Where.HEX, Where.BOX)
        # Cargo is not in the box until unloaded, whatever its carrier's place (DN-ECO-1).
        in_box = location.where is Where.BOX and not (carried and controls_ground(unit_type))
        pieces.append(
            Piece(
                # a face-down neutral's id names its kind: reports must not reveal it (the
                # owner comes first in ``Piece.describe``: "neutral face-down counter")
                label=FACE_DOWN_PIECE if unit.face_down else unit.id,
                side=unit.owner,
                unit_type=unit_type,
                system_id=location.system if on_map else None,
                in_box=in_box,
                disrupted=unit.disrupted,
                carrier=unit.location.carrier if carried else None,
            )
        )
    return pieces


def occupancy_of(state: CampaignState, ruleset: Ruleset) -> Occupancy:
    """The per-system presence of ``state`` (DN-ECO-1..3, DN-VIC-1)."""
    return Occupancy.from_pieces(pieces_from_state(state, ruleset))


def explored_routes_of(state: CampaignState) -> Collection[frozenset[str]]:
    """Unexplored routes that DN-NEB-1 has opened so far (usable for connection)."""
    pairs = state.game_slots.get(EXPLORED_ROUTES_SLOT, ())
    return [frozenset(pair) for pair in pairs]


def income_report_for(
    state: CampaignState,
    ruleset: Ruleset,
    side: Side,
    counted: Mapping[str, int] | None = None,
) -> IncomeReport:
    """The explained income and supply report of ``side`` in ``state`` (CLI and TUI).

    ``treasury`` is the RU ``side`` holds now (during its own Maintenance & Production phase
    that already includes this phase's income); ``income`` is what a phase yields in this position.
    ``counted``: the side's income history (``treasury.boxes_counted`` of the log), so that the
    boxes it earned from and lost since are named (``report.build_report``).
    """
    return income_report(
        ruleset,
        occupancy_of(state, ruleset),
        side,
        explored_routes=explored_routes_of(state),
        treasury=state.ru.get(side),
        counted=counted,
    )


def connected_systems(state: CampaignState, ruleset: Ruleset, side: Side) -> frozenset[str]:
    """Ids of every system a box of ``side`` would be connected from (DN-ECO-3), e.g. for a
    supply overlay on the map; production may use those it controls (DN-ECO-8)."""
    income = side_income(
        ruleset, occupancy_of(state, ruleset), side, explored_routes=explored_routes_of(state)
    )
    graph = income.connectivity.graph
    parents = income.connectivity.capital_parent
    return frozenset(graph.systems[i].id for i, p in enumerate(parents) if p != UNREACHED)
