"""Handler of `campaign income` (registered by ``campaign.cli.income``): the explained income
and supply report (DN-ECO-1..4), as text or JSON."""

from __future__ import annotations

import argparse
import json

from campaign.cli.handlers.common import read
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.views.income import income_report


def income(args: argparse.Namespace) -> int:
    sight = read(args)
    sides = [Side(args.side)] if args.side else list(PLAYER_SIDES)
    # a side's own report, as it sees it
    reports = [income_report(sight.seen, sight.ruleset, side) for side in sides]
    if args.json:
        if args.side:  # indented by two, as since the first version (docs/tutorial.md)
            print(reports[0].to_json(indent=2))
        else:
            data = {r.side.value: r.to_data() for r in reports}
            print(json.dumps(data, indent=2))
        return 0
    print("\n\n".join(report.to_text() for report in reports))
    return 0
