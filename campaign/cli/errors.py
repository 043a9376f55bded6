"""What every command module shares: exit codes, the one-line error guard, the options several
commands take, and the lazy handler reference (ADR 0030).

A command module only registers its commands; its parsers set ``func`` to ``lazy(module,
name)``, a ``Handler`` that imports the handler module (``campaign.cli.handlers.*``) when the
command runs and calls the handler inside ``guard``. That import is the one place where the
command line defers loading: building the parser (``campaign --help``, every command) loads
argparse-level code only, and a command loads the use cases it needs and nothing else.

Expected failures print ``campaign: RULE-ID: sentence`` (or ``file:line: reason``) to stderr and
exit with status 1; usage problems exit with 2 (argparse). A traceback never reaches the user for
an expected failure. This module stays light: it is imported by every command module.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from campaign.rules.errors import CampaignError

EXIT_OK = 0
EXIT_ERROR = 1

#: What a command runs: the parsed arguments in, the process exit code out.
HandlerFunction = Callable[[argparse.Namespace], int]

#: The ``--side`` / ``--as`` choices (the values of ``campaign.rules.ids.PLAYER_SIDES``).
SIDE_CHOICES = ("aslan", "solomani")

#: Where the app layer tells a store failure as one line (``database_problem``).
STORE_FAILURES = "campaign.app.failures"


def fail(message: str) -> int:
    """Print one error line the way every command does and return the error exit code."""
    print(f"campaign: {message}", file=sys.stderr)
    return EXIT_ERROR


def guard(handler: HandlerFunction) -> HandlerFunction:
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
    """One line for a database failure, else None: the app layer's words
    (``campaign.app.failures``). The store is reached only through ``campaign.app``, which
    loads that module with itself; so if it is not loaded, the error cannot come from the
    store (and the command line never imports the store)."""
    failures = sys.modules.get(STORE_FAILURES)
    return None if failures is None else failures.database_problem(error)


class Lazy:
    """A function (or any attribute) named by its module and name, imported when it is first
    needed: how the command line names code it must not load before a command runs. (A plain
    class, not a dataclass: building a dataclass costs more than every command's parser.)"""

    __slots__ = ("module", "name")

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name

    def __repr__(self) -> str:
        return f"Lazy({self.module!r}, {self.name!r})"

    def resolve(self) -> Any:
        """The named attribute; its module is imported now if it was not already."""
        return getattr(importlib.import_module(self.module), self.name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Call the named function."""
        return self.resolve()(*args, **kwargs)


class Handler:
    """A command's handler, imported when the command runs and called inside ``guard`` (unless
    ``guarded`` is false: the handler reports its own failures)."""

    __slots__ = ("function", "guarded")

    def __init__(self, function: Lazy, guarded: bool = True) -> None:
        self.function = function
        self.guarded = guarded

    def __repr__(self) -> str:
        return f"Handler({self.function!r}, guarded={self.guarded})"

    def __call__(self, args: argparse.Namespace) -> int:
        """Run the command: the exit code."""
        function: HandlerFunction = self.function.resolve()
        return (guard(function) if self.guarded else function)(args)


def lazy(module: str, name: str, *, guarded: bool = True) -> Handler:
    """The handler ``name`` of the handler module ``module``, for ``set_defaults(func=...)``."""
    return Handler(Lazy(module, name), guarded)


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """The ``--db URL`` option every campaign command takes."""
    parser.add_argument(
        "--db",
        metavar="URL",
        help="database URL: sqlite:///PATH, or any SQLAlchemy URL (PostgreSQL)",
    )


def add_side_option(parser: argparse.ArgumentParser) -> None:
    """``--side aslan|solomani``: show what that player may see (DN-NEU-1); default referee."""
    parser.add_argument(
        "--side",
        choices=SIDE_CHOICES,
        help="act and look as that player: face-down neutrals hidden, only "
        "his own orders (default: the referee)",
    )


def add_turn_file_options(parser: argparse.ArgumentParser) -> None:
    """``--keys``, ``--allow-referee`` and ``--as``: what checking a turn file needs
    (``import``, ``resolve``, ``verify FILE``)."""
    parser.add_argument(
        "--keys",
        type=Path,
        metavar="DIR",
        help="directory with SIDE.pub files (default $CAMPAIGN_PBEM_KEYS); it must exist",
    )
    parser.add_argument(
        "--as",
        dest="as_side",
        choices=["aslan", "solomani"],
        metavar="SIDE",
        help="the side YOU play (aslan or solomani): needed with the first file, recorded for good",
    )
    parser.add_argument(
        "--allow-referee",
        action="store_true",
        help="accept referee orders in the other player's file (agreed ones)",
    )
