"""Handler of `campaign units` (registered by ``campaign.cli.views``): the units of a campaign by
system, as text or as the JSON of ``campaign.views.units``. `campaign battles` has its own
handler module, so neither command loads the other's view."""

from __future__ import annotations

import argparse

from campaign.cli.errors import fail
from campaign.cli.handlers.common import print_json, read
from campaign.rules.ids import Side
from campaign.rules.suggest import did_you_mean
from campaign.views.units import UnitRow, units_report

MAX_SYSTEM_ID = 64


def units(args: argparse.Namespace) -> int:
    sight = read(args)
    system = args.system.strip().lower() if args.system else None
    if system is not None:
        if len(system) > MAX_SYSTEM_ID:
            return fail(f"--system: a system id has at most {MAX_SYSTEM_ID} characters")
        try:
            sight.ruleset.star_map.system(system)
        except KeyError:
            systems = [s.id for s in sight.ruleset.star_map.systems]
            return fail(f"unknown system {args.system!r}{did_you_mean(system, systems)}")
    owner = Side(args.owner) if args.owner else None
    report = units_report(sight.name, sight.seen, sight.ruleset, system=system, side=owner)
    if args.json:
        return print_json(report)
    print(f"{args.name}: units as {report.viewer} sees them, game turn {report.turn}")
    for group in report.systems:
        print(f"{group.name} ({group.system})")
        for row in group.units:
            print("  " + _unit_line(row))
    if report.unplaced:
        print("unplaced")
        for row in report.unplaced:
            print("  " + _unit_line(row))
    if not report.systems and not report.unplaced:
        print("  no units")
    return 0


def _unit_line(row: UnitRow) -> str:
    flags = []
    if row.disrupted:
        flags.append("disrupted")
    if row.stack:
        flags.append(f"stack {row.stack}")
    if row.cargo:
        flags.append(f"carries {', '.join(row.cargo)}")
    return (
        f"{row.id:10} {row.side:9} {row.name:22} {row.factors:12} {row.location:16} "
        + "  ".join(flags)
    ).rstrip()
