"""Income per Maintenance & Production phase: Table 3 (DN-ECO-4..6).

Table 3 of the expanded variant (seed 001, 表3 収入表):

===========================================================================================  =====
budget (予算)                                                                                25 RU
controlled type 1 box connected to the capital                                               10 RU
controlled type 1 box not connected to the capital                                            4 RU
controlled type 2 box connected to the capital                                                2 RU
controlled type 2 box not connected to the capital but connected to a controlled type 1 box   1 RU
===========================================================================================  =====

Combat results never change the budget (DN-ECO-5: the base game's battle adjustments are off), so
nothing here reads combat history. Unspent RU carry over when the house switch
``unspent_ru_carry_over`` is on (DN-ECO-6).

``compute_income`` is the fast path used every phase (and by the benchmark): it decides control
of every box, runs the two searches of DN-ECO-3 once per side, and adds up Table 3. The report
module turns the same result into explanations.
"""

from collections.abc import Collection
from enum import StrEnum

from msgspec import Struct

from campaign.rules.economy.connectivity import UNREACHED, SideConnectivity, side_connectivity
from campaign.rules.economy.control import BoxControl, box_control
from campaign.rules.economy.graph import graph_of
from campaign.rules.economy.occupancy import Occupancy
from campaign.rules.ids import PLAYER_SIDES, Side, SystemType
from campaign.rules.model import FrozenModel
from campaign.rules.ruleset import Ruleset, StarSystem


class IncomeTable(FrozenModel, frozen=True, kw_only=True):
    """The RU values of Table 3 (DN-ECO-4). Defaults are the official values of the seed."""

    budget: int = 25
    type1_connected: int = 10
    type1_unconnected: int = 4
    type2_connected: int = 2
    type2_via_type1: int = 1


#: The defaults, made without building the validator at import (nothing to check: every value
#: is the model's own default; ADR 0051).
TABLE_3 = IncomeTable.model_construct()


class IncomeSource(StrEnum):
    """Which row of Table 3 a box falls under."""

    TYPE1_CONNECTED = "type 1, connected to the capital"
    TYPE1_UNCONNECTED = "type 1, not connected to the capital"
    TYPE2_CONNECTED = "type 2, connected to the capital"
    TYPE2_VIA_TYPE1 = (
        "type 2, not connected to the capital but connected to a controlled type 1 box"
    )
    TYPE2_ISOLATED = "type 2, connected neither to the capital nor to a controlled type 1 box"
    TYPE3 = "type 3: no usable world, no income"


def table_value(source: IncomeSource, table: IncomeTable = TABLE_3) -> int:
    """RU that one box under ``source`` yields (DN-ECO-4)."""
    return {
        IncomeSource.TYPE1_CONNECTED: table.type1_connected,
        IncomeSource.TYPE1_UNCONNECTED: table.type1_unconnected,
        IncomeSource.TYPE2_CONNECTED: table.type2_connected,
        IncomeSource.TYPE2_VIA_TYPE1: table.type2_via_type1,
        IncomeSource.TYPE2_ISOLATED: 0,
        IncomeSource.TYPE3: 0,
    }[source]


class BoxYield(Struct, frozen=True):
    """One controlled box: its system, control, Table 3 row and RU."""

    system: StarSystem
    control: BoxControl
    source: IncomeSource
    ru: int
    # the system's number in ``graph_of(ruleset.star_map)``: the report reads the map's arrays
    # by it instead of looking each box's id up again (issue 47 item 3, round 6)
    index: int


class SideIncome(Struct, frozen=True):
    """Income of one side for one Maintenance & Production phase."""

    side: Side
    budget: int
    boxes: tuple[BoxYield, ...]
    connectivity: SideConnectivity

    @property
    def from_boxes(self) -> int:
        """RU from controlled boxes (Table 3 rows 2-5)."""
        return sum(box.ru for box in self.boxes)

    @property
    def total(self) -> int:
        """Budget plus boxes: the RU this phase adds to the treasury."""
        return self.budget + self.from_boxes


def all_box_control(ruleset: Ruleset, occupancy: Occupancy) -> dict[str, BoxControl]:
    """Control of every surface box that can be controlled at all (DN-ECO-1/2), in map order.

    Boxes with no mark and no ground forces/PD are left out: nobody controls them.
    """
    graph = graph_of(ruleset.star_map)
    by_system = occupancy.by_system
    candidates = set(graph.marked)
    for system_id, presence in by_system.items():
        if presence.ground_sides and system_id in graph.index:
            candidates.add(graph.index[system_id])
    found: dict[str, BoxControl] = {}
    for i in sorted(candidates):
        system = graph.systems[i]
        here = by_system.get(system.id)
        found[system.id] = box_control(system, here.ground_sides if here else ())
    return found


def classify(system: StarSystem, connectivity: SideConnectivity) -> IncomeSource:
    """The Table 3 row of a box ``connectivity.side`` controls in ``system``."""
    if system.type == SystemType.PRIMARY:
        if connectivity.connected(system.id):
            return IncomeSource.TYPE1_CONNECTED
        return IncomeSource.TYPE1_UNCONNECTED
    if system.type == SystemType.SECONDARY:
        if connectivity.connected(system.id):
            return IncomeSource.TYPE2_CONNECTED
        if connectivity.connected_to_type1(system.id):
            return IncomeSource.TYPE2_VIA_TYPE1
        return IncomeSource.TYPE2_ISOLATED
    return IncomeSource.TYPE3


def side_income(
    ruleset: Ruleset,
    occupancy: Occupancy,
    side: Side,
    control: dict[str, BoxControl] | None = None,
    explored_routes: Collection[frozenset[str]] = (),
    table: IncomeTable = TABLE_3,
) -> SideIncome:
    """Table 3 income of ``side`` (DN-ECO-4); ``control`` may be shared between both sides."""
    if side not in PLAYER_SIDES:
        raise ValueError(f"DN-ECO-4: only the players earn income, not {side.value}")
    if control is None:
        control = all_box_control(ruleset, occupancy)
    owned = [c for c in control.values() if c.controller is side]
    type1 = [c.system.id for c in owned if c.system.type == SystemType.PRIMARY]
    connectivity = side_connectivity(ruleset, occupancy, side, type1, explored_routes)
    values = {source: table_value(source, table) for source in IncomeSource}
    index = graph_of(ruleset.star_map).index
    to_capital, to_type1 = connectivity.capital_parent, connectivity.type1_parent
    boxes = []
    for box in owned:  # ``classify`` inlined over the parent arrays: this loop runs per box
        i = index[box.system.id]
        kind = box.system.type
        if kind == SystemType.PRIMARY:
            source = _T1[to_capital[i] != UNREACHED]
        elif kind == SystemType.SECONDARY:
            if to_capital[i] != UNREACHED:
                source = IncomeSource.TYPE2_CONNECTED
            else:
                source = _T2_FALLBACK[to_type1[i] != UNREACHED]
        else:
            source = IncomeSource.TYPE3
        boxes.append(BoxYield(box.system, box, source, values[source], i))
    return SideIncome(side, table.budget, tuple(boxes), connectivity)


_T1 = {True: IncomeSource.TYPE1_CONNECTED, False: IncomeSource.TYPE1_UNCONNECTED}
_T2_FALLBACK = {True: IncomeSource.TYPE2_VIA_TYPE1, False: IncomeSource.TYPE2_ISOLATED}


def compute_income(
    ruleset: Ruleset,
    occupancy: Occupancy,
    explored_routes: Collection[frozenset[str]] = (),
    table: IncomeTable = TABLE_3,
) -> dict[Side, SideIncome]:
    """Income of both players, sharing one control pass (DN-ECO-1..4)."""
    control = all_box_control(ruleset, occupancy)
    return {
        side: side_income(ruleset, occupancy, side, control, explored_routes, table)
        for side in PLAYER_SIDES
    }


def carry_over(unspent: int, ruleset: Ruleset) -> int:
    """RU kept at the end of a Maintenance & Production phase (DN-ECO-6 house rule).

    Also applies to the set-up purchase: unspent set-up RU carry into the first budget
    (DN-SET-1 [HOUSE]).
    """
    if unspent < 0:
        raise ValueError("DN-ECO-6: a treasury can never be negative")
    return unspent if ruleset.house_rules.unspent_ru_carry_over else 0
