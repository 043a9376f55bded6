"""`campaign upkeep NAME [--side S] [--json]`: the maintenance preview (DN-ECO-7).

Every ship of a side, civilised or frontier, what it costs or must roll, and what `pass` would
do with it (pay and roll by default, or wait for a choice when the RU do not suffice). Without
``--side`` both players as the referee sees them; ``--json`` prints the ``UpkeepReport`` whose
JSON Schema is ``docs/schemas/upkeep.schema.json``.
"""

from __future__ import annotations

import argparse
import textwrap

from campaign.cli.errors import add_db_option, guard, open_service
from campaign.cli.report import SIDE_CHOICES, side_of

EXAMPLES = ("campaign upkeep war", "campaign upkeep war --side aslan",
            "campaign upkeep war --side solomani --json")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``upkeep`` command."""
    parser = subparsers.add_parser(
        "upkeep", help="maintenance preview: each ship, civilised or frontier, cost, what pass "
                       "does (DN-ECO-7)",
        description=textwrap.fill(
            "Maintenance as things stand (DN-ECO-7): every ship of a side on the map, "
            "civilised (in a type 1 system its side controls: pays its maintenance number) or "
            "frontier (rolls 1d6 against it), disrupted ships and what recovering them costs, "
            "and what `pass` does in the side's Maintenance & Production phase: pay and roll "
            "by default, or wait for `maintain UNPAID` when the RU do not pay every civilised "
            "ship.", 79),
        epilog="examples:\n" + "\n".join(f"  {line}" for line in EXAMPLES),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("name", help="campaign name")
    parser.add_argument("--side", choices=SIDE_CHOICES,
                        help="only this side's ships, as that player sees them (default: both, "
                             "as the referee sees them)")
    parser.add_argument("--json", action="store_true",
                        help="print the report as JSON (docs/schemas/upkeep.schema.json)")
    add_db_option(parser)
    parser.set_defaults(func=guard(_upkeep))


def _upkeep(args: argparse.Namespace) -> int:
    from campaign.views.upkeep import upkeep_report

    loaded = open_service(args).load(args.name)
    viewer = side_of(args)
    report = upkeep_report(args.name, loaded.state, loaded.ruleset, viewer=viewer, side=viewer)
    if args.json:
        print(report.model_dump_json(indent=1))
        return 0
    print(f"{args.name}: maintenance as {report.viewer} sees it, game turn {report.turn}, "
          f"{report.step} (DN-ECO-7)")
    for side in report.sides:
        print(f"{side.side}: {side.note}; {side.ru} RU in hand")
        print(f"  {side.on_pass}")
        for ship in side.ships:
            need = f"{ship.cost} RU" if ship.zone == "civilised" else f"needs {ship.maintenance}"
            flag = " disrupted" if ship.disrupted else ""
            print(f"  {ship.id:10} {ship.name:22} {ship.system_name:14} {ship.zone:9} "
                  f"{need:8}{flag:10} {ship.on_pass}".rstrip())
        if not side.ships:
            print("  no ships on the map")
    return 0
