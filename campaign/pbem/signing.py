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
from campaign.userfiles import FileRefusedError, read_bounded

#: A PEM Ed25519 key is about 120 bytes; anything far larger is not a key.
MAX_KEY_BYTES = 16 * 1024


def _crypto():  # noqa: ANN202 - lazy import: signatures are optional
    try:
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ed25519
    except ImportError as error:  # pragma: no cover - the extra is installed in CI
        raise SignatureError(
            f"signatures need the 'cryptography' package: {install_hint('pbem')}"
        ) from error
    return ed25519, serialization, InvalidSignature


def generate_keys(directory: Path, side: str) -> tuple[Path, Path]:
    """Write ``SIDE.key`` and ``SIDE.pub`` into ``directory``; refuses to overwrite a key."""
    ed25519, serialization, _ = _crypto()
    directory.mkdir(parents=True, exist_ok=True)
    private_path, public_path = directory / f"{side}.key", directory / f"{side}.pub"
    if private_path.exists():
        raise SignatureError(f"{private_path} exists already; not overwritten")
    private = ed25519.Ed25519PrivateKey.generate()
    pem = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    try:  # created 0600: the key is never readable by others, not even for a moment
        descriptor = os.open(private_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise SignatureError(f"{private_path} exists already; not overwritten") from None
    except OSError as error:
        raise SignatureError(f"{private_path}: cannot write: {error.strerror}") from None
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(pem)
        handle.flush()
        os.fsync(handle.fileno())
    public_path.write_bytes(_public_pem(private.public_key()))
    return private_path, public_path


def _key_bytes(path: Path, what: str) -> bytes:
    """A key file, bounded (a PEM key is a few hundred bytes; devices and FIFOs refused)."""
    try:
        return read_bounded(path, MAX_KEY_BYTES, what)
    except FileRefusedError as error:
        raise SignatureError(str(error)) from None


def _public_pem(public) -> bytes:  # noqa: ANN001
    _, serialization, _ = _crypto()
    return public.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def key_id(public_pem: bytes) -> str:
    """Short fingerprint of a public key (first 16 hex digits of SHA-256 of its PEM)."""
    return sha256_hex(public_pem.decode("ascii").strip())[:16]


def sign(body: TurnBody, private_key_file: Path) -> Signature:
    """Sign ``body`` with the private key in ``private_key_file``."""
    _, serialization, _ = _crypto()
    try:
        private = serialization.load_pem_private_key(
            _key_bytes(private_key_file, "private key file"), None)
    except (ValueError, TypeError) as error:
        raise SignatureError(f"{private_key_file}: cannot read private key: {error}") from None
    value = private.sign(body.canonical().encode("utf-8"))
    return Signature(key_id=key_id(_public_pem(private.public_key())), value=value.hex())


def verify(body: TurnBody, signature: Signature | None, public_key_file: Path) -> None:
    """Raise ``SignatureError`` unless ``signature`` is a valid signature of ``body``."""
    _, serialization, invalid = _crypto()
    side = body.header.side.value
    if signature is None:
        raise SignatureError(
            f"the file is not signed, but a public key for {side} is configured "
            f"({public_key_file}); ask {side} to export with --sign"
        )
    try:
        pem = _key_bytes(public_key_file, "public key file")
        public = serialization.load_pem_public_key(pem)
    except ValueError as error:
        raise SignatureError(f"{public_key_file}: cannot read public key: {error}") from None
    if signature.key_id != key_id(pem):
        raise SignatureError(
            f"signed with key {signature.key_id}, but {side}'s configured key is {key_id(pem)}"
        )
    try:
        public.verify(bytes.fromhex(signature.value), body.canonical().encode("utf-8"))
    except invalid:
        raise SignatureError(
            f"the signature does not match the content: the file was changed after {side} "
            "signed it; do not use it"
        ) from None
