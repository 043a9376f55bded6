"""`campaign systems NAME [--json]` and `campaign data systems`: the systems, their types and
their jump routes as text (DN-MAP-2..4, DN-NEB-1).

In a campaign, a route explored in play reads as explored; before a campaign, `campaign data
systems [--data DIR] [--layout NAME [--seed N]]` lists the map the data files give. ``--json``
prints the ``SystemsReport`` whose JSON Schema is ``docs/schemas/systems.schema.json``. The
handlers are in ``campaign.cli.handlers.systems`` (ADR 0030).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from campaign.cli.errors import add_db_option, lazy
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.systems"

DESCRIPTION = (
    "Every system of the map, section by section: id (what orders use), name, hex, "
    "type (1 primary, 2 secondary, 3 tertiary: no fuel), surface-box mark, original "
    "owner and capital, and the jump routes to its neighbours; a route still to be "
    "explored (DN-NEB-1) is marked (unexplored)."
)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``systems`` command."""
    parser = add_command(
        subparsers,
        "systems",
        summary="systems, types and jump routes of the campaign's map (DN-MAP-2..4)",
        description=DESCRIPTION + " Routes explored in this campaign read as explored.",
        examples=["campaign systems war", "campaign systems war --json"],
    )
    parser.add_argument("name", help="campaign name")
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the report as JSON (docs/schemas/systems.schema.json)",
    )
    add_db_option(parser)
    parser.set_defaults(func=lazy(HANDLERS, "campaign_systems"))


def register_data_verbs(verbs: argparse._SubParsersAction) -> None:
    """Add ``campaign data systems`` (called by ``campaign.cli.data``)."""
    parser = add_command(
        verbs,
        "systems",
        summary="systems, types and routes before any campaign",
        description=DESCRIPTION + " Read from the data files, before any campaign exists.",
        examples=[
            "campaign data systems",
            "campaign data systems --layout demo",
            "campaign data systems --layout random --seed 7 --json",
        ],
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        help="data directory (default: $CAMPAIGN_DATA_DIR, else the shipped data)",
    )
    parser.add_argument(
        "--layout",
        default=None,
        help="layout to list: a name from data/maps/layouts or 'random' (default: standard)",
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="seed of the random assembly (with --layout random)"
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the report as JSON (docs/schemas/systems.schema.json)",
    )
    parser.set_defaults(func=lazy(HANDLERS, "data_systems"))
