"""Handlers of `campaign demo` and `campaign tui [NAME]` (registered by ``campaign.cli.tui``):
open the terminal UI, creating the bundled demo campaign first if ``demo`` needs it."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path

from campaign.cli.errors import EXIT_ERROR
from campaign.cli.handlers.common import open_service
from campaign.rules.errors import CampaignError
from campaign.rules.ids import Side
from campaign.tui.app import create_app
from campaign.tui.demo import DEMO_NAME, SEED_NAME, demo_exists, ensure_demo
from campaign.tui.keymap import default_keymap_path

#: Terminals that cannot draw the full-screen UI (no cursor addressing): refused with advice.
DUMB_TERMINALS = frozenset({"dumb", "unknown"})


def demo_command(db: str | None) -> str:
    """The command that opens the demo again: ``campaign demo`` with the ``--db`` given (issue
    44 item 4: it said ``campaign demo`` alone, which opens another database). A password in
    the URL is not echoed: ``PASSWORD`` stands in its place."""
    if not db:
        return "campaign demo"
    shown = db
    scheme, sep, rest = db.partition("://")
    credentials, at, host = rest.rpartition("@")
    if sep and at and ":" in credentials:
        user = credentials.split(":", 1)[0]
        shown = f"{scheme}://{user}:PASSWORD@{host}"
    return f"campaign demo --db {shlex.quote(shown)}"


def dumb_terminal_refusal() -> str | None:
    """Why the full-screen UI is not opened on this terminal, or ``None`` (issue 44 item 4:
    ``TERM=dumb`` drew it anyway, as escape codes)."""
    term = os.environ.get("TERM", "")
    if term.lower() not in DUMB_TERMINALS:
        return None
    return (
        f"campaign: TERM={term} cannot draw the full-screen terminal UI; set TERM (e.g. "
        "TERM=xterm-256color) in a terminal that has cursor control, or use the commands "
        '(campaign status NAME, campaign order NAME "ORDER", campaign help)'
    )


def missing_keymap_refusal(keymap: Path | None) -> str | None:
    """Why the UI is not opened with ``--keymap FILE``, or ``None``: a keymap file named on the
    line that is not there (a typo in its name) was read as an empty keymap, silently, while the
    default file may well be absent (docs/tui.md, "Keymap")."""
    if keymap is None or keymap.exists() or keymap.is_symlink():
        return None
    return (
        f"campaign: {keymap}: no such keymap file; give the path of an existing file, or leave "
        f"--keymap out to use {default_keymap_path()} (docs/tui.md, Keymap)"
    )


def _run(args: argparse.Namespace, open_campaign: str | None, *, demo: bool) -> int:
    refusal = None if demo and args.create_only else dumb_terminal_refusal()
    if refusal is None and not (demo and args.create_only):
        refusal = missing_keymap_refusal(args.keymap)
    if refusal is not None:  # before anything is created or opened
        print(refusal, file=sys.stderr)
        return EXIT_ERROR
    try:
        service = open_service(args)  # a migration is said, left after the UI closes
        if demo:
            if not demo_exists(service):
                print(
                    f"creating the demo campaign {DEMO_NAME!r} from {SEED_NAME} "
                    "(once, a few seconds)...",
                    file=sys.stderr,
                )
                ensure_demo(service)
            if args.create_only:
                print(
                    f"demo campaign {DEMO_NAME!r} is ready; open it with: {demo_command(args.db)}"
                )
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
    side = Side(args.side) if getattr(args, "side", None) else None
    if side is None and open_campaign is not None:  # a player's own database: his screen
        side = service.reader(open_campaign, None)
    app = create_app(
        args.keymap,
        service=service,
        open_campaign=open_campaign,
        side=side,
        table=getattr(args, "table", False),
        one_campaign=getattr(args, "one_campaign", False),
    )
    app.run()
    return app.return_code or 0  # 1 when the screen ended on an error (found by use)


def demo(args: argparse.Namespace) -> int:
    return _run(args, None, demo=True)


def tui(args: argparse.Namespace) -> int:
    if args.table and args.name is None:
        print(
            "campaign: --table shows one campaign: give its NAME (campaign tui NAME --table)",
            file=sys.stderr,
        )
        return EXIT_ERROR
    return _run(args, args.name, demo=False)
