"""`campaign systems NAME [--json]` and `campaign data systems`: the systems, their types and
their jump routes as text (DN-MAP-2..4, DN-NEB-1).

In a campaign, a route explored in play reads as explored; before a campaign, `campaign data
systems [--data DIR] [--layout NAME [--seed N]]` lists the map the data files give. ``--json``
prints the ``SystemsReport`` whose JSON Schema is ``docs/schemas/systems.schema.json``.
"""

from __future__ import annotations

import argparse
import textwrap
from pathlib import Path

from campaign.cli.errors import add_db_option, guard, open_service

DESCRIPTION = ("Every system of the map, section by section: id (what orders use), name, hex, "
               "type (1 primary, 2 secondary, 3 tertiary: no fuel), surface-box mark, original "
               "owner and capital, and the jump routes to its neighbours; a route still to be "
               "explored (DN-NEB-1) is marked (unexplored).")


def _epilog(*examples: str) -> str:
    return "examples:\n" + "\n".join(f"  {line}" for line in examples)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``systems`` command."""
    parser = subparsers.add_parser(
        "systems", help="systems, types and jump routes of the campaign's map (DN-MAP-2..4)",
        description=textwrap.fill(
            DESCRIPTION + " Routes explored in this campaign read as explored.", 79),
        epilog=_epilog("campaign systems war", "campaign systems war --json"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("name", help="campaign name")
    parser.add_argument("--json", action="store_true",
                        help="print the report as JSON (docs/schemas/systems.schema.json)")
    add_db_option(parser)
    parser.set_defaults(func=guard(_campaign_systems))


def register_data_verbs(verbs: argparse._SubParsersAction) -> None:
    """Add ``campaign data systems`` (called by ``campaign.cli.data``)."""
    parser = verbs.add_parser(
        "systems", help="systems, types and routes before any campaign",
        description=textwrap.fill(
            DESCRIPTION + " Read from the data files, before any campaign exists.", 79),
        epilog=_epilog("campaign data systems", "campaign data systems --layout demo",
                       "campaign data systems --layout random --seed 7 --json"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--data", type=Path, default=None,
                        help="data directory (default: $CAMPAIGN_DATA_DIR, else the shipped data)")
    parser.add_argument("--layout", default=None,
                        help="layout to list: a name from data/maps/layouts or 'random' "
                             "(default: standard)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the random assembly (with --layout random)")
    parser.add_argument("--json", action="store_true",
                        help="print the report as JSON (docs/schemas/systems.schema.json)")
    parser.set_defaults(func=guard(_data_systems))


def _campaign_systems(args: argparse.Namespace) -> int:
    from campaign.views.systems import systems_report

    loaded = open_service(args).load(args.name)
    return _print(systems_report(args.name, loaded.state, loaded.ruleset), args.json)


def _data_systems(args: argparse.Namespace) -> int:
    from campaign.app.data import data_directory, ruleset_of
    from campaign.views.systems import systems_report

    ruleset = ruleset_of(data_directory(args.data), args.layout, args.seed)
    return _print(systems_report(None, None, ruleset), args.json)


def _print(report, as_json: bool) -> int:  # noqa: ANN001 - reports_systems.SystemsReport
    if as_json:
        print(report.model_dump_json(indent=1))
        return 0
    seed = f" (seed {report.seed})" if report.seed is not None else ""
    where = f"{report.campaign}: " if report.campaign else ""
    print(f"{where}{report.layout} layout{seed}: {len(report.sections)} sections, "
          f"{len(report.systems)} systems, {report.routes} routes ({report.unexplored} still "
          "unexplored, DN-NEB-1)")
    section = None
    for system in report.systems:
        if system.section != section:
            section = system.section
            print(section)
        marks = ", ".join(part for part in ("capital" if system.capital else "", system.mark,
                                            system.owner) if part)
        routes = ", ".join(route.to + (" (unexplored)" if route.unexplored else
                                       " (explored)" if route.explored else "")
                           for route in system.routes)
        print(f"  {system.id:12} {system.name:14} {system.hex}  type {system.type}  "
              f"{marks:22} → {routes}")
    return 0
