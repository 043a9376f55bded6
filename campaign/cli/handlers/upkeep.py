"""Handler of `campaign upkeep` (registered by ``campaign.cli.upkeep``): the maintenance
preview (DN-ECO-7), as text or as the JSON of ``campaign.views.upkeep``."""

from __future__ import annotations

import argparse

from campaign.cli.handlers.common import print_json, read
from campaign.views.upkeep import upkeep_report


def upkeep(args: argparse.Namespace) -> int:
    sight = read(args)
    report = upkeep_report(sight.name, sight.seen, sight.ruleset, side=sight.viewer)
    if args.json:
        return print_json(report)
    print(
        f"{args.name}: maintenance as {report.viewer} sees it, game turn {report.turn}, "
        f"{report.step} (DN-ECO-7)"
    )
    for side in report.sides:
        print(f"{side.side}: {side.note}; {side.ru} RU in hand")
        print(f"  {side.on_pass}")
        for ship in side.ships:
            need = f"{ship.cost} RU" if ship.zone == "civilised" else f"needs {ship.maintenance}"
            flag = " disrupted" if ship.disrupted else ""
            print(
                f"  {ship.id:10} {ship.name:22} {ship.system_name:14} {ship.zone:9} "
                f"{need:8}{flag:10} {ship.on_pass}".rstrip()
            )
        if not side.ships:
            print("  no ships on the map")
    return 0
