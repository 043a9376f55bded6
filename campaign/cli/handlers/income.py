"""Handler of `campaign income` (registered by ``campaign.cli.income``): the explained income
and supply report (DN-ECO-1..4), as text or as the JSON of ``campaign.views.income``."""

from __future__ import annotations

import argparse

from campaign.cli.handlers.common import print_json, read
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.phases import Phase
from campaign.views.income import income_view


def income(args: argparse.Namespace) -> int:
    sight = read(args)
    sides = [Side(args.side)] if args.side else list(PLAYER_SIDES)
    # each side's own report, as the seat sees it
    # the log's income history names the boxes a side earned from and lost since (DN-ECO-1)
    view = income_view(sight.name, sight.seen, sight.ruleset, sides, sight.loaded.income_history())
    if args.json:
        return print_json(view)
    over = sight.seen.truth.phase is Phase.GAME_OVER  # no next Production step (DN-VIC-1)
    print("\n\n".join(report.to_text(over) for report in view.sides))
    return 0
