"""Files the TUI reads for the user (turn files), with a size bound. Writing goes through
``campaign.render.output.write_atomic`` (temporary file beside the target, fsync, rename)."""

from __future__ import annotations

from pathlib import Path

#: Largest turn file the TUI reads (the turn-file format bounds its own parts far below this).
MAX_READ_BYTES = 8_000_000


def read_bytes_bounded(path: Path) -> bytes:
    """The bytes of ``path``; ``ValueError`` naming the file when it is larger than
    ``MAX_READ_BYTES`` or cannot be read."""
    try:
        size = path.stat().st_size
        if size > MAX_READ_BYTES:
            raise ValueError(f"{path}: {size} bytes, larger than a turn file can be "
                             f"({MAX_READ_BYTES})")
        return path.read_bytes()
    except OSError as error:
        raise ValueError(f"{path}: cannot read: {error.strerror}") from None
