"""`campaign new|status|order|log|undo|verify|repin|replay`: play a campaign from the shell.

Every command takes ``--db URL`` (default ``$CAMPAIGN_DB_URL`` or SQLite in the user's data
directory). Expected failures print ``campaign: RULE-ID: sentence`` (or the problem) to stderr
and exit with status 1 (2 for usage problems); never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from campaign.cli.errors import (
    EXIT_ERROR,
    add_db_option,
    add_turn_file_options,
    guard,
    open_service,
)
from campaign.cli.helptext import add_command
from campaign.cli.report import add_side_option, indent, print_report, print_story, side_of


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the campaign commands."""
    new = add_command(
        subparsers, "new", summary="start a new campaign",
        description="Start a campaign: assemble the map (DN-MAP-5), shuffle the neutral "
                    "counters and stop at neutral placement, the first step of the set-up "
                    "(DN-SET-1). Prints the status, with the orders legal now.",
        examples=["campaign new war", "campaign new war --seed 7",
                  "campaign new duel --layout random --seed 3 --dice physical"])
    new.add_argument("name", help="campaign name (letters, digits, - and _)")
    new.add_argument("--layout", default="standard",
                     help="standard, demo or random (DN-MAP-5; default standard)")
    new.add_argument(
        "--seed", type=int,
        help="seed for random assembly AND the dice (reproducible games; omit for real play); "
             "the dice, the neutral draw included, depend on the campaign name too",
    )
    new.add_argument(
        "--manual-steps", action="store_true",
        help="keep every step until end-phase (default: a step with no order to give ends by "
             "itself); logged as 'referee stepping manual'",
    )
    new.add_argument(
        "--dice", choices=["seeded", "physical", "commit-reveal"], default="seeded",
        help="who rolls: seeded (the tool, default), physical (typed in with order --dice) "
             "or commit-reveal (play by e-mail; both players choose the same)",
    )
    new.add_argument(
        "--as", dest="as_side", choices=["aslan", "solomani"], metavar="SIDE",
        help="play by e-mail: the side YOU play (aslan or solomani), recorded in this database; "
             "turn files from your own side are then refused",
    )
    add_db_option(new)
    new.set_defaults(func=guard(_new))

    status = add_command(
        subparsers, "status", summary="turn, phase, who must act now, RU, orders",
        description="Where the campaign stands: game turn, step, who must act now and why, "
                    "RU and units per side, and every order legal now with its rule id.",
        examples=["campaign status war", "campaign status war --side aslan --json"])
    status.add_argument("name", help="campaign name")
    add_side_option(status)
    status.add_argument("--json", action="store_true", help="print the status report as JSON")
    add_db_option(status)
    status.set_defaults(func=guard(_status))

    log = add_command(
        subparsers, "log", summary="what happened, one entry per order, with dice",
        description="The campaign's verified log: one entry per order, with the sentences "
                    "that say what happened and the dice rolled (and who rolled them).",
        examples=["campaign log war", "campaign log war --turn 1 --type round-fought",
                  "campaign log war --by solomani --side solomani"])
    log.add_argument("name", help="campaign name")
    log.add_argument("--turn", type=int, help="only orders given in this game turn")
    log.add_argument("--by", metavar="SIDE", help="only orders given by aslan|solomani|referee")
    log.add_argument("--type", dest="event_type", metavar="EVENT",
                     help="only orders whose events include this type (e.g. round-fought)")
    add_side_option(log)
    log.add_argument("--raw", action="store_true", help="event types instead of sentences")
    add_db_option(log)
    log.set_defaults(func=guard(_log))

    verify = add_command(
        subparsers, "verify",
        summary="check a campaign (hash chain, replay, snapshots, dice) or a turn file",
        description="Check a campaign: its hash chain, a replay from the first event against "
                    "every snapshot, the seeded dice and the pinned data files; or check a turn "
                    "file (a path) without storing anything.",
        examples=["campaign verify war", "campaign verify war --anchor",
                  "campaign verify ./turn-3.json --keys keys/"])
    verify.add_argument("name", help="campaign name, or a turn file (a path)")
    verify.add_argument(
        "--anchor", nargs="?", const="", metavar="COUNT:HASH",
        help="print the chain's head as an anchor to keep elsewhere; with a previously printed "
             "anchor, also prove that nothing up to it changed",
    )
    add_db_option(verify)
    add_turn_file_options(verify)
    verify.set_defaults(func=guard(_verify))

    order = add_command(
        subparsers, "order", summary='give one order, e.g. "aslan buy CL 2"',
        description="Give one order in notation: SIDE VERB ARGUMENTS (docs/engine.md). It is "
                    "checked against the rules, logged with its dice, and what happened is "
                    "printed; a refused order changes nothing. `campaign status NAME` lists "
                    "the orders legal now.",
        examples=["campaign order war 'solomani place-neutral keystone'",
                  "campaign order war 'aslan buy CL 2'",
                  "campaign order war 'aslan jump strike hlirakh,ftahr'",
                  "campaign order war 'aslan fire b1' --dice 3,5,1 --referee 'table dice'"])
    order.add_argument("name", help="campaign name")
    order.add_argument("order", help="order notation, quoted (see docs/engine.md)")
    order.add_argument("--dice", help="dice values typed in, comma-separated (physical-dice "
                                      "campaigns, or a referee override with --referee)")
    order.add_argument("--referee", metavar="REASON",
                       help="referee override: typed dice in a seeded campaign, logged")
    add_side_option(order)
    add_db_option(order)
    order.set_defaults(func=guard(_order))

    undo = add_command(
        subparsers, "undo", summary="take back the last order of the current phase",
        description="Take back the last order, if it rolled no dice and stays in the current "
                    "phase; with --referee REASON, any last order (logged as an override).",
        examples=["campaign undo war", "campaign undo war --referee 'misread the map'"])
    undo.add_argument("name", help="campaign name")
    undo.add_argument("--referee", metavar="REASON", help="override past dice/phase, logged")
    add_db_option(undo)
    undo.set_defaults(func=guard(_undo))

    repin = add_command(
        subparsers, "repin", summary="accept changed data files (DN-DATA-4), logged",
        description="A campaign is pinned to the data files it started with (DN-DATA-4); after "
                    "an intended change to them (e.g. the official tables entered), accept the "
                    "new files for this campaign. The reason is logged.",
        examples=["campaign repin war 'official space combat table entered'"])
    repin.add_argument("name", help="campaign name")
    repin.add_argument("reason", help="why the data changed, quoted (kept in the log)")
    add_db_option(repin)
    repin.set_defaults(func=guard(_repin))

    replay = add_command(
        subparsers, "replay", summary="replay a seed game and check every digest",
        description="Replay a seed game (a set-up, orders and a dice seed) and check the state "
                    "digest after every step; prints what each step did.",
        examples=["campaign replay standard-turn1", "campaign replay my-game.json",
                  "campaign replay seeds/standard-turn1.json --record"])
    replay.add_argument("file", metavar="SEED",
                        help="a seed game shipped with the tool (see `campaign seeds`), or a "
                             "seed game file")
    replay.add_argument(
        "--record", action="store_true",
        help="rewrite the file's digests from this run (after an intended rules change)",
    )
    replay.set_defaults(func=guard(_replay))

    seeds = add_command(
        subparsers, "seeds", summary="the seed games shipped with the tool",
        description="List the seed games shipped with the tool, with what each one plays; "
                    "`campaign replay NAME` replays one.",
        examples=["campaign seeds"])
    seeds.set_defaults(func=guard(_seeds))


def _new(args: argparse.Namespace) -> int:
    if args.as_side is not None and args.dice == "physical":
        raise ValueError("--as is for play by e-mail; a campaign with physical dice is played "
                         "at the table (use --dice commit-reveal or seeded)")
    service = open_service(args)
    loaded = service.create(args.name, layout=args.layout, seed=args.seed, dice_mode=args.dice)
    if args.manual_steps:
        service.order(args.name, "referee stepping manual")
    if args.as_side is not None:
        from campaign.app.mail import PbemService
        from campaign.rules.ids import Side

        PbemService(service).claim_side(args.name, Side(args.as_side))
    print(f"campaign {args.name!r} created: layout {loaded.row.layout}, "
          f"{len(loaded.ruleset.star_map.sections)} sections, event {loaded.head.seq}"
          + (", manual stepping" if args.manual_steps else ""))
    if args.as_side is not None:
        print(f"this database plays {args.as_side} (play by e-mail: files from {args.as_side} "
              "are refused)")
    return _status(args)


def _status(args: argparse.Namespace) -> int:
    if getattr(args, "json", False):
        from campaign.views.status import status_report

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


def _order(args: argparse.Namespace) -> int:
    typed = None
    if args.dice is not None:
        from campaign.app import TypedDice

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


def _log(args: argparse.Namespace) -> int:
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


def _undo(args: argparse.Namespace) -> int:
    report = open_service(args).undo_report(args.name, referee_reason=args.referee)
    print_report(report)
    return 0


def _verify(args: argparse.Namespace) -> int:
    """A campaign, or a turn file: an argument with a path separator is a file; otherwise a
    campaign of that name wins over a file of the same name (campaign names hold no '/')."""
    service = open_service(args)
    is_path = os.sep in args.name or "/" in args.name
    if is_path or (args.name not in service.store.campaigns() and Path(args.name).exists()):
        if args.anchor is not None:
            print("campaign: --anchor is for a campaign, not a turn file", file=sys.stderr)
            return 2
        from campaign.cli.pbem import verify_path

        return verify_path(args)
    from campaign.app import Anchor

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


def _replay(args: argparse.Namespace) -> int:
    from campaign.app.seeds import read_seed_game, record_seed, replay_seed, ruleset_of, seed_path

    path = seed_path(args.file, record=args.record)
    shown = args.file
    try:
        game = read_seed_game(path)
    except ValueError as error:
        print(f"campaign: {error}", file=sys.stderr)
        return EXIT_ERROR
    if args.record:
        recorded = record_seed(game, path)
        print(f"{shown}: recorded {len(recorded.steps)} steps")
        return 0
    profile = ruleset_of(game).profile_hash
    if game.profile_hash and profile != game.profile_hash:
        print(f"campaign: {args.file}: warning: DN-DATA-4: recorded with another rules profile "
              f"({game.profile_hash[:12]}, now {profile[:12]}); digests may differ",
              file=sys.stderr)
    results = replay_seed(game)
    for result in results:
        mark = "ok " if result.ok else "BAD"
        print(f"{mark} {result.index:4}  {result.order}  {result.message}")
        for line in result.lines:
            print(indent(line, "           "))
    if not all(r.ok for r in results) or len(results) != len(game.steps) + 1:
        print(f"campaign: {shown}: replay diverged", file=sys.stderr)
        return EXIT_ERROR
    print(f"{shown}: {len(game.steps)} steps, every digest matches")
    return 0


def _seeds(args: argparse.Namespace) -> int:
    import textwrap

    from campaign.app.seeds import shipped_seeds

    for seed in shipped_seeds():
        print(f"{seed.name:22} {seed.layout} layout, {seed.steps} steps")
        for line in textwrap.wrap(seed.description, 76):
            print(f"    {line}")
    print("replay one with: campaign replay NAME")
    return 0


def _repin(args: argparse.Namespace) -> int:
    loaded = open_service(args).repin(args.name, args.reason)
    print(f"{args.name}: data re-pinned (profile {loaded.ruleset.profile_hash[:12]}), logged")
    return 0
