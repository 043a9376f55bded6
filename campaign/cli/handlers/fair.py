"""Handlers of `campaign opening|audit|dispute` (registered in ``campaign.cli.fair``; ADR 0028)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from campaign.app.mail import PbemService, keys_dir
from campaign.app.mail.fair import MAX_OPENING_BYTES, FairMail
from campaign.app.mail.keys import keys_home, peer_dir
from campaign.app.mail.umpire import audit_files, public_decks, refuse_replacing
from campaign.cli.errors import EXIT_ERROR
from campaign.cli.handlers.common import open_service
from campaign.userfiles import StagedFile, parse_json, read_bounded

if TYPE_CHECKING:
    from campaign.app import CampaignService

#: Largest turn file or record read by the audit (a record holds a whole game's files).
MAX_RECORD_BYTES = 64 << 20


def _fair(args: argparse.Namespace) -> FairMail:
    return PbemService(open_service(args)).fair


def _write(
    args: argparse.Namespace, service: CampaignService, text: str, what: str, *, private: bool
) -> bool:
    """``text`` written to ``-o FILE`` (staged, renamed), refused before anything is written
    when FILE is the campaign's own database (``Campaigns.refuse_own_files``) or a file the
    write would lose (``umpire.refuse_replacing``: only an empty file or this side's own
    opening or record of the campaign is written over). ``-o -`` is standard output, as for
    `export` (found by use, December 7, late night: `dispute -o -` wrote a file named `-`);
    False then, and nothing else is printed."""
    if args.output == "-":
        sys.stdout.write(text)
        return False
    path = Path(args.output)
    service.refuse_own_files(path, args.name, what)
    own = PbemService(service).own_side(args.name)
    refuse_replacing(path, args.name, own.value if own is not None else None, what)
    StagedFile.write(path, text.encode("utf-8"), private=private).commit()
    return True


def opening(args: argparse.Namespace) -> int:
    service = open_service(args)
    text = PbemService(service).fair.opening(args.name, mid_game=args.mid_game)
    if not _write(args, service, text, "opening", private=True):
        return 0
    print(
        f"{args.output}: the opening of your shuffle secrets for {args.name!r}, readable by "
        "you alone; it reveals every face-down kind to whoever holds the other side's too: "
        "send it only to the other player (or an umpire) when the game is over or disputed"
    )
    return 0


def audit(args: argparse.Namespace) -> int:
    """`campaign audit NAME OPENING` (the shuffle, with both openings), or `campaign audit
    FILES...` (turn files and records alone, no database: issue 42 item 4)."""
    given = args.files
    if len(given) == 2 and not Path(given[0]).exists():
        data = read_bounded(Path(given[1]), MAX_OPENING_BYTES, "shuffle opening")
        print(_fair(args).audit(given[0], data, given[1]))
        return 0
    inputs = [
        (name, read_bounded(Path(name), MAX_RECORD_BYTES, "turn file or record")) for name in given
    ]
    folders = [args.keys] if args.keys is not None else _key_folders(inputs)
    report = audit_files(inputs, folders, public_decks())
    for line in report.lines():
        print(line)
    return EXIT_ERROR if report.finding is not None else 0


def _key_folders(inputs: list[tuple[str, bytes]]) -> list[Path]:
    """Without --keys: ``$CAMPAIGN_PBEM_KEYS``, then the keys home's folder of each campaign
    named in the inputs, then the keys home (the player's own public keys)."""
    home = keys_home()
    folders = [path] if (path := keys_dir()) is not None else []
    for _, data in inputs:
        try:
            raw = parse_json(data)
        except ValueError:  # no JSON, too deep, not UTF-8: the audit then says which
            continue
        body = raw.get("body") if isinstance(raw, dict) else None
        name = body.get("campaign") if isinstance(body, dict) else None
        name = name or ((body or {}).get("header") or {}).get("campaign_id")
        if isinstance(name, str):
            folders.append(peer_dir(home, name))
    return [*folders, home]


def dispute(args: argparse.Namespace) -> int:
    service = open_service(args)
    text = PbemService(service).dispute(args.name, args.reason, args.sign)
    if not _write(args, service, text, "record", private=False):
        return 0
    print(
        f"{args.output}: every file exchanged in {args.name!r}, each signed by its sender, "
        f"in a record signed by you: send it to an umpire (`campaign audit {args.output} "
        "--keys DIR`, DIR holding both players' public keys)"
    )
    return 0
