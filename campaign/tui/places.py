"""The folder the user last chose for turn files (issue 31 item 12: turn files and saves go to
a chosen folder, remembered between sessions, and messages show the full path).

Kept in ``tui.json`` in the user's config directory (``XDG_CONFIG_HOME``), written through a
temporary file and a rename (``StagedFile``); a missing or unreadable file means no folder was
chosen yet, never an error.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

#: Largest settings file read (it holds one path).
MAX_SETTINGS_BYTES = 16_000


def settings_file() -> Path:
    """``tui.json`` in the user's config directory for this program."""
    from campaign.app.places import config_dir

    return config_dir() / "tui.json"


def remembered_folder() -> Path | None:
    """The folder of the last turn file written or read, if it still exists."""
    from campaign.userfiles import read_text_bounded

    try:
        data = json.loads(read_text_bounded(settings_file(), MAX_SETTINGS_BYTES, "settings"))
        folder = Path(data["turn_folder"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return folder if folder.is_dir() else None


def remember_folder(file: Path) -> None:
    """Remember the folder of ``file`` (a turn file just written or read); a settings file
    that cannot be written is left as it was (remembering is a convenience)."""
    from campaign.userfiles import StagedFile

    target = settings_file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"turn_folder": str(file.resolve().parent)}, indent=2) + "\n"
        StagedFile.write(target, text.encode("utf-8")).commit()
    except (OSError, ValueError):
        return


def in_folder(name: str, *, writing: bool = False) -> str:
    """``name`` in the remembered folder (full path), or as given when none is remembered.
    ``writing``: a file to write (an export), so a remembered folder this user cannot write
    in (a read-only folder a turn file was imported from) is passed over for the current
    directory, as when none is remembered."""
    from campaign.userfiles import writable_folder

    folder = remembered_folder()
    if folder is None or (writing and not writable_folder(folder)):
        return name
    return f"{folder}{os.sep}{name}"
