"""Help that teaches (issue 32 item 6): every command of the tree has a description and
examples, every option and argument has help text, every example is a command line the parser
accepts, `campaign --help` points to the tutorial, and a mistyped command or choice gets a
'did you mean'."""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shlex
from collections.abc import Iterator

import pytest

from campaign.cli import build_parser, main
from campaign.cli.helptext import TUTORIAL
from tests.conftest import REPO_ROOT


def _commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every (command path, parser) below ``parser``, depth first."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield (*path, name), child
                yield from _commands(child, (*path, name))


COMMANDS = list(_commands(build_parser()))


def _examples(parser: argparse.ArgumentParser) -> list[str]:
    assert parser.epilog and parser.epilog.startswith("examples:\n"), parser.prog
    return [line.strip() for line in parser.epilog.splitlines()[1:] if line.strip()]


def test_the_tree_has_every_command_module():
    names = {path[0] for path, _ in COMMANDS}
    assert {
        "new",
        "status",
        "order",
        "orders",
        "replay",
        "seeds",
        "map",
        "data",
        "scenario",
        "export",
        "demo",
        "tui",
        "completion",
    } <= names


@pytest.mark.parametrize("path", [" ".join(path) for path, _ in COMMANDS])
def test_every_command_has_a_description_and_examples(path):
    parser = dict((" ".join(p), c) for p, c in COMMANDS)[path]
    assert parser.description and len(parser.description) > 20, path
    examples = _examples(parser)
    assert examples, path
    for example in examples:
        assert example.startswith(f"campaign {path}"), (path, example)


@pytest.mark.parametrize("path", [" ".join(path) for path, _ in COMMANDS])
def test_every_option_and_argument_has_help(path):
    parser = dict((" ".join(p), c) for p, c in COMMANDS)[path]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                assert choice.help, (path, choice.dest)
            continue
        assert action.help and action.help != argparse.SUPPRESS, (path, action.dest)


def test_every_example_is_accepted_by_the_parser():
    for _path, parser in COMMANDS:
        for example in _examples(parser):
            words = shlex.split(example, comments=True)[1:]
            for redirection in ("<", ">", "|"):  # the shell's part of the line
                words = words[: words.index(redirection)] if redirection in words else words
            out = io.StringIO()
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                    build_parser().parse_args(words)
            except SystemExit as stop:  # an example may be `... --help`
                assert stop.code == 0 and "--help" in words, (example, out.getvalue())


def test_top_level_help_points_to_the_tutorial(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    assert TUTORIAL in capsys.readouterr().out.replace("\n", " ")
    assert (REPO_ROOT / TUTORIAL).is_file()


@pytest.mark.parametrize(
    ("argv", "suggestion"),
    [
        (["stauts", "war"], "did you mean 'status'?"),
        (["replya", "standard-turn1"], "did you mean 'replay'?"),
        (["data", "chek"], "did you mean 'check'? (choose from check, map"),
        (["map", "war", "--overlay", "suply"], "did you mean 'supply'?"),
        (["units", "war", "--owner", "neutrl"], "did you mean 'neutral'?"),
    ],
)
def test_a_mistyped_command_or_choice_gets_did_you_mean(argv, suggestion, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert suggestion in err
    assert "Traceback" not in err


def test_an_unknown_command_does_not_print_the_whole_list(capsys):
    with pytest.raises(SystemExit):
        main(["xyzzy"])
    err = capsys.readouterr().err
    assert "invalid choice: 'xyzzy' (`campaign --help` lists them)" in err
    assert "'scenario'" not in err


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["status"],
            "campaign status: error: the following arguments are required: name "
            "(e.g. campaign status war; `campaign list` shows the campaigns)",
        ),
        (
            ["order", "war"],
            "campaign order: error: the following arguments are required: order "
            "(e.g. campaign order war 'solomani place-neutral keystone')",
        ),
        (
            ["new"],
            "campaign new: error: the following arguments are required: name "
            "(e.g. campaign new war)",
        ),
        (
            ["completion"],
            "campaign completion: error: the following arguments are required: shell "
            "(e.g. campaign completion bash)",
        ),
        (  # found by use (December 7): it said "required: game, rest" and named no game
            ["scenario", "solve"],
            "campaign scenario solve: error: the following arguments are required: game "
            "(e.g. campaign scenario solve invector --size 4x3 --no-pie; "
            "games: imperium-shogi, invector)",
        ),
        (
            ["scenario", "perft"],
            "campaign scenario perft: error: the following arguments are required: game "
            "(e.g. campaign scenario perft imperium-shogi --depth 4; "
            "games: imperium-shogi, invector)",
        ),
    ],
)
def test_a_missing_argument_gets_an_example(argv, line, capsys):
    """``campaign status`` alone said only "required: name": the error line now shows the
    command's first example (and, for a campaign's name, where the names are listed; for a
    scenario game's, the games that have the command); the completion script's own WORDS and
    a game's own options are not reported as missing."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == line
    assert "Traceback" not in err


#: A help line that ends inside a hyphenated word: "(DN-" / "docs/turn-" / "face-".
_CUT_AT_A_HYPHEN = re.compile(r"\w-$")


@pytest.mark.parametrize("width", ["80", "60"])
def test_help_never_cuts_a_rule_id_or_a_file_name_at_its_hyphen(width, monkeypatch):
    """DN-ERR-1 (found by use, December 8): `campaign --help` at 80 columns wrapped "(DN-" /
    "MAP-2..4)", `campaign new --help` "docs/turn-" / "files.md": a rule id or a path cut in
    two cannot be searched for or copied. Help wraps between words only."""
    monkeypatch.setenv("COLUMNS", width)
    parsers = [("campaign",), *(("campaign", *path) for path, _ in COMMANDS)]
    cut = [
        f"{' '.join(path)}: {line!r}"
        for path, parser in zip(parsers, [build_parser(), *(p for _, p in COMMANDS)], strict=True)
        for line in parser.format_help().splitlines()
        if _CUT_AT_A_HYPHEN.search(line.rstrip())
    ]
    assert cut == []
