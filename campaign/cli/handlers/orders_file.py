"""Handler of `campaign orders NAME FILE` (registered by ``campaign.cli.orders_file``): the
orders of a file, checked as a whole first, then given one by one. A refusal, or Ctrl+C, stops
the run naming the line and how many orders were applied (found by use, December 7, evening:
Ctrl+C said only `interrupted`)."""

from __future__ import annotations

import argparse

from campaign.app.bulk import read_order_lines
from campaign.cli.errors import fail
from campaign.cli.handlers.common import indent, open_service, seat_of
from campaign.rules.errors import CampaignError
from campaign.views.words import plural


def orders(args: argparse.Namespace) -> int:
    try:
        lines = read_order_lines(args.file)
    except ValueError as error:
        return fail(f"{error} (nothing applied)")
    service = open_service(args)
    loaded = service.load(args.name)
    seat = seat_of(args)
    report = None
    for done, (number, text) in enumerate(lines):
        before = loaded.head.seq
        try:
            report = service.submit_report(loaded, text, seat=seat)
        except KeyboardInterrupt:  # say how far the file got, as a refusal does
            stored = service.event_count(args.name) > before  # the log, not ``loaded``
            this = "this one too, nothing after it" if stored else "not this one nor any after it"
            raise KeyboardInterrupt(
                f"at {args.file}:{number} ({text}): {plural(done + stored, 'order')} applied, "
                f"{this}"
            ) from None
        except CampaignError as error:
            return fail(
                f"{args.file}:{number}: {error.message} ({plural(done, 'order')} before it "
                "applied, nothing after it)"
            )
        print(f"{args.file}:{number}: {text}")
        for sentence in report.lines:
            print(indent(sentence, "    "))
    now = report.now if report is not None else ""
    print(f"{plural(len(lines), 'order')} applied; now: {now}")
    return 0
