"""`campaign scenario list|perft|solve NAME ...`: entry points into the scenario games.

The game module parses its own options (``cli_perft``/``cli_solve`` receive the remaining
arguments), so each game can offer ``--depth``, ``--size``, ``--divide`` or ``--variant`` as it
needs without this module knowing about them.
"""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``scenario`` command group."""
    parser = subparsers.add_parser("scenario", help="scenario games: list, perft, solve")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    verbs.add_parser("list", help="list the scenario games").set_defaults(func=_list)
    for verb in ("perft", "solve"):
        verb_parser = verbs.add_parser(verb, help=f"{verb} for a scenario game (options per game)")
        verb_parser.add_argument("game", help="scenario name, see `campaign scenario list`")
        verb_parser.add_argument("rest", nargs=argparse.REMAINDER, help="options of the game")
        verb_parser.set_defaults(func=_dispatch, verb_name=verb)


def _list(args: argparse.Namespace) -> int:
    from scenarios import registry

    for entry in registry.SCENARIOS:
        print(f"{entry.name:16} {entry.title}")
    return 0


def _dispatch(args: argparse.Namespace) -> int:
    from scenarios import registry

    try:
        entry = registry.find(args.game)
    except KeyError as error:
        print(f"campaign scenario: {error.args[0]}", file=sys.stderr)
        return 2
    handler = getattr(entry.load(), f"cli_{args.verb_name}", None)
    if handler is None:
        print(f"campaign scenario: {entry.name} has no {args.verb_name} command", file=sys.stderr)
        return 2
    from campaign.userfiles import FileRefusedError
    from scenarios.protocol import DamagedDataError

    try:
        return int(handler(list(args.rest)) or 0)
    except (DamagedDataError, FileRefusedError) as error:  # one line, never a traceback
        print(f"campaign scenario: {error}", file=sys.stderr)
        return 1
