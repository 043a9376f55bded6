"""`campaign orders NAME FILE`: give many orders from a file, one per line.

Blank lines and lines starting with ``#`` are skipped. The whole file is checked before anything
is applied (``campaign.app.bulk``: size, UTF-8, line length, number of orders, the notation of
every line); a malformed file changes nothing and the message names ``FILE:LINE``. The orders
are then given one by one, each its own logged order with its sentences printed; at the first
refusal the command stops, names the line, and applies nothing after it (the lines before it
stay applied, as if typed one by one). The handler is in ``campaign.cli.handlers.orders_file``
(ADR 0030).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from campaign.cli.errors import add_db_option, add_side_option, lazy
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.orders_file"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``orders`` command."""
    parser = add_command(
        subparsers,
        "orders",
        summary="give the orders of a file, one per line; stops at the first refusal",
        description="Give many orders from a file, one per line (blank lines and # comments "
        "skipped). The whole file is read and checked first; the orders are then "
        "given one by one and the command stops at the first refusal, naming its "
        "line.",
        examples=[
            "campaign orders war aslan-deployment.txt",
            "campaign orders war turn-2.txt --side aslan",
        ],
    )
    parser.add_argument("name", help="campaign name")
    parser.add_argument("file", type=Path, help="order notation, one per line (# comments)")
    add_side_option(parser)
    add_db_option(parser)
    parser.set_defaults(func=lazy(HANDLERS, "orders"))
