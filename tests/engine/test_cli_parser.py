"""The CLI builds only the command modules it needs (issue 15, start-up latency): every command
is still found, its options are the same as in the full parser, and ``--help`` lists them all."""

from __future__ import annotations

import argparse

import pytest

from campaign.cli import build_parser, command_word, main


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


FULL = _commands(build_parser())


@pytest.mark.parametrize("command", sorted(FULL))
def test_partial_parser_has_the_command_with_the_same_options(command):
    partial = _commands(build_parser(command))
    assert command in partial
    assert partial[command].format_usage() == FULL[command].format_usage()


def test_partial_parser_stops_early_for_an_early_command():
    assert len(_commands(build_parser("status"))) < len(FULL)


def test_command_word():
    assert command_word(["status", "c"]) == "status"
    assert command_word(["--help"]) is None
    assert command_word([]) is None


def test_help_and_unknown_command_list_every_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert all(name in out for name in FULL)
    with pytest.raises(SystemExit) as exit_info:
        main(["no-such-command"])
    assert exit_info.value.code == 2
    # the full list is long: the error points to --help, which lists them (issue 32 item 6)
    assert "`campaign --help` lists them" in capsys.readouterr().err
