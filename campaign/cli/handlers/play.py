"""Handlers of `campaign new|status|order|log|undo|verify|repin` (registered by
``campaign.cli.play``; ``replay`` and ``seeds`` are in ``campaign.cli.handlers.seeds``).

Two rare branches need much more code than the commands around them: ``new --as`` claims a
side in the play-by-e-mail ledger (``campaign.app.starting`` imports that code only then) and
``verify FILE`` checks a turn file (a lazy reference, ``campaign.cli.errors.Lazy``, ADR 0030),
so ``campaign status`` and ``campaign order`` do not load the turn-file machinery; nor do they
load the start-up code of ``new`` or the sentences of ``log`` (issue 47 item 2).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from campaign.cli.asking import ask_yes_no
from campaign.cli.errors import EXIT_ERROR, Lazy
from campaign.cli.handlers.common import (
    open_orders,
    open_reader,
    open_service,
    print_json,
    print_report,
    print_story,
    read,
    seat_of,
)
from campaign.cli.table_dice import ask_die
from campaign.rules.ids import Side
from campaign.views.status import Status, status_report, to_act_words
from campaign.views.status import status as status_view
from campaign.views.words import plural

if TYPE_CHECKING:
    from campaign.app.orders import TakeBack
    from campaign.app.reading import Sight
    from campaign.views.log import LogFilter as LogFilterType

#: The play-by-e-mail use cases (what to do next in a game by e-mail), loaded only when needed.
PbemService = Lazy("campaign.app.mail", "PbemService")
#: ``order``'s typed dice and ``verify --anchor``'s anchor, from the use cases that read them
#: (``status`` loads neither, ADR 0051).
TypedDice = Lazy("campaign.app.orders", "TypedDice")
ANCHOR = Lazy("campaign.app.audit", "Anchor")
#: ``verify FILE``: the turn-file check of ``campaign.cli.handlers.pbem``.
verify_path = Lazy("campaign.cli.handlers.pbem", "verify_path")
#: ``new``: starting a campaign (``campaign.app.starting``), which `status` and `order` never do.
NewCampaignOptions = Lazy("campaign.app.starting", "NewCampaignOptions")
start_campaign = Lazy("campaign.app.starting", "start_campaign")
#: ``log``: the log's lines and sentences (``campaign.views.log``), which `status` and `order`
#: never print.
log_lines = Lazy("campaign.views.log", "log_lines")
story = Lazy("campaign.views.log", "story")
LogFilter = Lazy("campaign.views.log", "LogFilter")


def new(args: argparse.Namespace) -> int:
    options = NewCampaignOptions(
        args.name,
        layout=args.layout,
        seed=args.seed,
        dice=args.dice,
        manual_steps=args.manual_steps,
        fair=args.fair,
        as_side=Side(args.as_side) if args.as_side is not None else None,
        neutrals=args.neutrals,
    )
    if options.problem() is not None:  # before the database is opened
        raise ValueError(options.problem())
    loaded, notes = start_campaign(open_service(args), options)
    print(options.summary(loaded))
    for note in notes:
        print(f"keys: {note}")
    if args.as_side is not None:
        print(
            f"this database plays {args.as_side} (play by e-mail: files from {args.as_side} "
            "are refused)"
        )
    return status(args)


def status(args: argparse.Namespace) -> int:
    """``campaign status``; ``campaign new`` ends with it too."""
    reader = open_reader(args)
    sight = read(args, reader)
    if getattr(args, "json", False):
        return print_json(
            status_report(
                sight.name,
                sight.seen,
                sight.ruleset,
                seq=sight.seq,
                held=sight.held,
                gives=sight.gives,
            )
        )
    found = status_view(
        sight.name, sight.seen, sight.ruleset, seq=sight.seq, held=sight.held, gives=sight.gives
    )
    _print_status(found)
    if not reader.store.plays_by_mail(args.name):
        return 0  # this database plays no side by e-mail: no next step (the mail code unloaded)
    step = PbemService(open_service(args)).next_step(
        args.name, orders_above=True, seat=seat_of(args)
    )
    if step is not None:  # play by e-mail: which file to send or to wait for (issue 42)
        print(f"next: {step}")
    return 0


def _to_act(status: Status) -> str:
    """ "aslan to act"; when one other side alone must act now (the defender naming a unit in
    the phasing side's battle, DN-CBT-3), that side, and whose step it is (DN-SEQ-2): the
    ``to_act`` and ``acting`` of ``status --json``."""
    to_act = status.to_act.value if status.to_act is not None else None
    return to_act_words(status.acting.value, to_act)


def _print_status(status: Status) -> None:
    if status.winner is None:
        print(
            f"{status.name}: game turn {status.turn}, {status.step}, "
            f"phasing {status.phasing.value}, {_to_act(status)}"
        )
    else:  # nobody is to act any more (found by use: it said "solomani to act", DN-VIC-1)
        print(f"{status.name}: game turn {status.turn}, {status.step}")
        print(f"winner: {status.winner.value} — {status.won_by} (DN-VIC-1)")
    for side, ru in status.ru.items():
        print(
            f"  {side.value:9} {ru:4} RU  {status.units[side]:3} units "
            f"({status.unplaced[side]} unplaced)"
        )
    print(f"  event {status.seq}, state digest {status.digest}")
    for duty in status.duties:
        who = duty.side.value if duty.side is not None else "referee"
        print(f"must act now: {who} — {duty.reason} ({duty.rule})")
        for order in duty.orders[:4]:
            print(f"  {order}")
    if status.legal:  # none while an order waits for strict dice, or the game is over
        print(f"legal orders now ({(status.legal_side or status.acting).value}):")
    for legal in status.legal:
        print(f"  {legal.notation:48} {legal.rule:10} {legal.summary}")
    if status.legal_other:
        print(f"{status.acting.enemy.value} may also give:")
        for legal in status.legal_other:
            print(f"  {legal.notation:48} {legal.rule:10} {legal.summary}")


def order(args: argparse.Namespace) -> int:
    if len(args.order) > 1:  # the shell split an unquoted order into words
        words = " ".join(args.order)[:200]
        print(
            f"campaign: an order is one argument: put it in quotes, e.g. campaign order "
            f"{args.name} '{words}'",
            file=sys.stderr,
        )
        return 2
    (text,) = args.order
    typed = None
    if args.dice is not None:
        values = args.dice.replace(" ", "").split(",")
        if not all(v.isascii() and v.isdigit() and len(v) <= 3 for v in values):
            print(
                f"campaign: --dice expects numbers like 3,5,1, got {args.dice[:80]!r}",
                file=sys.stderr,
            )
            return 2
        typed = TypedDice(tuple(int(v) for v in values), args.referee)
    elif args.referee is not None:
        print(
            "campaign: --referee gives the reason for typed dice: use it with --dice",
            file=sys.stderr,
        )
        return 2
    service = open_orders(args)
    if typed is None and _asks_at_the_table(args, service.store.dice_mode(args.name)):
        typed = TypedDice((), ask=ask_die)
    report = service.order_report(args.name, text, typed=typed, seat=seat_of(args))
    print_report(report)
    return 0


def _asks_at_the_table(args: argparse.Namespace, dice_mode: str) -> bool:
    """The referee at a terminal, in a physical-dice campaign: each die is asked when due
    (``campaign.cli.table_dice``). A player's view (``--side``) is never asked: a purpose may
    name a face-down counter."""
    return dice_mode == "physical" and seat_of(args).is_referee and sys.stdin.isatty()


def log(args: argparse.Namespace) -> int:
    kept = LogFilter.resolve().checked(args.turn, args.by, args.event_type)  # before reading
    sight = read(args)
    if args.raw:
        lines = [
            line
            for line in log_lines(sight.rows, sight.events, sight.dice_mode, sight.viewer)
            if kept.keeps(line)
        ]
        if not _kept_some(kept, lines, sight):
            return 0
        for line in lines:
            rolls = f"  dice ({line.dice_origin}): {', '.join(line.rolls)}" if line.rolls else ""
            undone = f"  reverted: {line.reverted}" if line.reverted else ""
            print(
                f"{line.first_seq:6}  {line.order_text}  -> {', '.join(line.events)}{undone}{rolls}"
            )
        return 0
    entries = story(sight.rows, sight.events, sight.ruleset, sight.dice_mode, viewer=sight.viewer)
    shown = [entry for entry in entries if kept.keeps(entry)]
    if _kept_some(kept, shown, sight):
        print_story(shown)
    return 0


def _kept_some(kept: LogFilterType, shown: Sequence[object], sight: Sight) -> bool:
    """Whether the log's filter ``kept`` kept some entry; if it kept none, says so in one line
    for the seat that reads the log (the sentences and ``--raw`` alike)."""
    if kept.active and not shown:
        print(kept.nothing_kept(sight.name, sight.viewer))
        return False
    return True


def undo(args: argparse.Namespace) -> int:
    """``campaign undo NAME``: an undo of a referee undo puts the order it reverted back in
    force, so the service has it asked first on a terminal (``--yes``: without asking; with no
    terminal and no ``--yes`` it is refused, saying what it would do)."""
    ask = _ask_on_terminal if args.referee is None and sys.stdin.isatty() else None
    report = open_service(args).undo_report(
        args.name, referee_reason=args.referee, seat=seat_of(args), take_back=args.yes, ask=ask
    )
    print_report(report)
    return 0


def _ask_on_terminal(taking: TakeBack) -> bool:
    """Ask on the terminal whether to take a referee undo back (``TakeBack.question``)."""
    return ask_yes_no(taking.question)


def list_campaigns(args: argparse.Namespace) -> int:
    """``campaign list``: one line per campaign of the database."""
    summaries = open_service(args).summaries()
    if not summaries:
        print("no campaigns yet: campaign new NAME starts one")
        return 0
    width = max(len(s.name) for s in summaries)
    for summary in summaries:
        if summary.problem is not None:
            print(f"{summary.name:<{width}}  cannot be opened: {summary.problem}")
            continue
        print(
            f"{summary.name:<{width}}  {summary.layout:<9} dice {summary.dice_mode:<13} "
            f"game turn {summary.turn}, {summary.step}, "
            f"{to_act_words(summary.acting, summary.to_act)}, "
            f"{summary.events} events"
        )
    return 0


def delete(args: argparse.Namespace) -> int:
    """``campaign delete NAME``: asks on a terminal unless ``--yes``."""
    service = open_service(args)
    events = service.event_count(args.name)  # refuses an unknown name before asking
    if not args.yes:
        if not sys.stdin.isatty():
            print(
                f"campaign: delete {args.name!r} ({events} events) cannot be undone: confirm "
                "with --yes (no terminal to ask on)",
                file=sys.stderr,
            )
            return 2
        if not ask_yes_no(
            f"Delete campaign {args.name!r} and its whole log ({events} events)? "
            "This cannot be undone."
        ):
            print(f"{args.name}: not deleted")
            return 1
    service.delete(args.name)
    print(f"{args.name}: deleted ({events} events)")
    return 0


def verify(args: argparse.Namespace) -> int:
    """A campaign, or a turn file: an argument with a path separator is a file; otherwise a
    campaign of that name wins over a file of the same name (campaign names hold no '/')."""
    service = open_service(args)
    is_path = os.sep in args.name or "/" in args.name
    if is_path or (args.name not in service.store.campaigns() and Path(args.name).exists()):
        if args.anchor is not None or args.rebuild:
            print(
                "campaign: --anchor and --rebuild are for a campaign, not a turn file",
                file=sys.stderr,
            )
            return 2
        return verify_path(args)
    if args.rebuild:
        rebuilt = service.rebuild(args.name)
        print(
            f"{args.name}: rebuilt from the log alone: {plural(rebuilt.loaded.head.seq, 'event')} "
            f"replayed, {plural(rebuilt.dropped, 'old snapshot')} dropped, a fresh one written; "
            f"state digest {rebuilt.digest}"
        )
    anchor = ANCHOR.resolve().parse(args.anchor) if args.anchor else None
    findings = service.verify(args.name, anchor)
    if findings:
        for finding in findings:
            print(f"campaign: {finding}", file=sys.stderr)
        return EXIT_ERROR
    proved = f"; nothing up to event {anchor.count} changed since the anchor" if anchor else ""
    print(
        f"{args.name}: hash chain intact, replay consistent with snapshots, dice as "
        f"recorded, data pinned{proved}"
    )
    if args.anchor is not None:
        print(f"anchor: {service.anchor(args.name).text()}  (keep it outside the database)")
    return 0


def repin(args: argparse.Namespace) -> int:
    loaded = open_service(args).repin(args.name, args.reason)
    if loaded is None:
        print(
            f"{args.name}: the data files are those pinned already: nothing re-pinned, "
            "nothing logged"
        )
        return 0
    print(f"{args.name}: data re-pinned (profile {loaded.ruleset.profile_hash[:12]}), logged")
    return 0
