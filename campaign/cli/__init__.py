"""The `campaign` command line.

Each group of subcommands lives in its own module of this package that exposes
``register(subparsers)``; the module names are listed in ``COMMAND_MODULES``. A module that
holds a quick command (``QUICK_HOMES``) also takes ``register(subparsers, only=COMMAND)`` and
then adds that command alone. What the modules share (exit codes, the error guard, ``--db``)
is in ``campaign.cli.errors``; command modules never import each other's internals, so there
is no import circle. A command module is argparse
only: a registered command sets ``func`` on its parser to ``errors.lazy(module, name)``, which
imports its handler from ``campaign.cli.handlers`` when the command runs (ADR 0030);
``func(args) -> int`` returns the process exit code. Handlers print user-facing errors
themselves (``file:line: reason`` or ``RULE-ID: sentence``) and never let a traceback reach the
user for expected failures.
"""

from __future__ import annotations

import errno
import functools
import gc
import importlib
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from campaign import __version__
from campaign.bundled import BundledFilesMissing
from campaign.cli import lean_msgspec
from campaign.cli.helptext import TUTORIAL, CampaignParser

#: Allocations between two collections of the youngest generation in a long-running command.
GC_THRESHOLD = 10_000

#: Commands that can run for minutes or hours (screens, searches, solves): they keep the
#: cyclic garbage collector. Every other command is one short piece of work on one campaign.
LONG_RUNNING = frozenset({"tui", "demo", "scenario", "serve"})

#: The module that registers each quick command: its parser holds that command alone (the
#: modules listed before it cost 0.002 s of `campaign status`, the ten other commands of its own
#: module a little more; issue 47 item 2).
#: ``tests/engine/test_quick_commands.py`` checks each one against ``COMMAND_MODULES``.
QUICK_HOMES = {
    "status": "campaign.cli.play",
    "order": "campaign.cli.play",
    "completion": "campaign.cli.completion",
}

#: Commands that, run as the process's own command line, end the process as soon as their output
#: is flushed (``os._exit``) instead of letting the interpreter take down every module and object
#: they loaded: 0.02-0.03 s of CPU, a tenth of `campaign status` (issue 47 item 2, ADR 0051).
#: Each one has finished its work when its handler returns: its database connections closed,
#: its files written and renamed, no thread or child process left.
QUICK_EXIT = frozenset(QUICK_HOMES)

#: Modules that contribute subcommands, in the order they appear in ``--help``.
COMMAND_MODULES: tuple[str, ...] = (
    "campaign.cli.scenario",
    "campaign.cli.data",
    "campaign.cli.play",
    "campaign.cli.views",
    "campaign.cli.upkeep",
    "campaign.cli.systems",
    "campaign.cli.orders_file",
    "campaign.cli.income",
    "campaign.cli.maps",
    "campaign.cli.pbem",
    "campaign.cli.fair",
    "campaign.cli.tui",
    "campaign.cli.completion",
    "campaign.cli.docs",
)


@functools.lru_cache(maxsize=64)
def build_parser(command: str | None = None) -> CampaignParser:
    """The argument parser: every command module's commands, or with ``command`` only the
    modules up to the one that registers it, or for a quick command that command alone
    (``QUICK_HOMES``; building all of them costs a noticeable part of a quick command such as
    ``campaign status``; ``--help`` and unknown commands get them all).

    Built once per command word in a process: a parser keeps nothing of one ``parse_args`` for
    the next (no option has a mutable default), and a process that calls ``main`` many times
    (a script, the test suite: about 1,400 calls) spent ~20 ms rebuilding it each time."""
    parser = CampaignParser(
        prog="campaign",
        description="Referee and campaign tool for expanded Dark Nebula, plus scenario games.",
        epilog=f"New here? {TUTORIAL} (`campaign docs tutorial` prints it) walks through a "
        "first game from `campaign new` to income; `campaign demo` opens the terminal UI on a "
        "game in progress. Every command has examples: campaign COMMAND --help; every "
        "docs/NAME.md a help names: campaign docs NAME.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    if command in QUICK_HOMES:  # its module, asked for this command alone
        importlib.import_module(QUICK_HOMES[command]).register(subparsers, only=command)
        return parser
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).register(subparsers)
        if command is not None and command in subparsers.choices:
            break
    return parser


def command_word(argv: Sequence[str]) -> str | None:
    """The command named on the command line (its first word), or None when it starts with an
    option (``--help``, ``--version``) or is empty."""
    if not argv or argv[0].startswith("-"):
        return None
    return argv[0]


@contextmanager
def collector_for(command: str | None) -> Iterator[None]:
    """The cyclic garbage collector as ``command`` wants it, restored afterwards (tests call
    ``main`` in their own process).

    A command imports a few thousand classes and reads a whole event log, and the collector
    walks that growing heap again and again: about a fifth of `campaign status` (issue 15). A
    short command creates little cyclic garbage (reference counting frees the rest) and ends
    soon, so it runs without the collector; long-running ones keep it, collecting the youngest
    generation less often."""
    enabled, thresholds = gc.isenabled(), gc.get_threshold()
    if command in LONG_RUNNING:
        gc.set_threshold(GC_THRESHOLD, *thresholds[1:])
    else:
        gc.disable()
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if enabled:
            gc.enable()


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code.

    A quick command run as the process's own command line keeps the collector off until the
    process ends: given back, the collector's first pass would walk every object the command
    created (the whole heap is young), 0.01-0.02 s of `campaign status`, only for the process
    to end; and it imports msgspec without ``typing_extensions`` (``lean_msgspec``: about a
    twentieth of `campaign status`; issue 47 item 2).

    Ctrl-C once the command is done (as the collector is given back) changes nothing: its
    exit code stands. Found by use, December 8: `campaign import` interrupted just after it
    had printed "file 18 from aslan imported" showed a traceback, read as a failed import."""
    words = list(argv) if argv is not None else sys.argv[1:]
    command = command_word(words)
    if argv is None and command in QUICK_EXIT:
        gc.disable()
        lean_msgspec.install()
        code = _run(command, words)
        quick_exit(code)
        return code  # flushing failed: the interpreter ends as usual, the collector off
    done: int | None = None
    try:
        with collector_for(command):
            done = _run(command, words)
    except KeyboardInterrupt:  # outside the handler: while parsing, or once it was done
        pass
    if done is None:
        print("interrupted", file=sys.stderr)
        return 130
    return done


def quick_exit(code: int) -> None:
    """End the process now with ``code``, once standard output and error are flushed; returns
    (and the interpreter ends as usual) if flushing fails, e.g. on a closed pipe."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # a closed pipe, a closed or missing stream
        return
    os._exit(code)


def _run(command: str | None, words: list[str]) -> int:
    """Parse ``words`` and run the command's handler; the exit code."""
    parser = build_parser(command)
    args = parser.parse_args(words)
    handler = getattr(args, "func", None)
    if handler is None:
        parser.print_help()
        return 0
    try:
        code = int(handler(args) or 0)
        if sys.stdout is not None:
            sys.stdout.flush()  # here, where a full disk is one line, not at exit
        return code
    except KeyboardInterrupt as error:  # a message says what was given up (table_dice)
        print(" ".join(["interrupted", *map(str, error.args)]), file=sys.stderr)
        return 130
    except BundledFilesMissing as error:
        print(f"campaign: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader went away (e.g. `campaign log NAME | head`): not an error worth a traceback.
        # Point stdout at /dev/null so the interpreter's final flush does not fail again.
        _silence_stdout()
        return 141
    except OSError as error:
        if error.errno != errno.ENOSPC or error.filename is not None:
            raise  # not standard output's full disk (files name themselves)
        # Found by use (December 7, evening): `import FILE > /dev/full` stored the file, then
        # printed a traceback that read as a failed import.
        _silence_stdout()
        print(
            f"campaign: standard output: cannot write: {error.strerror}; the command's output "
            "is lost (what it stored stays stored: `campaign status NAME` shows it)",
            file=sys.stderr,
        )
        return 1


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's final flush of what could
    not be written does not fail again (a reader gone, a full disk)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
