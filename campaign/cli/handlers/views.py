"""Handlers of `campaign units|battles` (registered by ``campaign.cli.views``): read-only views
of a campaign, as text or as the JSON of the ``campaign.views`` reports."""

from __future__ import annotations

import argparse

from campaign.cli.errors import fail
from campaign.cli.handlers.common import open_service, side_of
from campaign.rules.ids import Side
from campaign.rules.suggest import did_you_mean
from campaign.views.battles import battles_report
from campaign.views.units import UnitRow, units_report

MAX_SYSTEM_ID = 64


def units(args: argparse.Namespace) -> int:
    loaded = open_service(args).load(args.name)
    system = args.system.strip().lower() if args.system else None
    if system is not None:
        if len(system) > MAX_SYSTEM_ID:
            return fail(f"--system: a system id has at most {MAX_SYSTEM_ID} characters")
        try:
            loaded.ruleset.star_map.system(system)
        except KeyError:
            systems = [s.id for s in loaded.ruleset.star_map.systems]
            return fail(f"unknown system {args.system!r}{did_you_mean(system, systems)}")
    owner = Side(args.owner) if args.owner else None
    report = units_report(args.name, loaded.state, loaded.ruleset, viewer=side_of(args),
                          system=system, side=owner)
    if args.json:
        print(report.model_dump_json(indent=1))
        return 0
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
    return (f"{row.id:10} {row.side:9} {row.name:22} {row.factors:12} {row.location:16} "
            + "  ".join(flags)).rstrip()


def battles(args: argparse.Namespace) -> int:
    loaded = open_service(args).load(args.name)
    report = battles_report(args.name, loaded.state, loaded.ruleset, viewer=side_of(args))
    if args.json:
        print(report.model_dump_json(indent=1))
        return 0
    if not report.battles:
        print(f"{args.name}: no battle in this step ({report.step}, game turn {report.turn})")
        return 0
    for battle in report.battles:
        chosen = f", {battle.range} range" if battle.range else ""
        print(f"{battle.short}  {battle.id}  {battle.name}: {battle.attacker} attack "
              f"{battle.defender}, round {battle.round}, stage {battle.stage}{chosen}")
        for side in (battle.defender, battle.attacker):
            units = [u for u in battle.units if u.side == side]
            listed = ", ".join(f"{u.id} {u.factors}" + (" D" if u.disrupted else "")
                               for u in units)
            print(f"    {side:9} {listed or '-'}")
        for engagement in battle.engagements:
            print(f"    engagement {engagement.number}: {', '.join(engagement.defenders)} vs "
                  f"{', '.join(engagement.attackers)}")
        if battle.named:
            print(f"    named by the defender: {battle.named} (awaiting the attacker's answer)")
        for n, way in enumerate(battle.withdrawal):
            head = "withdrawal (DN-CBT-7):" if n == 0 else ""
            closed = f"; closed: {'; '.join(way.closed)}" if way.closed else ""
            print(f"    {head:22} {way.side} → {', '.join(way.destinations) or 'nowhere'}"
                  f"{closed}")
        if battle.must_act is not None:
            duty = battle.must_act
            print(f"    must act: {duty.side} — {duty.reason} ({duty.rule})")
            for order in duty.orders:
                print(f"      {order}")
    return 0
