"""Saved games of the scenario screens as files: a bounded read, a write that never truncates the
file it replaces, the ``# players:`` line that keeps who plays each seat (the computer levels)
across a save and a load, and the folder saves go to: the one the player last saved to or
loaded from, remembered across sessions, so every dialog offers a full path there and every
message names the full path. No Textual here: the record formats can use it too.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

import platformdirs

from campaign.extras import PROJECT
from campaign.userfiles import read_text_bounded as read_bounded_text

#: Largest saved game the screens read (a whole Imperial game is far below this).
MAX_SAVE_BYTES = 2_000_000


def write_text_safely(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, fsync, then rename it over ``path``:
    a failed save leaves the old file as it was. ``OSError`` when it cannot be written."""
    path = path.expanduser()
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    umask = os.umask(0o022)
    os.umask(umask)
    try:
        os.fchmod(handle, 0o666 & ~umask)  # mkstemp makes 0600; a save gets the usual mode
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def read_text_bounded(path: Path) -> str:
    """The text of a saved game, through the tool's one bounded reader (``campaign.userfiles``:
    regular files only, the size checked before reading); ``ValueError`` naming the file when
    it is missing, special, too large or not UTF-8."""
    return read_bounded_text(path.expanduser(), MAX_SAVE_BYTES, "saved game")


#: The comment line of a saved game that names who plays each seat, in seat order.
PLAYERS_PREFIX = "# players:"


#: The word a save writes for a seat a person plays: the screens say "person", and the save
#: said "human" (issue 44 item 6). Saves that say "human" are still read.
PERSON_WORD = {"human": "person"}
READ_WORD = {"person": "human"}


def players_line(players: Sequence[str]) -> str:
    """The line a save writes so that loading it restores the computer levels
    (``# players: person hard``); older readers skip it as a comment."""
    return f"{PLAYERS_PREFIX} {' '.join(PERSON_WORD.get(p, p) for p in players)}"


def read_players(text: str, known: Sequence[str], *, rule: str, seats: int = 2) -> list[str] | None:
    """The players a saved game names, or ``None`` when it names none (a save from before the
    line existed). ``ValueError`` naming the line, then ``rule`` (the game's rule of its saved
    games' form), when it names an unknown player or the wrong number of seats, or when a
    second line names them again (``only_line``)."""
    found = only_line(text, PLAYERS_PREFIX, rule)
    if found is None:
        return None
    number, line = found
    players = [READ_WORD.get(word, word) for word in line[len(PLAYERS_PREFIX) :].split()]
    if len(players) != seats or any(player not in known for player in players):
        words = ", ".join(PERSON_WORD.get(word, word) for word in known)
        raise ValueError(
            f"line {number}: {rule}: {line.strip()[:80]!r} must name {seats} players, "
            f"each one of: {words}"
        )
    return players


def only_line(text: str, prefix: str, rule: str) -> tuple[int, str] | None:
    """The line of a save that starts with ``prefix`` and its number, or ``None`` when there
    is none; ``ValueError`` naming the second one and ``rule`` when there are two: a save says
    who plays and who resigned once, and a file that says it twice is damaged or edited (it
    loaded, taking the first, found by use)."""
    found: tuple[int, str] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.startswith(prefix):
            continue
        if found is not None:
            raise ValueError(
                f"line {number}: {rule}: a second {prefix!r} line (the first is line {found[0]}); "
                "a save has one"
            )
        found = (number, line)
    return found


#: The comment line of a saved game that names the side that resigned (issue 44 item 6).
RESIGNED_PREFIX = "# resigned:"


def resigned_line(side: str | None) -> list[str]:
    """The line a save writes when a side resigned (none while the game runs on)."""
    return [] if side is None else [f"{RESIGNED_PREFIX} {side}"]


def read_resigned(text: str, sides: Sequence[str], *, rule: str) -> str | None:
    """The side a saved game says resigned, or ``None``; ``ValueError`` naming the line and
    ``rule`` when it names no side of the game, or when a second line says it again
    (``only_line``)."""
    found = only_line(text, RESIGNED_PREFIX, rule)
    if found is None:
        return None
    number, line = found
    side = line[len(RESIGNED_PREFIX) :].strip()
    if side not in sides:
        raise ValueError(
            f"line {number}: {rule}: {line.strip()[:80]!r} must name the side that "
            f"resigned, one of: {', '.join(sides)}"
        )
    return side


#: The file (in the tool's data directory) that remembers the folder of the last scenario save.
FOLDER_FILE = "scenario-saves-folder.txt"
#: Longest folder path the memory file may hold (a path longer than any file system allows).
MAX_FOLDER_BYTES = 4096


def _folder_file() -> Path:
    """Where the chosen folder is remembered (``$XDG_DATA_HOME/dark-nebula-campaign/...``)."""
    return Path(platformdirs.user_data_dir(PROJECT)) / FOLDER_FILE


def saves_folder() -> Path:
    """The folder scenario games are saved to and loaded from: the one the player last saved
    to or loaded from (remembered across sessions), or the current directory when none is
    remembered or the remembered one is gone. Always absolute."""
    try:
        remembered = Path(
            read_bounded_text(_folder_file(), MAX_FOLDER_BYTES, "remembered folder").strip()
        )
    except ValueError:  # nothing remembered yet (or a damaged memory): the current directory
        return Path.cwd()
    return remembered if remembered.is_absolute() and remembered.is_dir() else Path.cwd()


def remember_folder(folder: Path) -> None:
    """Make ``folder`` the one the next save or load dialog offers. Remembering is a courtesy:
    when the data directory cannot be written, the save itself still counts."""
    memory = _folder_file()
    try:
        memory.parent.mkdir(parents=True, exist_ok=True)
        write_text_safely(memory, f"{folder}\n")
    except OSError:
        pass


def save_path_in_folder(file_name: str) -> str:
    """The full path a save or load dialog offers first: ``file_name`` in ``saves_folder()``."""
    return str(saves_folder() / file_name)


def full_path(typed: str) -> Path:
    """The absolute path a player's typed path names: ``~`` expanded, a relative path taken
    inside the chosen folder (the dialog shows that folder), ``..`` left as typed."""
    path = Path(typed).expanduser()
    return path if path.is_absolute() else saves_folder() / path


def cannot_write(path: Path, error: OSError) -> str:
    """One line saying why ``path`` could not be written, in words (never ``[Errno 2]``)."""
    if isinstance(error, FileNotFoundError):
        reason = f"the folder {path.parent} does not exist"
    elif isinstance(error, IsADirectoryError):
        reason = "that is a folder, not a file"
    elif isinstance(error, PermissionError):
        reason = f"no permission to write in {path.parent}"
    elif isinstance(error, NotADirectoryError):
        reason = f"{path.parent} is not a folder"
    else:
        reason = (error.strerror or type(error).__name__).lower()
    return f"Cannot save to {path}: {reason}"
