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
from campaign.rules.suggest import by_beginning, did_you_mean

EXIT_OK = 0
EXIT_ERROR = 1
#: ``campaign verify FILE``: nothing wrong was found, but not every check could be made (the
#: file's campaign is not in this database, so its orders were not re-run).
EXIT_INCOMPLETE = 3

#: What a command runs: the parsed arguments in, the process exit code out.
HandlerFunction = Callable[[argparse.Namespace], int]

#: The ``--side`` / ``--as`` choices (the values of ``campaign.rules.ids.PLAYER_SIDES``).
SIDE_CHOICES = ("aslan", "solomani")
#: Who gives orders, for ``log --by`` (the values of ``campaign.rules.ids.ORDER_GIVERS``).
GIVER_CHOICES = (*SIDE_CHOICES, "referee")


def side_names(names: tuple[str, ...]) -> str:
    """How the help says which forms of a side's name an option takes."""
    return f"{', '.join(names[:-1])} or {names[-1]}, or any beginning of one (sol), any case"


def side_type(names: tuple[str, ...] = SIDE_CHOICES) -> Callable[[str], str]:
    """The one reader of a side's name for every option and argument that takes one: the
    name or any unique beginning of it, in any case (``by_beginning``); argparse refuses
    anything else with one line naming the forms it takes. Options keep ``choices=names``
    (the full names, checked after this reading) for the help and Tab completion."""

    def side(text: str) -> str:
        full = by_beginning(text, names)
        if full is None:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a side: {side_names(names)}{did_you_mean(text, names)}"
            )
        return full

    return side


def add_side_argument(
    parser: argparse.ArgumentParser | argparse._MutuallyExclusiveGroup,
    *flags: str,
    help: str,
    names: tuple[str, ...] = SIDE_CHOICES,
    **options: Any,
) -> None:
    """An option (or positional argument) naming a side, read by ``side_type`` and with the
    accepted forms at the end of its ``help``."""
    metavar = options.pop("metavar", "SIDE")
    parser.add_argument(
        *flags,
        type=side_type(names),
        choices=names,
        metavar=metavar,
        help=f"{help}; {metavar}: {side_names(names)}",
        **options,
    )


def game_turn(text: str) -> int:
    """A game turn as an option gives it: a whole number from 0 (the set-up) on (DN-SEQ-1)."""
    try:
        turn = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a game turn: a whole number") from None
    if turn < 0:
        raise argparse.ArgumentTypeError(
            f"{turn} is not a game turn: they count from 0 (the set-up), then 1, 2, ... (DN-SEQ-1)"
        )
    return turn


#: What a path that names a folder ends with.
FOLDER_ENDS = ("/", "\\") if sys.platform == "win32" else ("/",)


def output_file(text: str) -> str:
    """A file an ``-o`` option writes, as typed (``-`` for standard output): not empty, and not
    ending in a separator, which names a folder (found by use, December 7, late night:
    ``export -o x.json/`` wrote the file ``x.json``, and ``-o ''`` was refused as the current
    folder)."""
    if not text:
        raise argparse.ArgumentTypeError("an empty file name: name the file to write")
    if text != "-" and text.endswith(FOLDER_ENDS):
        raise argparse.ArgumentTypeError(f"{text!r} names a folder: name the file to write")
    return text


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
    add_side_argument(
        parser,
        "--side",
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
    add_side_argument(
        parser,
        "--as",
        dest="as_side",
        help="the side YOU play: needed with the first file, recorded for good",
    )
    parser.add_argument(
        "--allow-referee",
        action="store_true",
        help="accept referee orders in the other player's file (agreed ones)",
    )
