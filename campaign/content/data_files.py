"""The bytes of one data file, bounded before they are read (DN-DATA-5).

Every reader of the data directory (CSV, TOML, the hashes that pin a campaign's files) reads
through ``read_data_bytes``. It lives apart from the parsers so that hashing the files, which
every command that loads a campaign does, does not import the CSV parser (issue 47 item 2).
"""

from __future__ import annotations

from pathlib import Path

from campaign.content.errors import DataFileError
from campaign.userfiles import FileRefusedError, read_bounded

#: The largest data file read (the biggest real one is a few KiB); checked before parsing.
MAX_DATA_FILE_BYTES = 1024 * 1024


def read_data_bytes(path: Path) -> bytes:
    """The bytes of a data file: a regular file of at most ``MAX_DATA_FILE_BYTES`` (devices,
    FIFOs and huge files are refused before reading); ``DataFileError`` otherwise."""
    if not path.exists() and not path.is_symlink():
        raise DataFileError(path, None, "file is missing")
    try:
        return read_bounded(path, MAX_DATA_FILE_BYTES, "data file")
    except FileRefusedError as error:
        reason = str(error).removeprefix(f"{path}: ")
        raise DataFileError(path, None, reason) from None
