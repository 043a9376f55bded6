"""Reading and writing files the user names or the tool keeps: one bounded reader, atomic writes.

- ``open_regular(path, limit, what)`` is the one way the tool opens a file for reading, whether
  the user named it (a turn, order, key, data or saved-game file) or the tool keeps it in its
  own data directories (the snapshot-seal key, a solved tablebase, an opening book). It refuses
  anything but a *regular* file of at most ``limit`` bytes before reading a byte: the path is
  looked at first (``stat``), then opened with ``O_NONBLOCK`` (a FIFO swapped in meanwhile
  cannot block the open) and the opened descriptor is checked again (``fstat``), so ``/dev/zero``,
  a FIFO, a socket, a directory or a symbolic link to one of them is one clear line, never a
  hang or a ``MemoryError``. ``read_bounded`` and ``read_text_bounded`` read the whole file
  through it; ``read_key`` also refuses key files others can read or change (as ssh does).
- ``StagedFile`` writes new content to a temporary file beside the target, flushes and fsyncs it,
  and only ``commit()`` renames it over the target. Until then (and after ``discard()``) the
  user's path is untouched: a failed operation never truncates or deletes it. A symbolic link is
  followed, so the link stays and its target receives the new content. Temporary files left by
  a process that was killed are removed by the next write into the same directory.

``parse_json`` reads JSON text the user gave, refusing a number too long to convert with a line
that names where it is (not Python's own advice to raise a limit), and nesting deeper than
``MAX_JSON_DEPTH`` in one wording whatever the depth (Python's own recursion limit included).

Errors are ``FileRefusedError`` (a ``ValueError``) with a one-line message naming the path;
callers wrap it in their own error type when they need one.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, BinaryIO


class FileRefusedError(ValueError):
    """A file that cannot be read or written as asked; the message names the path."""


#: A file the tool must never write over, and why (``refuse_own_files``).
OwnFile = tuple[Path, str]


def refuse_own_files(to: Path, own: Sequence[OwnFile], what: str) -> None:
    """``FileRefusedError`` when ``to`` is (or links to) one of the files ``own`` (a
    campaign's database and its journals, a private key), before anything is written: a file
    the user names for ``what`` (a turn file, a picture, a record) must not replace one
    (written over, the database loses the whole game, the key the trust of the other player;
    the write itself would succeed)."""
    for path, reason in own:
        if same_file(to, path):
            raise FileRefusedError(f"{to}: {reason}; write the {what} to another path")


def writable_folder(folder: Path) -> bool:
    """Whether ``folder`` is a directory this user may create files in (not read-only: its
    permissions, a read-only mount, an immutable folder)."""
    return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)


def refuse_unwritable(to: Path) -> None:
    """``FileRefusedError`` naming ``to`` when its folder is missing or cannot be written, said
    before anything is made or recorded (the write itself would fail only after an export
    stored what it must first: fair mode's seal and share orders)."""
    if not to.parent.is_dir():
        raise FileRefusedError(f"{to}: cannot write: directory {to.parent} does not exist")
    if not writable_folder(to.parent):
        raise FileRefusedError(
            f"{to}: cannot write: directory {to.parent} is read-only for you; "
            "choose a folder you can write in"
        )


def holds_a_file(to: Path) -> bool:
    """Whether writing ``to`` would replace something: a regular file with content is there.
    Nothing (or a dangling link), an empty file, or a path that is no regular file (the write
    refuses that one itself, naming its kind) is not: the writers that refuse to lose a file
    (an export, a fair-play record) look at what is there only then."""
    try:
        status = to.stat()
    except OSError:
        return False
    return stat.S_ISREG(status.st_mode) and status.st_size > 0


def same_file(first: Path, second: Path) -> bool:
    """Whether both paths name one existing file (through links too)."""
    try:
        return os.path.samefile(first, second)
    except OSError:  # either is missing: there is nothing to write over
        return False


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


def _article(what: str) -> str:
    return "an" if what[:1].lower() in "aeiou" else "a"


def _check_regular(path: Path, status: os.stat_result, limit: int, what: str) -> None:
    if not stat.S_ISREG(status.st_mode):
        raise FileRefusedError(f"{path}: {_kind(status.st_mode)}, not {_article(what)} {what}")
    if status.st_size > limit:
        raise FileRefusedError(
            f"{path}: {describe_size(status.st_size)} is too large for {_article(what)} {what} "
            f"(limit {describe_size(limit)})"
        )


def _cannot_read(path: Path, error: OSError) -> FileRefusedError:
    if isinstance(error, FileNotFoundError):
        return FileRefusedError(f"{path}: cannot read: no such file")
    return FileRefusedError(f"{path}: cannot read: {error.strerror or type(error).__name__}")


def open_regular(path: Path, limit: int, what: str = "file") -> BinaryIO:
    """``path`` opened for reading (binary, the caller closes it), after checking that it is a
    regular file of at most ``limit`` bytes, both before and after opening it."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        _check_regular(path, os.stat(path), limit, what)
        descriptor = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise _cannot_read(path, error) from None
    handle = os.fdopen(descriptor, "rb")
    try:
        _check_regular(path, os.fstat(handle.fileno()), limit, what)  # swapped meanwhile?
    except BaseException:
        handle.close()
        raise
    return handle


def read_bounded(path: Path, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``, refused if larger than ``limit`` bytes."""
    with open_regular(path, limit, what) as handle:
        try:
            return _read_limited(handle, limit, f"{path}", what)
        except OSError as error:
            raise _cannot_read(path, error) from None


def line_of_byte(data: bytes, offset: int) -> int:
    """The 1-based line of ``data`` that holds the byte at ``offset`` (where a file stops being
    UTF-8, for a refusal that names the line)."""
    return data[:offset].count(b"\n") + 1


def read_text_bounded(path: Path, limit: int, what: str = "file") -> str:
    """``read_bounded`` decoded as UTF-8 (a leading BOM is dropped); a file that is not UTF-8
    is refused naming its line."""
    data = read_bounded(path, limit, what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = line_of_byte(data, error.start)
        raise FileRefusedError(
            f"{path}:{line}: not UTF-8 text, not {_article(what)} {what}"
        ) from None


def read_key(path: Path, limit: int, what: str, *, private: bool, advice: str = "") -> bytes:
    """A key file, read like ``read_bounded``, refused when its permissions let others read a
    ``private`` key or change any key (as ssh refuses a private key others can read), or when
    it belongs to another user. ``advice`` replaces the usual fix (``chmod ...``) in those
    refusals."""
    _check_key_directory(path, what)
    with open_regular(path, limit, what) as handle:
        status = os.fstat(handle.fileno())
        _check_key_mode(path, status, what, private=private, advice=advice)
        try:
            return _read_limited(handle, limit, f"{path}", what)
        except OSError as error:
            raise _cannot_read(path, error) from None


def _check_key_directory(path: Path, what: str) -> None:
    """Refuse a key in a directory others may write (as ssh's StrictModes does): anybody could
    put a key of their own there, or replace this one. A directory with the sticky bit
    (``/tmp``) is safe enough: only a file's owner may replace it there, and a key file of
    another user is refused by ``_check_key_mode``."""
    if os.name != "posix":  # pragma: no cover - permission bits are POSIX
        return
    directory = path.absolute().parent
    try:
        status = os.stat(directory)
    except OSError:
        return  # opening the key then says what is wrong
    mode = stat.S_IMODE(status.st_mode)
    if mode & 0o022 and not mode & stat.S_ISVTX:
        raise FileRefusedError(
            f"{path}: its directory {directory} has permissions {mode:04o}: others may put "
            f"or replace a {what} there, so it is not used; `chmod go-w {directory}`, then "
            "check that the keys in it are still the right ones"
        )


def _check_key_mode(
    path: Path, status: os.stat_result, what: str, *, private: bool, advice: str
) -> None:
    if os.name != "posix":  # pragma: no cover - permission bits are POSIX
        return
    mode = stat.S_IMODE(status.st_mode)
    if status.st_uid != os.getuid():
        problem, fix = f"the {what} belongs to another user (uid {status.st_uid})", ""
    elif private and mode & 0o077:
        problem = f"permissions {mode:04o} are too open: others may read this {what}"
        fix = f"`chmod 600 {path}`, and make a new key if others may have read it"
    elif mode & 0o022:
        problem = f"permissions {mode:04o} let others change this {what}"
        fix = f"`chmod go-w {path}`, then check that it is still the right key"
    else:
        return
    fix = advice or fix
    raise FileRefusedError(f"{path}: {problem}, so it is not used" + (f"; {fix}" if fix else ""))


def read_stream_bounded(stream: BinaryIO, limit: int, name: str, what: str = "file") -> bytes:
    """At most ``limit`` bytes of ``stream`` (e.g. stdin); refused if there are more."""
    return _read_limited(stream, limit, name, what)


def _read_limited(stream: BinaryIO, limit: int, name: str, what: str) -> bytes:
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise FileRefusedError(
            f"{name}: more than {describe_size(limit)}: too large for {_article(what)} {what}"
        )
    return data


#: The temporary files ``StagedFile`` makes: ``.NAME.dnPID.RANDOM.tmp`` beside the target.
_STAGED = re.compile(r"^\..+\.dn(?P<pid>[0-9]{1,10})\.[A-Za-z0-9_]{4,}\.tmp$")


def _process_gone(pid: int) -> bool:
    """True when no process ``pid`` runs on this machine (its temporary files are leftovers)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # e.g. another user's process: it exists
        return False
    return False


def remove_leftovers(directory: Path) -> list[Path]:
    """Remove the temporary files that writers killed before they finished (a ``kill -9``
    during an export) left in ``directory``: only our own pattern, only regular files, only
    of processes that no longer run. The files removed (errors are ignored: best effort)."""
    removed: list[Path] = []
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    for name in names:
        found = _STAGED.match(name)
        if found is None or not _process_gone(int(found["pid"])):
            continue
        path = directory / name
        with contextlib.suppress(OSError):
            if stat.S_ISREG(os.lstat(path).st_mode):
                path.unlink()
                removed.append(path)
    return removed


#: The mode of a file that holds a secret: its owner's alone.
PRIVATE_MODE = 0o600


class StagedFile:
    """New content for ``target``, written and fsynced beside it, renamed over it on ``commit``.

    Where the system allows it (Linux: ``O_TMPFILE`` and ``/proc``) the content is written to
    an *unnamed* file in the target's directory, which gets the name ``temporary`` only at
    ``commit``, just before the rename: a process killed while it writes, or between writing
    and committing (an export records its file in the database meanwhile), leaves nothing
    (issue 46). Elsewhere ``temporary`` is a named file from the start, and what a killed
    writer left is removed by the next write into that directory (``remove_leftovers``)."""

    def __init__(self, target: Path, temporary: Path, descriptor: int | None = None) -> None:
        self.target = target
        self.temporary = temporary
        self._unnamed = descriptor  # the open unnamed file, until commit or discard

    @classmethod
    def write(cls, target: Path, data: bytes, *, private: bool = False) -> StagedFile:
        """Write ``data`` to a fresh temporary file in ``target``'s directory and fsync it
        (after removing what killed writers left there). ``private``: readable and writable
        by its owner only (0600), whatever the file had before (a secret, issue 42 item 5)."""
        real = Path(os.path.realpath(target))
        try:
            existing = os.stat(real)
        except FileNotFoundError:
            existing = None
        except OSError as error:
            raise FileRefusedError(f"{target}: cannot write: {error.strerror}") from None
        if existing is not None and not stat.S_ISREG(existing.st_mode):
            raise FileRefusedError(f"{target}: cannot write: it is {_kind(existing.st_mode)}")
        remove_leftovers(real.parent)
        if private:
            mode = PRIVATE_MODE
        elif existing is not None:
            mode = stat.S_IMODE(existing.st_mode)
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        staged = cls._unnamed_file(real)
        try:
            if staged is None:
                descriptor, name = tempfile.mkstemp(
                    prefix=_staged_prefix(real), suffix=".tmp", dir=real.parent
                )
                staged = cls(real, Path(name))
            else:  # written through a copy of the descriptor: the file stays open, unnamed
                assert staged._unnamed is not None
                descriptor = os.dup(staged._unnamed)
            with os.fdopen(descriptor, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fchmod(handle.fileno(), mode)
                os.fsync(handle.fileno())
        except OSError as error:
            if staged is not None:
                staged.discard()
            raise FileRefusedError(f"{target}: cannot write: {error.strerror}") from None
        return staged

    @classmethod
    def _unnamed_file(cls, real: Path) -> StagedFile | None:
        """An unnamed file in ``real``'s directory, or None where the system has none."""
        flag = getattr(os, "O_TMPFILE", None)
        if flag is None or not os.path.isdir("/proc/self/fd"):
            return None
        try:
            descriptor = os.open(real.parent, flag | os.O_WRONLY, 0o600)
        except OSError:  # e.g. a file system without O_TMPFILE: a named file then
            return None
        name = f"{_staged_prefix(real)}{os.urandom(6).hex()}.tmp"
        return cls(real, real.with_name(name), descriptor)

    def commit(self) -> None:
        """Put the new content in place (atomic rename) and fsync the directory."""
        try:
            if self._unnamed is not None:
                self._name_unnamed()
            os.replace(self.temporary, self.target)
        except OSError as error:
            self.discard()
            raise FileRefusedError(f"{self.target}: cannot write: {error.strerror}") from None
        self._close()
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

    def _name_unnamed(self) -> None:
        """Give the unnamed file its name ``temporary`` (``linkat`` following the descriptor's
        ``/proc`` link; a plain ``link`` would try to link the magic link itself)."""
        assert self._unnamed is not None
        directory = os.open(self.temporary.parent, os.O_RDONLY)
        try:
            os.link(
                f"/proc/self/fd/{self._unnamed}",
                self.temporary.name,
                dst_dir_fd=directory,
                follow_symlinks=True,
            )
        finally:
            os.close(directory)

    def discard(self) -> None:
        """Remove the temporary file; the target stays as it was."""
        self._close()
        self.temporary.unlink(missing_ok=True)

    def _close(self) -> None:
        if self._unnamed is not None:
            os.close(self._unnamed)
            self._unnamed = None


def _staged_prefix(real: Path) -> str:
    """The start of a staged file's name: ``.NAME.dnPID.`` (``_STAGED``)."""
    return f".{real.name}.dn{os.getpid()}."


#: The longest integer ``parse_json`` reads: Python's own limit on converting digits to an
#: ``int`` (``sys.get_int_max_str_digits``); no number in our files comes near it.
MAX_NUMBER_DIGITS = 4300
_LONG_NUMBER = re.compile(f"[0-9]{{{MAX_NUMBER_DIGITS + 1},}}")


#: The deepest nesting of JSON objects and arrays ``parse_json`` reads (a turn file nests about
#: 8 levels, a seed game fewer): deeper text is a damaged or hostile file, refused in one wording.
MAX_JSON_DEPTH = 64


class NumberTooLongError(ValueError):
    """JSON text holds an integer of more than ``MAX_NUMBER_DIGITS`` digits."""


class JsonTooDeepError(ValueError):
    """JSON text nests objects and arrays deeper than ``MAX_JSON_DEPTH`` levels. Found by use,
    December 8: the same fault read "JSON nested too deeply" or "JSON nested deeper than 64
    levels" by how deep it went, and `campaign audit` showed a traceback."""

    def __init__(self) -> None:
        super().__init__(f"DN-ERR-1: JSON nested deeper than {MAX_JSON_DEPTH} levels")


def parse_json(text: str | bytes) -> Any:
    """``json.loads(text)``; an integer of more than ``MAX_NUMBER_DIGITS`` digits is refused
    as ``NumberTooLongError`` naming its line, nesting deeper than ``MAX_JSON_DEPTH`` (however
    deep) as ``JsonTooDeepError``; ``json.JSONDecodeError`` passes through unchanged (bytes
    that are no UTF-8 text: ``UnicodeDecodeError``, also a ``ValueError``)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise JsonTooDeepError() from None
    except ValueError:
        digits = text if isinstance(text, str) else text.decode("utf-8", "replace")
        found = _LONG_NUMBER.search(digits)
        if found is None:
            raise
        line = digits.count("\n", 0, found.start()) + 1
        raise NumberTooLongError(
            f"line {line}: a number of {found.end() - found.start()} digits (at most "
            f"{MAX_NUMBER_DIGITS} are read)"
        ) from None
    if _nested_deeper(value, MAX_JSON_DEPTH):
        raise JsonTooDeepError()
    return value


def _nested_deeper(value: Any, limit: int) -> bool:
    """Whether ``value`` (parsed JSON) nests objects and arrays deeper than ``limit`` levels;
    walked without recursion, so no depth can exhaust the stack."""
    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)
    return False
