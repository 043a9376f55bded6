"""`campaign completion bash|zsh|fish`: shell completion without a new dependency (ADR 0024).

The printed script is a small shim: on Tab the shell calls ``campaign completion --complete
SHELL -- WORD...`` with the words typed after ``campaign`` (the last one being completed, maybe
empty), and offers the lines it prints. The candidates come from the parser itself (commands,
verbs, options, choices), from the database (campaign names, read only: a missing SQLite file is
never created), from the shipped seed games and scenario games, and for the order argument of
``campaign order`` from the order words (sides, then the verbs that side may give). A file
argument prints ``__files__``, and the shim falls back to the shell's file completion.

Bash closes an open quote after inserting a single candidate, but an order's verb needs the
quote open for its arguments: so a lone verb is offered twice, as itself and with a space (the
common part is inserted, the quote stays open). Bash's ``COMP_TYPE`` tells what the Tab does
(``--listing``): a Tab that only lists (``?``, a second Tab) gets each candidate once; a Tab
that inserts and lists at once (``!`` with show-all-if-ambiguous, ``@`` with
show-all-if-unmodified) gets the verb with its space and the order's usage, two lines a reader
can tell apart (found by use, December 7: a second Tab listed ``'aslan buy   'aslan buy``).

Unlike the other command modules, this one keeps its handler: completing walks the parser (argparse
only) and runs on every Tab, so it must stay as light as registering. The sources that need more
(the database's campaign names, the scenario registry, the order words) are lazy references
(``campaign.cli.errors.Lazy``, ADR 0030), loaded only when the word to complete asks for them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from campaign.bundled import doc_names, seed_names
from campaign.cli import build_parser
from campaign.cli.errors import Lazy
from campaign.cli.helptext import add_command

SHELLS = ("bash", "zsh", "fish")
#: Printed instead of candidates when the shell should complete a file name.
FILES = "__files__"
SIDES = ("aslan", "solomani")

#: Campaign names in a database, read only (``--db`` on the line, else the default).
campaign_names = Lazy("campaign.app.lookup", "campaign_names")
#: The layouts of the data directory (``--layout``).
layout_names = Lazy("campaign.app.lookup", "layout_names")
#: The scenario games (``scenario perft|solve GAME``).
SCENARIOS = Lazy("scenarios.registry", "SCENARIOS")
#: The words of an order (``campaign order NAME ORDER``), from the fixed table of verbs: those
#: the seat on the line may type in the campaign it names (docs/seats.md).
order_words = Lazy("campaign.app.lookup", "order_words")
#: The verbs after which an order is complete (its quote may close).
BARE_VERBS = Lazy("campaign.views.verbs", "BARE_VERBS")
#: Each verb's usage (``buy KIND [COUNT]``), shown where a listing needs a second line.
USAGES = Lazy("campaign.views.verbs", "USAGES")

#: bash's ``COMP_TYPE``: a Tab that inserts (9, also menu completion's 37), one that only lists
#: (63, ``?``: a second Tab), and those that insert and list at once (33 ``!``:
#: show-all-if-ambiguous; 64 ``@``: show-all-if-unmodified).
INSERTS = 9
LISTS = 63
INSERTS_AND_LISTS = (33, 64)

_BASH = r"""# campaign completion for bash: eval "$(campaign completion bash)" in ~/.bashrc
_campaign_complete() {
    local IFS=$'\n' reply
    reply=($(campaign completion --listing "${COMP_TYPE:-9}" --complete bash -- \
        "${COMP_WORDS[@]:1:$COMP_CWORD}" 2>/dev/null))
    if [ "${reply[0]}" = "__files__" ]; then
        COMPREPLY=($(compgen -f -- "${COMP_WORDS[$COMP_CWORD]}"))
        compopt -o filenames 2>/dev/null
    else
        COMPREPLY=("${reply[@]}")
        compopt -o nospace 2>/dev/null
        [ "${#COMPREPLY[@]}" -eq 1 ] && case "${COMPREPLY[0]}" in
            *\ |\'*|\"*) ;;
            *) COMPREPLY[0]="${COMPREPLY[0]} " ;;
        esac
    fi
    return 0
}
complete -F _campaign_complete campaign
"""

_ZSH = (
    '# campaign completion for zsh: eval "$(campaign completion zsh)" in ~/.zshrc\n'
    "autoload -U +X bashcompinit && bashcompinit\n"
    + _BASH.split("\n", 1)[1].replace("--complete bash", "--complete zsh")
)

_FISH = r"""# campaign completion for fish:
#   campaign completion fish > ~/.config/fish/completions/campaign.fish
function __campaign_complete
    set -l words (commandline -opc)[2..-1] (commandline -ct)
    set -l reply (campaign completion --complete fish -- $words 2>/dev/null)
    if test "$reply[1]" = __files__
        __fish_complete_path (commandline -ct)
    else
        printf '%s\n' $reply
    end
end
complete -c campaign -f -a '(__campaign_complete)'
"""

SCRIPTS = {"bash": _BASH, "zsh": _ZSH, "fish": _FISH}


def register(subparsers: argparse._SubParsersAction, only: str | None = None) -> None:
    """Add the ``completion`` command (``only``, the one command a quick parser asks for: this
    module has no other)."""
    parser = add_command(
        subparsers,
        "completion",
        summary="shell completion script for bash, zsh or fish",
        description="Print the completion script for a shell: commands, options, campaign "
        "names, sides, seed and scenario games, layouts, documents and the order words of "
        "`campaign order` complete on Tab (docs/completion.md).",
        examples=[
            'campaign completion bash   # eval "$(campaign completion bash)" in ~/.bashrc',
            'campaign completion zsh    # eval "$(campaign completion zsh)" in ~/.zshrc',
            "campaign completion fish   # > ~/.config/fish/completions/campaign.fish",
        ],
    )
    parser.add_argument("shell", choices=SHELLS, help="the shell: bash, zsh or fish")
    parser.add_argument(
        "--complete",
        action="store_true",
        help="(used by the script) print the candidates for WORDS",
    )
    parser.add_argument(
        "--listing",
        type=int,
        default=INSERTS,
        metavar="COMP_TYPE",
        help="(used by the bash script, before SHELL) what the Tab does: bash's COMP_TYPE",
    )
    words = parser.add_argument(
        "words",
        # verbatim: with "*" Python 3.11 drops a "--" the user typed (found by use, December 8:
        # `campaign data check --` + Tab completed the word before it, "check", over the "--")
        nargs=argparse.REMAINDER,
        default=[],
        metavar="WORDS",
        help="(with --complete) the words after `campaign`, the last one being completed",
    )
    words.required = False  # not listed as a missing argument of `campaign completion` alone
    parser.set_defaults(func=_completion)


def _completion(args: argparse.Namespace) -> int:
    if not args.complete:
        sys.stdout.write(SCRIPTS[args.shell])
        return 0
    words = args.words or [""]
    bash = args.shell == "bash"
    for candidate in candidates(words[:-1], words[-1], quote=bash, listing=args.listing):
        print(candidate)
    return 0


def candidates(
    before: list[str], current: str, *, quote: bool = True, listing: int = INSERTS
) -> list[str]:
    """What may follow ``before`` (the words after ``campaign``) and start with ``current``.
    With ``quote`` (bash) a candidate holding a space keeps the quote ``current`` opened, or
    opens one, and stays open after a verb that takes arguments, as ``listing`` (bash's
    ``COMP_TYPE``) allows (module docstring); zsh and fish quote what they insert
    themselves."""
    opened = current[:1] if current[:1] in ("'", '"') else ""
    typed = current[len(opened) :]
    found = sorted(set(_possible(build_parser(), before, typed)))
    if found == [FILES]:
        return found
    matching = [word for word in found if word.startswith(typed) and word != FILES]
    if not quote:
        return matching
    quoted = [
        f"{opened or chr(39)}{word}" if (" " in word or opened) else word for word in matching
    ]
    if (
        len(matching) == 1
        and " " in matching[0]
        and matching[0].split()[-1] not in BARE_VERBS.resolve()
        and listing != LISTS  # only listed: once
    ):
        # bash closes the quote of a single match: a second candidate leaves their common part
        # (the order so far) with the quote open for its arguments; the same with a space
        # where nothing is listed, else the order's usage, a line of its own in the listing
        if listing in INSERTS_AND_LISTS:
            usage = USAGES.resolve()[matching[0].split()[-1]]
            order = quoted[0].rsplit(" ", 1)[0]  # the side, the quote opened before it
            return [f"{quoted[0]} ", f"{order} {usage}"]
        quoted.append(f"{quoted[0]} ")
    return quoted


def _possible(parser: argparse.ArgumentParser, before: list[str], typed: str) -> Iterator[str]:
    """Every candidate for the next word after ``before`` (unfiltered)."""
    positionals: list[str] = []
    expecting: argparse.Action | None = None
    options = _options(parser)
    for word in before:
        if expecting is not None:
            expecting = None
            continue
        if word.startswith("-") and word != "-":
            action = options.get(word.split("=", 1)[0])
            if action is not None and action.nargs != 0 and "=" not in word:
                expecting = action
            continue
        subcommands = _subcommands(parser)
        if subcommands is not None and not positionals and word in subcommands.choices:
            parser = subcommands.choices[word]
            options = _options(parser)
            continue
        positionals.append(word)
    if expecting is not None:
        yield from _values(expecting, before, positionals)
        return
    if typed.startswith("-"):
        yield from (name for name in options if name.startswith("--"))
        return
    subcommands = _subcommands(parser)
    if subcommands is not None and not positionals:
        yield from subcommands.choices
        return
    slots = [a for a in parser._actions if not a.option_strings and a.dest != "help"]
    if len(positionals) < len(slots):
        yield from _values(slots[len(positionals)], before, positionals)


def _options(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {name: action for action in parser._actions for name in action.option_strings}


def _subcommands(parser: argparse.ArgumentParser) -> argparse._SubParsersAction | None:
    return next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)


def _values(action: argparse.Action, before: list[str], positionals: list[str]) -> Iterator[str]:
    """The candidates for one argument, by what it holds (``positionals``: the arguments
    before it, the campaign's name first where the command takes one)."""
    if action.choices is not None:
        yield from (str(choice) for choice in action.choices)
        return
    dest, metavar = action.dest, str(action.metavar or "")
    if before[:1] == ["docs"]:  # a document, not a campaign (found by use, December 8:
        # `campaign docs <Tab>` offered the campaigns' names)
        yield from doc_names()
    elif dest == "name" and "FILE" not in metavar:
        yield from campaign_names(_db_url(before))
    elif dest == "layout":
        yield from layout_names(_option(before, "--data"))
    elif dest == "game":
        yield from (entry.name for entry in SCENARIOS.resolve())
    elif dest == "order":  # only the orders the seat on the line may give (docs/seats.md)
        name = positionals[0] if positionals else None
        yield from order_words(_db_url(before), name, _option(before, "--side"))
    elif metavar == "SEED":
        yield from seed_names()
    elif dest in ("file", "output", "keymap", "keys", "dir", "data", "sign") or "FILE" in metavar:
        yield FILES


def _db_url(before: list[str]) -> str | None:
    """The ``--db`` typed on the line, if any."""
    return _option(before, "--db")


def _option(before: list[str], option: str) -> str | None:
    """The value of ``option`` (``--db``, ``--side``) typed on the line, if any."""
    for index, word in enumerate(before):
        if word == option and index + 1 < len(before):
            return before[index + 1]
        if word.startswith(f"{option}="):
            return word.split("=", 1)[1]
    return None
