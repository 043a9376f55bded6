"""``copy_release`` sets the modes of what it copies (DN-ERR-1: the tool refuses a key that
others may read or change, or in a folder others may write): found by use, December 8, a
checkout made under umask 0002 gave the copied key folders 0775 and the public keys 0664, so
every compat test's export or import was refused; and a private key was readable by others
between its copy and its chmod."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.compat import game


@pytest.fixture
def loose_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A release folder as a clone made under umask 0002 leaves it, and umask 0000 now."""
    keys = tmp_path / "checkout" / "v9_9_9" / "keys" / "aslan"
    keys.mkdir(parents=True)
    (keys / "aslan.key").write_bytes(b"private")
    (keys / "aslan.pub").write_bytes(b"public")
    for path in [*tmp_path.joinpath("checkout").rglob("*")]:
        path.chmod(0o775 if path.is_dir() else 0o664)
    monkeypatch.setattr(game, "COMPAT_DIR", tmp_path / "checkout")
    old = os.umask(0)
    try:
        yield tmp_path / "copy"
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_copied_keys_and_their_folders_are_the_owners_alone(loose_checkout: Path):  # DN-ERR-1
    copy = game.copy_release("9.9.9", loose_checkout)
    assert _mode(copy / "keys" / "aslan" / "aslan.key") == 0o600
    assert _mode(copy / "keys" / "aslan" / "aslan.pub") == 0o644
    for folder in (copy, copy / "keys", copy / "keys" / "aslan"):
        assert _mode(folder) == 0o700, folder
    assert (copy / "keys" / "aslan" / "aslan.key").read_bytes() == b"private"
