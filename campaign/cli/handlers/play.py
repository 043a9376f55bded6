"""Handlers of `campaign new|status|order|log|undo|verify|repin` (registered by
``campaign.cli.play``; ``replay`` and ``seeds`` are in ``campaign.cli.handlers.seeds``).

Two rare branches need much more code than the commands around them: ``new --as`` claims a
side in the play-by-e-mail ledger (``campaign.app.starting`` imports that code only then) and
``verify FILE`` checks a turn file (a lazy reference, ``campaign.cli.errors.Lazy``, ADR 0030),
so ``campaign status`` and ``campaign order`` do not load the turn-file machinery.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from campaign.app import Anchor, TypedDice
from campaign.app.starting import NewCampaignOptions, start_campaign
from campaign.cli.errors import EXIT_ERROR, Lazy
from campaign.cli.handlers.common import open_service, print_report, print_story, side_of
from campaign.rules.ids import Side
from campaign.views.status import status_report

#: ``verify FILE``: the turn-file check of ``campaign.cli.handlers.pbem``.
verify_path = Lazy("campaign.cli.handlers.pbem", "verify_path")


def new(args: argparse.Namespace) -> int:
    options = NewCampaignOptions(
        args.name, layout=args.layout, seed=args.seed, dice=args.dice,
        manual_steps=args.manual_steps, fair=args.fair,
        as_side=Side(args.as_side) if args.as_side is not None else None)
    if options.problem() is not None:  # before the database is opened
        raise ValueError(options.problem())
    loaded = start_campaign(open_service(args), options)
    print(options.summary(loaded))
    if args.as_side is not None:
        print(f"this database plays {args.as_side} (play by e-mail: files from {args.as_side} "
              "are refused)")
    return status(args)


def status(args: argparse.Namespace) -> int:
    if getattr(args, "json", False):
        loaded = open_service(args).load(args.name)
        print(status_report(args.name, loaded.state, loaded.ruleset, seq=loaded.head.seq,
                            viewer=side_of(args)).model_dump_json(indent=1))
        return 0
    status = open_service(args).status(args.name, viewer=side_of(args))
    print(f"{status.name}: game turn {status.turn}, {status.step}, "
          f"phasing {status.phasing.value}, {status.acting.value} to act")
    if status.winner is not None:
        print(f"winner: {status.winner.value}")
    for side, ru in status.ru.items():
        print(f"  {side.value:9} {ru:4} RU  {status.units[side]:3} units "
              f"({status.unplaced[side]} unplaced)")
    print(f"  event {status.seq}, state digest {status.digest}")
    for duty in status.duties:
        who = duty.side.value if duty.side is not None else "referee"
        print(f"must act now: {who} — {duty.reason} ({duty.rule})")
        for order in duty.orders[:4]:
            print(f"  {order}")
    print(f"legal orders now ({status.acting.value}):")
    for legal in status.legal:
        print(f"  {legal.notation:48} {legal.rule:10} {legal.summary}")
    if status.legal_other:
        print(f"{status.acting.enemy.value} may also give:")
        for legal in status.legal_other:
            print(f"  {legal.notation:48} {legal.rule:10} {legal.summary}")
    return 0


def order(args: argparse.Namespace) -> int:
    typed = None
    if args.dice is not None:
        values = args.dice.replace(" ", "").split(",")
        if not all(v.isascii() and v.isdigit() and len(v) <= 3 for v in values):
            print(f"campaign: --dice expects numbers like 3,5,1, got {args.dice[:80]!r}",
                  file=sys.stderr)
            return 2
        typed = TypedDice(tuple(int(v) for v in values), args.referee)
    elif args.referee is not None:
        print("campaign: --referee gives the reason for typed dice: use it with --dice",
              file=sys.stderr)
        return 2
    report = open_service(args).order_report(args.name, args.order, typed=typed,
                                             viewer=side_of(args))
    print_report(report)
    return 0


def log(args: argparse.Namespace) -> int:
    service = open_service(args)
    if args.raw:
        for line in service.log(args.name, viewer=side_of(args)):
            rolls = (f"  dice ({line.dice_origin}): {', '.join(line.rolls)}"
                     if line.rolls else "")
            print(f"{line.first_seq:6}  {line.order_text}  -> {', '.join(line.events)}{rolls}")
        return 0
    print_story([entry for entry in service.story(args.name, viewer=side_of(args))
                 if entry.matches(turn=args.turn, side=args.by, event_type=args.event_type)])
    return 0


def undo(args: argparse.Namespace) -> int:
    report = open_service(args).undo_report(args.name, referee_reason=args.referee)
    print_report(report)
    return 0


def verify(args: argparse.Namespace) -> int:
    """A campaign, or a turn file: an argument with a path separator is a file; otherwise a
    campaign of that name wins over a file of the same name (campaign names hold no '/')."""
    service = open_service(args)
    is_path = os.sep in args.name or "/" in args.name
    if is_path or (args.name not in service.store.campaigns() and Path(args.name).exists()):
        if args.anchor is not None:
            print("campaign: --anchor is for a campaign, not a turn file", file=sys.stderr)
            return 2
        return verify_path(args)
    anchor = Anchor.parse(args.anchor) if args.anchor else None
    findings = service.verify(args.name, anchor)
    if findings:
        for finding in findings:
            print(f"campaign: {finding}", file=sys.stderr)
        return EXIT_ERROR
    proved = f"; nothing up to event {anchor.count} changed since the anchor" if anchor else ""
    print(f"{args.name}: hash chain intact, replay consistent with snapshots, dice as "
          f"recorded, data pinned{proved}")
    if args.anchor is not None:
        print(f"anchor: {service.anchor(args.name).text()}  (keep it outside the database)")
    return 0


def repin(args: argparse.Namespace) -> int:
    loaded = open_service(args).repin(args.name, args.reason)
    print(f"{args.name}: data re-pinned (profile {loaded.ruleset.profile_hash[:12]}), logged")
    return 0
