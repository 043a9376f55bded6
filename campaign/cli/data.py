"""`campaign data check [--data DIR]`: validate every data file and summarise the profile.

Exit 0 with a short summary when everything loads; otherwise print ``file:line: reason`` on
stderr and exit 1 (DN-DATA-5). Nothing is kept from a failed check. The handler is in
``campaign.cli.handlers.data`` (ADR 0030); ``campaign data map`` and ``campaign data systems``
are registered by ``campaign.cli.maps`` and ``campaign.cli.systems``.
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

from campaign.cli.errors import lazy
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.data"

#: Modules that add verbs to ``campaign data``: each exposes ``register_data_verbs(verbs)``.
DATA_VERB_MODULES: tuple[str, ...] = ("campaign.cli.maps", "campaign.cli.systems")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``data`` command group."""
    parser = add_command(
        subparsers,
        "data",
        summary="data files: check, map, systems",
        description="The rules data: unit table, combat tables, house rules, map sections "
        "and layouts (docs/data-formats.md). Shipped with the tool; a referee's own "
        "copy is used with --data DIR or $CAMPAIGN_DATA_DIR.",
        examples=[
            "campaign data check",
            "campaign data map -o standard.svg",
            "campaign data systems",
        ],
    )
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    check = add_command(
        verbs,
        "check",
        summary="validate every data file and print a summary",
        description="Load and check every data file; print a summary and the profile hash, "
        "or the first problem as FILE:LINE: reason (DN-DATA-5).",
        examples=[
            "campaign data check",
            "campaign data check --data my-data",
            "campaign data check --layout random --seed 3",
        ],
    )
    check.add_argument(
        "--data",
        type=Path,
        default=None,
        help="data directory (default: $CAMPAIGN_DATA_DIR, else the shipped data)",
    )
    check.add_argument("--layout", default=None, help="layout to summarise (default: standard)")
    check.add_argument("--seed", type=int, default=None, help="seed for random assembly")
    check.set_defaults(func=lazy(HANDLERS, "check", guarded=False))
    for module_name in DATA_VERB_MODULES:
        importlib.import_module(module_name).register_data_verbs(verbs)
