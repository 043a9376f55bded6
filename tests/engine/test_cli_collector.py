"""The CLI runs short commands without the cyclic garbage collector (issue 15 latency) and
gives the collector back as it found it, so a caller's process (tests, tools) is unchanged."""

from __future__ import annotations

import gc

import pytest

from campaign.cli import LONG_RUNNING, collector_for, main


@pytest.mark.parametrize("command", ["status", "order", None, *sorted(LONG_RUNNING)])
def test_the_collector_is_restored_after_every_command(command):
    before = gc.isenabled(), gc.get_threshold()
    with collector_for(command):
        assert gc.isenabled() is (command in LONG_RUNNING)
    assert (gc.isenabled(), gc.get_threshold()) == before


def test_a_failing_command_restores_the_collector_too(capsys):
    # DN-ERR-1: an unknown campaign is a clear error (exit 1) and changes nothing here either
    before = gc.isenabled(), gc.get_threshold()
    assert main(["status", "no-such-campaign", "--db", "sqlite://"]) == 1
    assert "no-such-campaign" in capsys.readouterr().err
    assert (gc.isenabled(), gc.get_threshold()) == before
