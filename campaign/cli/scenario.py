"""`campaign scenario list|perft|solve NAME ...`: entry points into the scenario games.

The game module parses its own options (``cli_perft``/``cli_solve`` receive the remaining
arguments), so each game can offer ``--depth``, ``--size``, ``--divide`` or ``--variant`` as it
needs without this module knowing about them. The handlers are in
``campaign.cli.handlers.scenario`` (ADR 0030).
"""

from __future__ import annotations

import argparse

from campaign.cli.errors import Lazy, lazy
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.scenario"

#: The verbs that hand their options to the game: name, summary, description, examples.
VERBS = (
    (
        "perft",
        "perft for a scenario game (options per game)",
        "Count the positions reachable in N plies from the start (move-generator check); the "
        "options after GAME belong to the game.",
        [
            "campaign scenario perft imperium-shogi --depth 4",
            "campaign scenario perft invector --help",
        ],
    ),
    (
        "solve",
        "solve for a scenario game (options per game)",
        "Solve a position or a whole small game exactly; the options after GAME belong to the "
        "game.",
        [
            "campaign scenario solve invector --size 4x3 --no-pie",
            "campaign scenario solve imperium-shogi --help",
        ],
    ),
)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``scenario`` command group."""
    parser = add_command(
        subparsers,
        "scenario",
        summary="scenario games: list, perft, solve",
        description="The scenario games' command-line tools (play them in the TUI: "
        "campaign tui). Each game has its own options: campaign scenario VERB "
        "GAME --help.",
        examples=["campaign scenario list", "campaign scenario solve invector --help"],
    )
    verbs = parser.add_subparsers(dest="verb", metavar="VERB", required=True)
    add_command(
        verbs,
        "list",
        summary="list the scenario games",
        description="List the scenario games: name and title.",
        examples=["campaign scenario list"],
    ).set_defaults(func=lazy(HANDLERS, "list_games", guarded=False))
    for verb, summary, description, examples in VERBS:
        verb_parser = add_command(
            verbs, verb, summary=summary, description=description, examples=examples
        )
        verb_parser.add_argument("game", help="scenario name, see `campaign scenario list`")
        rest = verb_parser.add_argument(
            "rest", nargs=argparse.REMAINDER, help="options of the game"
        )
        rest.required = False  # a game may take no options: never reported as missing
        verb_parser.set_defaults(
            func=lazy(HANDLERS, "dispatch", guarded=False),
            verb_name=verb,
            # the games that have the verb, named when GAME is missing (found by use)
            missing_hint=Lazy(HANDLERS, "games_hint"),
        )
