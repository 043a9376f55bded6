"""Handlers of `campaign opening|audit` (registered in ``campaign.cli.fair``; ADR 0028)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from campaign.app import CampaignService
from campaign.app.mail import PbemService
from campaign.app.mail.fair import MAX_OPENING_BYTES, FairMail
from campaign.userfiles import StagedFile, read_bounded


def _fair(args: argparse.Namespace) -> FairMail:
    return PbemService(CampaignService(db_url=getattr(args, "db", None))).fair


def opening(args: argparse.Namespace) -> int:
    text = _fair(args).opening(args.name, mid_game=args.mid_game)
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    StagedFile.write(Path(args.output), text.encode("utf-8"), private=True).commit()
    print(f"{args.output}: the opening of your shuffle secrets for {args.name!r}, readable by "
          "you alone; it reveals every face-down kind to whoever holds the other side's too: "
          "send it only to the other player (or an umpire) when the game is over or disputed")
    return 0


def audit(args: argparse.Namespace) -> int:
    data = read_bounded(Path(args.file), MAX_OPENING_BYTES, "shuffle opening")
    print(_fair(args).audit(args.name, data, args.file))
    return 0
