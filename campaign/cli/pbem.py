"""`campaign export|import|resolve|keygen|exchanges` and `campaign verify FILE`: play by e-mail.

See docs/turn-files.md. Every command takes ``--db URL``; import, resolve and verify take
``--keys DIR`` (default ``$CAMPAIGN_PBEM_KEYS``) holding the other side's ``SIDE.pub``.
Failures print one line naming the file and the problem and exit 1; nothing is changed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from campaign.cli.errors import (
    EXIT_ERROR,
    add_db_option,
    add_turn_file_options,
    guard,
)
from campaign.cli.helptext import add_command
from campaign.cli.report import print_story
from campaign.rules.ids import Side

if TYPE_CHECKING:
    from campaign.app.mail import PbemService


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the play-by-e-mail commands."""
    export = add_command(
        subparsers, "export", summary="write a turn file for the other player",
        description="Write the orders given since the last exchange as a turn file for the "
                    "other player (docs/turn-files.md): JSON, or ASCII armour for an e-mail "
                    "body; optionally signed, with your side's map beside it.",
        examples=["campaign export war --side aslan -o turn-1.json",
                  "campaign export war --side aslan -o turn-1.txt --sign keys/aslan.key --map",
                  "campaign export war --again 1 -o turn-1.json"])
    export.add_argument("name", help="campaign name")
    export.add_argument("--side", choices=["aslan", "solomani"],
                        help="the side sending the file: yours (default: the side this "
                             "database plays, once recorded; not with --again)")
    export.add_argument("-o", "--output", required=True, metavar="FILE",
                        help="file to write ('-' = stdout)")
    export.add_argument("--armour", action="store_true",
                        help="ASCII armour for an e-mail body (default for .txt/.asc or '-')")
    export.add_argument("--again", type=int, metavar="N",
                        help="write file N again, byte for byte, from the database")
    export.add_argument("--sign", type=Path, metavar="KEYFILE", help="Ed25519 private key")
    export.add_argument("--map", action="store_true",
                        help="also write your side's map picture beside the file (FILE.svg)")
    _common(export)
    export.set_defaults(func=guard(_export))

    imp = add_command(
        subparsers, "import", summary="check and apply the other player's turn file",
        description="Check the other player's turn file (hashes, signature, dice) and re-run "
                    "its orders on this campaign; a file that does not match changes nothing. "
                    "Prints what happened, as your side may see it.",
        examples=["campaign import war turn-1.json --keys keys/",
                  "campaign import war - < mail-body.txt"])
    imp.add_argument("name", help="campaign name")
    imp.add_argument("file", help="turn file, JSON or armoured ('-' = stdin)")
    imp.add_argument("--accept-dice", choices=["commit-reveal", "seeded"], metavar="MODE",
                     help="first file only: accept its dice mode although this campaign was "
                          "created with another (commit-reveal or seeded)")
    _common(imp)
    imp.set_defaults(func=guard(_import))

    resolve = add_command(
        subparsers, "resolve", summary="crossed files: keep the other side's file, drop ours "
                                       "(logged)",
        description="Both players sent a file from the same event (crossed files): keep the "
                    "other side's file and drop your own events after the fork; the decision "
                    "is logged with the reason.",
        examples=["campaign resolve war turn-4-solomani.json --reason 'crossed mails'"])
    resolve.add_argument("name", help="campaign name")
    resolve.add_argument("file", help="the other side's turn file ('-' = stdin)")
    resolve.add_argument("--reason", required=True, help="why, quoted (kept in the log)")
    _common(resolve)
    resolve.set_defaults(func=guard(_resolve))

    withdraw = add_command(
        subparsers, "withdraw",
        summary="take back your last file, which the other player refused (logged)",
        description="Take back the last file you sent when the other player refused it: its "
                    "orders become unsent again and the next export is file N again, with the "
                    "same dice commitment (docs/turn-files.md). Only when the other side really "
                    "did not import it.",
        examples=['campaign withdraw war 7 --reason "solomani refused file 7: wrong side"'])
    withdraw.add_argument("name", help="campaign name")
    withdraw.add_argument("exchange", type=int, metavar="N", help="the number of the file")
    withdraw.add_argument("--reason", required=True,
                          help="why the file is taken back (logged)")
    _common(withdraw)
    withdraw.set_defaults(func=guard(_withdraw))

    keygen = add_command(
        subparsers, "keygen", summary="make an Ed25519 key pair SIDE.key/SIDE.pub",
        description="Make a key pair for signing turn files: keep SIDE.key, send SIDE.pub to "
                    "the other player (needs the pbem extra).",
        examples=["campaign keygen aslan --dir keys/"])
    keygen.add_argument("side", choices=["aslan", "solomani"], help="your side")
    keygen.add_argument("--dir", type=Path, required=True,
                        help="directory for SIDE.key and SIDE.pub (made if missing)")
    keygen.set_defaults(func=guard(_keygen))

    log = add_command(
        subparsers, "exchanges", summary="turn files sent and received, fork decisions",
        description="The turn files this database sent and received for a campaign, with "
                    "their events and body hashes, and every crossed-file decision.",
        examples=["campaign exchanges war"])
    log.add_argument("name", help="campaign name")
    _common(log)
    log.set_defaults(func=guard(_exchanges))


def _common(parser: argparse.ArgumentParser) -> None:
    add_db_option(parser)
    add_turn_file_options(parser)


def _pbem(args: argparse.Namespace) -> PbemService:
    """The play-by-e-mail use cases on ``--db``, with ``--keys`` (or ``$CAMPAIGN_PBEM_KEYS``),
    ``--allow-referee``, ``--accept-dice`` and ``--as`` as given (imported here so that
    ``campaign --help`` needs no database code)."""
    from campaign.app import CampaignService
    from campaign.app.mail import PbemService, keys_dir

    side = getattr(args, "as_side", None)
    return PbemService(CampaignService(db_url=getattr(args, "db", None)),
                       keys_dir(getattr(args, "keys", None)),
                       allow_referee=getattr(args, "allow_referee", False),
                       accept_dice=getattr(args, "accept_dice", None),
                       side=Side(side) if side else None)


def _read(path: str) -> bytes:
    """A turn file's bytes ('-' = stdin), bounded before anything is parsed."""
    from campaign.app.mail import read_turn_file, read_turn_stream

    return read_turn_stream(sys.stdin.buffer) if path == "-" else read_turn_file(Path(path))


def _export(args: argparse.Namespace) -> int:
    """Write the file (recorded only once written, docs/turn-files.md), then the side map
    beside it if asked for, then say what was written."""
    pbem = _pbem(args)
    side_map = None
    if args.again is not None:
        if args.side is not None or args.sign is not None or args.map:
            raise ValueError("--again writes a recorded file as it was: no --side, --sign or "
                             "--map")
        side = None
    else:
        side = Side(args.side) if args.side is not None else pbem.own_side(args.name)
        if side is None:
            raise ValueError("export needs --side aslan|solomani (the side you play; recorded "
                             "with this first file), or --again N")
        args.side = side.value
        # the map is drawn first: a failure exports nothing
        side_map = _side_map(args, pbem) if args.map else None
    to = sys.stdout if args.output == "-" else Path(args.output)
    made = pbem.export_file(args.name, side, to, armoured=args.armour, sign_with=args.sign,
                            again=args.again)
    if side_map is not None:
        side_map()
    if args.output != "-":
        print(made.line(args.output, again=args.again is not None))
    return 0


def _side_map(args: argparse.Namespace, pbem: PbemService) -> Callable[[], None]:
    """Draw the sender's side view now; the returned call writes it beside the turn file
    (``FILE.svg``, for attaching to the e-mail; docs/maps.md) once the export succeeded."""
    from campaign.app.pictures import campaign_svg, picture_beside
    from campaign.render.output import save_picture

    if args.output == "-":
        raise ValueError("--map needs -o FILE: the picture is written beside the turn file")
    path = picture_beside(Path(args.output))
    svg = campaign_svg(pbem.service, args.name, side=Side(args.side))

    def write() -> None:
        save_picture(svg, path)
        print(f"{path}: map of {args.name} as {args.side} sees it")

    return write


def _import(args: argparse.Namespace) -> int:
    done = _pbem(args).import_turn(args.name, _read(args.file), source=args.file)
    print(done.line(args.file))
    for note in done.notes:
        print(f"note: {note}")
    # read by the importing player: the other side's view (face-down neutrals hidden, DN-NEU-1)
    print_story(done.story)
    return 0


def _resolve(args: argparse.Namespace) -> int:
    done = _pbem(args).resolve_crossed(args.name, _read(args.file), args.reason,
                                       source=args.file)
    print(done.resolved_line(args.file))
    return 0


def _withdraw(args: argparse.Namespace) -> int:
    from campaign.app.mail import withdrawn_line

    print(withdrawn_line(_pbem(args).withdraw(args.name, args.exchange, args.reason)))
    return 0


def _keygen(args: argparse.Namespace) -> int:
    from campaign.app.mail import keygen

    print(keygen(args.side, args.dir))
    return 0


def _exchanges(args: argparse.Namespace) -> int:
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
    header = report.header
    assert header is not None
    print(f"{args.name}: valid turn file {header.exchange} from {header.side.value} for "
          f"{header.campaign_id!r}, events {header.base_seq + 1}-{header.head_seq}")
    return 0
