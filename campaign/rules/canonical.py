"""Canonical JSON and digests: one byte-exact text per value, so hashes are reproducible.

Used for state digests (seed games, turn files) and for the hash chain of the event log.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from campaign.rules.model import Model


def to_plain(value: Any) -> Any:
    """JSON-ready plain data for a model (or pass plain data through)."""
    if isinstance(value, Model):
        return value.model_dump(mode="json")
    return value


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, UTF-8 kept: the one text form of ``value``."""
    return json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sha256_hex(text: str) -> str:
    """SHA-256 of ``text`` (UTF-8) as hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def digest(value: Any) -> str:
    """SHA-256 of the canonical JSON of ``value``."""
    return sha256_hex(canonical_json(value))
