"""Optional Ed25519 signatures of turn files (``cryptography``; never hand-rolled).

Key files: ``SIDE.key`` (PKCS#8 PEM private key, keep it to yourself) and ``SIDE.pub``
(SubjectPublicKeyInfo PEM, give it to the other player). On import, if a key directory holds
``SIDE.pub`` for the file's sender, the file must carry a valid signature by that key.
"""

from __future__ import annotations

import os
from pathlib import Path

from campaign.extras import install_hint
from campaign.pbem.errors import SignatureError
from campaign.pbem.model import Signature, TurnBody
from campaign.rules.canonical import sha256_hex
from campaign.userfiles import FileRefusedError, read_bounded, read_key

#: A PEM Ed25519 key is about 120 bytes; anything far larger is not a key.
MAX_KEY_BYTES = 16 * 1024


def _crypto():
    try:
        from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ed25519
    except ImportError as error:  # pragma: no cover - the extra is installed in CI
        raise SignatureError(
            f"signatures need the 'cryptography' package: {install_hint('pbem')}"
        ) from error
    return ed25519, serialization, (InvalidSignature, UnsupportedAlgorithm)


def generate_keys(directory: Path, side: str) -> tuple[Path, Path]:
    """Write ``SIDE.key`` (mode 0600) and ``SIDE.pub`` into ``directory`` (made 0700 if new).

    Never overwrites a key and never writes through a symbolic link: when either file (or a
    link of that name) exists, nothing is written. Each file is created with ``O_EXCL``, which
    fails on an existing name, a link included; if the second cannot be made, the first is
    removed again, so a failure leaves the directory as it was."""
    ed25519, serialization, _ = _crypto()
    private_path, public_path = directory / f"{side}.key", directory / f"{side}.pub"
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        raise SignatureError(
            f"{directory}: cannot make the key directory: {error.strerror}"
        ) from None
    for path in (private_path, public_path):
        if os.path.lexists(path):
            raise SignatureError(
                f"{path} exists already; not overwritten (a new key pair means the other "
                "player needs your new public key: move the old files away first if you "
                "really want one)"
            )
    private = ed25519.Ed25519PrivateKey.generate()
    pem = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    _create(private_path, pem, 0o600)  # never readable by others, not even for a moment
    try:
        _create(public_path, _public_pem(private.public_key()), 0o644)
    except SignatureError:
        private_path.unlink(missing_ok=True)
        raise
    return private_path, public_path


def _create(path: Path, data: bytes, mode: int) -> None:
    """Write a new file ``path`` with ``mode``: refused if the name exists (even as a link)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(path, flags, mode)
    except FileExistsError:
        raise SignatureError(f"{path} exists already; not overwritten") from None
    except OSError as error:
        raise SignatureError(f"{path}: cannot write: {error.strerror}") from None
    with os.fdopen(descriptor, "wb") as handle:
        os.fchmod(handle.fileno(), mode)  # the umask must not widen or narrow it
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


#: The first line of a public key in PEM form (``SIDE.pub``).
PUBLIC_PEM = b"-----BEGIN PUBLIC KEY-----"


def _public_key_given(path: Path) -> SignatureError:
    """The refusal of a public key given where the private key belongs (``--sign SIDE.pub``)."""
    return SignatureError(
        f"{path}: a public key, not a private key file: sign with your private key (the "
        "SIDE.key that `campaign keygen` wrote beside SIDE.pub)"
    )


def _holds_public_key(path: Path) -> bool:
    """True when ``path`` is a public key in PEM form (bounded read; any failure: False)."""
    try:
        return read_bounded(path, MAX_KEY_BYTES, "key file").lstrip().startswith(PUBLIC_PEM)
    except (FileRefusedError, OSError):
        return False


def _key_bytes(path: Path, what: str, *, private: bool) -> bytes:
    """A key file, bounded (a PEM key is a few hundred bytes; devices and FIFOs refused), and
    refused when others can read a private key or change any key (as ssh does). A public key
    given for a private one is named as such, not as a private key others may read."""
    try:
        return read_key(path, MAX_KEY_BYTES, what, private=private)
    except FileRefusedError as error:
        if private and _holds_public_key(path):
            raise _public_key_given(path) from None
        raise SignatureError(str(error)) from None


def _public_pem(public) -> bytes:
    _, serialization, _ = _crypto()
    return public.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def key_id(public_pem: bytes) -> str:
    """Short fingerprint of a public key (first 16 hex digits of SHA-256 of its PEM)."""
    return sha256_hex(public_pem.decode("ascii").strip())[:16]


def _load_key(path: Path, *, private: bool) -> tuple[object, bytes]:
    """The Ed25519 key in ``path`` (read like ssh reads keys, see ``_key_bytes``) and its PEM;
    ``SignatureError`` naming the file when it is not one."""
    ed25519, serialization, (_, unsupported) = _crypto()
    kind = "private" if private else "public"
    pem = _key_bytes(path, f"{kind} key file", private=private)
    try:
        key = (
            serialization.load_pem_private_key(pem, None)
            if private
            else serialization.load_pem_public_key(pem)
        )
    except (ValueError, TypeError, unsupported):
        key = None
    if not isinstance(key, ed25519.Ed25519PrivateKey if private else ed25519.Ed25519PublicKey):
        if private and pem.lstrip().startswith(PUBLIC_PEM):
            raise _public_key_given(path)
        raise SignatureError(
            f"{path}: not an {'unencrypted ' if private else ''}Ed25519 {kind} key in PEM form "
            "(as `campaign keygen SIDE --dir DIR` writes it)"
        )
    return key, pem


def sign(body: TurnBody, private_key_file: Path) -> Signature:
    """Sign ``body`` with the Ed25519 private key in ``private_key_file``."""
    return sign_bytes(body.canonical().encode("utf-8"), private_key_file)


def sign_bytes(data: bytes, private_key_file: Path) -> Signature:
    """Sign ``data`` (canonical JSON: a turn file's body, a fair-play record) with the Ed25519
    private key in ``private_key_file``."""
    private, _ = _load_key(private_key_file, private=True)
    value = private.sign(data)  # type: ignore[attr-defined]
    public = private.public_key()  # type: ignore[attr-defined]
    return Signature(key_id=key_id(_public_pem(public)), value=value.hex())


def private_key_id(private_key_file: Path) -> str:
    """The fingerprint (``key_id``) of the Ed25519 private key in ``private_key_file``: that
    of its public half, which its signatures name."""
    private, _ = _load_key(private_key_file, private=True)
    return key_id(_public_pem(private.public_key()))  # type: ignore[attr-defined]


def verify(body: TurnBody, signature: Signature | None, public_key_file: Path) -> None:
    """Raise ``SignatureError`` unless ``signature`` is a valid signature of ``body``."""
    side = body.header.side.value
    if signature is None:
        raise SignatureError(
            f"the file is not signed, but a public key for {side} is configured "
            f"({public_key_file}); ask {side} to export with --sign"
        )
    verify_bytes(body.canonical().encode("utf-8"), signature, public_key_file, side)


def verify_bytes(
    data: bytes, signature: Signature, public_key_file: Path, side: str, what: str = "the file"
) -> None:
    """Raise ``SignatureError`` unless ``signature`` signs ``data`` by ``side``'s key in
    ``public_key_file``."""
    _, _, (invalid, _) = _crypto()
    public, pem = _load_key(public_key_file, private=False)
    if signature.key_id != key_id(pem):
        raise SignatureError(
            f"signed with key {signature.key_id}, but {side}'s configured key is {key_id(pem)}"
        )
    try:
        public.verify(bytes.fromhex(signature.value), data)  # type: ignore[attr-defined]
    except (invalid, ValueError):
        raise SignatureError(
            f"the signature does not match the content: {what} was changed after {side} "
            "signed it; do not use it"
        ) from None
