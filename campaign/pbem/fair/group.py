"""The group the fair-play protocol computes in: edwards25519's prime-order subgroup.

Everything goes through libsodium (PyNaCl's ``crypto_core_ed25519_*`` and
``crypto_scalarmult_ed25519_noclamp``); nothing here is a primitive of our own. PyNaCl 1.6
does not expose ristretto255, so points are kept in the main (prime-order ``L``) subgroup by
construction and checked on every input: ``crypto_core_ed25519_is_valid_point`` refuses a
non-canonical encoding, a point off the curve, of small order or outside the main subgroup, so
a party cannot slip a cofactor component into a ciphertext (ADR 0028).

- A **card** is a point from hashing its label (``card_point``): libsodium's Elligator 2 map
  of SHA-512 of a domain-separated label, with the cofactor cleared. Nobody knows the discrete
  logarithm between two such points, so masked cards cannot be related (DDH).
- A **key** is a non-zero scalar mod ``L`` drawn from the injected randomness; its public
  commitment is ``key · B`` (``base_mul``, ``B`` the standard base point).
- Every point and scalar has exactly one accepted text: the lowercase hex of its canonical
  encoding (issue 42 item 1). Group elements are compared as bytes.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable

from campaign.pbem.fair.errors import FairPlayViolation, FairUnavailable

#: Randomness as the core takes it: ``rand(n)`` returns ``n`` unpredictable bytes.
Random = Callable[[int], bytes]

POINT_BYTES = 32
SCALAR_BYTES = 32
#: The standard base point ``B`` of edwards25519 (its canonical encoding).
BASE = bytes.fromhex("58" + "66" * 31)
#: Domain label of every hash into the group (bumped with any change of construction).
LABEL = "dn-fair/1"


def _sodium():
    try:
        import nacl.bindings as sodium
    except ImportError as error:  # pragma: no cover - the extra is installed in CI
        raise FairUnavailable() from error
    return sodium


def require() -> None:
    """``FairUnavailable`` (one line with the install hint) when PyNaCl is missing."""
    _sodium()


def card_point(context: str, deck: str, label: str) -> bytes:
    """The point of card ``label`` of ``deck`` in the game ``context`` (campaign id)."""
    digest = hashlib.sha512("\x1f".join((LABEL, "card", context, deck, label)).encode()).digest()
    return _sodium().crypto_core_ed25519_from_uniform(digest[:POINT_BYTES])


def random_scalar(rand: Random) -> bytes:
    """A uniform non-zero scalar mod ``L`` (64 random bytes reduced: bias below 2^-250)."""
    sodium = _sodium()
    while True:
        scalar = sodium.crypto_core_ed25519_scalar_reduce(rand(64))
        if any(scalar):
            return scalar


def random_permutation(count: int, rand: Random) -> list[int]:
    """A uniform permutation of ``range(count)`` (Fisher–Yates, rejection-sampled indices)."""
    order = list(range(count))
    for i in range(count - 1, 0, -1):
        j = _below(i + 1, rand)
        order[i], order[j] = order[j], order[i]
    return order


def _below(bound: int, rand: Random) -> int:
    limit = (2**32 // bound) * bound
    while True:
        word = int.from_bytes(rand(4), "big")
        if word < limit:
            return word % bound


def mul(scalar: bytes, point: bytes) -> bytes:
    """``scalar · point`` (no clamping: scalars are taken mod ``L`` as they are)."""
    return _sodium().crypto_scalarmult_ed25519_noclamp(scalar, point)


def base_mul(scalar: bytes) -> bytes:
    """``scalar · B`` for the standard base point ``B`` (the commitment to a key)."""
    return _sodium().crypto_scalarmult_ed25519_base_noclamp(scalar)


def add(p: bytes, q: bytes) -> bytes:
    """``p + q``."""
    return _sodium().crypto_core_ed25519_add(p, q)


def sub(p: bytes, q: bytes) -> bytes:
    """``p - q``."""
    return _sodium().crypto_core_ed25519_sub(p, q)


def scalar_add(a: bytes, b: bytes) -> bytes:
    """``a + b mod L``."""
    return _sodium().crypto_core_ed25519_scalar_add(a, b)


def scalar_from_digest(digest: bytes) -> bytes:
    """A 64-byte hash reduced mod ``L`` (a Fiat–Shamir challenge or a derived scalar)."""
    return _sodium().crypto_core_ed25519_scalar_reduce(digest)


def invert(scalar: bytes) -> bytes:
    """``scalar⁻¹ mod L``."""
    return _sodium().crypto_core_ed25519_scalar_invert(scalar)


def scalar_mul(a: bytes, b: bytes) -> bytes:
    """``a · b mod L``."""
    return _sodium().crypto_core_ed25519_scalar_mul(a, b)


def point_from_hex(text: object, what: str) -> bytes:
    """A point read from another party: 64 hex digits of a valid main-subgroup point."""
    raw = hex_bytes(text, POINT_BYTES, what)
    if not _is_valid_point(raw):
        raise FairPlayViolation("malformed", f"{what} is not a point of the group")
    return raw


@functools.lru_cache(maxsize=8192)
def _is_valid_point(raw: bytes) -> bool:
    """libsodium's check (on the curve, canonical, in the main subgroup), remembered per
    encoding: it is a function of the 32 bytes alone, costs a scalar multiplication, and the
    same shuffle passes are read again every time a deck is opened (a game's decks hold a few
    hundred points)."""
    return bool(_sodium().crypto_core_ed25519_is_valid_point(raw))


def scalar_from_hex(text: object, what: str) -> bytes:
    """A key read from another party: 64 hex digits of a reduced, non-zero scalar."""
    raw = hex_bytes(text, SCALAR_BYTES, what)
    if not any(raw) or _sodium().crypto_core_ed25519_scalar_reduce(raw + bytes(32)) != raw:
        raise FairPlayViolation("malformed", f"{what} is not a key (a reduced non-zero scalar)")
    return raw


def hex_bytes(text: object, size: int, what: str) -> bytes:
    """The bytes of ``text`` if it is their one accepted spelling: exactly ``2·size`` lowercase
    hex digits. Upper- or mixed-case hex of the same bytes is refused, so that one group
    element never travels under two texts (issue 42 item 1: a card written in another letter
    case must not pass for another card)."""
    wrong = f"{what} must be {2 * size} lowercase hex digits"
    if not isinstance(text, str) or len(text) != 2 * size:
        raise FairPlayViolation("malformed", wrong)
    try:
        raw = bytes.fromhex(text)
    except ValueError:
        raise FairPlayViolation("malformed", wrong) from None
    if raw.hex() != text:
        raise FairPlayViolation(
            "malformed", f"{wrong} (the one accepted spelling; {text[:12]}... is not)"
        )
    return raw
