"""What every command module shares: exit codes, the one-line error guard and the ``--db`` option.

Expected failures print ``campaign: RULE-ID: sentence`` (or ``file:line: reason``) to stderr and
exit with status 1; usage problems exit with 2 (argparse). A traceback never reaches the user for
an expected failure. Command modules import from here and never from each other.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from campaign.rules.errors import CampaignError

if TYPE_CHECKING:
    from campaign.service import CampaignService

EXIT_OK = 0
EXIT_ERROR = 1

Handler = Callable[[argparse.Namespace], int]


def fail(message: str) -> int:
    """Print one error line the way every command does and return the error exit code."""
    print(f"campaign: {message}", file=sys.stderr)
    return EXIT_ERROR


def guard(handler: Handler) -> Handler:
    """Turn expected errors into one line on stderr and a non-zero exit code."""

    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except CampaignError as error:
            return fail(error.message)
        except ValueError as error:
            return fail(str(error))

    run.__doc__ = handler.__doc__
    return run


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """The ``--db URL`` option every campaign command takes."""
    parser.add_argument("--db", metavar="URL", help="SQLAlchemy database URL")


def open_service(args: argparse.Namespace) -> CampaignService:
    """The service on ``--db`` (imported here so ``campaign --help`` needs no database code)."""
    from campaign.service import CampaignService

    return CampaignService(db_url=getattr(args, "db", None))
