"""`campaign units|battles`: read-only views of a campaign for the referee (or, with
``--side``, for one player: face-down neutrals hidden, DN-NEU-1); ``--json`` prints the report
whose JSON Schema is in ``docs/schemas/`` (``campaign.views``). The handlers are in
``campaign.cli.handlers.units`` and ``battles`` (ADR 0030)."""

from __future__ import annotations

import argparse

from campaign.cli.errors import add_db_option, add_side_argument, add_side_option, lazy
from campaign.cli.helptext import add_command

UNITS = "campaign.cli.handlers.units"
BATTLES = "campaign.cli.handlers.battles"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the view commands."""
    units = add_command(
        subparsers,
        "units",
        summary="units by system: id, type, factors, stack, place",
        description="Every unit on the map, system by system (and the unplaced ones): id, "
        "type, factors, place, stack, cargo. With --side, what that player may see "
        "(face-down neutrals are N-X-k, DN-NEU-1).",
        examples=[
            "campaign units war",
            "campaign units war --system marrow",
            "campaign units war --owner neutral --side aslan --json",
        ],
    )
    units.add_argument("name", help="campaign name")
    units.add_argument("--system", metavar="SYS", help="only this system (id, e.g. marrow)")
    add_side_argument(
        units,
        "--owner",
        names=("aslan", "solomani", "neutral"),
        metavar="OWNER",
        help="only the units of this side",
    )
    _common(units)
    units.set_defaults(func=lazy(UNITS, "units"))

    battles = add_command(
        subparsers,
        "battles",
        summary="battles of this combat step: short id, round, stage, engagements, who must act",
        description="The battles of the current combat step: short id (b1, ...), round, "
        "stage, the units on each side, engagements, and who must act next with "
        "the orders to give.",
        examples=["campaign battles war", "campaign battles war --side solomani --json"],
    )
    battles.add_argument("name", help="campaign name")
    _common(battles)
    battles.set_defaults(func=lazy(BATTLES, "battles"))


def _common(parser: argparse.ArgumentParser) -> None:
    add_side_option(parser)
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    add_db_option(parser)
