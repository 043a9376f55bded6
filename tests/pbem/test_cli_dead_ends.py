"""Issue 20 items 1-4 through the shell: play by e-mail never dead-ends and never destroys a
file. Every refusal is one line, exit status 1, and leaves the database as it was."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from campaign.app import CampaignService
from campaign.cli import main
from campaign.rules import engine
from campaign.store.ledger import Ledger
from tests.conftest import REPO_ROOT
from tests.pbem.conftest import resealed
from tests.pbem.helpers import setup_orders

NAME = "nebula"


@pytest.fixture
def dbs(tmp_path: Path) -> dict[str, list[str]]:
    """Two players' databases, both created for commit-reveal play by e-mail."""
    out = {}
    for side in ("aslan", "solomani"):
        db = ["--db", f"sqlite:///{tmp_path / (side + '.db')}"]
        assert main(["new", NAME, "--seed", "3", "--dice", "commit-reveal", "--as", side, *db]) == 0
        out[side] = db
    return out


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def _ledger_image(db: list[str]) -> tuple:
    service = CampaignService(db_url=db[1])
    ledger = Ledger(service.store)
    return (
        [r.hash for r in service.store.rows(NAME)],
        [msgspec.structs.asdict(f) for f in ledger.files(NAME)],
        [ledger.secret(NAME, n) for n in range(1, 6)],
    )


def test_resolve_refuses_the_players_own_file(dbs, tmp_path, capsys):  # DN-ERR-1
    """Item 1: `resolve` with one's own outgoing file changed nothing, the game goes on."""
    sol, asl = dbs["solomani"], dbs["aslan"]
    t1, t2, t3 = (tmp_path / f"t{n}.json" for n in (1, 2, 3))
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    assert _run(capsys, "export", NAME, "--side", "solomani", "-o", str(t1), *sol)[0] == 0
    before = _ledger_image(sol)
    code, _, err = _run(capsys, "resolve", NAME, str(t1), "--reason", "mine", *sol)
    assert code == 1 and "your own side" in err and str(t1) in err
    assert _ledger_image(sol) == before, "resolve changed the database"
    # the secret of file 1 survived: file 3 reveals it and the opponent accepts it
    assert _run(capsys, "import", NAME, str(t1), *asl)[0] == 0
    main(["order", NAME, "aslan place-neutral span", *asl])
    assert _run(capsys, "export", NAME, "--side", "aslan", "-o", str(t2), *asl)[0] == 0
    assert _run(capsys, "import", NAME, str(t2), *sol)[0] == 0
    main(["order", NAME, "solomani place-neutral keystone", *sol])
    assert _run(capsys, "export", NAME, "--side", "solomani", "-o", str(t3), *sol)[0] == 0
    assert json.loads(t3.read_text())["body"]["dice"]["reveal"]
    assert _run(capsys, "import", NAME, str(t3), *asl)[0] == 0


def test_failed_export_never_touches_the_named_file(dbs, tmp_path, capsys):  # DN-ERR-1
    """Item 2: a refused export ("nothing to send", or a file there it would lose) leaves an
    existing file and a symlink's target intact."""
    theirs = tmp_path / "turn-002.json"
    theirs.write_text("the opponent's unread turn file\n")
    link = tmp_path / "link.json"
    target = tmp_path / "target.json"
    target.write_text("kept\n")
    link.symlink_to(target)
    blank = tmp_path / "blank.json"
    blank.write_bytes(b"")
    for path, refusal in ((theirs, "is there already"), (link, "is there already")):
        code, _, err = _run(
            capsys, "export", NAME, "--side", "aslan", "-o", str(path), *dbs["aslan"]
        )
        assert code == 1 and refusal in err
    code, _, err = _run(capsys, "export", NAME, "--side", "aslan", "-o", str(blank), *dbs["aslan"])
    assert code == 1 and "nothing to send" in err and blank.read_bytes() == b""
    assert theirs.read_text() == "the opponent's unread turn file\n"
    assert link.is_symlink() and target.read_text() == "kept\n"
    target.write_bytes(b"")
    # a successful export through the link writes the target and keeps the link
    main(["order", NAME, "solomani place-neutral lantern", *dbs["solomani"]])
    assert (
        _run(capsys, "export", NAME, "--side", "solomani", "-o", str(link), *dbs["solomani"])[0]
        == 0
    )
    assert link.is_symlink() and json.loads(target.read_text())["body"]["header"]["exchange"] == 1
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_export_recorded_only_once_written_and_again_byte_for_byte(dbs, tmp_path, capsys):
    """Item 3 (DN-ERR-1): an export that cannot be written is not recorded as sent; `export
    --again N` writes any recorded file again, byte for byte, on either machine."""
    sol, asl = dbs["solomani"], dbs["aslan"]
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    code, _, err = _run(
        capsys,
        "export",
        NAME,
        "--side",
        "solomani",
        "-o",
        str(tmp_path / "missing-dir" / "t1.txt"),
        *sol,
    )
    assert code == 1 and "cannot write" in err
    (tmp_path / "keys").mkdir()
    assert main(["keygen", "solomani", "--dir", str(tmp_path / "keys")]) == 0
    mail = tmp_path / "t1.txt"
    code, out, _ = _run(
        capsys,
        "export",
        NAME,
        "--side",
        "solomani",
        "-o",
        str(mail),
        "--sign",
        str(tmp_path / "keys" / "solomani.key"),
        *sol,
    )
    assert code == 0 and "file 1 from solomani" in out, "the failed export was recorded"
    code, _, err = _run(
        capsys, "export", NAME, "--side", "solomani", "-o", str(tmp_path / "x.txt"), *sol
    )
    assert code == 1 and "--again 1" in err
    again = tmp_path / "again.txt"
    code, out, _ = _run(capsys, "export", NAME, "--again", "1", "-o", str(again), *sol)
    assert code == 0 and "byte for byte" in out
    assert again.read_bytes() == mail.read_bytes()
    assert _run(capsys, "import", NAME, str(mail), "--keys", str(tmp_path / "keys"), *asl)[0] == 0
    received = tmp_path / "received.txt"
    assert _run(capsys, "export", NAME, "--again", "1", "-o", str(received), *asl)[0] == 0
    assert received.read_bytes() == mail.read_bytes()
    code, _, err = _run(capsys, "export", NAME, "--again", "7", "-o", str(received), *asl)
    assert code == 1 and "no file 7" in err


def test_turn_file_without_orders_is_refused(dbs, tmp_path, capsys):  # DN-ERR-1
    """Item 4: a hand-made file with no orders (correct digest) is refused and not recorded."""
    sol, asl = dbs["solomani"], dbs["aslan"]
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    good = tmp_path / "t1.json"
    main(["export", NAME, "--side", "solomani", "-o", str(good), *sol])
    base_state = CampaignService(db_url=asl[1]).load(NAME).state

    def empty(data: dict) -> None:
        header = data["body"]["header"]
        data["body"]["batches"] = []
        header["head_seq"], header["head_hash"] = header["base_seq"], header["base_hash"]
        header["head_digest"] = engine.state_digest(base_state)

    forged = tmp_path / "empty.json"
    forged.write_text(resealed(good.read_text(), empty))
    before = _ledger_image(asl)
    code, _, err = _run(capsys, "import", NAME, str(forged), *asl)
    assert code == 1 and "carries no orders" in err
    assert _ledger_image(asl) == before
    assert _run(capsys, "import", NAME, str(good), *asl)[0] == 0


def test_undo_refuses_orders_already_sent(dbs, tmp_path, capsys):  # DN-ERR-1
    """Item 4: `undo` would remove events the other player already holds."""
    sol = dbs["solomani"]
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    main(["export", NAME, "--side", "solomani", "-o", str(tmp_path / "t1.json"), *sol])
    before = _ledger_image(sol)
    code, _, err = _run(capsys, "undo", NAME, *sol)
    assert code == 1 and "went to the other player in a turn file" in err
    assert _ledger_image(sol) == before


def test_no_order_between_sending_a_file_and_importing_the_answer(dbs, tmp_path, capsys):
    """DN-ERR-1: once a player's file went out, an order (or a referee override) given in his
    database before the answer is imported is refused, nothing stored. Found by use: an order
    given after `export` made the answer unimportable ("carries no orders" for the hand-over
    file, "stale" for any other), and an order that had rolled dice could not be taken back,
    so neither player could send or import again."""
    sol, asl = dbs["solomani"], dbs["aslan"]
    t1, t2 = tmp_path / "t1.json", tmp_path / "t2.json"
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    assert _run(capsys, "export", NAME, "-o", str(t1), *sol)[0] == 0
    before = _ledger_image(sol)
    for argv in (
        ["order", NAME, 'referee set-ru solomani 120 "a bonus"'],
        ["undo", NAME, "--referee", "a second thought"],
    ):
        code, out, err = _run(capsys, *argv, *sol)
        assert code == 1 and out == ""
        assert err.strip() == (
            "campaign: DN-ERR-1: file 1 went to aslan and is not answered yet: import "
            "aslan's file 2 first (`campaign import nebula FILE`); an order given before "
            "would make it stale (if aslan refused file 1, `campaign withdraw nebula 1 "
            "--reason ...` takes it back)"
        )
        assert _ledger_image(sol) == before, "a refused order changed the database"
    assert _run(capsys, "import", NAME, str(t1), *asl)[0] == 0
    main(["order", NAME, "aslan place-neutral span", *asl])
    assert _run(capsys, "export", NAME, "-o", str(t2), *asl)[0] == 0
    assert _run(capsys, "import", NAME, str(t2), *sol)[0] == 0
    # the answer is in: orders are given again
    assert _run(capsys, "order", NAME, "solomani place-neutral keystone", *sol)[0] == 0


def test_importing_ones_own_sent_file_says_so(dbs, tmp_path, capsys):
    """DN-ERR-1: a player who imports the file he sent himself (the wrong file of the mail
    folder) is told it is his own, nothing changed; found by use: he was told that the sender
    made his moves and "must withdraw the file" — his own, which the other side had accepted."""
    sol = dbs["solomani"]
    t1 = tmp_path / "t1.json"
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    assert _run(capsys, "export", NAME, "-o", str(t1), *sol)[0] == 0
    before = _ledger_image(sol)
    code, out, err = _run(capsys, "import", NAME, str(t1), *sol)
    assert code == 1 and out == ""
    assert err.strip() == (
        f"campaign: {t1}: file 1 from solomani is the file this database sent: this "
        "database takes only aslan's files"
    )
    assert _ledger_image(sol) == before


def test_importing_ones_own_file_into_a_copy_made_before_the_export_says_so(dbs, tmp_path, capsys):
    """DN-ERR-1 (found by use, December 7, night): a player who copied his database (a backup),
    exported file 1 from the original, then imported file 1 into the copy was told "that is
    your own side …; if the sender made solomani's moves, he must withdraw the file": the copy
    holds the file's events but no record of sending it. It is told that this is his own file,
    that this database is a copy from before the export, and what to do; nothing changes."""
    sol = dbs["solomani"]
    t1 = tmp_path / "t1.txt"
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    backup = tmp_path / "backup.db"
    backup.write_bytes((tmp_path / "solomani.db").read_bytes())
    copy = ["--db", f"sqlite:///{backup}"]
    assert _run(capsys, "export", NAME, "-o", str(t1), *sol)[0] == 0
    before = _ledger_image(copy)
    code, out, err = _run(capsys, "import", NAME, str(t1), *copy)
    assert code == 1 and out == ""
    assert err.strip() == (
        f"campaign: {t1}: file 1 from solomani is your own file: this database plays solomani "
        "and holds the file's events (to event 4), but has no record of sending it: it is a "
        "copy of your database made before file 1 was exported (a backup restored?). Nothing "
        "imported: go on with the database that exported file 1, or a copy made after it"
    )
    assert "withdraw" not in err
    assert _ledger_image(copy) == before


def test_importing_ones_own_file_into_a_copy_made_before_its_orders_says_both_cases(
    dbs, tmp_path, capsys
):
    """DN-ERR-1 (found by use, December 7, night): the same with a copy made before the file's
    orders were given: the copy does not hold the file's events, so the file could also be
    the other player's doing; the refusal names both cases, one's own copy first."""
    sol = dbs["solomani"]
    t1 = tmp_path / "t1.txt"
    backup = tmp_path / "backup.db"
    backup.write_bytes((tmp_path / "solomani.db").read_bytes())
    copy = ["--db", f"sqlite:///{backup}"]
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    assert _run(capsys, "export", NAME, "-o", str(t1), *sol)[0] == 0
    before = _ledger_image(copy)
    code, out, err = _run(capsys, "import", NAME, str(t1), *copy)
    assert code == 1 and out == ""
    assert err.strip() == (
        f"campaign: {t1}: file 1 from solomani: that is your own side (solomani, agreed with "
        "the first file); you import only aslan's files. If you exported it yourself, this "
        "database is a copy of yours made before (a backup restored?): go on with the database "
        "that exported file 1; if the aslan player made solomani's moves, he must withdraw the "
        "file (`campaign withdraw nebula 1 --reason ...`) and send his own"
    )
    assert _ledger_image(copy) == before


def test_importing_ones_own_signed_file_says_so_before_the_keys(dbs, tmp_path, capsys):
    """DN-ERR-1: the same with signed files and a keys directory that holds the other side's
    public key, as it should; found by use (December 7): the player was told "put solomani's
    public key (solomani.pub) in the keys directory" — his own key, for his own file."""
    sol = dbs["solomani"]
    keys, trusted, t1 = tmp_path / "keys", tmp_path / "trusted", tmp_path / "t1.txt"
    for side in ("aslan", "solomani"):
        assert main(["keygen", side, "--dir", str(keys)]) == 0
    trusted.mkdir()
    (trusted / "aslan.pub").write_bytes((keys / "aslan.pub").read_bytes())
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    sign = ["--sign", str(keys / "solomani.key")]
    assert _run(capsys, "export", NAME, "-o", str(t1), *sign, *sol)[0] == 0
    before = _ledger_image(sol)
    code, out, err = _run(capsys, "import", NAME, str(t1), "--keys", str(trusted), *sol)
    assert code == 1 and out == ""
    assert err.strip() == (
        f"campaign: {t1}: file 1 from solomani is the file this database sent: this "
        "database takes only aslan's files"
    )
    assert _ledger_image(sol) == before


def test_the_player_who_waits_for_file_1_is_told_so(dbs, capsys):
    """DN-SEQ-2: the player whose side does not open the set-up (the Solomani place the first
    neutral, DN-NEU-1) reads what to do next like the other one; found by use: his `status`
    ended without a `next:` line while the other's said "give your orders … export file 1"."""
    code, out, _ = _run(capsys, "status", NAME, *dbs["aslan"])
    assert code == 0
    assert out.splitlines()[-1] == (
        "next: wait for solomani's file 1 and import it (`campaign import nebula FILE`)"
    )
    _, out, _ = _run(capsys, "status", NAME, *dbs["solomani"])
    assert out.splitlines()[-1].startswith("next: your turn: give your orders")


def test_verify_rebuild_prints_the_digest_status_prints(dbs, tmp_path, capsys):
    """DN-NEU-1: in a player's database `status` shows the digest of his view; the cold path,
    `verify --rebuild`, printed the whole state's digest under the same words ("state digest"),
    so the two paths seemed to disagree on one state (and the whole digest is the one a player
    is not shown)."""
    sol, asl = dbs["solomani"], dbs["aslan"]
    t1 = tmp_path / "t1.json"
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    assert _run(capsys, "export", NAME, "-o", str(t1), *sol)[0] == 0
    assert _run(capsys, "import", NAME, str(t1), *asl)[0] == 0
    for db in (sol, asl):
        _, out, _ = _run(capsys, "status", NAME, *db)
        shown = re.search(r"event 4, state digest (\w+)", out).group(1)
        code, out, _ = _run(capsys, "verify", NAME, "--rebuild", *db)
        assert code == 0 and f"state digest {shown}\n" in out


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        ("solomani.db", "that is the database campaign 'nebula' is kept in"),
        ("solomani.db-link", "that is the database campaign 'nebula' is kept in"),
        ("keys/solomani.key", "that is the private key the file is signed with (--sign)"),
    ],
)
def test_export_never_writes_over_its_own_database_or_signing_key(
    dbs, tmp_path, capsys, target, reason
):  # DN-ERR-1
    """docs/turn-files.md, "Writing a file": `export -o` naming the player's own database (a
    slip of Tab completion: `-o solomani.db`), or a link to it, replaced the whole database
    with the turn file and then said "nothing was changed"; naming the `--sign` key replaced
    the private key, which nothing can bring back. Both are refused before anything is
    written or recorded, naming the path."""
    sol = dbs["solomani"]
    (tmp_path / "keys").mkdir()
    assert main(["keygen", "solomani", "--dir", str(tmp_path / "keys")]) == 0
    (tmp_path / "solomani.db-link").symlink_to(tmp_path / "solomani.db")
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    key = tmp_path / "keys" / "solomani.key"
    ledger, key_bytes = _ledger_image(sol), key.read_bytes()
    database = (tmp_path / "solomani.db").read_bytes()
    path = tmp_path / target
    code, out, err = _run(capsys, "export", NAME, "-o", str(path), "--sign", str(key), *sol)
    assert (code, out) == (1, "")
    assert err == (f"campaign: {path}: {reason}; write the turn file to another path\n")
    assert (tmp_path / "solomani.db").read_bytes() == database
    assert key.read_bytes() == key_bytes
    assert _ledger_image(sol) == ledger
    assert not [p for p in tmp_path.rglob("*.tmp")]


@pytest.mark.parametrize("kind", ["private key", "letter", "other campaign's file"])
def test_export_never_replaces_a_file_it_cannot_write_again(
    dbs, tmp_path, capsys, kind
):  # DN-ERR-1
    """Found by use (December 7, evening): `export -o keys/solomani.key` without `--sign`
    (or over a letter, or over a turn file of another game) replaced that file with the turn
    file and said nothing: the private key was gone for good. An existing file is replaced
    only when nothing is lost: an empty file, a file of this database's side, or a file this
    database recorded (`export --again N` writes it again); anything else is refused in one
    line naming the path, before anything is written or recorded."""
    sol = dbs["solomani"]
    (tmp_path / "keys").mkdir()
    assert main(["keygen", "solomani", "--dir", str(tmp_path / "keys")]) == 0
    other = ["--db", f"sqlite:///{tmp_path / 'other.db'}"]
    new = ["new", "other", "--seed", "3", "--dice", "commit-reveal", "--as", "solomani"]
    assert main([*new, *other]) == 0
    main(["order", "other", "solomani place-neutral lantern", *other])
    foreign = tmp_path / "other-1.json"
    code = _run(capsys, "export", "other", "--side", "solomani", "-o", str(foreign), *other)[0]
    assert code == 0
    path = {
        "private key": tmp_path / "keys" / "solomani.key",
        "letter": tmp_path / "letter.txt",
        "other campaign's file": foreign,
    }[kind]
    if kind == "letter":
        path.write_text("Dear opponent, ...\n")
    kept = path.read_bytes()
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    ledger = _ledger_image(sol)
    code, out, err = _run(capsys, "export", NAME, "-o", str(path), *sol)
    assert (code, out) == (1, "")
    assert err.startswith(f"campaign: {path}: ") and err.count("\n") == 1
    assert "is there already" in err and "nothing was written or recorded" in err
    assert path.read_bytes() == kept
    assert _ledger_image(sol) == ledger
    assert not [p for p in tmp_path.rglob("*.tmp")]


def test_export_replaces_what_it_can_write_again(dbs, tmp_path, capsys):  # DN-ERR-1
    """The files an export may replace: an empty file, this side's own withdrawn file, and the
    other side's file this database imported (recorded: `export --again N` writes it)."""
    sol, asl = dbs["solomani"], dbs["aslan"]
    t1, t2 = tmp_path / "t1.json", tmp_path / "t2.json"
    t1.write_bytes(b"")
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    assert _run(capsys, "export", NAME, "-o", str(t1), *sol)[0] == 0
    assert main(["withdraw", NAME, "1", "--reason", "sent to the wrong address", *sol]) == 0
    assert _run(capsys, "export", NAME, "-o", str(t1), *sol)[0] == 0
    assert _run(capsys, "import", NAME, str(t1), *asl)[0] == 0
    main(["order", NAME, "aslan place-neutral span", *asl])
    assert _run(capsys, "export", NAME, "-o", str(t2), *asl)[0] == 0
    assert _run(capsys, "import", NAME, str(t2), *sol)[0] == 0
    main(["order", NAME, "solomani place-neutral keystone", *sol])
    assert _run(capsys, "export", NAME, "-o", str(t2), *sol)[0] == 0
    assert json.loads(t2.read_text())["body"]["header"]["exchange"] == 3


def test_keys_naming_the_public_key_file_says_so(dbs, tmp_path, capsys):  # DN-ERR-1
    """Found by use (December 7, evening): `import --keys keys/solomani.pub` (the key file,
    not its folder) was told "no such keys directory", which the player could see was there.
    The refusal now says it is a file and names the folder to give; nothing is imported."""
    sol, asl = dbs["solomani"], dbs["aslan"]
    keys = tmp_path / "keys"
    assert main(["keygen", "solomani", "--dir", str(keys)]) == 0
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    t1 = tmp_path / "t1.json"
    sign = ["--sign", str(keys / "solomani.key")]
    assert _run(capsys, "export", NAME, "-o", str(t1), *sign, *sol)[0] == 0
    before = _ledger_image(asl)
    public = keys / "solomani.pub"
    code, out, err = _run(capsys, "import", NAME, str(t1), "--keys", str(public), *asl)
    assert (code, out) == (1, "") and err.count("\n") == 1
    assert f"{public}: a file, not a keys directory" in err
    assert f"--keys {keys}" in err
    assert _ledger_image(asl) == before
    assert _run(capsys, "import", NAME, str(t1), "--keys", str(keys), *asl)[0] == 0


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("stdout", ["/dev/full", "closed"])
def test_export_to_a_standard_output_that_fails_is_one_line(dbs, tmp_path, stdout):
    """Found by use (December 7, evening): `campaign export nebula -o - > /dev/full` (a full
    disk, or `>&-`: no standard output at all) printed a Python traceback. It is one line,
    exit status 1, and the file is not recorded as sent (DN-ERR-1)."""
    sol = dbs["solomani"]
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    ledger = _ledger_image(sol)
    script = (
        "import sys\nfrom campaign.cli import main\n"
        f"raise SystemExit(main(['export', {NAME!r}, '-o', '-', *{sol!r}]))"
    )
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-c", script],
            stdout=full if stdout == "/dev/full" else None,
            stderr=subprocess.PIPE,
            text=True,
            cwd=REPO_ROOT,
            check=False,
            preexec_fn=_close_stdout if stdout == "closed" else None,
        )
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("campaign: standard output: cannot write")
    assert done.stderr.count("\n") == 1, done.stderr
    assert _ledger_image(sol) == ledger


def _close_stdout() -> None:
    """In the child before it runs: no standard output at all (a shell's `>&-`)."""
    os.close(1)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_import_and_status_to_a_full_standard_output_are_one_line(dbs, tmp_path, capsys):
    """Found by use (December 7, evening): `campaign import nebula t1.json > /dev/full` stored
    the file, then printed a Python traceback, which read as if the import had failed (and
    `status > /dev/full` did the same). Each is one line that says the output is lost and
    what was stored stays stored (DN-ERR-1); the next import says the file is exchanged."""
    sol, asl = dbs["solomani"], dbs["aslan"]
    main(["order", NAME, "solomani place-neutral lantern", *sol])
    t1 = tmp_path / "t1.json"
    assert _run(capsys, "export", NAME, "-o", str(t1), *sol)[0] == 0
    for argv in (["import", NAME, str(t1), *asl], ["status", NAME, *asl]):
        script = f"from campaign.cli import main\nraise SystemExit(main({argv!r}))"
        with open("/dev/full", "w") as full:
            done = subprocess.run(
                [sys.executable, "-c", script],
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                cwd=REPO_ROOT,
                check=False,
            )
        assert done.returncode == 1, done.stderr
        assert done.stderr.startswith("campaign: standard output: cannot write"), done.stderr
        assert done.stderr.count("\n") == 1, done.stderr
    code, _, err = _run(capsys, "import", NAME, str(t1), *asl)
    assert code == 1 and "already exchanged" in err


def test_an_answer_to_another_file_of_that_number_says_so(dbs, tmp_path, capsys):  # DN-ERR-1
    """Found by use (December 7, evening): a player restored his database from a copy, gave
    fewer orders and sent his file again under its number; the opponent (who had imported the
    first one) refused it, and the opponent's answer was then refused with "an earlier file
    is missing; import it first": there was none to import. It now says the answer answers
    another file of that number than the one this database sent; nothing is imported."""
    dbs_by_side = {"solomani": dbs["solomani"], "aslan": dbs["aslan"]}
    placements = setup_orders()[:7]
    sent = 0
    for order in placements:  # one file per placement: the sides alternate
        side = order.split()[0]
        other = "aslan" if side == "solomani" else "solomani"
        assert main(["order", NAME, order, *dbs_by_side[side]]) == 0
        sent += 1
        path = tmp_path / f"t{sent}.json"
        assert _run(capsys, "export", NAME, "-o", str(path), *dbs_by_side[side])[0] == 0
        assert _run(capsys, "import", NAME, str(path), *dbs_by_side[other])[0] == 0
    # aslan places the last neutral and buys; a copy of his database is kept before
    sol, asl = dbs["solomani"], dbs["aslan"]
    copy = tmp_path / "copy.db"
    copy.write_bytes((tmp_path / "aslan.db").read_bytes())
    last = setup_orders()[7]
    for order in (last, "aslan buy B1", "aslan buy B2", "aslan end-phase"):
        assert main(["order", NAME, order, *asl]) == 0
    mine, answer = tmp_path / "mine.json", tmp_path / "answer.json"
    assert _run(capsys, "export", NAME, "-o", str(mine), *asl)[0] == 0
    assert _run(capsys, "import", NAME, str(mine), *sol)[0] == 0
    assert main(["order", NAME, "solomani buy B1", *sol]) == 0
    assert _run(capsys, "export", NAME, "-o", str(answer), *sol)[0] == 0
    restored = ["--db", f"sqlite:///{copy}"]  # the copy: fewer orders, the same file number
    for order in (last, "aslan buy B1", "aslan end-phase"):
        assert main(["order", NAME, order, *restored]) == 0
    other = tmp_path / "mine-again.json"
    assert _run(capsys, "export", NAME, "-o", str(other), *restored)[0] == 0
    before = _ledger_image(restored)
    code, out, err = _run(capsys, "import", NAME, str(answer), *restored)
    assert (code, out) == (1, "") and err.count("\n") == 1
    assert "earlier file is missing" not in err
    assert f"file {sent + 2} from solomani answers a file {sent + 1} that is not " in err
    assert _ledger_image(restored) == before
