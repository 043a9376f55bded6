"""Content hashes of the data files and the profile hash (DN-DATA-4).

A file's hash is SHA-256 over its *canonical bytes*: UTF-8 text without a byte-order mark and with
every line ending turned into ``\\n``, so a checkout with CRLF endings hashes the same. The
profile hash covers every file hash plus how the map was assembled (layout name and seed).
A campaign stores the file hashes; ``diff_hashes`` tells which files changed since.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path

from msgspec import Struct

from campaign.content.data_files import read_data_bytes

#: Glob patterns (relative to the data directory) of every file that is part of a rules profile.
PROFILE_PATTERNS = (
    "units.csv",
    "tables/*.csv",
    "tables/*.toml",
    "maps/sections/*.toml",
    "maps/layouts/*.toml",
)


def canonical_bytes(raw: bytes) -> bytes:
    """``raw`` without a UTF-8 BOM and with CRLF / CR line endings normalised to LF."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    return raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


def file_hash(path: Path) -> str:
    """SHA-256 (hex) of the canonical bytes of ``path`` (bounded like every data file)."""
    return hashlib.sha256(canonical_bytes(read_data_bytes(path))).hexdigest()


def profile_files(data_dir: Path) -> list[Path]:
    """Every profile file under ``data_dir``, sorted by relative path."""
    found = {path for pattern in PROFILE_PATTERNS for path in data_dir.glob(pattern)}
    files = (path for path in found if path.is_file())
    return sorted(files, key=lambda path: path.relative_to(data_dir).as_posix())


def current_hashes(data_dir: Path) -> dict[str, str]:
    """``{data-relative posix path: sha256}`` for every profile file of ``data_dir``."""
    return {p.relative_to(data_dir).as_posix(): file_hash(p) for p in profile_files(data_dir)}


def profile_hash(file_hashes: Mapping[str, str], layout: str, seed: int | None) -> str:
    """SHA-256 over the sorted file hashes and the map assembly (layout, seed)."""
    payload = json.dumps(
        {"files": dict(sorted(file_hashes.items())), "layout": layout, "seed": seed},
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


class ChangeKind(StrEnum):
    """How a data file differs from the pinned profile."""

    CHANGED = "changed"
    MISSING = "missing"
    ADDED = "added"


class FileChange(Struct, frozen=True):
    """One data file that differs from the hashes a campaign was created with."""

    path: str
    kind: ChangeKind
    pinned: str | None
    current: str | None

    def describe(self) -> str:
        """A sentence for the referee: ``units.csv changed (pinned 1a2b3c4d, now 9f8e7d6c)``."""
        if self.kind is ChangeKind.CHANGED:
            return f"{self.path} changed (pinned {_short(self.pinned)}, now {_short(self.current)})"
        if self.kind is ChangeKind.MISSING:
            return f"{self.path} is missing (pinned {_short(self.pinned)})"
        return f"{self.path} was added (not part of the pinned profile)"


def _short(digest: str | None) -> str:
    return (digest or "")[:8]


def diff_hashes(pinned: Mapping[str, str], current: Mapping[str, str]) -> tuple[FileChange, ...]:
    """Every file whose hash differs between ``pinned`` and ``current``, sorted by path."""
    changes = []
    for path in sorted(set(pinned) | set(current)):
        old, new = pinned.get(path), current.get(path)
        if old == new:
            continue
        if old is None:
            kind = ChangeKind.ADDED
        elif new is None:
            kind = ChangeKind.MISSING
        else:
            kind = ChangeKind.CHANGED
        changes.append(FileChange(path=path, kind=kind, pinned=old, current=new))
    return tuple(changes)


def compare_with_data(pinned: Mapping[str, str], data_dir: Path) -> tuple[FileChange, ...]:
    """The changes of the files in ``data_dir`` against the ``pinned`` hashes (DN-DATA-4)."""
    return diff_hashes(pinned, current_hashes(data_dir))


def describe_changes(changes: tuple[FileChange, ...]) -> str:
    """The refusal message for a campaign whose data changed (empty string if none changed)."""
    if not changes:
        return ""
    listed = "; ".join(change.describe() for change in changes)
    return (
        f"DN-DATA-4: the data files changed since this campaign was created: {listed}. "
        "Restore them, or re-pin the campaign to the current data explicitly."
    )
