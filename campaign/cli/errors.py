"""What every command module shares: exit codes, the one-line error guard and the ``--db`` option.

Expected failures print ``campaign: RULE-ID: sentence`` (or ``file:line: reason``) to stderr and
exit with status 1; usage problems exit with 2 (argparse). A traceback never reaches the user for
an expected failure. Command modules import from here and never from each other.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from campaign.rules.errors import CampaignError

if TYPE_CHECKING:
    from campaign.app import CampaignService

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
        except Exception as error:
            problem = database_problem(error)
            if problem is None:
                raise
            return fail(problem)

    run.__doc__ = handler.__doc__
    return run


def database_problem(error: Exception) -> str | None:
    """One line for a database failure (read-only file, full disk, lost server), else None.

    The store writes in transactions, so such a failure changed nothing. The store's own
    drivers report ``DatabaseUnavailable`` / ``IntegrityViolation``; the PBEM ledger's SQLModel
    tables report SQLAlchemy errors, looked up only if SQLAlchemy is loaded already (if it is
    not, the error cannot come from it)."""
    from campaign.store.database import DatabaseUnavailable, IntegrityViolation

    exc = sys.modules.get("sqlalchemy.exc")
    if not isinstance(error, DatabaseUnavailable | IntegrityViolation) and (
            exc is None or not isinstance(error, exc.SQLAlchemyError)):
        return None
    detail = str(getattr(error, "orig", None) or error).strip().splitlines()
    reason = detail[0] if detail else type(error).__name__
    return f"the database refused the change: {reason}; nothing was changed"


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """The ``--db URL`` option every campaign command takes."""
    parser.add_argument("--db", metavar="URL",
                        help="database URL: sqlite:///PATH, or any SQLAlchemy URL (PostgreSQL)")


def add_turn_file_options(parser: argparse.ArgumentParser) -> None:
    """``--keys``, ``--allow-referee`` and ``--as``: what checking a turn file needs
    (``import``, ``resolve``, ``verify FILE``)."""
    parser.add_argument("--keys", type=Path, metavar="DIR",
                        help="directory with SIDE.pub files (default $CAMPAIGN_PBEM_KEYS); "
                             "it must exist")
    parser.add_argument("--as", dest="as_side", choices=["aslan", "solomani"], metavar="SIDE",
                        help="the side YOU play (aslan or solomani): needed with the first "
                             "file, recorded for good")
    parser.add_argument("--allow-referee", action="store_true",
                        help="accept referee orders in the other player's file (agreed ones)")


def open_service(args: argparse.Namespace) -> CampaignService:
    """The service on ``--db`` (imported here so ``campaign --help`` needs no database code)."""
    from campaign.app import CampaignService

    return CampaignService(db_url=getattr(args, "db", None))
