"""Issue 33 item 7: key files with unsafe modes are refused as ssh refuses them, `keygen` never
writes through a symbolic link and never replaces a key, and the snapshot-seal key is held to
the same rules (DN-ERR-1)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from campaign.app import CampaignService
from campaign.cli import main
from campaign.store.repository import Store
from campaign.store.seal import KEY_FILE, SealKeyError, machine_key
from tests.engine.factory import SETUP_ORDERS, small_ruleset
from tests.pbem.helpers import cli_databases

NAME = "nebula"


def _run(capsys, *argv: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(list(argv))
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") <= 1
    return code, err


@pytest.fixture
def sent(tmp_path: Path) -> dict:
    """Keys for both sides and two databases; solomani has an order to send."""
    keys = tmp_path / "keys"
    dbs = cli_databases(tmp_path, keys=keys)
    assert main(["order", NAME, "solomani place-neutral lantern", *dbs["solomani"]]) == 0
    return {"keys": keys, "dbs": dbs, "tmp": tmp_path}


def test_keygen_makes_a_private_directory_and_private_key(tmp_path):  # DN-ERR-1
    keys = tmp_path / "new-keys"
    assert main(["keygen", "aslan", "--dir", str(keys)]) == 0
    assert (keys.stat().st_mode & 0o777) == 0o700
    assert (keys / "aslan.key").stat().st_mode & 0o777 == 0o600
    assert (keys / "aslan.pub").stat().st_mode & 0o022 == 0


def test_a_private_key_others_can_read_is_refused(sent, capsys):  # DN-ERR-1
    key = sent["keys"] / "solomani.key"
    key.chmod(0o644)
    out = sent["tmp"] / "t1.txt"
    code, err = _run(
        capsys, "export", NAME, "-o", str(out), "--sign", str(key), *sent["dbs"]["solomani"]
    )
    assert code == 1 and "permissions 0644 are too open" in err and "chmod 600" in err
    assert not out.exists()
    key.chmod(0o600)  # fixed: the same export goes through (nothing was recorded before)
    assert (
        _run(capsys, "export", NAME, "-o", str(out), "--sign", str(key), *sent["dbs"]["solomani"])[
            0
        ]
        == 0
    )


def test_a_public_key_others_can_change_is_refused(sent, capsys):  # DN-ERR-1
    out = sent["tmp"] / "t1.txt"
    assert (
        main(
            [
                "export",
                NAME,
                "-o",
                str(out),
                "--sign",
                str(sent["keys"] / "solomani.key"),
                *sent["dbs"]["solomani"],
            ]
        )
        == 0
    )
    public = sent["keys"] / "solomani.pub"
    public.chmod(0o666)
    code, err = _run(
        capsys, "import", NAME, str(out), "--keys", str(sent["keys"]), *sent["dbs"]["aslan"]
    )
    assert code == 1 and "let others change this public key file" in err
    public.chmod(0o644)
    assert (
        _run(capsys, "import", NAME, str(out), "--keys", str(sent["keys"]), *sent["dbs"]["aslan"])[
            0
        ]
        == 0
    )


@pytest.mark.parametrize("mode", [0o777, 0o775])
def test_a_keys_directory_others_can_write_is_refused(sent, capsys, mode):  # DN-ERR-1
    """Issue 46 item 5: a keys directory others may write is refused, as ssh refuses it (they
    could put their own public key there); sticky world-writable directories are allowed."""
    out = sent["tmp"] / "t1.txt"
    assert (
        main(
            [
                "export",
                NAME,
                "-o",
                str(out),
                "--sign",
                str(sent["keys"] / "solomani.key"),
                *sent["dbs"]["solomani"],
            ]
        )
        == 0
    )
    sent["keys"].chmod(mode)
    code, err = _run(
        capsys, "import", NAME, str(out), "--keys", str(sent["keys"]), *sent["dbs"]["aslan"]
    )
    assert code == 1 and f"has permissions {mode:04o}" in err and "chmod go-w" in err
    sent["keys"].chmod(mode | 0o1000)  # sticky, as /tmp
    assert (
        _run(capsys, "import", NAME, str(out), "--keys", str(sent["keys"]), *sent["dbs"]["aslan"])[
            0
        ]
        == 0
    )


@pytest.mark.parametrize("existing", ["key", "pub", "key-link", "pub-link", "dangling-link"])
def test_keygen_never_overwrites_nor_follows_a_link(tmp_path, capsys, existing):  # DN-ERR-1
    keys = tmp_path / "keys"
    keys.mkdir(mode=0o700)
    target = tmp_path / "elsewhere.txt"
    target.write_text("not a key, must stay\n")
    name = "aslan.key" if existing.startswith("key") or existing == "dangling-link" else "aslan.pub"
    path = keys / name
    if existing in ("key", "pub"):
        path.write_text("an old key\n")
    elif existing == "dangling-link":
        path.symlink_to(tmp_path / "nowhere")
    else:
        path.symlink_to(target)
    before = sorted(p.name for p in keys.iterdir())
    code, err = _run(capsys, "keygen", "aslan", "--dir", str(keys))
    assert code == 1 and "exists already; not overwritten" in err
    assert sorted(p.name for p in keys.iterdir()) == before
    assert target.read_text() == "not a key, must stay\n"
    assert not (tmp_path / "nowhere").exists()
    if existing in ("key", "pub"):
        assert path.read_text() == "an old key\n"


@pytest.fixture
def sealed(tmp_path, monkeypatch) -> CampaignService:
    """A campaign with snapshots (every 4 events), sealed with a key in ``tmp_path/seal``."""
    ruleset = small_ruleset()
    service = CampaignService(
        Store(f"sqlite:///{tmp_path / 'c.db'}"),
        ruleset_loader=lambda layout, seed: ruleset,
        seal_dir=tmp_path / "seal",
        snapshot_every=4,
    )
    service.create("c", dice_seed="s")
    for text in SETUP_ORDERS[:8]:
        service.order("c", text)
    assert service.store.snapshot_count("c") >= 1
    return service


def _fresh(service: CampaignService, seal_dir: Path) -> CampaignService:
    return CampaignService(service.store, ruleset_loader=service.load_ruleset, seal_dir=seal_dir)


@pytest.mark.parametrize("problem", ["readable", "writable", "fifo", "dev-zero", "directory"])
def test_an_unsafe_seal_key_is_refused_in_one_line(sealed, tmp_path, problem):  # DN-ERR-1
    """A world-readable key let a forged seal pass as trusted (777 RU shown instead of 99):
    now loading with such a key is refused, naming the file and the fix; special files at the
    key's place neither hang nor crash."""
    key = tmp_path / "seal" / KEY_FILE
    if problem in ("readable", "writable"):
        key.chmod(0o644 if problem == "readable" else 0o622)
    else:
        key.unlink()
        if problem == "fifo":
            os.mkfifo(key)
        elif problem == "dev-zero":
            key.symlink_to("/dev/zero")
        else:
            key.mkdir()
    with pytest.raises(SealKeyError) as refused:
        _fresh(sealed, tmp_path / "seal").load("c")
    message = refused.value.message
    assert str(key) in message and "delete it" in message and "\n" not in message
    with pytest.raises(SealKeyError):
        machine_key(tmp_path / "seal")


def test_a_deleted_seal_key_is_made_again(sealed, tmp_path):  # DN-ERR-1
    (tmp_path / "seal" / KEY_FILE).unlink()
    loaded = _fresh(sealed, tmp_path / "seal").load("c")
    assert loaded.from_snapshot > 0  # checked against the log again, then sealed anew
    assert (tmp_path / "seal" / KEY_FILE).stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("mode", [0o644, 0o600])
def test_a_public_key_given_to_sign_is_named_as_one(sent, capsys, mode):  # DN-ERR-1
    """`export --sign solomani.pub` (a slip for solomani.key) was refused as "permissions 0644
    are too open: others may read this private key file ... make a new key if others may have
    read it": the user was told his secret was exposed and to chmod his public key."""
    pub = sent["keys"] / "solomani.pub"
    pub.chmod(mode)
    out = sent["tmp"] / "t1.txt"
    code, err = _run(
        capsys, "export", NAME, "-o", str(out), "--sign", str(pub), *sent["dbs"]["solomani"]
    )
    assert code == 1 and not out.exists()
    assert f"{pub}: a public key, not a private key file" in err
    assert "too open" not in err and "make a new key" not in err
