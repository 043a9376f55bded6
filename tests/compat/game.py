"""A recorded game of a released version, copied where a test may change it, and the CLI
driven as each player drives it after upgrading (``tests/compat/README.md``)."""

from __future__ import annotations

import contextlib
import io
import os
from dataclasses import dataclass
from pathlib import Path

from campaign.cli import main

COMPAT_DIR = Path(__file__).resolve().parent
CAMPAIGN = "nebula"


def run(*argv: str) -> tuple[int, str, str]:
    """``campaign ARGV`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


#: The modes of what ``copy_release`` makes: set, never taken from the checkout (a clone made
#: under umask 0002 has 0775 folders and 0664 files, which the tool refuses to take keys from)
#: nor left to the umask (under 0000 a new file would be world-writable).
FOLDER_MODE, FILE_MODE, PRIVATE_KEY_MODE = 0o700, 0o644, 0o600


def copy_release(version: str, target: Path) -> Path:
    """The fixtures of release ``version`` copied to ``target``: folders 0700, private keys
    0600 from the moment they exist (never readable by others, not even between a copy and a
    chmod), every other file 0644; the checked-in copy is never written."""
    source = COMPAT_DIR / f"v{version.replace('.', '_')}"
    _make_folder(target)
    for path in sorted(source.rglob("*")):
        copy = target / path.relative_to(source)
        if path.is_dir():
            _make_folder(copy)
        else:
            _copy_file(path, copy, PRIVATE_KEY_MODE if path.suffix == ".key" else FILE_MODE)
    return target


def _make_folder(path: Path) -> None:
    path.mkdir()
    path.chmod(FOLDER_MODE)  # mkdir's mode is narrowed by the umask, never set


def _copy_file(source: Path, copy: Path, mode: int) -> None:
    descriptor = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    with os.fdopen(descriptor, "wb") as handle:
        os.fchmod(handle.fileno(), mode)  # the umask must neither widen nor narrow it
        handle.write(source.read_bytes())


@dataclass
class Machine:
    """One player's machine after the upgrade: a database, the side played, its signing key
    and the folder of the public key it trusts."""

    db: Path
    side: str
    key: Path
    trust: Path

    @property
    def db_args(self) -> list[str]:
        return ["--db", f"sqlite:///{self.db}"]

    def order(self, text: str) -> str:
        code, out, err = run("order", CAMPAIGN, f"{self.side} {text}", *self.db_args)
        assert code == 0, err
        return out

    def export(self, path: Path) -> Path:
        code, _, err = run(
            "export", CAMPAIGN, "-o", str(path), "--sign", str(self.key), *self.db_args
        )
        assert code == 0, err
        return path

    def import_file(self, path: Path) -> str:
        code, out, err = run(
            "import", CAMPAIGN, str(path), "--keys", str(self.trust), *self.db_args
        )
        assert code == 0, err
        return out


#: How the recorded game of 0.1.0 goes on after file 18 to the end of game turn 2: each
#: player turn's sender and orders (file 19 is Bob's, then the sides alternate).
TURN_2_AFTER_FILE_18: list[tuple[str, list[str]]] = [
    ("bob", ["end-phase"] * 4),
    ("alice", ["end-phase"] * 4),
    ("bob", ["maintain", "end-phase", "jump home redoubt,bastion", *["end-phase"] * 4]),
    ("alice", ["end-phase"] * 4),
    ("bob", ["end-phase"] * 4),
]


def players_of_0_1_0(release: Path) -> dict[str, Machine]:
    """Alice (aslan) after she sent file 18, Bob (solomani) before he imports it."""
    return {
        "alice": Machine(
            release / "snap" / "018-alice.db",
            "aslan",
            release / "keys" / "aslan" / "aslan.key",
            release / "trust-alice",
        ),
        "bob": Machine(
            release / "snap" / "017-bob.db",
            "solomani",
            release / "keys" / "solomani" / "solomani.key",
            release / "trust-bob",
        ),
    }


def play_on_0_1_0(
    release: Path, outbox: Path, *, deliver_last: bool = True
) -> tuple[dict[str, Machine], list[Path]]:
    """Bob imports 0.1.0's file 18, then both play game turn 2 to its end with this version,
    each file written to ``outbox`` and imported by the other (the last one only if
    ``deliver_last``); the players and the files written."""
    players = players_of_0_1_0(release)
    players["bob"].import_file(release / "files" / "f018-aslan.txt")
    sent: list[Path] = []
    for number, (who, orders) in enumerate(TURN_2_AFTER_FILE_18, start=19):
        sender = players[who]
        for text in orders:
            sender.order(text)
        path = sender.export(outbox / f"f{number:03}-{sender.side}.json")
        sent.append(path)
        if deliver_last or number < 18 + len(TURN_2_AFTER_FILE_18):
            players["alice" if who == "bob" else "bob"].import_file(path)
    return players, sent
