"""The seed games ship inside the package (ADR 0013): an installed tool lists them with
`campaign seeds` and replays one by name, from any directory (issue 32 item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.cli import main
from tests.conftest import REPO_ROOT


def test_seeds_lists_every_shipped_seed_game(capsys):
    assert main(["seeds"]) == 0
    out = capsys.readouterr().out
    for path in sorted((REPO_ROOT / "seeds").glob("*.json")):
        assert f"\n{path.stem} " in f"\n{out}"
    assert "campaign replay NAME" in out


def test_replay_by_name_from_an_empty_directory(tmp_path: Path, monkeypatch, capsys):
    # DN-SEQ-1: the bundled copy is found by name, not through the working directory
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "random-7-setup"]) == 0
    assert (
        capsys.readouterr().out.rstrip().endswith("random-7-setup: 41 steps, every digest matches")
    )


def test_a_file_of_that_name_wins_over_the_shipped_seed(tmp_path: Path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "random-7-setup").write_text("not json", encoding="utf-8")
    assert main(["replay", "random-7-setup"]) == 1
    # the local file was read (and refused), not the shipped seed game of that name
    assert "random-7-setup:1: not a seed game" in capsys.readouterr().err


def test_a_mistyped_name_suggests_and_lists_the_seed_games(tmp_path: Path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "standard-trun1"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "did you mean 'standard-turn1'" in err
    assert "seed games: movement-tour, random-7-setup, standard-battle-21, standard-turn1" in err


def test_a_campaigns_name_is_pointed_to_verify(tmp_path: Path, monkeypatch, capsys):
    # DN-ERR-1 (found by use, December 7): `campaign replay war`, war being a campaign, said
    # only that no seed game has that name; a campaign's log is checked by `verify`
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "war"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "`campaign verify war`" in err


@pytest.mark.parametrize("name", ["standard-turn1", "standard-turn1.json"])
def test_record_needs_a_path_and_leaves_the_shipped_file_alone(name, capsys):
    shipped = REPO_ROOT / "seeds" / "standard-turn1.json"
    before = shipped.read_bytes()
    assert main(["replay", name, "--record"]) == 1
    assert "--record rewrites a file" in capsys.readouterr().err
    assert shipped.read_bytes() == before


def test_replay_says_which_steps_are_refused_as_the_seed_game_expects(capsys):
    """DN-SEQ-2, DN-NEU-1 (found by use, December 7): `campaign replay standard-turn1` printed
    "ok     1  aslan place-neutral lantern" and nothing else for an order the seed game
    expects to be refused (out of turn), the same as an order that applied and said nothing;
    a newcomer read that Aslan had placed a neutral. Such a step now says it was refused, as
    expected, with the rule id."""
    assert main(["replay", "standard-turn1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].rstrip() == (
        "ok     1  aslan place-neutral lantern  refused, as the seed game expects (DN-SEQ-2)"
    )
    assert lines[2].rstrip() == "ok     2  solomani place-neutral lantern"
    refused = [line for line in lines if "refused, as the seed game expects" in line]
    assert (
        "solomani place-neutral halden  refused, as the seed game expects (DN-NEU-1)"
        in (refused[1])
    )
