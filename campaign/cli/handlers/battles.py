"""Handler of `campaign battles` (registered by ``campaign.cli.views``): the battles of the
current combat step, as text or as the JSON of ``campaign.views.battles``."""

from __future__ import annotations

import argparse

from campaign.cli.handlers.common import print_json, read
from campaign.views.battles import battles_report


def battles(args: argparse.Namespace) -> int:
    sight = read(args)
    report = battles_report(sight.name, sight.seen, sight.ruleset, gives=sight.gives)
    if args.json:
        return print_json(report)
    if not report.battles:
        print(f"{args.name}: no battle in this step ({report.step}, game turn {report.turn})")
        return 0
    for battle in report.battles:
        chosen = f", {battle.range} range" if battle.range else ""
        # a player's seat reads a battle by its short id only, as every screen names it
        # (docs/seats.md); the referee also sees the inner id that ties it to the log's events
        named = battle.short if sight.viewer is not None else f"{battle.short}  {battle.id}"
        print(
            f"{named}  {battle.name}: {battle.attacker} attack "
            f"{battle.defender}, round {battle.round}, stage {battle.stage}{chosen}"
        )
        for side in (battle.defender, battle.attacker):
            units = [u for u in battle.units if u.side == side]
            listed = ", ".join(f"{u.id} {u.factors}" + (" D" if u.disrupted else "") for u in units)
            print(f"    {side:9} {listed or '-'}")
        for engagement in battle.engagements:
            print(
                f"    engagement {engagement.number}: {', '.join(engagement.defenders)} vs "
                f"{', '.join(engagement.attackers)}"
            )
        if battle.named:
            print(f"    named by the defender: {battle.named} (awaiting the attacker's answer)")
        for n, way in enumerate(battle.withdrawal):
            head = "withdrawal (DN-CBT-7):" if n == 0 else ""
            closed = f"; closed: {'; '.join(way.closed)}" if way.closed else ""
            print(f"    {head:22} {way.side} → {', '.join(way.destinations) or 'nowhere'}{closed}")
        if battle.must_act is not None:
            duty = battle.must_act
            print(f"    must act: {duty.side} — {duty.reason} ({duty.rule})")
            for order in duty.orders:
                print(f"      {order}")
    return 0
