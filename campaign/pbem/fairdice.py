"""Fair dice without a server: two-player commit–reveal folded into the turn exchange.

Files are numbered 1, 2, 3 ... and alternate between the sides. File ``k`` carries
``commit_k = SHA-256(secret_k)`` for a fresh 256-bit secret of its sender, and reveals the secret
its sender committed in file ``k-2``. The dice of the orders in file ``n`` come from

    key_n = SHA-256("dn-commit-reveal/1" ␟ campaign ␟ n ␟ secret_{n-3} ␟ secret_{n-2})

used as the seed of the ordinary purpose-bound ``SeededSource`` (roll = HMAC(key, campaign,
turn, step, purpose, index)). ``secret_{n-3}`` is the receiver's, revealed in file ``n-1``;
``secret_{n-2}`` is the sender's own, committed in file ``n-2`` *before* it saw
``secret_{n-3}``, and revealed in file ``n``. So neither side could choose its secret knowing the
other's, and nobody can steer a roll. Before both secrets exist (files 1–3) the key is the
campaign's shared set-up seed (set-up has no dice after the neutral shuffle).

Limit (documented in docs/turn-files.md): the sender of file ``n`` knows ``key_n`` while giving
its orders, so it can *preview* the dice its own orders would roll (it cannot change them).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from campaign.rules.canonical import sha256_hex

KDF_LABEL = "dn-commit-reveal/1"


def new_secret() -> str:
    """A fresh 256-bit secret as hex (from the operating system's CSPRNG)."""
    return secrets.token_hex(32)


def commitment(secret: str) -> str:
    """The public commitment to ``secret``."""
    return sha256_hex(f"{KDF_LABEL}/commit\x1f{secret}")


def reveal_matches(secret: str, committed: str) -> bool:
    """True when ``secret`` opens ``committed`` (constant-time compare)."""
    return hmac.compare_digest(commitment(secret), committed)


def exchange_key(
    campaign: str, exchange: int, older: str | None, newer: str | None, shared_seed: str
) -> str:
    """The dice seed of file ``exchange``: both secrets, or the shared seed if one is missing."""
    if older is None or newer is None:
        return shared_seed
    return sha256_hex("\x1f".join((KDF_LABEL, campaign, str(exchange), older, newer)))


def seal(shared_seed: str, canonical_event: str) -> str:
    """HMAC of a secret event's canonical JSON, keyed by the campaign's shared seed.

    Keyed (not a plain hash) so that nobody can test guesses of a face-down counter against it
    without the campaign's seed."""
    return hmac.new(
        shared_seed.encode("utf-8"), canonical_event.encode("utf-8"), hashlib.sha256
    ).hexdigest()
