"""Help that teaches (issue 32 item 6): every command has a description and examples, and a
mistyped command or choice gets a 'did you mean'.

``add_command`` is how command modules add a subcommand: the one-line summary shown in
``campaign --help``, a description for ``campaign COMMAND --help`` and the example lines printed
below it. ``CampaignParser`` is the parser class of the whole tree: its usage errors suggest the
closest choice (``campaign stauts`` -> ``status``). tests/cli_referee/test_help.py walks the tree
and checks that nothing lacks a description, an example or an option's help.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, NoReturn

from campaign.rules.suggest import did_you_mean, short_list

#: Where a new user starts (the README links it; `campaign docs tutorial` prints it).
TUTORIAL = "docs/tutorial.md"

#: argparse's error for missing positional arguments (and required options).
_REQUIRED = "the following arguments are required: "

_INVALID_CHOICE = re.compile(r"invalid choice: '(?P<word>[^']*)' \(choose from (?P<choices>.*)\)$")


class WholeWordsHelpFormatter(argparse.HelpFormatter):
    """argparse's help, wrapped between words only: a rule id, a path or an option is never cut
    at its hyphen ("(DN-" / "MAP-2..4)", "docs/turn-" / "files.md" at 80 columns; found by use,
    December 8), so it can be searched for and copied from the help."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return textwrap.fill(
            " ".join(text.split()),
            width,
            initial_indent=indent,
            subsequent_indent=indent,
            break_on_hyphens=False,
        )


class CampaignParser(argparse.ArgumentParser):
    """``ArgumentParser`` whose 'invalid choice' error suggests the closest choice and lists the
    choices only when they are few (the command list is long: ``campaign --help`` has it), and
    whose 'arguments are required' error shows the command's first example (``campaign status``
    alone said only "required: name"). Its help wraps between words (``WholeWordsHelpFormatter``)
    unless a command asks for another formatter."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", WholeWordsHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """Print the usage line and one error line, then exit with status 2 (as argparse)."""
        if message.startswith(_REQUIRED):
            message += self._required_hint(message[len(_REQUIRED) :].split(", "))
        match = _INVALID_CHOICE.search(message)
        if match is not None:
            choices = re.findall(r"'([^']*)'", match["choices"])
            listed = short_list(choices)
            hint = (
                f" (choose from {listed})"
                if listed is not None
                else f" (`{self.prog} --help` lists them)"
            )
            message = (
                message[: match.start()]
                + f"invalid choice: {match['word']!r}"
                + did_you_mean(match["word"], choices)
                + hint
            )
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")

    def _required_hint(self, missing: list[str]) -> str:
        """`` (e.g. EXAMPLE; `campaign list` shows the campaigns)`` for a missing argument: the
        command's first example, where the campaigns are listed when a campaign's name is
        missing, and what the command's ``missing_hint`` default (a callable given this parser,
        e.g. the scenario games that have the command) says; empty when there is nothing to
        say."""
        hints = []
        epilog = self.epilog or ""
        if epilog.startswith("examples:\n"):
            first = epilog.split("\n")[1].split("  #")[0].strip()
            hints.append(f"e.g. {first}")
        names_a_campaign = any(
            action.dest == "name" and (action.help or "").partition(",")[0] == "campaign name"
            for action in self._actions
        )
        if "name" in missing and names_a_campaign:
            hints.append("`campaign list` shows the campaigns")
        more = self.get_default("missing_hint")
        if more is not None:
            hints.append(more(self))
        return f" ({'; '.join(hints)})" if hints else ""


def examples_text(examples: Sequence[str]) -> str:
    """The epilog of a command: its example lines under ``examples:``."""
    return "examples:\n" + "\n".join(f"  {line}" for line in examples)


def add_command(
    subparsers: argparse._SubParsersAction,
    name: str,
    *,
    summary: str,
    description: str,
    examples: Sequence[str],
) -> argparse.ArgumentParser:
    """A subcommand with its summary (``campaign --help``), description and examples
    (``campaign NAME --help``); the description is wrapped, the examples keep their lines."""
    return subparsers.add_parser(
        name,
        help=summary,
        description=description,
        epilog=examples_text(examples),
        formatter_class=_DescriptionAndExamples,
    )


class _DescriptionAndExamples(WholeWordsHelpFormatter):
    """Wraps the description as usual, prints the epilog (the examples) line by line."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith("examples:\n"):
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)
