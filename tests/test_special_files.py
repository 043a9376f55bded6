"""Issue 33 items 4 and 5: every file reader of the tool, given a special file where it expects
a file (the device /dev/zero, a FIFO, a directory, a symbolic link to one of them, a file far
larger than any real one), answers with one line naming the path, at once (DN-ERR-1,
DN-DATA-5, SHO-10).

Readers: a turn file (`import`, `verify`), an order file (`orders`), a seed game (`replay`), a
data file (`data check`), a private key (`export --sign`), a public key (`import --keys`), the
snapshot-seal key, an opening book, the three files of a solved tablebase (its description and
both array headers), a saved scenario game, the TUI keymap, and a tablebase data directory. A
reader that blocks (a FIFO opened for reading waits for a writer) is stopped by an alarm after a
few seconds and the test fails; before issue 33 `orders` and `replay` hung on a FIFO and ran out
of memory on /dev/zero, and the seal key hung or crashed every command."""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from campaign.cli import main
from tests.conftest import DATA_DIR

#: A size above every limit (the largest is a tablebase array's, 64 GiB); a sparse file.
HUGE = (64 << 30) + 1
KINDS = (
    "dev-zero",
    "fifo",
    "directory",
    "link-to-dev-zero",
    "link-to-fifo",
    "link-to-directory",
    "huge",
)
NAME = "nebula"


class Blocked(BaseException):
    """The reader blocked. A ``BaseException``, so that no ``except OSError`` or ``except
    Exception`` of the code under test can turn the hang into an ordinary refusal."""


@contextmanager
def no_hang(seconds: int = 10) -> Iterator[None]:
    """Fail instead of waiting for ever (a blocking ``open`` is interrupted by the alarm)."""

    def alarm(signum, frame):
        raise Blocked(f"the reader blocked for {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def make_special(kind: str, path: Path) -> Path:
    """A special file of ``kind`` at ``path`` (``dev-zero``: the device itself); its path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() or path.is_symlink():
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
    if kind == "dev-zero":
        return Path("/dev/zero")
    if kind == "huge":
        with open(path, "wb") as handle:
            handle.truncate(HUGE)
        return path
    target = path if not kind.startswith("link-to-") else path.with_name(f"{path.name}.target")
    what = kind.removeprefix("link-to-")
    if what == "dev-zero":
        target = Path("/dev/zero")
    elif what == "fifo":
        os.mkfifo(target)
    elif what == "directory":
        target.mkdir()
    if kind.startswith("link-to-"):
        path.symlink_to(target)
    return path


def _cli(capsys, argv: list[str], path: Path) -> None:
    """``campaign ARGV`` refuses: exit status 1 or 2, one line naming ``path``."""
    capsys.readouterr()
    with no_hang():
        code = main(argv)
    err = capsys.readouterr().err
    assert code in (1, 2), (code, err)
    assert "Traceback" not in err and err.count("\n") == 1, err
    assert str(path) in err, err


def _raises(call: Callable[[], object], error: type[Exception], path: Path) -> None:
    with no_hang(), pytest.raises(error) as refused:
        call()
    message = str(refused.value)
    assert str(path) in message and "\n" not in message, message


@pytest.fixture(scope="module")
def mail(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Two databases, both players' keys, and solomani's signed file 1 (not yet imported)."""
    from tests.pbem.helpers import cli_databases

    root = tmp_path_factory.mktemp("special-mail")
    keys = root / "keys"
    dbs = cli_databases(root, keys=keys)
    assert main(["order", NAME, "solomani place-neutral lantern", *dbs["solomani"]]) == 0
    assert (
        main(
            [
                "export",
                NAME,
                "-o",
                str(root / "t1.json"),
                "--sign",
                str(keys / "solomani.key"),
                *dbs["solomani"],
            ]
        )
        == 0
    )
    return {"root": root, "keys": keys, "dbs": dbs, "file": root / "t1.json"}


@pytest.mark.parametrize("kind", KINDS)
def test_turn_file(mail, tmp_path, capsys, kind):  # DN-ERR-1
    path = make_special(kind, tmp_path / "t.json")
    _cli(capsys, ["import", NAME, str(path), *mail["dbs"]["aslan"]], path)
    _cli(capsys, ["verify", str(path), *mail["dbs"]["aslan"]], path)


@pytest.mark.parametrize("kind", KINDS)
def test_order_file(mail, tmp_path, capsys, kind):  # DN-ERR-1
    path = make_special(kind, tmp_path / "orders.txt")
    _cli(capsys, ["orders", NAME, str(path), *mail["dbs"]["aslan"]], path)


@pytest.mark.parametrize("kind", KINDS)
def test_seed_game(tmp_path, capsys, kind):  # DN-ERR-1
    path = make_special(kind, tmp_path / "game.json")
    _cli(capsys, ["replay", str(path)], path)


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "dev-zero"])
def test_seed_game_named_without_a_directory(tmp_path, capsys, monkeypatch, kind):  # DN-ERR-1
    """Issue 46 item 5: `campaign replay FIFO` in the current directory (no '/' in the name)
    says what the file is, not "no such file"."""
    make_special(kind, tmp_path / "game.json")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert main(["replay", "game.json"]) == 1
    err = capsys.readouterr().err
    assert "no such file" not in err and "game.json" in err and err.count("\n") == 1


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "dev-zero"])
def test_data_file(tmp_path, capsys, kind):  # DN-DATA-5
    root = tmp_path / "data"
    shutil.copytree(DATA_DIR, root)
    path = make_special(kind, root / "units.csv")
    _cli(capsys, ["data", "check", "--data", str(root)], path)


@pytest.mark.parametrize("kind", KINDS)
def test_private_key(tmp_path, capsys, kind):  # DN-ERR-1
    path = make_special(kind, tmp_path / "solomani.key")
    db = ["--db", f"sqlite:///{tmp_path / 's.db'}"]
    new = ["new", NAME, "--seed", "3", "--dice", "commit-reveal", "--as", "solomani"]
    assert main([*new, *db]) == 0
    assert main(["order", NAME, "solomani place-neutral lantern", *db]) == 0
    _cli(
        capsys,
        [
            "export",
            NAME,
            "--side",
            "solomani",
            "-o",
            str(tmp_path / "t.json"),
            "--sign",
            str(path),
            *db,
        ],
        path,
    )
    assert not (tmp_path / "t.json").exists()


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "dev-zero"])
def test_public_key(mail, tmp_path, capsys, kind):  # DN-ERR-1
    keys = tmp_path / "keys"
    shutil.copytree(mail["keys"], keys)
    path = make_special(kind, keys / "solomani.pub")
    _cli(
        capsys,
        ["import", NAME, str(mail["file"]), "--keys", str(keys), *mail["dbs"]["aslan"]],
        path,
    )


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "dev-zero"])
def test_seal_key(tmp_path, kind):  # DN-ERR-1
    from campaign.store.seal import KEY_FILE, SealKeyError, machine_key

    path = make_special(kind, tmp_path / KEY_FILE)
    _raises(lambda: machine_key(tmp_path), SealKeyError, path)


@pytest.mark.parametrize("kind", KINDS)
def test_opening_book(tmp_path, kind):  # SHO-7
    from scenarios.imperium_shogi.book import BookError, read_book

    path = make_special(kind, tmp_path / "opening-book.bin")
    _raises(lambda: read_book(path), BookError, path)


@pytest.mark.parametrize("file", ["meta.json", "index.npy", "val.npy"])
@pytest.mark.parametrize("kind", [k for k in KINDS if k != "dev-zero"])
def test_tablebase_file(tmp_path, capsys, kind, file):  # SHO-10
    from scenarios.imperium_shogi.tablebase.store import (
        TablebaseError,
        TablebaseFile,
        save,
        table_dir,
    )
    from tests.scenarios.tablebase.conftest import reduced_solution

    directory = table_dir("imperium", tmp_path)
    save(reduced_solution("bb_b_vs_bb_cr", False), directory)
    path = make_special(kind, directory / file)
    _raises(lambda: TablebaseFile.open("imperium", tmp_path), TablebaseError, path)
    _cli(
        capsys,
        [
            "scenario",
            "solve",
            "imperium-shogi",
            "--tablebase",
            "--data-dir",
            str(tmp_path),
            "--position",
            "mfc/1b1/1B1/CFM - r",
        ],
        path,
    )


@pytest.mark.parametrize("kind", KINDS)
def test_saved_game(tmp_path, kind):  # SHO-10
    from scenarios.dialogs import read_text_bounded

    path = make_special(kind, tmp_path / "game.txt")
    _raises(lambda: read_text_bounded(path), ValueError, path)


@pytest.mark.parametrize("kind", KINDS)
def test_keymap(tmp_path, kind):  # DN-ERR-1
    from campaign.tui.keymap import load_keymap

    path = make_special(kind, tmp_path / "keymap.toml")
    with no_hang():
        loaded = load_keymap(path)
    assert loaded.bindings == {} and len(loaded.problems) == 1
    assert str(path) in loaded.problems[0]


@pytest.mark.parametrize("where", ["/dev/null", "/dev/zero", "file"])
def test_tablebase_data_dir(tmp_path, capsys, where):  # SHO-10
    root = Path(where) if where != "file" else tmp_path / "plain-file"
    if where == "file":
        root.write_text("not a directory")
    _cli(capsys, ["scenario", "solve", "imperium-shogi", "--data-dir", str(root)], root)
