"""Printing what happened, shared by the commands that change a campaign (not a command module).

The sentences come from the rules core (``campaign.rules.narration``); this module only prints
them, then one line saying who must act now (``campaign.rules.acting``).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from campaign.rules.ids import Side

if TYPE_CHECKING:
    from campaign.app import OrderReport
    from campaign.views.log import StoryEntry

SIDE_CHOICES = ("aslan", "solomani")


def add_side_option(parser: argparse.ArgumentParser) -> None:
    """``--side aslan|solomani``: show what that player may see (DN-NEU-1); default referee."""
    parser.add_argument("--side", choices=SIDE_CHOICES,
                        help="a player's view: face-down neutrals hidden (default: referee)")


def side_of(args: argparse.Namespace) -> Side | None:
    """The viewer chosen with ``--side`` (None: the referee)."""
    value = getattr(args, "side", None)
    return Side(value) if value else None


def indent(text: str, prefix: str = "  ") -> str:
    """``text`` with every line (a round's shots too) indented by ``prefix``."""
    return "\n".join(prefix + line for line in text.split("\n"))


def print_report(report: OrderReport) -> None:
    """The sentences of an order, then who must act now."""
    for line in report.lines:
        print(indent(line))
    print(f"now: {report.now}")


def print_story(entries: list[StoryEntry]) -> None:
    """Log entries as the referee reads them: the order, its sentences, its dice."""
    for entry in entries:
        print(f"{entry.first_seq:6}  T{entry.turn}  {entry.order_text}")
        for line in entry.lines:
            print(indent(line, "        "))
        if entry.rolls:
            print(f"        dice ({entry.dice_origin}): {', '.join(entry.rolls)}")
