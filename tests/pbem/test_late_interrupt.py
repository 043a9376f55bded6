"""Ctrl-C just after a command finished does not read as a failure (DN-ERR-1). Found by use,
December 8: `campaign import` interrupted as it ended printed "file 18 from aslan imported",
then a Python traceback (KeyboardInterrupt as the garbage collector was given back); the
player could not tell whether the file was stored."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

import campaign.cli as cli


@contextlib.contextmanager
def _interrupted(*, on_enter: bool) -> Iterator[None]:
    if on_enter:
        raise KeyboardInterrupt
    yield
    raise KeyboardInterrupt  # as the collector is given back, once the command is done


def test_ctrl_c_after_the_command_keeps_its_exit_code(monkeypatch, capsys):  # DN-ERR-1
    monkeypatch.setattr(cli, "collector_for", lambda command: _interrupted(on_enter=False))
    monkeypatch.setattr(cli, "_run", lambda command, words: 0)
    assert cli.main(["status", "nebula"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("code", [1, 3])
def test_a_refusal_interrupted_after_it_was_said_keeps_its_code(monkeypatch, code):  # DN-ERR-1
    monkeypatch.setattr(cli, "collector_for", lambda command: _interrupted(on_enter=False))
    monkeypatch.setattr(cli, "_run", lambda command, words: code)
    assert cli.main(["import", "nebula", "t.json"]) == code


def test_ctrl_c_before_the_command_says_interrupted(monkeypatch, capsys):  # DN-ERR-1
    monkeypatch.setattr(cli, "collector_for", lambda command: _interrupted(on_enter=True))
    assert cli.main(["import", "nebula", "t.json"]) == 130
    assert capsys.readouterr().err == "interrupted\n"
