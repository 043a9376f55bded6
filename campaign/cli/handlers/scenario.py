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


def games_hint(parser: argparse.ArgumentParser) -> str:
    """``games: imperium-shogi, invector``: the scenario games that have the VERB of
    ``parser`` (``campaign scenario VERB``: their module offers ``cli_VERB``), for the error
    of a missing GAME."""
    verb = parser.get_default("verb_name")
    names = [entry.name for entry in registry.SCENARIOS if hasattr(entry.load(), f"cli_{verb}")]
    return f"games: {', '.join(names) or 'none'}"


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
