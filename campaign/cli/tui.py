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

from campaign.cli.errors import add_db_option, add_side_argument, lazy
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.tui"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``demo`` and ``tui`` commands."""
    demo = add_command(
        subparsers,
        "demo",
        summary="open the TUI on the bundled demo campaign",
        description="Open the terminal UI on the demo campaign (the standard seed game played "
        "to Aslan's First Movement), creating it the first time. F1 shows the "
        "keys, Ctrl+Q quits.",
        examples=["campaign demo", "campaign demo --create-only"],
    )
    tui = add_command(
        subparsers,
        "tui",
        summary="open the TUI: the launcher, or campaign NAME",
        description="Open the terminal UI: the launcher (campaigns and scenario games), or "
        "campaign NAME directly. F1 shows the keys, Ctrl+Q quits.",
        examples=[
            "campaign tui",
            "campaign tui war",
            "campaign tui war --side aslan",
            "campaign tui war --keymap my-keys.toml",
        ],
    )
    demo.add_argument(
        "--create-only",
        action="store_true",
        help="create the demo campaign if missing, then exit without the TUI",
    )
    tui.add_argument("name", nargs="?", help="campaign to open directly")
    seat = tui.add_mutually_exclusive_group()
    add_side_argument(
        seat,
        "--side",
        help="a player's screen: only that side's view and orders, face-down "
        "neutrals hidden as in every --side view (default: the referee's)",
    )
    seat.add_argument(
        "--table",
        action="store_true",
        help="the public table view of campaign NAME: map, phase and last "
        "results as both sides may see them, no orders (a big screen)",
    )
    tui.add_argument(
        "--one-campaign",
        action="store_true",
        help="with NAME: q ends the program instead of going back to the campaign "
        "list (the browser seats of `campaign serve` run this way)",
    )
    for parser in (demo, tui):
        add_db_option(parser)
        parser.add_argument(
            "--keymap",
            type=Path,
            metavar="FILE",
            help="key remapping file (default: keymap.toml in the config dir)",
        )
    _register_serve(subparsers)
    demo.set_defaults(func=lazy(HANDLERS, "demo", guarded=False))
    tui.set_defaults(func=lazy(HANDLERS, "tui", guarded=False))


def _register_serve(subparsers: argparse._SubParsersAction) -> None:
    """``campaign serve NAME``: the live table in the browser (issue 43, docs/table.md)."""
    serve = add_command(
        subparsers,
        "serve",
        summary="serve campaign NAME to browsers: one link per seat",
        description="Serve campaign NAME to browsers and print one secret link per seat — the "
        "referee, each side, and the public table view — as text and QR codes. "
        "A link opens that seat's own screen; every screen stays current. Listens "
        "on this machine only unless --host is given. Ctrl+C stops the server and "
        "revokes the links.",
        examples=["campaign serve war", "campaign serve war --host 0.0.0.0 --port 8043"],
    )
    serve.add_argument("name", help="campaign to serve")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only; "
        "0.0.0.0: every network this machine is on)",
    )
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument(
        "--public-host",
        metavar="ADDRESS",
        help="the address the links name (default: --host, or this machine's "
        "network address when listening on all of them)",
    )
    serve.add_argument("--no-qr", action="store_true", help="print the links without QR codes")
    add_db_option(serve)
    serve.set_defaults(func=lazy("campaign.cli.handlers.serve", "serve", guarded=False))
