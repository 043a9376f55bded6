"""`campaign opening|audit`: the audit of a fair campaign's joint shuffle (ADR 0028).

At the end of the game, or on dispute, each player publishes his shuffle secrets with
``campaign opening NAME -o FILE`` and sends the file to the other, who runs ``campaign audit
NAME FILE``: every pass of the shuffle is recomputed from both openings, and the first that
does not follow names the side that did not shuffle honestly. An opening tells every
face-down kind to whoever holds both: publish it only when the game is over or disputed.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from campaign.cli.errors import add_db_option, lazy, output_file
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.fair"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the commands of the shuffle's audit."""
    opening = add_command(
        subparsers,
        "opening",
        summary="fair mode: publish your shuffle secrets for the audit (game over or dispute)",
        description="Write this side's secrets of the joint shuffle (permutations, mask, a key "
        "per card) for the other player's `campaign audit`. With both openings "
        "every face-down kind is known: send it only when the game is over or "
        "disputed (docs/adr/0028-fair-play-by-e-mail.md).",
        examples=[
            "campaign opening duel -o solomani-opening.json",
            "campaign opening duel -o solomani-opening.json --mid-game",
        ],
    )
    opening.add_argument("name", help="campaign name")
    opening.add_argument(
        "-o",
        "--output",
        required=True,
        type=output_file,
        metavar="FILE",
        help="file to write ('-' = stdout; a file is made readable by you alone)",
    )
    opening.add_argument(
        "--mid-game",
        action="store_true",
        help="publish it before the game has ended (a dispute): it tells the "
        "other player every face-down kind not yet revealed",
    )
    add_db_option(opening)
    opening.set_defaults(func=lazy(HANDLERS, "opening"))

    audit = add_command(
        subparsers,
        "audit",
        summary="fair mode: check a game's files (or the shuffle with the other's opening)",
        description="`campaign audit FILES...`: an umpire's audit of a fair game on its turn "
        "files and records alone (`campaign dispute`, the complaint an import "
        "writes), no database: every file must be signed by its sender; the "
        "passes' proofs, the shares, the reveals and the shares owed are checked "
        "again, and the side that cheated or stopped after learning a card is "
        "named, with the file, pass and card (exit status 1). `campaign audit NAME "
        "OPENING`: recompute every pass of the joint shuffle from your secrets and "
        "the other player's opening (`campaign opening`).",
        examples=[
            "campaign audit complaint.json --keys umpire-keys/",
            "campaign audit turn-*.json --keys umpire-keys/",
            "campaign audit duel aslan-opening.json",
        ],
    )
    audit.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="turn files and records; or NAME OPENING (a campaign and the other side's opening)",
    )
    audit.add_argument(
        "--keys",
        type=Path,
        metavar="DIR",
        help="folder of both players' public keys (aslan.pub, solomani.pub); "
        "default: $CAMPAIGN_PBEM_KEYS, then your keys home",
    )
    add_db_option(audit)
    audit.set_defaults(func=lazy(HANDLERS, "audit"))

    dispute = add_command(
        subparsers,
        "dispute",
        summary="fair mode: a signed record of every file exchanged, for an umpire",
        description="When the other player stopped answering (after his machine could open a "
        "card, say): write every file exchanged, each signed by its sender, in a "
        "record signed by you; `campaign audit RECORD` names who owes the next "
        'file and what it could open (docs/turn-files.md, "Attributable play").',
        examples=['campaign dispute duel -o duel-dispute.json --reason "no answer since file 7"'],
    )
    dispute.add_argument("name", help="campaign name")
    dispute.add_argument(
        "-o",
        "--output",
        required=True,
        type=output_file,
        metavar="FILE",
        help="file to write ('-' = stdout)",
    )
    dispute.add_argument("--reason", required=True, help="what happened, in one line")
    dispute.add_argument(
        "--sign",
        type=Path,
        metavar="KEYFILE",
        help="Ed25519 private key your files were signed with (default: SIDE.key in the keys "
        "home, fair mode's key)",
    )
    add_db_option(dispute)
    dispute.set_defaults(func=lazy(HANDLERS, "dispute"))
