"""The income and supply report: Table 3 income of one side, explained box by box.

For each box the side controls it shows the type, why the side controls it (DN-ECO-1/2), whether
it is connected to the capital and along which path (DN-ECO-3), the Table 3 row and RU (DN-ECO-4).
For a box that is not connected it names the systems where every route to the capital is cut
first, and the enemy units (or the missing tanker) that cut it. Boxes where the side has ground
forces but no control (contested, or a marked box of the enemy) are listed too, so a player sees
why they earn nothing; and so are the side's own worlds (type 1 or 2 boxes it is the original
owner of) that it does not control and holds no troops in: a home box taken by enemy troops
alone (DN-ECO-2), or an unmarked one left empty (DN-ECO-1), found by use (December 7); and,
given the side's income history (``counted``: the boxes that counted in its earlier incomes),
every other type 1 or 2 box it earned from and no longer controls, such as a neutral world it
conquered and left empty: control needs ground forces or PD there (DN-ECO-1), so the world is
lost, and the report says so with the game turn of the last income it counted in (found by
use, December 7).

The same ``IncomeReport`` is the CLI's JSON output (``campaign income NAME --json``), the CLI's
text (``IncomeReport.to_text``) and the TUI's data. Its records are msgspec Structs that the
garbage collector does not track (ADR 0053): a report at 10,000 systems holds thousands of rows,
and as pydantic models each was an instance, a field dict and a set of given fields, about a
kilobyte and two collector objects per box.
"""

import textwrap
from collections.abc import Collection, Mapping
from typing import Any

import msgspec
from msgspec import Struct

from campaign.rules.economy.connectivity import SideConnectivity, capital_paths
from campaign.rules.economy.control import box_control
from campaign.rules.economy.income import (
    TABLE_3,
    IncomeSource,
    IncomeTable,
    SideIncome,
    all_box_control,
    side_income,
)
from campaign.rules.economy.occupancy import Occupancy
from campaign.rules.ids import Side, SystemType
from campaign.rules.ruleset import Ruleset, StarSystem
from campaign.rules.wording import side_name


class _Record(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """A record of the report: read-only, no unknown field in its JSON, and not tracked by the
    garbage collector (``gc=False``: it holds strings, numbers, lists of strings and other
    records, never a reference back, so it can be part of no cycle; ADR 0053). Each record
    says ``frozen=True`` again: mypy reads it class by class."""


class CutSystem(_Record, frozen=True):
    """A system where a route to the capital is cut (DN-ECO-3), with what cuts it."""

    system_id: str
    system_name: str
    enemy_units: list[str]  # e.g. "aslan A-CR-4 (stellar hex)"
    needs_tanker: bool  # type 3 system without a friendly tanker (switch on)
    reason: str


class BoxReport(_Record, frozen=True):
    """One box the side controls, and what it yields."""

    system_id: str
    system_name: str
    section: str
    type: int
    mark: str | None
    controller: Side
    control_rule: str  # DN-ECO-1 or DN-ECO-2
    control_reason: str
    connected: bool  # to the own capital (DN-ECO-3)
    # system names from this box towards the capital, when connected: up to the capital, or up
    # to where the path meets the route given for another box (``joins``) -- issue 47 item 3
    path: list[str] | None
    joins: str | None  # the box (system id) whose route the path follows on from its end
    type1_path: list[str] | None  # to the nearest controlled type 1 box (type 2 fallback)
    income_row: str  # the Table 3 row
    ru: int
    # where every route to the capital is cut first (unconnected boxes only; a tuple, so that
    # the connected boxes share the empty one instead of a new list each: issue 47 item 3)
    cut_by: tuple[CutSystem, ...]
    no_route: bool  # no usable jump route to the capital exists at all
    explanation: str


class UncontrolledBox(_Record, frozen=True):
    """A box that earns the side nothing for want of control, with the reason: one where it has
    ground forces/PD but no control, or one of its own worlds it lost (DN-ECO-1/2)."""

    system_id: str
    system_name: str
    controller: Side | None
    control_rule: str
    reason: str


class IncomeReport(_Record, frozen=True):
    """Income and supply of one side for one Maintenance & Production phase (DN-ECO-4)."""

    side: Side
    capital_id: str
    capital_name: str
    budget: int
    boxes: list[BoxReport]
    uncontrolled: list[UncontrolledBox]
    # the type 1/2 worlds the side does not control and has no troops in (DN-ECO-1/2) that
    # are its own or counted in one of its earlier incomes: a world that stopped counting,
    # said with the reason instead of just left out
    lost: list[UncontrolledBox]
    box_income: int
    income: int  # budget + boxes
    treasury: int | None  # RU the side holds now (unspent RU carry over, DN-ECO-6), if known

    def full_path(self, system_id: str) -> list[str] | None:
        """The whole path from the box in ``system_id`` to the capital, following ``joins``.

        ``None`` when the side controls no connected box there. Each step reads the next box's
        route on from the system where the two meet (the last name given so far).
        """
        by_id = {box.system_id: box for box in self.boxes}
        box = by_id.get(system_id)
        if box is None or box.path is None:
            return None
        path = list(box.path)
        while box.joins is not None:
            box = by_id[box.joins]
            on = box.path or []  # a route only ever joins the route of a connected box
            path += on[on.index(path[-1]) + 1 :]
        return path

    def to_json(self, indent: int = 0) -> str:
        """The report as JSON, indented by ``indent`` (0: on one line); the same text, byte for
        byte, as pydantic's ``model_dump_json`` of the models before ADR 0053."""
        text = msgspec.json.encode(self)
        return (msgspec.json.format(text, indent=indent) if indent else text).decode()

    def to_data(self) -> dict[str, Any]:
        """The report as JSON-ready dicts, lists, strings and numbers (``json.dumps`` takes it)."""
        data: dict[str, Any] = msgspec.to_builtins(self)
        return data

    @classmethod
    def from_json(cls, text: str | bytes) -> "IncomeReport":
        """The report that ``to_json`` wrote, every field checked against its type."""
        return msgspec.json.decode(text, type=cls)

    def to_text(self, over: bool = False) -> str:
        """A readable multi-line report for the CLI (``over``: the game is over, DN-VIC-1)."""
        lines = [
            f"Income of {self.side.value} (capital {self.capital_name}) — Table 3, DN-ECO-4",
            f"  budget{'':34} {self.budget:>3} RU",
        ]
        for box in self.boxes:
            where = f"{box.system_name} (type {box.type}{', ' + box.mark if box.mark else ''})"
            lines.append(f"  {where:40} {box.ru:>3} RU  {box.income_row}")
            lines.extend(
                textwrap.wrap(
                    box.explanation, 96, initial_indent="      ", subsequent_indent="        "
                )
            )
        lines.append(f"  {'total':40} {self.income:>3} RU")
        cut = self.cut_off()
        if cut:
            lines.extend(_wrapped(cut))
        lines.extend(_wrapped(self.when_collected(over)))
        if self.treasury is not None:
            lines.append(f"  treasury now (unspent RU carry over, DN-ECO-6) {self.treasury:>3} RU")
        for line in self.not_counted():
            lines.extend(_wrapped(line))
        return "\n".join(lines)

    def cut_off(self) -> str:
        """One line naming each controlled box not connected to the capital and where its
        routes are cut ("Halden (cut at Brume, Marrow)"), or ``""``: the answer to "which of
        my worlds are cut off, and why?" without reading every row (DN-ECO-3; found by use,
        December 7, night). Each box's row says more."""
        worlds = []
        for box in self.boxes:
            if box.connected:
                continue
            if box.no_route or not box.cut_by:
                worlds.append(f"{box.system_name} (no jump route to the capital)")
            else:
                where = ", ".join(cut.system_name for cut in box.cut_by)
                worlds.append(f"{box.system_name} (cut at {where})")
        if not worlds:
            return ""
        return f"cut off from the capital (DN-ECO-3): {'; '.join(worlds)}"

    def when_collected(self, over: bool = False) -> str:
        """When the total is earned: it is the income as things stand now (DN-ECO-4); never,
        once the game is over (``over``; found by use, December 7, evening: it still said
        "at the start of their next Production step")."""
        if over:
            return (
                "the game is over (DN-VIC-1): no more income is collected; this is what the "
                "final position would yield (DN-ECO-4)"
            )
        return (
            f"as things stand now: {side_name(self.side)} collect this total at the start of their "
            "next Production step (DN-ECO-4)"
        )

    def not_counted(self) -> list[str]:
        """One sentence per box that earns the side nothing for want of control: the side's
        lost worlds first, then the boxes where its troops do not control (DN-ECO-1/2)."""
        lines = [
            f"{lost.system_name} does not count: {side_name(self.side)} no longer control it — "
            f"{lost.reason} ({lost.control_rule})"
            for lost in self.lost
        ]
        lines += [
            f"no control of {lost.system_name}: {lost.reason} ({lost.control_rule})"
            for lost in self.uncontrolled
        ]
        return lines


def _wrapped(line: str) -> list[str]:
    """A report line of ``to_text`` wrapped at 100 columns, indented by two (four after)."""
    return textwrap.wrap(
        line, 100, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False
    )


#: The Table 3 row of each source (an enum's ``value`` is a descriptor call per box).
_ROW = {source: source.value for source in IncomeSource}


def _names(connectivity: SideConnectivity, ids: list[str] | None) -> list[str] | None:
    if ids is None:
        return None
    graph = connectivity.graph
    return [graph.names[graph.index[i]] for i in ids]


def _cut_systems(connectivity: SideConnectivity, system_id: str) -> tuple[CutSystem, ...]:
    graph = connectivity.graph
    cuts = []
    for cut_id in connectivity.cut_set(system_id):
        blockage = connectivity.blockage(cut_id)
        if blockage is None:  # pragma: no cover - cut_set only returns blocked systems
            continue
        name = graph.systems[graph.index[cut_id]].name
        cuts.append(
            CutSystem(
                system_id=cut_id,
                system_name=name,
                enemy_units=[piece.describe() for piece in blockage.enemy_units],
                needs_tanker=blockage.needs_tanker,
                reason=blockage.sentence(name),
            )
        )
    return tuple(cuts)


def _explain(
    source: IncomeSource,
    ru: int,
    path: list[str] | None,
    joins: str | None,
    type1_path: list[str] | None,
    cuts: tuple[CutSystem, ...],
    no_route: bool,
) -> str:
    if source is IncomeSource.TYPE3:
        return "Type 3 systems yield no income."
    if path is not None:
        if len(path) == 1:
            return f"This is the capital system: {ru} RU."
        if joins is not None:
            return (
                f"Connected to the capital via {' → '.join(path)} and on along {joins}'s "
                f"route: {ru} RU."
            )
        return f"Connected to the capital via {' → '.join(path)}: {ru} RU."
    if no_route:
        why = "no usable jump route leads to the capital at all"
    else:
        why = "every route to the capital is cut: " + "; ".join(cut.reason for cut in cuts)
    if type1_path is not None and source is IncomeSource.TYPE2_VIA_TYPE1:
        return (
            f"Not connected to the capital ({why}); connected to the controlled type 1 box "
            f"{type1_path[-1]} via {' → '.join(type1_path)}: {ru} RU."
        )
    if source is IncomeSource.TYPE2_ISOLATED:
        return f"Not connected to the capital ({why}) nor to any controlled type 1 box: 0 RU."
    return f"Not connected to the capital ({why}): {ru} RU."


def _uncontrolled_with_ground_forces(
    connectivity: SideConnectivity, occupancy: Occupancy, side: Side, controlled: Collection[int]
) -> list[StarSystem]:
    """The systems where ``side`` has ground forces or PD in the box but whose box is not among
    ``controlled`` (the side's boxes, by system index), in map order.

    Read from the occupancy's list of the side's ground systems, not by asking every system of
    the map nor every system with pieces (issue 47 item 3); the side's own boxes are left out
    by index before anything else is done with them (most ground forces stand in boxes their
    side controls; reading each box's system id for a set of ids cost more than the rest of
    this list at 10,000 systems, issue 47 round 6).
    """
    graph = connectivity.graph
    index = graph.index
    found = sorted(
        i
        for i in (index.get(system_id) for system_id in occupancy.ground_systems.get(side, ()))
        if i is not None and i not in controlled
    )
    return [graph.systems[i] for i in found]


def _own_worlds(connectivity: SideConnectivity, side: Side) -> list[int]:
    """The systems (by index, in map order) whose box ``side`` is the original owner of and
    that can earn income: type 1 or 2 (DN-MAP-3, DN-ECO-4)."""
    return [
        i
        for i, system in enumerate(connectivity.graph.systems)
        if system.original_owner is side and system.type != SystemType.TERTIARY
    ]


def _uncontrolled(
    system: StarSystem, occupancy: Occupancy, counted_in: int | None = None
) -> UncontrolledBox:
    """The control of ``system``'s box as a report row (DN-ECO-1/2); ``counted_in``: the game
    turn of the side's last income the box counted in, said after the reason."""
    here = occupancy.by_system.get(system.id)
    control = box_control(system, here.ground_sides if here else ())
    reason = control.reason
    if counted_in is not None:
        reason += f"; it counted in the income of game turn {counted_in}"
    return UncontrolledBox(
        system_id=system.id,
        system_name=system.name,
        controller=control.controller,
        control_rule=control.rule,
        reason=reason,
    )


def _lost_worlds(
    connectivity: SideConnectivity,
    side: Side,
    counted: Mapping[str, int],
    controlled: Collection[int],
    troops: Collection[str],
) -> list[int]:
    """The systems (by index, in map order) whose box ``side`` lost: its own worlds
    (``_own_worlds``) and the type 1/2 boxes that counted in its earlier incomes
    (``counted``), less those it controls or has ground forces/PD in (DN-ECO-1/2)."""
    graph = connectivity.graph
    found = set(_own_worlds(connectivity, side))
    for system_id in counted:
        i = graph.index.get(system_id)
        if i is not None and graph.systems[i].type != SystemType.TERTIARY:
            found.add(i)
    return sorted(i for i in found if i not in controlled and graph.systems[i].id not in troops)


def build_report(
    ruleset: Ruleset,
    occupancy: Occupancy,
    income: SideIncome,
    treasury: int | None = None,
    counted: Mapping[str, int] | None = None,
) -> IncomeReport:
    """Turn a computed ``SideIncome`` into the explained report. ``counted``: the side's
    income history, system id -> the game turn of its last income that box counted in
    (``treasury.boxes_counted``); the boxes in it that the side lost are listed in ``lost``
    (none but its own worlds without it)."""
    connectivity = income.connectivity
    side = income.side
    graph = connectivity.graph
    places = [box.index for box in income.boxes]
    paths, joins = capital_paths(connectivity, places)
    facts = graph.facts
    boxes: list[BoxReport] = []
    for box in income.boxes:
        i = box.index
        system_id, name, section, kind, mark = facts[i]
        path = paths.get(i)
        joined = facts[joins[i]] if i in joins else None  # (id, name, ...) of the joined box
        cuts: tuple[CutSystem, ...] = ()
        no_route = False
        type1_path = None
        if path is None and box.source is not IncomeSource.TYPE3:
            cuts = _cut_systems(connectivity, system_id)
            no_route = not cuts and not connectivity.has_route_at_all(system_id)
            if kind == SystemType.SECONDARY:
                type1_path = _names(connectivity, connectivity.type1_path(system_id))
        explanation = _explain(
            box.source,
            box.ru,
            path,
            None if joined is None else joined[1],
            type1_path,
            cuts,
            no_route,
        )
        boxes.append(
            BoxReport(
                system_id=system_id,
                system_name=name,
                section=section,
                type=kind,
                mark=mark,
                controller=side,
                control_rule=box.control.rule,
                control_reason=box.control.reason,
                connected=path is not None,
                path=path,
                joins=None if joined is None else joined[0],
                type1_path=type1_path,
                income_row=_ROW[box.source],
                ru=box.ru,
                cut_by=cuts,
                no_route=no_route,
                explanation=explanation,
            )
        )
    uncontrolled = []
    controlled = set(places)
    troops = set(occupancy.ground_systems.get(side, ()))
    for system in _uncontrolled_with_ground_forces(connectivity, occupancy, side, controlled):
        lost_box = _uncontrolled(system, occupancy)
        if lost_box.controller != side:
            uncontrolled.append(lost_box)
    counted = counted or {}
    lost = [
        _uncontrolled(system, occupancy, counted.get(system.id))
        for i in _lost_worlds(connectivity, side, counted, controlled, troops)
        for system in (graph.systems[i],)
    ]
    capital = graph.systems[connectivity.capital]  # ``capital_of`` found it for the search
    return IncomeReport(
        side=side,
        capital_id=capital.id,
        capital_name=capital.name,
        budget=income.budget,
        boxes=boxes,
        uncontrolled=uncontrolled,
        lost=lost,
        box_income=income.from_boxes,
        income=income.total,
        treasury=treasury,
    )


def income_report(
    ruleset: Ruleset,
    occupancy: Occupancy,
    side: Side,
    explored_routes: Collection[frozenset[str]] = (),
    treasury: int | None = None,
    table: IncomeTable = TABLE_3,
    counted: Mapping[str, int] | None = None,
) -> IncomeReport:
    """Compute and explain ``side``'s income (DN-ECO-1..4) in one call; ``counted`` as in
    ``build_report``."""
    control = all_box_control(ruleset, occupancy)
    income = side_income(ruleset, occupancy, side, control, explored_routes, table)
    return build_report(ruleset, occupancy, income, treasury, counted)
