"""What the handlers share: the service on ``--db``, the campaign a read command reads
(``read``), the viewer chosen with ``--side``, and printing what happened for the commands
that change a campaign.

A command that reads a campaign has one shape (docs/index.md, "Where to put a new ..."):

    def units(args):
        sight = read(args)                      # loaded once, for the seat's eyes
        report = units_report(sight.name, sight.state, sight.ruleset, viewer=sight.viewer)
        if args.json:
            return print_json(report)
        ...                                     # print the report's rows as text

The sentences come from the rules core through the app layer (``OrderReport``, ``StoryEntry``);
this module only prints them, then one line saying who must act now.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, TypeVar

from campaign.app.campaigns import Campaigns
from campaign.app.reading import Reading
from campaign.cli.errors import Lazy
from campaign.rules.ids import Side
from campaign.rules.seats import Seat
from campaign.views.report import report_json

if TYPE_CHECKING:
    from msgspec import Struct

    from campaign.app import CampaignService, OrderReport, StoryEntry
    from campaign.app.orders import Orders
    from campaign.app.reading import Sight

UseCases = TypeVar("UseCases", bound=Campaigns)

#: The commands that may create the database they are given (``--db`` or ``$CAMPAIGN_DB_URL``)
#: when its file is missing: they make campaigns (`tui` without a NAME is the launcher, which
#: makes them too). Every other command refuses a missing database and creates nothing
#: (docs/seats.md, "Databases").
CREATES_DATABASE = frozenset({"new", "demo", "tui"})

#: Every use case of ``campaign.app`` in one object, and the order use cases alone: imported
#: when a command needs them. A command that only reads opens ``Reading``, and `order` opens
#: ``Orders``, so neither loads the use cases it does not run (ADR 0051, issue 47 item 2).
ALL_USE_CASES = Lazy("campaign.app.service", "CampaignService")
ORDER_USE_CASES = Lazy("campaign.app.orders", "Orders")


def open_service(args: argparse.Namespace) -> CampaignService:
    """Every use case (``CampaignService``) on ``--db``."""
    service: CampaignService = open_use_cases(ALL_USE_CASES.resolve(), args)
    return service


def open_reader(args: argparse.Namespace) -> Reading:
    """The read use cases (``Reading``) on ``--db``: all a command that only reads needs."""
    return open_use_cases(Reading, args)


def open_orders(args: argparse.Namespace) -> Orders:
    """The order use cases (``Orders``: give, undo, restore) on ``--db``."""
    orders: Orders = open_use_cases(ORDER_USE_CASES.resolve(), args)
    return orders


def open_use_cases(use_cases: type[UseCases], args: argparse.Namespace) -> UseCases:
    """``use_cases`` on ``--db``; says so on stderr when opening it migrated an older database
    and where the copy of it went (docs/compatibility.md). A named database that is not there
    is refused unless the command makes campaigns (``may_create``)."""
    service = use_cases(db_url=getattr(args, "db", None), create=may_create(args))
    say_migration(service)
    return service


def may_create(args: argparse.Namespace) -> bool:
    """Whether the command may create a missing database (``CREATES_DATABASE``): `campaign tui
    NAME` opens a campaign, so only the launcher (no NAME) may."""
    command = getattr(args, "command", None)
    if command == "tui":
        return getattr(args, "name", None) is None
    return command in CREATES_DATABASE


def say_migration(service: Campaigns) -> None:
    """On stderr, that opening ``service``'s database migrated it and where its copy went."""
    notice = service.migration_notice()
    for line in notice.splitlines() if notice is not None else ():
        print(f"campaign: {line}", file=sys.stderr)


def read(args: argparse.Namespace, reader: Reading | None = None) -> Sight:
    """The campaign ``args.name`` on ``--db`` (through ``reader`` when the command has opened
    it already), loaded once, for the eyes it is read with: ``--side``, else the side a
    player's own database plays, else the referee (``Reading.sight``, docs/seats.md). Every
    command that reads a campaign starts here."""
    return (reader or open_reader(args)).sight(args.name, side_of(args))


def print_json(report: Struct) -> int:
    """``--json``: the report as the JSON its schema in ``docs/schemas/`` describes, in the
    envelope and indentation every report shares (``views.report.report_json``)."""
    print(report_json(report))
    return 0


def side_of(args: argparse.Namespace) -> Side | None:
    """The viewer chosen with ``--side`` (None: the referee)."""
    value = getattr(args, "side", None)
    return Side(value) if value else None


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
