"""The recorded game of version 0.1.0 goes on after both players upgrade (issue 46, "Done
when" 1; architecture property 10: old events are upcast on read, old files import)."""

from __future__ import annotations

import sqlite3
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


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            "UPDATE dn_event SET payload = replace(payload, '\"cost\":28', '\"cost\":2')"
            " WHERE seq = 25",
            "could not: campaign 'nebula': event 25 fails verification: content does not "
            "match its hash. The database was not changed.",
        ),
        (
            "DELETE FROM dn_event WHERE seq = 40",
            "could not: campaign 'nebula': event 40 fails verification: event 40 is missing. "
            "The database was not changed.",
        ),
        (  # the hash chain cannot see it; file 29, which Bob sent, ended with event 259
            "DELETE FROM dn_event WHERE seq = 259",
            "could not: campaign 'nebula': event 259 fails verification: event 259 is missing: "
            "turn file 29 ended with it, and the log ends at event 258 (events were removed "
            "after the file was exchanged). The database was not changed.",
        ),
    ],
)
def test_a_damaged_old_database_is_refused_byte_for_byte_unchanged(release, change, message):
    """docs/compatibility.md, "Upgrading": 0.1.0's database with an edited or a deleted event
    (the last one too, found by use: the turn files' ledger names it) is not migrated by the
    first command that opens it: one message naming the event, the file's bytes as they were,
    and no copy beside it (the migration would otherwise drop the old snapshots of a log that
    no longer verifies)."""
    path = release / "bob.db"
    with sqlite3.connect(path) as connection:
        connection.execute(change)
    connection.close()
    before = path.read_bytes()
    for command in ("status", "verify"):
        code, out, err = run(command, CAMPAIGN, "--db", f"sqlite:///{path}")
        assert (code, out) == (1, "")
        assert err.startswith(f"campaign: database sqlite:///{path} has schema version 1;")
        assert err.rstrip("\n").endswith(message)
    assert path.read_bytes() == before
    assert not list(release.glob("bob.db.schema-*"))


def test_verify_finds_events_cut_off_after_the_last_turn_file(release):
    """docs/turn-files.md, "What verify guarantees" (found by use): events removed from the end
    of a migrated log verified as intact, the chain being whole; the ledger of the files
    exchanged, in the same database, still names file 29's last event, and verify says it is
    gone. The database is not changed, not even by `verify --rebuild`."""
    path = release / "bob.db"
    db = ["--db", f"sqlite:///{path}"]
    assert run("status", CAMPAIGN, *db)[0] == 0  # migrated, as an upgraded player has it
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM dn_event WHERE seq = 259")
    connection.close()
    before = path.read_bytes()
    for rebuild in ([], ["--rebuild"]):  # a rebuild writes no snapshot of the cut log either
        code, out, err = run("verify", CAMPAIGN, *rebuild, *db)
        assert (code, out) == (1, "")
        assert err == (
            "campaign: campaign 'nebula': event 259 fails verification: event 259 is missing: "
            "turn file 29 ended with it, and the log ends at event 258 (events were removed "
            "after the file was exchanged)\n"
        )
        assert path.read_bytes() == before


def test_a_file_after_events_cut_off_says_they_were_removed_here(release):
    """docs/turn-files.md, "What verify guarantees" (found by use): Bob's database, migrated,
    then cut short by its last event (131, the end of file 17 that Bob sent), was told that
    Alice's file 18 "builds on event 131 ... an earlier file is missing; import it first",
    which no file can mend. It now says that events were removed here after file 17, and
    changes nothing."""
    path = release / "snap" / "017-bob.db"
    db = ["--db", f"sqlite:///{path}"]
    assert run("status", CAMPAIGN, *db)[0] == 0  # migrated, as an upgraded player has it
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM dn_event WHERE seq = 131")
    connection.close()
    before = path.read_bytes()
    file18 = release / "files" / "f018-aslan.txt"
    code, out, err = run("import", CAMPAIGN, str(file18), "--keys", str(release / "trust-bob"), *db)
    assert (code, out) == (1, "")
    assert (
        "file 18 from aslan builds on event 131, but this campaign has only 130 events, and "
        "file 17 ended with event 131: events were removed from this database after that file "
        "(restore it from a copy; `campaign verify nebula` names the first one missing)"
    ) in err
    assert path.read_bytes() == before


def test_a_truncated_old_database_is_refused_byte_for_byte_unchanged(release):
    """docs/compatibility.md, "Upgrading": 0.1.0's database cut short (a copy that stopped
    half-way) is refused with the database's name and SQLite's reason, and stays as it was."""
    path = release / "bob.db"
    with path.open("r+b") as handle:
        handle.truncate(path.stat().st_size // 2)
    before = path.read_bytes()
    code, out, err = run("status", CAMPAIGN, "--db", f"sqlite:///{path}")
    assert (code, out) == (1, "")
    assert err == (
        f"campaign: cannot open database sqlite:///{path}: database disk image is malformed\n"
    )
    assert path.read_bytes() == before
    assert not list(release.glob("bob.db.schema-*"))


def test_opening_the_ui_on_an_old_database_says_it_migrated_and_where_the_copy_is(release):
    """docs/compatibility.md, "Upgrading": ``campaign demo`` and ``campaign tui`` (here
    ``demo --create-only``, which opens no screen) migrated 0.1.0's database without a word;
    they say it on stderr as every other command does, so the line stays on the terminal
    after the screen closes."""
    path = release / "bob.db"
    code, _, err = run("demo", "--create-only", "--db", f"sqlite:///{path}")
    assert code == 0
    assert err.startswith(
        "campaign: the database was made by an older version and is now migrated; "
        f"a copy of it as it was: {release / 'bob.db.schema-1.bak'}\n"
    )
