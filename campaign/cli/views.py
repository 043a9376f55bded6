"""`campaign units|battles`: read-only views of a campaign for the referee (or, with
``--side``, for one player: face-down neutrals hidden, DN-NEU-1); ``--json`` prints the report
whose JSON Schema is in ``docs/schemas/`` (``campaign.views``)."""

from __future__ import annotations

import argparse

from campaign.cli.errors import add_db_option, fail, guard, open_service
from campaign.cli.helptext import add_command
from campaign.cli.report import add_side_option, side_of
from campaign.rules.ids import Side
from campaign.rules.suggest import did_you_mean

MAX_SYSTEM_ID = 64


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the view commands."""
    units = add_command(
        subparsers, "units", summary="units by system: id, type, factors, stack, place",
        description="Every unit on the map, system by system (and the unplaced ones): id, "
                    "type, factors, place, stack, cargo. With --side, what that player may see "
                    "(face-down neutrals are N-X-k, DN-NEU-1).",
        examples=["campaign units war", "campaign units war --system marrow",
                  "campaign units war --owner neutral --side aslan --json"])
    units.add_argument("name", help="campaign name")
    units.add_argument("--system", metavar="SYS", help="only this system (id, e.g. marrow)")
    units.add_argument("--owner", choices=("aslan", "solomani", "neutral"),
                       help="only the units of this side")
    _common(units)
    units.set_defaults(func=guard(_units))

    battles = add_command(
        subparsers, "battles",
        summary="battles of this combat step: short id, round, stage, engagements, who must act",
        description="The battles of the current combat step: short id (b1, ...), round, "
                    "stage, the units on each side, engagements, and who must act next with "
                    "the orders to give.",
        examples=["campaign battles war", "campaign battles war --side solomani --json"])
    battles.add_argument("name", help="campaign name")
    _common(battles)
    battles.set_defaults(func=guard(_battles))


def _common(parser: argparse.ArgumentParser) -> None:
    add_side_option(parser)
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    add_db_option(parser)


def _units(args: argparse.Namespace) -> int:
    from campaign.views.units import units_report

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


def _unit_line(row) -> str:  # noqa: ANN001 - reports.UnitRow (imported lazily)
    flags = []
    if row.disrupted:
        flags.append("disrupted")
    if row.stack:
        flags.append(f"stack {row.stack}")
    if row.cargo:
        flags.append(f"carries {', '.join(row.cargo)}")
    return (f"{row.id:10} {row.side:9} {row.name:22} {row.factors:12} {row.location:16} "
            + "  ".join(flags)).rstrip()


def _battles(args: argparse.Namespace) -> int:
    from campaign.views.battles import battles_report

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
