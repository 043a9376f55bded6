"""Strict dice: a roll nobody can preview (issue 34, ADR 0028).

Each turn file ``k`` carries ``commit_k`` for a fresh secret ``x_k`` of its sender and opens
``x_{k-2}``, the secret that sender committed two files earlier (as the commit–reveal mode
does). The dice of the orders **first given in file n** use

    key_n = SHA-256("dn-strict/1" ␟ campaign ␟ n ␟ x_{n-2} ␟ x_{n-1})

through the ordinary purpose-bound ``SeededSource`` (roll = HMAC(key, campaign, turn, step,
purpose, index)). ``x_{n-2}`` is the sender's own (committed before ``x_{n-1}`` existed, opened
in file n); ``x_{n-1}`` is the **receiver's**, committed in file n-1 before it saw file n's
orders and opened only in file n+1. So the sender fixes its orders without knowing the dice
(no preview), the receiver fixed its contribution before seeing them (no steering), and the
sender committed ``x_{n-2}`` before ``x_{n-1}`` existed. The first order of file n that rolls is
therefore the file's last: the sender's machine answers ``waiting for RECEIVER's dice
contribution to file n`` (``StrictSource``); the receiver decides it on import (it holds both
secrets), and the sender when file n+1 opens ``x_{n-1}``. Files 1 and 2 have no earlier
secrets: strict rolls start with file 3 (the set-up rolls no dice there). Steps that roll no
dice cost nothing; each rolling order whose result its own side needs before going on costs
one file each way (measured in docs/turn-files.md, phase B).
"""

from __future__ import annotations

import hashlib
import hmac

from campaign.pbem.fair.group import Random
from campaign.rules.dice import RollContext, SeededSource
from campaign.rules.errors import Wait, WaitingError

LABEL = "dn-strict/1"


def new_secret(rand: Random) -> str:
    """A fresh 256-bit secret (hex) from the injected randomness."""
    return rand(32).hex()


def commitment(campaign: str, exchange: int, secret: str) -> str:
    """The commitment file ``exchange`` carries to its sender's ``secret``."""
    return hashlib.sha256(
        "\x1f".join((LABEL, "commit", campaign, str(exchange), secret)).encode()
    ).hexdigest()


def opens(campaign: str, exchange: int, secret: str, committed: str) -> bool:
    """True when ``secret`` opens the commitment of file ``exchange`` (constant time)."""
    return hmac.compare_digest(commitment(campaign, exchange, secret), committed)


def roll_key(campaign: str, exchange: int, sender_secret: str, receiver_secret: str) -> str:
    """``key_n`` of the orders first given in file ``exchange``."""
    return hashlib.sha256(
        "\x1f".join((LABEL, campaign, str(exchange), sender_secret, receiver_secret)).encode()
    ).hexdigest()


class StrictSource:
    """The dice source of the orders of file ``exchange``: the seeded, purpose-bound roll of
    ``key_n`` once both secrets are known here, otherwise a ``WaitingError`` naming the side
    whose contribution is missing (the order is not decided, nothing changes, DN-ERR-1)."""

    def __init__(self, exchange: int, key: str | None, waiting_for: str) -> None:
        self.exchange = exchange
        self.waiting_for = waiting_for
        self._inner = SeededSource(key) if key is not None and exchange >= 3 else None

    @classmethod
    def for_file(
        cls,
        campaign: str,
        exchange: int,
        sender_secret: str | None,
        receiver_secret: str | None,
        receiver: str,
    ) -> StrictSource:
        """The source of file ``exchange`` from whatever secrets this machine holds."""
        known = sender_secret is not None and receiver_secret is not None
        key = roll_key(campaign, exchange, sender_secret or "", receiver_secret or "")
        return cls(exchange, key if known else None, receiver)

    def draw(self, ctx: RollContext) -> int:
        """The die of ``ctx``, or the wait for the missing contribution."""
        if self._inner is None:
            subject = (
                f"file {self.exchange}"
                if self.exchange >= 3
                else "file 3 (strict dice start with the third file)"
            )
            raise WaitingError("DN-ERR-1", (Wait(self.waiting_for, "dice", subject),))
        return self._inner.draw(ctx)
