"""`campaign opening|audit`: the audit of a fair campaign's joint shuffle (ADR 0028).

At the end of the game, or on dispute, each player publishes his shuffle secrets with
``campaign opening NAME -o FILE`` and sends the file to the other, who runs ``campaign audit
NAME FILE``: every pass of the shuffle is recomputed from both openings, and the first that
does not follow names the side that did not shuffle honestly. An opening tells every
face-down kind to whoever holds both: publish it only when the game is over or disputed.
"""

from __future__ import annotations

import argparse

from campaign.cli.errors import add_db_option, lazy
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.fair"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the commands of the shuffle's audit."""
    opening = add_command(
        subparsers, "opening",
        summary="fair mode: publish your shuffle secrets for the audit (game over or dispute)",
        description="Write this side's secrets of the joint shuffle (permutations, mask, a key "
                    "per card) for the other player's `campaign audit`. With both openings "
                    "every face-down kind is known: send it only when the game is over or "
                    "disputed (docs/adr/0028-fair-play-by-e-mail.md).",
        examples=["campaign opening duel -o solomani-opening.json",
                  "campaign opening duel -o solomani-opening.json --mid-game"])
    opening.add_argument("name", help="campaign name")
    opening.add_argument("-o", "--output", required=True, metavar="FILE",
                         help="file to write ('-' = stdout; a file is made readable by you "
                              "alone)")
    opening.add_argument("--mid-game", action="store_true",
                         help="publish it before the game has ended (a dispute): it tells the "
                              "other player every face-down kind not yet revealed")
    add_db_option(opening)
    opening.set_defaults(func=lazy(HANDLERS, "opening"))

    audit = add_command(
        subparsers, "audit",
        summary="fair mode: check the joint shuffle with the other side's opening",
        description="Recompute every pass of the joint shuffle from your secrets and the other "
                    "player's opening (`campaign opening`): says the shuffle is sound, or "
                    "names the side whose pass does not follow from its opening.",
        examples=["campaign audit duel aslan-opening.json"])
    audit.add_argument("name", help="campaign name")
    audit.add_argument("file", help="the other side's opening")
    add_db_option(audit)
    audit.set_defaults(func=lazy(HANDLERS, "audit"))
