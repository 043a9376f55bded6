"""Handlers of `campaign scenario list|perft|solve` (registered by ``campaign.cli.scenario``):
the list of scenario games, and the hand-over of a verb's remaining arguments to the game's own
``cli_perft`` / ``cli_solve`` (the game module itself is imported by ``scenarios.registry``)."""

from __future__ import annotations

import argparse
import sys

from campaign.userfiles import FileRefusedError
from scenarios import registry
from scenarios.protocol import DamagedDataError


def list_games(args: argparse.Namespace) -> int:
    for entry in registry.SCENARIOS:
        print(f"{entry.name:16} {entry.title}")
    return 0


def dispatch(args: argparse.Namespace) -> int:
    try:
        entry = registry.find(args.game)
    except KeyError as error:
        print(f"campaign scenario: {error.args[0]}", file=sys.stderr)
        return 2
    handler = getattr(entry.load(), f"cli_{args.verb_name}", None)
    if handler is None:
        print(f"campaign scenario: {entry.name} has no {args.verb_name} command", file=sys.stderr)
        return 2
    try:
        return int(handler(list(args.rest)) or 0)
    except (DamagedDataError, FileRefusedError) as error:  # one line, never a traceback
        print(f"campaign scenario: {error}", file=sys.stderr)
        return 1
