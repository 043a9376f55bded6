"""Handler of `campaign income` (registered by ``campaign.cli.income``): the explained income
and supply report (DN-ECO-1..4), as text or JSON."""

from __future__ import annotations

import argparse
import json
import sys

from campaign.app import CampaignService
from campaign.cli.errors import EXIT_ERROR
from campaign.cli.handlers.common import viewer_of
from campaign.rules.errors import CampaignError
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.views.income import income_report


def income(args: argparse.Namespace) -> int:
    try:
        service = CampaignService(db_url=args.db)
        loaded = service.load(args.name)
        sides = [Side(args.side)] if args.side else list(PLAYER_SIDES)
        viewer = viewer_of(args, service)  # a side's own report, as it sees it
        reports = [income_report(loaded.state, loaded.ruleset, side, viewer) for side in sides]
    except CampaignError as error:
        print(f"campaign: {error.message}", file=sys.stderr)
        return EXIT_ERROR
    if args.json:
        if args.side:
            print(reports[0].model_dump_json(indent=2))
        else:
            data = {r.side.value: r.model_dump(mode="json") for r in reports}
            print(json.dumps(data, indent=2))
        return 0
    print("\n\n".join(report.to_text() for report in reports))
    return 0
