"""What the handlers share: the service on ``--db``, the viewer chosen with ``--side``, and
printing what happened for the commands that change a campaign.

The sentences come from the rules core through the app layer (``OrderReport``, ``StoryEntry``);
this module only prints them, then one line saying who must act now.
"""

from __future__ import annotations

import argparse

from campaign.app import CampaignService, OrderReport, StoryEntry
from campaign.rules.ids import Side
from campaign.rules.seats import Seat


def open_service(args: argparse.Namespace) -> CampaignService:
    """The service on ``--db``."""
    return CampaignService(db_url=getattr(args, "db", None))


def side_of(args: argparse.Namespace) -> Side | None:
    """The viewer chosen with ``--side`` (None: the referee)."""
    value = getattr(args, "side", None)
    return Side(value) if value else None


def viewer_of(args: argparse.Namespace, service: CampaignService) -> Side | None:
    """Whose eyes a read command is for: ``--side``, else the side a player's own database
    plays (play by e-mail), else the referee (``Reading.reader``, docs/seats.md)."""
    return service.reader(args.name, side_of(args))


def seat_of(args: argparse.Namespace) -> Seat:
    """The seat the command acts as: ``--side S`` a player's, else the referee's (the owner of
    the database). What the seat may do is decided in ``campaign.app.authority``."""
    return Seat.of(side_of(args))


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
