"""`campaign demo` and `campaign tui [NAME]`: open the terminal UI.

``campaign demo`` creates the bundled demo campaign in the database the first time (the
standard seed game played up to Aslan's First Movement of game turn 1) and opens it;
``campaign demo --create-only`` stops after creating it (scripts, CI, a server without a terminal).
``campaign tui`` opens the launcher, or the campaign ``NAME`` directly. Both take ``--db URL``
(default ``$CAMPAIGN_DB_URL`` or SQLite in the user's data directory) and ``--keymap FILE``.
The handlers are in ``campaign.cli.handlers.tui`` (ADR 0030).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from campaign.cli.errors import add_db_option, lazy
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.tui"


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
    demo.set_defaults(func=lazy(HANDLERS, "demo", guarded=False))
    tui.set_defaults(func=lazy(HANDLERS, "tui", guarded=False))
