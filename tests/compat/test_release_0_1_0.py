"""The recorded game of version 0.1.0 goes on after both players upgrade (issue 46, "Done
when" 1; architecture property 10: old events are upcast on read, old files import)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.compat.game import CAMPAIGN, copy_release, play_on_0_1_0, run

pytestmark = pytest.mark.slow


@pytest.fixture
def release(tmp_path: Path) -> Path:
    return copy_release("0.1.0", tmp_path / "0.1.0")


def test_next_file_of_an_old_game_imports_and_the_game_turn_ends(release, tmp_path):
    """Issue 46: file 18, made and signed by 0.1.0, imports into Bob's upgraded database
    (its stack-moved events lack ``hidden_stop``, its digest is 0.1.0's); the players then
    play on with this version to the end of game turn 2, each file imported by the other."""
    players, sent = play_on_0_1_0(release, tmp_path)
    assert len(sent) == 5
    for machine in players.values():
        code, out, err = run("status", CAMPAIGN, *machine.db_args)
        assert code == 0, err
        assert out.startswith(f"{CAMPAIGN}: game turn 3, production")
        code, out, err = run("verify", CAMPAIGN, *machine.db_args)
        assert code == 0 and "hash chain intact" in out, err


@pytest.mark.parametrize("player", ["alice", "bob"])
def test_final_databases_open_and_verify(release, player):
    """Issue 46 item 3: both 0.1.0 databases at the end of the recorded game open (their
    schema is brought up to date), verify and replay with this version."""
    db = ["--db", f"sqlite:///{release / (player + '.db')}"]
    code, out, err = run("verify", CAMPAIGN, *db)
    assert code == 0, err
    assert "hash chain intact, replay consistent" in out


def test_the_first_command_says_it_migrated_and_where_the_copy_is(release):
    """docs/compatibility.md, "Upgrading": the migration is said once, with the copy's path."""
    db = ["--db", f"sqlite:///{release / 'bob.db'}"]
    code, _, err = run("status", CAMPAIGN, *db)
    assert code == 0
    assert err == (
        "campaign: the database was made by an older version and is now migrated; "
        f"a copy of it as it was: {release / 'bob.db.schema-1.bak'}\n"
    )
    code, _, err = run("status", CAMPAIGN, *db)
    assert code == 0 and err == ""
