"""The benchmarks' goal lines and their summary in ``make bench`` (issue 47 item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import run_all
from benchmarks.goals import Peer, goal, ratio


def test_a_goal_line_says_met_or_not_and_the_ratio_to_its_peer(capsys):
    """issue 47 item 4: met / NOT met, both directions, and x(value / peer)."""
    assert goal("status", 0.1, 0.15, "s", peer=Peer("bare import", 0.2))
    assert not goal("order", 0.3, 0.15, "s")
    assert goal("wins", 0.7, 0.6, "share", at_most=False)
    assert ratio("per position", 3.0, "ns", Peer("dobutsu", 1.5)) == 2.0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "goal: status: 0.100 s (goal <= 0.15 s): met; x0.50 bare import (0.200 s)",
        "goal: order: 0.300 s (goal <= 0.15 s): NOT met",
        "goal: wins: 0.700 share (goal >= 0.6 share): met",
        "ratio: per position: 3.0 ns; x2.00 dobutsu (1.5 ns)",
    ]


def test_run_all_ends_with_every_goal_of_every_benchmark(tmp_path: Path, monkeypatch, capsys):
    """issue 47 item 4: the summary counts the goals met and lists each with its benchmark."""
    package = tmp_path / "fakebench"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "one.py").write_text(
        "from benchmarks.goals import goal\n"
        "print('figures')\n"
        "goal('fast', 1.0, 2.0, 's')\n"
        "goal('slow', 3.0, 2.0, 's')\n"
    )
    monkeypatch.setenv("PYTHONPATH", f"{tmp_path}:{Path(run_all.__file__).parents[1]}")
    monkeypatch.setattr(run_all, "QUICK", ("fakebench.one",))
    assert run_all.main([]) == 0
    out = capsys.readouterr().out
    assert "figures" in out
    summary = out.split("=== goals: ")[1].splitlines()
    assert summary == [
        "1 met, 1 not met",
        "fakebench.one: goal: fast: 1.000 s (goal <= 2 s): met",
        "fakebench.one: goal: slow: 3.000 s (goal <= 2 s): NOT met",
    ]


def test_a_benchmark_that_fails_makes_run_all_fail(tmp_path: Path, monkeypatch, capsys):
    """issue 47 item 4: a benchmark that cannot run is named and the exit code says so."""
    package = tmp_path / "fakebench"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "broken.py").write_text("raise SystemExit(3)\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setattr(run_all, "QUICK", ("fakebench.broken",))
    assert run_all.main([]) == 1
    assert "failed: fakebench.broken" in capsys.readouterr().out


def test_every_benchmark_of_make_bench_states_its_goals_as_goal_lines():
    """issue 47 item 4: each benchmark ``make bench`` runs prints its goals as ``goal:`` lines
    (met / not met with the figure), not only in its docstring: a call of ``goal`` in each."""
    root = Path(run_all.__file__).parents[1]
    modules = {module for module in run_all.QUICK} | {run[0] for run in run_all.LONG}
    silent = [
        module
        for module in sorted(modules)
        if "goal(" not in (root / (module.replace(".", "/") + ".py")).read_text()
    ]
    assert silent == []


def test_the_peer_runs_on_the_solvers_threads_into_a_scratch_file(tmp_path: Path):
    """issue 47 item 4: ``--peer`` runs the peer as ``gentb -j THREADS FILE``, times it and
    leaves nothing behind (the peer's own table is thrown away)."""
    bench_tablebase = pytest.importorskip("benchmarks.bench_tablebase")
    seen = tmp_path / "arguments"
    gentb = tmp_path / "gentb"
    gentb.write_text(f'#!/bin/sh\necho "$@" > {seen}\necho table > "$3"\n')
    gentb.chmod(0o755)
    run = bench_tablebase.run_peer(gentb, 3)
    arguments = seen.read_text().split()
    assert arguments[:2] == ["-j", "3"]
    assert not Path(arguments[2]).exists() and not Path(arguments[2]).parent.exists()
    assert run.label == "Clausecker's gentb -j 3, same run"
    assert run.wall > 0 and run.cpu >= 0
