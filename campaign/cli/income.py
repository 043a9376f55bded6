"""`campaign income NAME [--side S] [--json]`: the explained income and supply report.

For each box a side controls: type, why it is controlled (DN-ECO-1/2), whether it is connected to
the capital and by which path, or where every route is cut and by which enemy units (DN-ECO-3),
and the Table 3 row and RU (DN-ECO-4). Without ``--side`` both players are shown. ``--json``
prints the same ``IncomeReport`` models as JSON (one object, or one per side keyed by side).
"""

from __future__ import annotations

import argparse
import json
import sys

from campaign.cli.errors import EXIT_ERROR, add_db_option
from campaign.cli.helptext import add_command
from campaign.rules.errors import CampaignError
from campaign.rules.ids import PLAYER_SIDES, Side


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``income`` command."""
    parser = add_command(
        subparsers, "income",
        summary="income and supply report: Table 3, connections and cuts (DN-ECO-*)",
        description="For each box a side controls: why it is controlled, its path to the "
                    "capital or where every route is cut and by which enemy units, and its "
                    "Table 3 row and RU (DN-ECO-1..4).",
        examples=["campaign income war", "campaign income war --side aslan --json"])
    parser.add_argument("name", help="campaign name")
    parser.add_argument("--side", choices=[side.value for side in PLAYER_SIDES],
                        help="only this side's income (default: both)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    add_db_option(parser)
    parser.set_defaults(func=_income)


def _income(args: argparse.Namespace) -> int:
    from campaign.app import CampaignService
    from campaign.views.income import income_report

    try:
        loaded = CampaignService(db_url=args.db).load(args.name)
        sides = [Side(args.side)] if args.side else list(PLAYER_SIDES)
        viewer = Side(args.side) if args.side else None  # a side's own report, as it sees it
        reports = [income_report(loaded.state, loaded.ruleset, side, viewer) for side in sides]
    except CampaignError as error:
        print(f"campaign: {error.message}", file=sys.stderr)
        return EXIT_ERROR
    if args.json:
        if args.side:
            print(reports[0].model_dump_json(indent=2))
        else:
            data = {r.side.value: r.model_dump(mode="json") for r in reports}
            print(json.dumps(data, indent=2))
        return 0
    print("\n\n".join(report.to_text() for report in reports))
    return 0
