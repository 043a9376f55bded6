"""What a map picture shows, gathered from the rules' own answers (no rule is re-derived here).

``MapScene`` is a plain description of one picture: the star map, who controls each box, the
counters in each system, battles, an overlay and the title block. Two builders fill it:

- ``data_scene``: map data alone, before any campaign exists (``campaign data map``);
- ``campaign_scene``: a campaign position, optionally as one side sees it (``campaign map``).

Every fact comes from the rules core: box control from ``all_box_control`` (DN-ECO-1/2), the
supply overlay from the same ``IncomeReport`` that ``campaign income`` prints (DN-ECO-3/4), move
destinations from ``move_options`` (DN-MOV-*), counters from ``player_view`` so a face-down
neutral is never named (DN-NEU-1), open battles from the combat book. ``campaign.render.svg``
then draws the scene.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from msgspec import Struct, field

from campaign.rules.base import Event
from campaign.rules.combat.queries import open_battles
from campaign.rules.combat.space_events import RoundFought
from campaign.rules.combat.surface_orders import GroundFought
from campaign.rules.economy.adapter import explored_routes_of, occupancy_of
from campaign.rules.economy.income import all_box_control
from campaign.rules.economy.occupancy import Occupancy
from campaign.rules.economy.report import income_report
from campaign.rules.errors import CampaignError
from campaign.rules.flow import FLOW
from campaign.rules.ids import HIDDEN_KIND, PLAYER_SIDES, Side
from campaign.rules.movement.groups import stacks_of
from campaign.rules.movement.query import move_options
from campaign.rules.ruleset import Ruleset, StarMap
from campaign.rules.state import CampaignState, Where
from campaign.rules.views import Seen, SeenState

#: How a face-down neutral counter is listed in a player's picture (DN-NEU-1).
FACE_DOWN_LABEL = "face-down neutral"


class Overlay(StrEnum):
    """What is drawn over the map besides the position itself."""

    SUPPLY = "supply"  # boxes cut off from their capital and what cuts them (DN-ECO-3)
    MOVES = "moves"  # legal destinations of the acting side's stacks (DN-MOV-*)
    NONE = "none"


class Counter(Struct, frozen=True):
    """The units of one side in one system (stellar hex and surface box together)."""

    side: Side
    units: int
    stacks: int  # distinct stacks among them
    labels: tuple[str, ...]  # unit ids, a face-down neutral as FACE_DOWN_LABEL


class SupplyCut(Struct, frozen=True):
    """A system where ``side``'s routes to its capital are cut, as the income report says."""

    side: Side
    system: str
    boxes: tuple[str, ...]  # the cut-off boxes whose routes are cut here
    units: tuple[str, ...]  # the enemy units that cut (report wording)
    needs_tanker: bool
    reasons: tuple[str, ...]


class SupplyBox(Struct, frozen=True):
    """A box ``side`` controls: connected to its capital or not, and what it yields (DN-ECO-4)."""

    side: Side
    system: str
    connected: bool
    ru: int
    explanation: str


class SupplyOverlay(Struct, frozen=True):
    """Every controlled box per side and the cutting systems (DN-ECO-3), from ``IncomeReport``."""

    boxes: tuple[SupplyBox, ...]
    cuts: tuple[SupplyCut, ...]
    income: dict[Side, int]

    def cut_off(self, side: Side) -> list[str]:
        """The boxes of ``side`` that are not connected to its capital."""
        return [box.system for box in self.boxes if box.side is side and not box.connected]


class MoveDestination(Struct, frozen=True):
    """A system some stacks of the acting side may move to now, with the orders' modes."""

    system: str
    groups: tuple[str, ...]  # stack labels / lone unit ids that may go there
    modes: tuple[str, ...]  # "jump", "sublight"
    explore: bool  # an unexplored route decides (DN-NEB-1)


class MovesOverlay(Struct, frozen=True):
    """Legal destinations of the acting side's stacks (from ``move_options``)."""

    side: Side
    starts: dict[str, tuple[str, ...]]  # system -> groups that stand there and may move
    destinations: tuple[MoveDestination, ...]
    note: str = ""


class MapScene(Struct, frozen=True):
    """Everything one picture shows. ``view`` is ``referee``, a side's name or ``data``."""

    star_map: StarMap
    title: tuple[str, ...]
    view: str
    controllers: dict[str, Side] = field(default_factory=dict)
    counters: dict[str, tuple[Counter, ...]] = field(default_factory=dict)
    explored: frozenset[frozenset[str]] = frozenset()
    open_battles: frozenset[str] = frozenset()
    last_battle: str | None = None
    overlay: Overlay = Overlay.NONE
    supply: SupplyOverlay | None = None
    moves: MovesOverlay | None = None
    hex_numbers: bool = False  # print each hex's CCRR number (data pictures)


def data_scene(star_map: StarMap, what: str) -> MapScene:
    """The map data alone, with every hex numbered as on the printed section."""
    unexplored = sum(1 for route in star_map.routes if route.unexplored)
    title = (
        f"Map data: {what}",
        f"{len(star_map.sections)} sections, {len(star_map.systems)} systems, "
        f"{len(star_map.routes)} jump routes ({unexplored} unexplored)",
    )
    return MapScene(star_map=star_map, title=title, view="data", hex_numbers=True)


def campaign_scene(
    name: str,
    seen: Seen,
    ruleset: Ruleset,
    *,
    overlay: Overlay = Overlay.SUPPLY,
    last_battle: str | None = None,
) -> MapScene:
    """Campaign ``name`` as ``seen``'s seat may see it (the referee: everything)."""
    state, side = seen.truth, seen.viewer
    occupancy = occupancy_of(state, ruleset)
    supply = supply_overlay(state, ruleset, occupancy, side) if overlay is Overlay.SUPPLY else None
    moves = moves_overlay(state, ruleset, side) if overlay is Overlay.MOVES else None
    controls = all_box_control(ruleset, occupancy)
    # the referee's seen state is the state itself (no copy): ``counters_of`` only reads it
    view = seen.state
    return MapScene(
        star_map=ruleset.star_map,
        title=_title(name, state, side, supply, moves),
        view=side.value if side is not None else "referee",
        controllers={sid: c.controller for sid, c in controls.items() if c.controller},
        counters=counters_of(view),
        explored=frozenset(explored_routes_of(state)),
        open_battles=frozenset(b.system for b in open_battles(state).values()),
        last_battle=last_battle,
        overlay=overlay,
        supply=supply,
        moves=moves,
    )


def counters_of(view: SeenState) -> dict[str, tuple[Counter, ...]]:
    """Per system, one ``Counter`` per side with units there (carried units where their carrier
    is). ``view`` is a ``player_view``: hidden kinds are already masked and are listed by
    ``FACE_DOWN_LABEL``, never by id."""
    found: dict[tuple[str, Side], list[tuple[str, str | None]]] = {}
    for unit in view.units.values():
        where = view.position_of(unit.id)
        if where.where not in (Where.HEX, Where.BOX) or where.system is None:
            continue
        hidden = unit.kind == HIDDEN_KIND
        label = FACE_DOWN_LABEL if hidden else unit.id
        stack = None if hidden else unit.stack
        found.setdefault((where.system, unit.owner), []).append((label, stack))
    counters: dict[str, list[Counter]] = {}
    for (system, side), members in sorted(found.items()):
        stacks = {stack for _, stack in members if stack}
        labels = tuple(sorted(label for label, _ in members))
        counters.setdefault(system, []).append(Counter(side, len(members), len(stacks), labels))
    return {system: tuple(items) for system, items in counters.items()}


def supply_overlay(
    state: CampaignState, ruleset: Ruleset, occupancy: Occupancy, side: Side | None
) -> SupplyOverlay:
    """The cut-off boxes and cutting systems of ``side`` (both sides for the referee), exactly
    as ``campaign income`` reports them (DN-ECO-3): the same ``income_report`` call as
    ``income_report_for``, with the occupancy of ``state`` computed once."""
    sides = [side] if side in PLAYER_SIDES else list(PLAYER_SIDES)
    boxes: list[SupplyBox] = []
    cuts: list[SupplyCut] = []
    income: dict[Side, int] = {}
    for player in sides:
        report = income_report(
            ruleset, occupancy, player, explored_routes_of(state), treasury=state.ru.get(player)
        )
        income[player] = report.income
        boxes += [
            SupplyBox(player, box.system_id, box.connected, box.ru, box.explanation)
            for box in report.boxes
        ]
        by_system: dict[str, list] = {}
        for box in report.boxes:
            for cut in box.cut_by:
                by_system.setdefault(cut.system_id, []).append((box.system_id, cut))
        for system_id, found in sorted(by_system.items()):
            cuts.append(
                SupplyCut(
                    side=player,
                    system=system_id,
                    boxes=tuple(sorted({box for box, _ in found})),
                    units=tuple(sorted({unit for _, cut in found for unit in cut.enemy_units})),
                    needs_tanker=any(cut.needs_tanker for _, cut in found),
                    reasons=tuple(sorted({cut.reason for _, cut in found})),
                )
            )
    return SupplyOverlay(boxes=tuple(boxes), cuts=tuple(cuts), income=income)


def movable_groups(state: CampaignState, side: Side) -> list[str]:
    """Names ``move_options`` accepts for ``side``: its stacks, then units in a stellar hex that
    are in no stack (``move_options`` itself refuses what may not move)."""
    names = sorted(stacks_of(state, side))
    names += sorted(
        unit.id
        for unit in state.units_of(side)
        if unit.stack is None and unit.location.where is Where.HEX and not unit.face_down
    )
    return names


def moves_overlay(state: CampaignState, ruleset: Ruleset, side: Side | None) -> MovesOverlay:
    """Where the acting side's stacks may move now. A side that is not acting gets an empty
    overlay with a note (its orders would be refused, DN-SEQ-2)."""
    acting = state.acting
    if side is not None and side is not acting:
        return MovesOverlay(acting, {}, (), f"no moves: {acting.value} is acting (DN-SEQ-2)")
    starts: dict[str, list[str]] = {}
    reach: dict[str, list[tuple[str, str, bool]]] = {}
    for group in movable_groups(state, acting):
        try:
            options = move_options(state, ruleset, acting, group)
        except CampaignError:
            continue
        if not options.legal or options.start is None:
            continue
        starts.setdefault(options.start, []).append(group)
        for destination in options.legal.values():
            reach.setdefault(destination.system, []).append(
                (group, destination.mode, destination.explore)
            )
    destinations = tuple(
        MoveDestination(
            system=system,
            groups=tuple(sorted({group for group, _, _ in entries})),
            modes=tuple(sorted({mode for _, mode, _ in entries})),
            explore=any(explore for _, _, explore in entries),
        )
        for system, entries in sorted(reach.items())
    )
    note = "" if destinations else f"no legal moves for {acting.value} in this phase"
    return MovesOverlay(
        acting,
        {system: tuple(groups) for system, groups in sorted(starts.items())},
        destinations,
        note,
    )


def last_battle_system(events: Iterable[Event]) -> str | None:
    """The system of the last round of space combat or ground combat in ``events``."""
    last = None
    for event in events:
        if isinstance(event, RoundFought):
            last = event.after.system
        elif isinstance(event, GroundFought):
            last = event.result.system
    return last


def _title(
    name: str,
    state: CampaignState,
    side: Side | None,
    supply: SupplyOverlay | None,
    moves: MovesOverlay | None,
) -> tuple[str, ...]:
    view = f"{side.value}'s view" if side is not None else "referee's view"
    lines = [
        f"Campaign {name} ({view})",
        f"Game turn {state.turn} · {state.phasing.value} player turn · {FLOW[state.step].label}"
        f" · {state.acting.value} to act",
        "RU " + " · ".join(f"{s.value} {state.ru.get(s, 0)}" for s in PLAYER_SIDES),
    ]
    if state.winner is not None:
        lines.append(f"Game over: {state.winner.value} wins (DN-VIC-1)")
    if supply is not None:
        lines.append(
            "Supply (DN-ECO-3): "
            + " · ".join(
                f"{s.value} income {supply.income[s]} RU, {len(supply.cut_off(s))} boxes cut off"
                for s in supply.income
            )
        )
    if moves is not None:
        lines.append(
            moves.note
            or f"Moves of {moves.side.value}: {len(moves.destinations)} systems reachable"
        )
    return tuple(lines)
