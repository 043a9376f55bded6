"""Handlers of `campaign export|import|resolve|withdraw|keygen|exchanges` and of `campaign verify
FILE` (registered by ``campaign.cli.pbem`` and ``campaign.cli.play``): play by e-mail, through
the use cases of ``campaign.app.mail`` (docs/turn-files.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from campaign.app.mail import (
    FairPlayFileError,
    PbemService,
    keygen,
    keys_dir,
    read_turn_file,
    read_turn_stream,
    withdrawn_line,
)
from campaign.cli.errors import EXIT_ERROR, EXIT_INCOMPLETE, EXIT_OK, Lazy
from campaign.cli.handlers.common import open_service, print_story
from campaign.rules.ids import Side

#: ``export --map``: the sender's side map, drawn by the map handlers (loaded only then).
_side_map = Lazy("campaign.cli.handlers.maps", "side_map")


def _pbem(args: argparse.Namespace) -> PbemService:
    """The play-by-e-mail use cases on ``--db``, with ``--keys`` (or ``$CAMPAIGN_PBEM_KEYS``),
    ``--allow-referee``, ``--accept-dice`` and ``--as`` as given."""
    side = getattr(args, "as_side", None)
    return PbemService(
        open_service(args),
        keys_dir(getattr(args, "keys", None)),
        allow_referee=getattr(args, "allow_referee", False),
        accept_dice=getattr(args, "accept_dice", None),
        side=Side(side) if side else None,
    )


def _read(path: str) -> bytes:
    """A turn file's bytes ('-' = stdin), bounded before anything is parsed."""
    return read_turn_stream(sys.stdin.buffer) if path == "-" else read_turn_file(Path(path))


def export(args: argparse.Namespace) -> int:
    """Write the file (recorded only once written, docs/turn-files.md), then the side map
    beside it if asked for, then say what was written."""
    pbem = _pbem(args)
    side_map = None
    if args.again is not None:
        if args.side is not None or args.sign is not None or args.map:
            raise ValueError("--again writes a recorded file as it was: no --side, --sign or --map")
        side = None
    else:
        side = Side(args.side) if args.side is not None else pbem.own_side(args.name)
        if side is None:
            raise ValueError(
                "export needs --as aslan|solomani with the first file (the side you play, "
                "recorded for good), or --again N"
            )
        args.side = side.value
        # the map is drawn first: a failure exports nothing
        side_map = _side_map(args, pbem) if args.map else None
    if args.output == "-" and sys.stdout is None:  # started with `>&-`
        raise ValueError("standard output: cannot write: it is closed; nothing was exported")
    to = sys.stdout if args.output == "-" else Path(args.output)
    made = pbem.export_file(
        args.name, side, to, armoured=args.armour, sign_with=args.sign, again=args.again
    )
    if side_map is not None:
        side_map()
    if args.output != "-":
        print(made.line(args.output, again=args.again is not None))
        _next(pbem, args.name)
    return 0


def _next(pbem: PbemService, name: str) -> None:
    """The player's next step by e-mail (issue 42 item 6), if this database plays a side."""
    step = pbem.next_step(name)
    if step is not None:
        print(f"next: {step}")


def import_turn(args: argparse.Namespace) -> int:
    pbem, data = _pbem(args), _read(args.file)
    try:
        done = pbem.import_turn(args.name, data, source=args.file)
    except FairPlayFileError as error:
        _complain(pbem, args, data, error)
        raise
    print(done.line(args.file))
    for note in done.notes:
        print(f"note: {note}")
    # read by the importing player: the other side's view (face-down neutrals hidden, DN-NEU-1)
    print_story(done.story)
    if done.next_step is not None:
        print(f"next: {done.next_step}")
    return 0


def _complain(
    pbem: PbemService, args: argparse.Namespace, data: bytes, error: FairPlayFileError
) -> None:
    """Fair mode: the refused file's signed protocol fault kept in a complaint signed by this
    player, beside the file (issue 42 item 4), for `campaign audit`."""
    line = pbem.write_complaint(args.name, data, error, args.file)
    if line is not None:
        print(line)


def resolve(args: argparse.Namespace) -> int:
    done = _pbem(args).resolve_crossed(args.name, _read(args.file), args.reason, source=args.file)
    print(done.resolved_line(args.file))
    return 0


def withdraw(args: argparse.Namespace) -> int:
    print(withdrawn_line(_pbem(args).withdraw(args.name, args.exchange, args.reason)))
    return 0


def keygen_command(args: argparse.Namespace) -> int:
    print(keygen(args.side, args.dir))
    return 0


def exchanges(args: argparse.Namespace) -> int:
    for line in _pbem(args).exchange_lines(args.name):
        print(line)
    return 0


def verify_path(args: argparse.Namespace) -> int:
    """`campaign verify FILE [NAME]`: check a turn file (and re-run it on NAME if given)."""
    report = _pbem(args).verify_file(_read(args.name), source=args.name)
    for note in report.notes:
        print(f"note: {note}")
    if report.problems:
        for problem in report.problems:
            print(f"campaign: {problem}", file=sys.stderr)
        return EXIT_ERROR
    for line in report.lines():
        print(line)
    return EXIT_OK if report.complete else EXIT_INCOMPLETE
