"""The list of systems, types and jump routes (``campaign systems``, ``campaign data systems``):
what a referee reads to type a jump path or check a route (DN-MAP-2..4, DN-NEB-1).

A pure read of the map and, for a campaign, of the routes explored in play
(``systems_report``); the JSON Schema is published in ``docs/schemas/systems.schema.json``.
Nothing on it is hidden from a player: the map is public and an explored route is explored
"for both sides" (DN-NEB-1).
"""

from campaign.rules.ids import Side
from campaign.rules.movement.book import explored_routes
from campaign.rules.movement.paths import route_needs_exploring
from campaign.rules.ruleset import Ruleset, StarSystem
from campaign.rules.state import CampaignState
from campaign.views.report import SCHEMA_VERSION, Report, viewer_name


class RouteRow(Report, frozen=True, kw_only=True):
    """A printed jump route from the system to ``to`` (DN-MAP-4)."""

    to: str
    name: str
    unexplored: bool  # still needs exploring before anyone may jump it (DN-NEB-1)
    explored: bool  # printed unexplored, explored in this campaign


class SystemRow(Report, frozen=True, kw_only=True):
    """One system: where it is, its type, surface-box mark and owner, and its routes."""

    id: str
    name: str
    section: str
    hex: str  # column and row on the assembled map, ``CCRR``
    type: int
    mark: str | None
    owner: str | None  # the original owner of a home-section box (DN-MAP-3)
    capital: bool
    routes: list[RouteRow]


class SystemsReport(Report, frozen=True, kw_only=True):
    """``campaign systems`` / ``campaign data systems``: every system of the map in play."""

    schema_version: int = SCHEMA_VERSION
    campaign: str | None  # None: read from the data files before any campaign
    viewer: str
    layout: str
    seed: int | None
    sections: list[str]
    routes: int
    unexplored: int  # routes that still need exploring (DN-NEB-1)
    systems: list[SystemRow]


def systems_report(
    name: str | None,
    state: CampaignState | None,
    ruleset: Ruleset,
    *,
    viewer: Side | None = None,
) -> SystemsReport:
    """The systems of ``ruleset``'s map by section (map order), each with its routes sorted by
    id; ``state`` (a campaign) tells which unexplored routes were explored in play."""
    star_map = ruleset.star_map
    explored = explored_routes(state) if state is not None else set()
    rows = []
    for section in star_map.sections:
        for system_id in star_map.systems_in_section(section):
            rows.append(_system_row(ruleset, star_map.system(system_id), explored))
    closed = sum(
        1 for route in star_map.routes if route_needs_exploring(ruleset, explored, route.a, route.b)
    )
    return SystemsReport(
        campaign=name,
        viewer=viewer_name(viewer),
        layout=star_map.layout,
        seed=star_map.seed,
        sections=list(star_map.sections),
        routes=len(star_map.routes),
        unexplored=closed,
        systems=rows,
    )


def _system_row(ruleset: Ruleset, system: StarSystem, explored: set[frozenset[str]]) -> SystemRow:
    star_map = ruleset.star_map
    routes = []
    for route in star_map.routes_from(system.id):
        other = route.b if route.a == system.id else route.a
        routes.append(
            RouteRow(
                to=other,
                name=star_map.system(other).name,
                unexplored=route_needs_exploring(ruleset, explored, system.id, other),
                explored=route.unexplored and frozenset((system.id, other)) in explored,
            )
        )
    return SystemRow(
        id=system.id,
        name=system.name,
        section=system.section,
        hex=f"{system.hex.col:02d}{system.hex.row:02d}",
        type=int(system.type),
        mark=system.mark.value if system.mark else None,
        owner=system.original_owner.value if system.original_owner else None,
        capital=system.capital,
        routes=sorted(routes, key=lambda r: r.to),
    )
