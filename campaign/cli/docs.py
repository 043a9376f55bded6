"""`campaign docs [NAME]`: the documents shipped with the tool, listed or shown.

The help texts name documents as ``docs/NAME.md``, files of the source; a wheel carries them as
``campaign.docs`` (``campaign.bundled``), so a user without the source reads them here. The
handler is in ``campaign.cli.handlers.docs`` (ADR 0030).
"""

from __future__ import annotations

import argparse

from campaign.cli.errors import lazy
from campaign.cli.helptext import add_command

HANDLERS = "campaign.cli.handlers.docs"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``docs`` command."""
    parser = add_command(
        subparsers,
        "docs",
        summary="the documents the help texts name (docs/NAME.md), listed or shown",
        description="Without NAME, list the documents shipped with the tool (the tutorial, "
        "the rules, turn files, seats, the decision records) and the folder holding them; "
        "with NAME, print that document, or with --path only where it is. A rule id that a "
        "refusal names (DN-DATA-4) prints that rule of the catalogue.",
        examples=[
            "campaign docs",
            "campaign docs tutorial",
            "campaign docs docs/turn-files.md",
            "campaign docs adr/0013 --path",
            "campaign docs DN-DATA-4",
        ],
    )
    parser.add_argument(
        "name",
        nargs="?",
        metavar="NAME",
        help="a document as the help texts name it (docs/turn-files.md, turn-files), an "
        "ADR by number (adr/0013) or a rule id (DN-DATA-4)",
    )
    parser.add_argument("--path", action="store_true", help="print only the document's path")
    parser.set_defaults(func=lazy(HANDLERS, "docs"))
