"""The bytes of one data file, bounded before they are read (DN-DATA-5).

Every reader of the data directory (CSV, TOML, the hashes that pin a campaign's files) reads
through ``read_data_bytes``. It lives apart from the parsers so that hashing the files, which
every command that loads a campaign does, does not import the CSV parser (issue 47 item 2).
"""

from __future__ import annotations

from pathlib import Path

from campaign.content.errors import DataFileError
from campaign.userfiles import FileRefusedError, line_of_byte, read_bounded

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


def read_data_text(path: Path) -> str:
    """A data file as text (UTF-8, a leading BOM dropped); ``DataFileError`` naming the line
    where a file saved in another encoding stops being UTF-8 (found by use, December 8: a
    table saved as Latin-1 by a spreadsheet was refused without a line)."""
    data = read_data_bytes(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DataFileError(
            path,
            line_of_byte(data, error.start),
            f"not UTF-8 text ({error.reason}); save the file as UTF-8",
        ) from None
