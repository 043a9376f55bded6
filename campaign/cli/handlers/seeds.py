"""Handlers of `campaign replay` and `campaign seeds` (registered by ``campaign.cli.play``): the
seed games, apart from the other play handlers because they load the seed-game code."""

from __future__ import annotations

import argparse
import sys
import textwrap

from campaign.app.seeds import (
    read_seed_game,
    record_seed,
    replay_seed,
    ruleset_of,
    seed_path,
    shipped_seeds,
    step_note,
)
from campaign.cli.errors import EXIT_ERROR
from campaign.cli.handlers.common import indent


def replay(args: argparse.Namespace) -> int:
    path = seed_path(args.file, record=args.record)
    shown = args.file
    try:
        game = read_seed_game(path)
    except ValueError as error:
        print(f"campaign: {error}", file=sys.stderr)
        return EXIT_ERROR
    if args.record:
        recorded = record_seed(game, path)
        print(f"{shown}: recorded {len(recorded.steps)} steps")
        return 0
    profile = ruleset_of(game).profile_hash
    if game.profile_hash and profile != game.profile_hash:
        print(
            f"campaign: {args.file}: warning: DN-DATA-4: recorded with another rules profile "
            f"({game.profile_hash[:12]}, now {profile[:12]}); digests may differ",
            file=sys.stderr,
        )
    results = replay_seed(game)
    for result in results:
        mark = "ok " if result.ok else "BAD"
        note = step_note(game, result)
        print(f"{mark} {result.index:4}  {result.order}  {note}".rstrip())
        for line in result.lines:
            print(indent(line, "           "))
    if not all(r.ok for r in results) or len(results) != len(game.steps) + 1:
        print(f"campaign: {shown}: replay diverged", file=sys.stderr)
        return EXIT_ERROR
    print(f"{shown}: {len(game.steps)} steps, every digest matches")
    return 0


def seeds(args: argparse.Namespace) -> int:
    for seed in shipped_seeds():
        print(f"{seed.name:22} {seed.layout} layout, {seed.steps} steps")
        for line in textwrap.wrap(seed.description, 76):
            print(f"    {line}")
    print("replay one with: campaign replay NAME")
    return 0
