"""`campaign income NAME [--side S] [--json]`: the explained income and supply report.

For each box a side controls: type, why it is controlled (DN-ECO-1/2), whether it is connected to
the capital and by which path, or where every route is cut and by which enemy units (DN-ECO-3),
and the Table 3 row and RU (DN-ECO-4). Without ``--side`` both players are shown. ``--json``
prints the same ``IncomeReport`` models as JSON (one object, or one per side keyed by side).
The handler is in ``campaign.cli.handlers.income`` (ADR 0030).
"""

from __future__ import annotations

import argparse

from campaign.cli.errors import add_db_option, add_side_argument, lazy
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.income"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``income`` command."""
    parser = add_command(
        subparsers,
        "income",
        summary="income and supply report: Table 3, connections and cuts (DN-ECO-*)",
        description="For each box a side controls: why it is controlled, its path to the "
        "capital or where every route is cut and by which enemy units, and its "
        "Table 3 row and RU (DN-ECO-1..4).",
        examples=["campaign income war", "campaign income war --side aslan --json"],
    )
    parser.add_argument("name", help="campaign name")
    add_side_argument(parser, "--side", help="only this side's income (default: both)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    add_db_option(parser)
    parser.set_defaults(func=lazy(HANDLERS, "income"))
