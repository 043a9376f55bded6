"""Fair mode through the command line (issue 34 phase B, ADR 0028, DN-NEU-1): `campaign new
--fair`, the shuffle riding on files 1-3, the reveal of the first draw by the machine that
completes the pair, the status line's wait, and `campaign opening` / `campaign audit`."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from tests.fair.cli import exchange_keys, run_cli, side_db

NAME = "duel"


@pytest.fixture
def duel(tmp_path: Path, capsys: pytest.CaptureFixture[str], keys_home: Path) -> Path:
    """Both databases made as docs/turn-files.md says for fair mode; each database file is its
    owner's alone to read, since it will hold his secrets (issue 42 item 5). `campaign new`
    made each player's key pair and said how to exchange the public keys (issue 42 item 4);
    the players did."""
    for side in ("solomani", "aslan"):
        code, out, _ = run_cli(
            capsys,
            "new",
            NAME,
            "--seed",
            "5",
            "--dice",
            "commit-reveal",
            "--fair",
            "--as",
            side,
            *side_db(tmp_path, side),
        )
        assert code == 0 and "fair mode" in out
        assert f"send your public key {keys_home / (side + '.pub')}" in out
        assert stat.S_IMODE((tmp_path / f"{side}.db").stat().st_mode) == 0o600
    exchange_keys(keys_home, NAME)
    return tmp_path


def test_the_first_draw_is_revealed_by_turn_files(duel: Path, capsys) -> None:
    """DN-NEU-1 (fair mode): Solomani's first draw waits for its token; files 1-3 carry the
    passes (file 2 nothing else), file 3 the seal and Solomani's share; Aslan's import gives
    Aslan's share and the reveal, and the counter stands where its token says."""
    sol, asl = side_db(duel, "solomani"), side_db(duel, "aslan")
    code, out, _ = run_cli(
        capsys, "order", NAME, "solomani place-neutral solace", "--side", "solomani", *sol
    )
    assert code == 0 and "waits for the reveal of draw 1" in out
    assert "waiting for aslan's reveal of draw 1" in out  # the status line names the wait
    files = [duel / f"turn-{n}.json" for n in range(1, 5)]
    code, out, _ = run_cli(capsys, "export", NAME, "-o", str(files[0]), *sol)
    assert code == 0 and "pass 1 of the joint shuffle" in out
    assert run_cli(capsys, "import", NAME, str(files[0]), *asl)[0] == 0
    code, out, _ = run_cli(capsys, "export", NAME, "-o", str(files[1]), *asl)
    assert code == 0 and "no orders, pass 2 of the joint shuffle" in out
    code, out, _ = run_cli(capsys, "import", NAME, str(files[1]), *sol)
    assert code == 0 and "solomani seal-deck" in out and "solomani share token-1" in out
    assert run_cli(capsys, "export", NAME, "-o", str(files[2]), *sol)[0] == 0
    code, out, _ = run_cli(capsys, "import", NAME, str(files[2]), *asl)
    assert code == 0 and "pass 3 of the joint shuffle checked" in out
    where = out.split("aslan reveal token-1 ", 1)[1][:3]  # the CLI's own randomness: box or hex
    assert where in ("box", "hex")
    code, out, _ = run_cli(capsys, "units", NAME, "--side", "aslan", *asl)
    assert code == 0 and "N-X-1" in out and f"{where}:solace" in out
    # the audit needs both openings; each side's machine checks the other's. Mid-game an
    # opening needs --mid-game (issue 42 item 5), and is its owner's alone to read
    openings = {side: duel / f"{side}-opening.json" for side in ("solomani", "aslan")}
    code, _, err = run_cli(capsys, "opening", NAME, "-o", str(openings["solomani"]), *sol)
    assert code == 1 and err.count("\n") == 1 and "has not ended" in err
    assert "--mid-game" in err
    assert "54 of them not yet revealed" in err  # the first reveal is not here yet
    assert not openings["solomani"].exists()
    for side, db in (("solomani", sol), ("aslan", asl)):
        code, out, _ = run_cli(
            capsys, "opening", NAME, "-o", str(openings[side]), *db, "--mid-game"
        )
        assert code == 0 and "readable by you alone" in out
        assert stat.S_IMODE(openings[side].stat().st_mode) == 0o600
    code, out, _ = run_cli(capsys, "audit", NAME, str(openings["aslan"]), *sol)
    assert code == 0 and "the joint shuffle is sound" in out
    code, _, err = run_cli(capsys, "audit", NAME, str(openings["aslan"]), *asl)
    assert code == 1 and err.count("\n") == 1 and "aslan's own" in err


@pytest.mark.parametrize("command", ["opening", "dispute"])
def test_a_record_is_never_written_over_its_own_database(duel: Path, capsys, command) -> None:
    """DN-ERR-1 (as bad input; found by use, December 7): `opening -o` and `dispute -o`
    naming a link to the player's own database are refused before anything is written, as
    `export -o` is."""
    sol = side_db(duel, "solomani")
    run_cli(capsys, "order", NAME, "solomani place-neutral solace", "--side", "solomani", *sol)
    run_cli(capsys, "export", NAME, "-o", str(duel / "turn-1.json"), *sol)
    link = duel / "solomani.db.json"
    link.symlink_to(duel / "solomani.db")
    before = (duel / "solomani.db").read_bytes()
    extra = ["--mid-game"] if command == "opening" else ["--reason", "no answer"]
    code, _, err = run_cli(capsys, command, NAME, "-o", str(link), *sol, *extra)
    what = "opening" if command == "opening" else "record"
    assert (code, err) == (
        1,
        f"campaign: {link}: that is the database campaign {NAME!r} is kept in; "
        f"write the {what} to another path\n",
    )
    assert (duel / "solomani.db").read_bytes() == before


def test_a_fair_file_into_a_campaign_not_in_fair_mode_is_one_line(duel: Path, capsys) -> None:
    """A fair-mode file imported into a campaign created without --fair: refused in one line
    naming the file, nothing stored."""
    sol = side_db(duel, "solomani")
    plain = ["--db", f"sqlite:///{duel / 'plain.db'}"]
    assert (
        run_cli(
            capsys, "new", NAME, "--seed", "5", "--dice", "commit-reveal", "--as", "aslan", *plain
        )[0]
        == 0
    )
    run_cli(capsys, "order", NAME, "solomani place-neutral solace", "--side", "solomani", *sol)
    path = duel / "turn-1.json"
    assert run_cli(capsys, "export", NAME, "-o", str(path), *sol)[0] == 0
    code, _, err = run_cli(capsys, "import", NAME, str(path), *plain)
    assert code == 1 and err.count("\n") == 1 and str(path) in err


def test_each_side_is_told_which_file_to_send_or_wait_for(duel: Path, capsys) -> None:
    """Issue 42 item 6: after each step the CLI says what the player does next ("export now
    and send file N" / "wait for aslan's file N"), never suggests typing an order the machine
    gives itself (a share, a reveal), and offers no order that a pending reveal refuses."""
    sol, asl = side_db(duel, "solomani"), side_db(duel, "aslan")
    code, out, _ = run_cli(
        capsys, "order", NAME, "solomani place-neutral solace", "--side", "solomani", *sol
    )
    assert code == 0 and "share CARD" not in out
    code, out, _ = run_cli(capsys, "status", NAME, "--side", "solomani", *sol)
    assert "share " not in out and "its machine gives it" in out
    # refused until the draw is revealed (an empty list is not printed at all)
    legal = out.partition("legal orders now (solomani):\n")[2]
    assert "place-neutral" not in legal
    assert "next: export now and send file 1 to aslan" in out
    path = duel / "turn-1.json"
    code, out, _ = run_cli(capsys, "export", NAME, "-o", str(path), *sol)
    assert "next: file 1 is sent: wait for aslan's file 2" in out
    code, out, _ = run_cli(capsys, "import", NAME, str(path), *asl)
    assert "next: export now and send file 2 to solomani" in out
    assert "carries your pass 2 of the joint shuffle" in out
    code, out, _ = run_cli(capsys, "status", NAME, "--side", "aslan", *asl)
    assert "next: export now and send file 2 to solomani" in out and "share " not in out


def test_the_import_line_gives_the_digest_the_sender_reads(duel: Path, capsys) -> None:
    """DN-NEU-1, ADR 0028: after an import in fair mode the machine gives its share and the
    reveal, so the importing player's `status` is some events past the file. Found by use: the
    import line gave only the digest after those orders, which the sender's `status` (at the
    file's last event) never shows, so the players could not compare them. The line gives the
    digest at the file's last event, as the sender reads it, and the one `status` now shows."""
    sol, asl = side_db(duel, "solomani"), side_db(duel, "aslan")
    run_cli(capsys, "order", NAME, "solomani place-neutral solace", *sol)
    files = [duel / f"turn-{n}.json" for n in range(1, 4)]
    for sender, receiver, path in ((sol, asl, files[0]), (asl, sol, files[1])):
        assert run_cli(capsys, "export", NAME, "-o", str(path), *sender)[0] == 0
        assert run_cli(capsys, "import", NAME, str(path), *receiver)[0] == 0
    assert run_cli(capsys, "export", NAME, "-o", str(files[2]), *sol)[0] == 0
    sent = json.loads(run_cli(capsys, "status", NAME, "--json", *sol)[1])
    code, out, _ = run_cli(capsys, "import", NAME, str(files[2]), *asl)
    assert code == 0
    now = json.loads(run_cli(capsys, "status", NAME, "--json", *asl)[1])
    assert now["seq"] > sent["seq"] and now["digest"] != sent["digest"]  # the reveal placed it
    assert out.splitlines()[0].endswith(
        f"; state digest {sent['digest'][:12]} (event {sent['seq']}, as solomani's status "
        f"shows it), now state digest {now['digest'][:12]} (event {now['seq']}, with your "
        "machine's orders)"
    )


def test_a_players_status_lists_his_own_orders_and_no_machine_order(duel: Path, capsys) -> None:
    """DN-SEQ-2, ADR 0028: a player's `status` (his own database, with or without `--side`)
    lists the orders he may type: his side's, never the other's, and never a share, reveal or
    seal his machine gives itself. Found by use: after file 2 the Solomani player read "aslan
    may also give: aslan share CARD SHARE" (an order of the other side's machine), and a side
    that owed a share read "legal orders now (aslan): aslan share CARD SHARE"."""
    sol, asl = side_db(duel, "solomani"), side_db(duel, "aslan")
    run_cli(capsys, "order", NAME, "solomani place-neutral solace", *sol)
    files = [duel / f"turn-{n}.json" for n in range(1, 3)]
    for sender, receiver, path in ((sol, asl, files[0]), (asl, sol, files[1])):
        assert run_cli(capsys, "export", NAME, "-o", str(path), *sender)[0] == 0
        assert run_cli(capsys, "import", NAME, str(path), *receiver)[0] == 0
    for argv in ((), ("--side", "solomani")):
        code, out, _ = run_cli(capsys, "status", NAME, *argv, *sol)
        assert code == 0 and "waiting for aslan's reveal of draw 1" in out  # whom it waits for
        assert "may also give" not in out and "aslan share" not in out, out
        assert "share CARD" not in out and "reveal CARD" not in out


def test_the_player_who_owes_a_reveal_is_told_to_export(duel: Path, capsys) -> None:
    """DN-NEU-1, ADR 0028 (found by use, December 7, evening): Aslan's own status read
    "aslan must act: waiting for aslan's reveal of draw 1", though his machine adds that
    reveal to the file he exports; it now says so. Solomani's reads whom it waits for."""
    sol, asl = side_db(duel, "solomani"), side_db(duel, "aslan")
    run_cli(capsys, "order", NAME, "solomani place-neutral solace", *sol)
    path = duel / "turn-1.json"
    assert run_cli(capsys, "export", NAME, "-o", str(path), *sol)[0] == 0
    assert run_cli(capsys, "import", NAME, str(path), *asl)[0] == 0
    code, out, _ = run_cli(capsys, "status", NAME, *asl)
    assert code == 0 and "waiting for aslan's" not in out, out
    assert "aslan — export your turn file: your machine adds your reveal of draw 1" in out
    code, out, _ = run_cli(capsys, "status", NAME, *sol)
    assert code == 0 and "waiting for aslan's reveal of draw 1" in out


def test_the_next_command_of_a_fair_game_signs_by_itself(
    duel: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DN-SEQ-2, issue 42 item 4 (found by use, December 7, late night): fair mode signs
    every file with the key in the keys home, yet after the first signed file the `next:`
    line read "`campaign export duel -o turn-2.json --sign KEYFILE`", a command that fails as
    shown. It shows the command that works, as typed, without a key to fill in."""
    sol, asl = side_db(duel, "solomani"), side_db(duel, "aslan")
    run_cli(capsys, "order", NAME, "solomani place-neutral solace", *sol)
    path = duel / "turn-1.json"
    assert run_cli(capsys, "export", NAME, "-o", str(path), *sol)[0] == 0
    code, out, _ = run_cli(capsys, "import", NAME, str(path), *asl)
    line = out.splitlines()[-1]
    command = line[line.index("`") + 1 : line.rindex("`")]
    assert command == f"campaign export {NAME} -o turn-2.json", line
    monkeypatch.chdir(duel)  # the command names its file relative to the current folder
    code, out, _ = run_cli(capsys, *command.split()[1:], *asl)
    assert code == 0 and "file 2 from aslan" in out


def test_a_file_without_events_imported_again_says_so(duel: Path, capsys) -> None:
    """DN-ERR-1 (found by use, December 7, late night): file 2 of a fair game carries pass 2
    of the shuffle and no order; imported again it read "file 2 from aslan (events 6-5) was
    already exchanged". It says "(no events)", and nothing changes."""
    sol, asl = side_db(duel, "solomani"), side_db(duel, "aslan")
    run_cli(capsys, "order", NAME, "solomani place-neutral solace", *sol)
    files = [duel / f"turn-{n}.json" for n in (1, 2)]
    for sender, receiver, path in ((sol, asl, files[0]), (asl, sol, files[1])):
        assert run_cli(capsys, "export", NAME, "-o", str(path), *sender)[0] == 0
        assert run_cli(capsys, "import", NAME, str(path), *receiver)[0] == 0
    before = (duel / "solomani.db").read_bytes()
    code, out, err = run_cli(capsys, "import", NAME, str(files[1]), *sol)
    assert (code, out) == (1, "")
    assert err == (
        f"campaign: {files[1]}: file 2 from aslan (no events) was already exchanged; "
        "nothing to do\n"
    )
    assert (duel / "solomani.db").read_bytes() == before
