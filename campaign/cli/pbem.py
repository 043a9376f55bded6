"""`campaign export|import|resolve|keygen|exchanges` and `campaign verify FILE`: play by e-mail.

See docs/turn-files.md. Every command takes ``--db URL``; import, resolve and verify take
``--keys DIR`` (default ``$CAMPAIGN_PBEM_KEYS``) holding the other side's ``SIDE.pub``.
Failures print one line naming the file and the problem and exit 1; nothing is changed. The
handlers are in ``campaign.cli.handlers.pbem`` (ADR 0030).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from campaign.cli.errors import (
    add_db_option,
    add_side_argument,
    add_turn_file_options,
    lazy,
    output_file,
)
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.pbem"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the play-by-e-mail commands."""
    export = add_command(
        subparsers,
        "export",
        summary="write a turn file for the other player",
        description="Write the orders given since the last exchange as a turn file for the "
        "other player (docs/turn-files.md): JSON, or ASCII armour for an e-mail "
        "body; optionally signed, with your side's map beside it.",
        examples=[
            "campaign export war --as aslan -o turn-1.json",
            "campaign export war -o turn-3.txt --sign keys/aslan.key --map",
            "campaign export war --again 1 -o turn-1.json",
        ],
    )
    export.add_argument("name", help="campaign name")
    add_side_argument(
        export,
        "--side",
        help="the side sending the file: yours (default: the side this "
        "database plays, once recorded; not with --again)",
    )
    export.add_argument(
        "-o",
        "--output",
        required=True,
        type=output_file,
        metavar="FILE",
        help="file to write ('-' = stdout)",
    )
    export.add_argument(
        "--armour",
        action="store_true",
        help="ASCII armour for an e-mail body (default for .txt/.asc or '-')",
    )
    export.add_argument(
        "--again",
        type=int,
        metavar="N",
        help="write file N again, byte for byte, from the database",
    )
    export.add_argument("--sign", type=Path, metavar="KEYFILE", help="Ed25519 private key")
    export.add_argument(
        "--map",
        action="store_true",
        help="also write your side's map picture beside the file (FILE.svg)",
    )
    _common(export)
    export.set_defaults(func=lazy(HANDLERS, "export"))

    imp = add_command(
        subparsers,
        "import",
        summary="check and apply the other player's turn file",
        description="Check the other player's turn file (hashes, signature, dice) and re-run "
        "its orders on this campaign; a file that does not match changes nothing. "
        "Prints what happened, as your side may see it.",
        examples=[
            "campaign import war turn-1.json --keys keys/",
            "campaign import war - < mail-body.txt",
        ],
    )
    imp.add_argument("name", help="campaign name")
    imp.add_argument("file", help="turn file, JSON or armoured ('-' = stdin)")
    imp.add_argument(
        "--accept-dice",
        choices=["commit-reveal", "seeded", "strict"],
        metavar="MODE",
        help="first file only: accept its dice mode although this campaign was "
        "created with another (commit-reveal, strict or seeded)",
    )
    _common(imp)
    imp.set_defaults(func=lazy(HANDLERS, "import_turn"))

    resolve = add_command(
        subparsers,
        "resolve",
        summary="crossed files: keep the other side's file, drop ours (logged)",
        description="Both players sent a file from the same event (crossed files): keep the "
        "other side's file and drop your own events after the fork; the decision "
        "is logged with the reason.",
        examples=["campaign resolve war turn-4-solomani.json --reason 'crossed mails'"],
    )
    resolve.add_argument("name", help="campaign name")
    resolve.add_argument("file", help="the other side's turn file ('-' = stdin)")
    resolve.add_argument("--reason", required=True, help="why, quoted (kept in the log)")
    _common(resolve)
    resolve.set_defaults(func=lazy(HANDLERS, "resolve"))

    withdraw = add_command(
        subparsers,
        "withdraw",
        summary="take back your last file, which the other player refused (logged)",
        description="Take back the last file you sent when the other player refused it: its "
        "orders become unsent again and the next export is file N again, with the "
        "same dice commitment (docs/turn-files.md). Only when the other side really "
        "did not import it.",
        examples=['campaign withdraw war 7 --reason "solomani refused file 7: wrong side"'],
    )
    withdraw.add_argument("name", help="campaign name")
    withdraw.add_argument("exchange", type=int, metavar="N", help="the number of the file")
    withdraw.add_argument("--reason", required=True, help="why the file is taken back (logged)")
    _common(withdraw)
    withdraw.set_defaults(func=lazy(HANDLERS, "withdraw"))

    keygen = add_command(
        subparsers,
        "keygen",
        summary="make an Ed25519 key pair SIDE.key/SIDE.pub",
        description="Make a key pair for signing turn files: keep SIDE.key, send SIDE.pub to "
        "the other player (needs the pbem extra).",
        examples=["campaign keygen aslan --dir keys/"],
    )
    add_side_argument(keygen, "side", help="your side")
    keygen.add_argument(
        "--dir",
        type=Path,
        required=True,
        help="directory for SIDE.key and SIDE.pub (made if missing)",
    )
    keygen.set_defaults(func=lazy(HANDLERS, "keygen_command"))

    log = add_command(
        subparsers,
        "exchanges",
        summary="turn files sent and received, fork decisions",
        description="The turn files this database sent and received for a campaign, with "
        "their events and body hashes, and every crossed-file decision.",
        examples=["campaign exchanges war"],
    )
    log.add_argument("name", help="campaign name")
    _common(log)
    log.set_defaults(func=lazy(HANDLERS, "exchanges"))


def _common(parser: argparse.ArgumentParser) -> None:
    add_db_option(parser)
    add_turn_file_options(parser)
