"""`campaign demo` and `campaign tui [NAME]`: open the terminal UI.

``campaign demo`` creates the bundled demo campaign in the database the first time (the
standard seed game played up to Aslan's First Movement of game turn 1) and opens it;
``campaign demo --create-only`` stops after creating it (scripts, CI, a server without a terminal).
``campaign tui`` opens the launcher, or the campaign ``NAME`` directly. Both take ``--db URL``
(default ``$CAMPAIGN_DB_URL`` or SQLite in the user's data directory) and ``--keymap FILE``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from campaign.cli.errors import EXIT_ERROR, add_db_option
from campaign.cli.helptext import add_command
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``demo`` and ``tui`` commands."""
    demo = add_command(
        subparsers, "demo", summary="open the TUI on the bundled demo campaign",
        description="Open the terminal UI on the demo campaign (the standard seed game played "
                    "to Aslan's First Movement), creating it the first time. F1 shows the "
                    "keys, Ctrl+Q quits.",
        examples=["campaign demo", "campaign demo --create-only"])
    tui = add_command(
        subparsers, "tui", summary="open the TUI: the launcher, or campaign NAME",
        description="Open the terminal UI: the launcher (campaigns and scenario games), or "
                    "campaign NAME directly. F1 shows the keys, Ctrl+Q quits.",
        examples=["campaign tui", "campaign tui war", "campaign tui war --side aslan",
                  "campaign tui war --keymap my-keys.toml"])
    demo.add_argument("--create-only", action="store_true",
                      help="create the demo campaign if missing, then exit without the TUI")
    tui.add_argument("name", nargs="?", help="campaign to open directly")
    tui.add_argument("--side", choices=["aslan", "solomani"],
                     help="a player's screen: only that side's view and orders, face-down "
                          "neutrals hidden as in every --side view (default: the referee's)")
    for parser in (demo, tui):
        add_db_option(parser)
        parser.add_argument("--keymap", type=Path, metavar="FILE",
                            help="key remapping file (default: keymap.toml in the config dir)")
    demo.set_defaults(func=_demo)
    tui.set_defaults(func=_tui)


def _run(args: argparse.Namespace, open_campaign: str | None, *, demo: bool) -> int:
    from campaign.app import CampaignService
    from campaign.tui.app import create_app

    try:
        service = CampaignService(db_url=args.db)
        if demo:
            from campaign.tui.demo import DEMO_NAME, SEED_NAME, demo_exists, ensure_demo

            if not demo_exists(service):
                print(f"creating the demo campaign {DEMO_NAME!r} from {SEED_NAME} "
                      "(once, a few seconds)...", file=sys.stderr)
                ensure_demo(service)
            if args.create_only:
                print(f"demo campaign {DEMO_NAME!r} is ready; open it with: campaign demo")
                return 0
            open_campaign = DEMO_NAME
        elif open_campaign is not None:
            service.store.campaign(open_campaign)
    except CampaignError as error:
        print(f"campaign: {error.message}", file=sys.stderr)
        return EXIT_ERROR
    except OSError as error:  # e.g. the seed game file missing from an unusual install
        print(f"campaign: cannot create the demo: {error}", file=sys.stderr)
        return EXIT_ERROR
    side = getattr(args, "side", None)
    create_app(args.keymap, service=service, open_campaign=open_campaign,
               side=Side(side) if side else None).run()
    return 0


def _demo(args: argparse.Namespace) -> int:
    return _run(args, None, demo=True)


def _tui(args: argparse.Namespace) -> int:
    return _run(args, args.name, demo=False)
