"""Reading and writing files the user names: bounded reads and atomic writes.

- ``read_bounded(path, limit, what)`` reads a *regular* file of at most ``limit`` bytes. Devices,
  FIFOs and directories are refused before they are opened for reading (``/dev/zero`` as a turn,
  key or data file must not eat the memory), and the size is checked before anything is parsed.
- ``StagedFile`` writes new content to a temporary file beside the target, flushes and fsyncs it,
  and only ``commit()`` renames it over the target. Until then (and after ``discard()``) the
  user's path is untouched: a failed operation never truncates or deletes it. A symbolic link is
  followed, so the link stays and its target receives the new content.

Errors are ``FileRefusedError`` (a ``ValueError``) with a message naming the path; callers wrap
it in their own error type when they need one.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import BinaryIO


class FileRefusedError(ValueError):
    """A file that cannot be read or written as asked; the message names the path."""


def describe_size(size: int) -> str:
    """``1536`` -> ``"1.5 KiB"``: sizes in error messages."""
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size} {unit}" if unit == "bytes" else f"{size:.1f} {unit}"
        size /= 1024  # type: ignore[assignment]
    raise AssertionError("unreachable")  # pragma: no cover


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bounded(path: Path, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``, refused if larger than ``limit`` bytes."""
    try:
        before = os.stat(path)
        if not stat.S_ISREG(before.st_mode):
            raise FileRefusedError(f"{path}: {_kind(before.st_mode)}, not a {what}")
        if before.st_size > limit:
            raise FileRefusedError(
                f"{path}: {describe_size(before.st_size)} is too large for a {what} "
                f"(limit {describe_size(limit)})"
            )
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # swapped meanwhile
                raise FileRefusedError(f"{path}: not a regular file, not a {what}")
            return _read_limited(handle, limit, f"{path}", what)
    except FileNotFoundError:
        raise FileRefusedError(f"{path}: cannot read: no such file") from None
    except OSError as error:
        raise FileRefusedError(f"{path}: cannot read: {error.strerror}") from None


def read_stream_bounded(stream: BinaryIO, limit: int, name: str, what: str = "file") -> bytes:
    """At most ``limit`` bytes of ``stream`` (e.g. stdin); refused if there are more."""
    return _read_limited(stream, limit, name, what)


def _read_limited(stream: BinaryIO, limit: int, name: str, what: str) -> bytes:
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise FileRefusedError(
            f"{name}: more than {describe_size(limit)}: too large for a {what}"
        )
    return data


class StagedFile:
    """New content for ``target``, written and fsynced beside it, renamed over it on ``commit``."""

    def __init__(self, target: Path, temporary: Path) -> None:
        self.target = target
        self.temporary = temporary

    @classmethod
    def write(cls, target: Path, data: bytes) -> StagedFile:
        """Write ``data`` to a fresh temporary file in ``target``'s directory and fsync it."""
        real = Path(os.path.realpath(target))
        try:
            existing = os.stat(real)
        except FileNotFoundError:
            existing = None
        except OSError as error:
            raise FileRefusedError(f"{target}: cannot write: {error.strerror}") from None
        if existing is not None and not stat.S_ISREG(existing.st_mode):
            raise FileRefusedError(f"{target}: cannot write: it is {_kind(existing.st_mode)}")
        try:
            descriptor, name = tempfile.mkstemp(
                prefix=f".{real.name}.", suffix=".tmp", dir=real.parent
            )
        except OSError as error:
            raise FileRefusedError(f"{target}: cannot write: {error.strerror}") from None
        staged = cls(real, Path(name))
        try:
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            if existing is not None:
                os.chmod(name, stat.S_IMODE(existing.st_mode))
            else:
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(name, 0o666 & ~umask)
        except OSError as error:
            staged.discard()
            raise FileRefusedError(f"{target}: cannot write: {error.strerror}") from None
        return staged

    def commit(self) -> None:
        """Put the new content in place (atomic rename) and fsync the directory."""
        try:
            os.replace(self.temporary, self.target)
        except OSError as error:
            self.discard()
            raise FileRefusedError(f"{self.target}: cannot write: {error.strerror}") from None
        try:
            directory = os.open(self.target.parent, os.O_RDONLY)
        except OSError:  # pragma: no cover - some systems cannot open directories
            return
        try:
            os.fsync(directory)
        except OSError:  # pragma: no cover - e.g. file systems without directory fsync
            pass
        finally:
            os.close(directory)

    def discard(self) -> None:
        """Remove the temporary file; the target stays as it was."""
        self.temporary.unlink(missing_ok=True)
