"""`campaign map NAME` and `campaign data map`: the star map as a picture (docs/maps.md).

``campaign map NAME [--side S] [-o FILE.svg|FILE.png|-] [--overlay supply|moves|none]`` draws a
campaign position: the referee's view, or with ``--side`` what that player may see (DN-NEU-1).
Without ``-o`` the picture goes to ``NAME.svg`` (``NAME-SIDE.svg``) in the current directory;
``-o -`` prints the SVG. ``campaign data map [--data DIR] [--layout NAME [--seed N] | --section
NAME] -o FILE.svg`` draws map data before any campaign exists, to hold against the printed map.
Failures print one line (``file:line: reason`` for data files) and exit 1; nothing is written.
The handlers are in ``campaign.cli.handlers.maps`` (ADR 0030).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from campaign.cli.errors import add_db_option, add_side_argument, lazy, output_file
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.maps"

OVERLAYS = ("supply", "moves", "none")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``map`` command."""
    parser = add_command(
        subparsers,
        "map",
        summary="the campaign's star map as SVG/PNG: control, stacks, supply or moves",
        description="Draw the campaign's star map: box control, stacks, battles, and the "
        "supply or legal-move overlay (docs/maps.md). With --side, only what that "
        "player may see (DN-NEU-1).",
        examples=[
            "campaign map war",
            "campaign map war --side aslan -o aslan.svg",
            "campaign map war --overlay moves -o moves.png",
        ],
    )
    parser.add_argument("name", help="campaign name")
    add_side_argument(
        parser,
        "--side",
        help="draw only what this player may see (default: referee's view)",
    )
    parser.add_argument(
        "-o",
        "--output",
        type=output_file,
        metavar="FILE",
        help="FILE.svg or FILE.png, '-' for SVG on stdout (default NAME.svg)",
    )
    parser.add_argument(
        "--overlay",
        choices=OVERLAYS,
        default="supply",
        help="supply: cut-off boxes (DN-ECO-3, default); moves: legal "
        "destinations of the acting side; none",
    )
    add_db_option(parser)
    parser.set_defaults(func=lazy(HANDLERS, "campaign_map"))


def register_data_verbs(verbs: argparse._SubParsersAction) -> None:
    """Add ``campaign data map`` (called by ``campaign.cli.data``)."""
    parser = add_command(
        verbs,
        "map",
        summary="draw map sections or a layout before any campaign",
        description="Draw map data before any campaign exists: a layout, or one section "
        "alone, to hold a transcribed section against the printed map.",
        examples=[
            "campaign data map -o standard.svg",
            "campaign data map --section dark_nebula -o dark-nebula.svg",
            "campaign data map --layout random --seed 3 -o random-3.svg",
            "campaign data map --data my-data --layout standard -o mine.svg",
        ],
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        help="data directory (default: $CAMPAIGN_DATA_DIR, else the shipped data)",
    )
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--layout", default=None, help="layout to draw (default: standard)")
    which.add_argument(
        "--section", default=None, help="one section alone: its key (file stem) or its name"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for --layout random")
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        type=output_file,
        metavar="FILE",
        help="FILE.svg or FILE.png",
    )
    parser.set_defaults(func=lazy(HANDLERS, "data_map"))
