"""`campaign upkeep NAME [--side S] [--json]`: the maintenance preview (DN-ECO-7).

Every ship of a side, civilised or frontier, what it costs or must roll, and what `pass` would
do with it (pay and roll by default, or wait for a choice when the RU do not suffice). Without
``--side`` both players as the referee sees them; ``--json`` prints the ``UpkeepReport`` whose
JSON Schema is ``docs/schemas/upkeep.schema.json``. The handler is in
``campaign.cli.handlers.upkeep`` (ADR 0030).
"""

from __future__ import annotations

import argparse

from campaign.cli.errors import add_db_option, add_side_argument, lazy
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.upkeep"

EXAMPLES = (
    "campaign upkeep war",
    "campaign upkeep war --side aslan",
    "campaign upkeep war --side solomani --json",
)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``upkeep`` command."""
    parser = add_command(
        subparsers,
        "upkeep",
        summary="maintenance preview: each ship, civilised or frontier, cost, what pass "
        "does (DN-ECO-7)",
        description=(
            "Maintenance as things stand (DN-ECO-7): every ship of a side on the map, "
            "civilised (in a type 1 system its side controls: pays its maintenance number) or "
            "frontier (rolls 1d6 against it), disrupted ships and what recovering them costs, "
            "and what `pass` does in the side's Maintenance & Production phase: pay and roll "
            "by default, or wait for `maintain UNPAID` when the RU do not pay every civilised "
            "ship."
        ),
        examples=EXAMPLES,
    )
    parser.add_argument("name", help="campaign name")
    add_side_argument(
        parser,
        "--side",
        help="only this side's ships, as that player sees them (default: both, "
        "as the referee sees them)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the report as JSON (docs/schemas/upkeep.schema.json)",
    )
    add_db_option(parser)
    parser.set_defaults(func=lazy(HANDLERS, "upkeep"))
