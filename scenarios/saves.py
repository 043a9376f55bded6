"""Saved games of the scenario screens as files: a bounded read, a write that never truncates the
file it replaces, and the ``# players:`` line that keeps who plays each seat (the computer
levels) across a save and a load. No Textual here: the record formats can use it too.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

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


def players_line(players: Sequence[str]) -> str:
    """The line a save writes so that loading it restores the computer levels
    (``# players: human hard``); older readers skip it as a comment."""
    return f"{PLAYERS_PREFIX} {' '.join(players)}"


def read_players(text: str, known: Sequence[str], seats: int = 2) -> list[str] | None:
    """The players a saved game names, or ``None`` when it names none (a save from before the
    line existed). ``ValueError`` naming the line when it names an unknown player or the wrong
    number of seats."""
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.startswith(PLAYERS_PREFIX):
            continue
        players = line[len(PLAYERS_PREFIX):].split()
        if len(players) != seats or any(player not in known for player in players):
            raise ValueError(f"line {number}: {line.strip()!r} must name {seats} players, each "
                             f"one of: {', '.join(known)}")
        return players
    return None
